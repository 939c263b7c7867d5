import FoundationEssentials
import SystemSupport

/// Numbers that commands chose, kept in a file of the state directory.
///
/// A restart and a reload keep them over the configuration's, until the command's `default`:
///
/// - `<state directory>/brightness`: the `brightness` command's percentages by appearance
///   (`{"night":5}`), over `[ambient] day_brightness`, `dim_brightness`, `night_brightness`;
/// - `<state directory>/controls`: the ``DisplayCommands/DisplayControl`` values by their words
///   (`{"idle-off":600}`), over `[input] idle_off`, `[ambient] night_red`, `[photos] interval`.
///
/// Each file holds a JSON object, replaced atomically (written aside, then renamed). A file
/// that is not such an object is ignored with a log line naming it; the configuration's values
/// apply.
struct KeptNumbers {
    /// The file; nil: nothing is kept (no state directory).
    let path: String?
    /// What the numbers set, for log lines: `brightness`.
    private let what: String
    /// An object of such numbers, for log lines: `{"night":5}`.
    private let example: String
    private let log: Logger

    /// The brightness percentages kept in `directory` (nil: none).
    static func brightness(directory: String?, log: Logger) -> KeptNumbers {
        KeptNumbers(directory: directory, file: "brightness", example: #"{"night":5}"#, log: log)
    }

    /// The controls' values kept in `directory` (nil: none).
    static func controls(directory: String?, log: Logger) -> KeptNumbers {
        KeptNumbers(directory: directory, file: "controls", example: #"{"idle-off":600}"#, log: log)
    }

    private init(directory: String?, file: String, example: String, log: Logger) {
        path = directory.map { Paths.join($0, file) }
        what = file
        self.example = example
        self.log = log
    }

    /// The numbers kept, by name; empty without a file or with a bad one (logged).
    func load() -> [String: Double] {
        guard let path else { return [:] }
        switch BoundedFile.read(path, limit: 1024) {
        case .success(let bytes):
            guard let kept = try? JSONDecoder().decode([String: Double].self, from: Data(bytes))
            else {
                log.warning(
                    "\(path): \"\(escaping: bytes, limit: 64)\" is not a JSON object of "
                        + "numbers such as \(example); the configuration's \(what) applies")
                return [:]
            }
            return kept
        case .failure(let error):
            if !error.isMissing {
                log.warning("\(path): \(error); the configuration's \(what) applies")
            }
            return [:]
        }
    }

    /// Keeps `value` for `name`, or forgets it (nil); a failure to write is logged and the
    /// display goes on.
    func save(_ value: Double?, for name: String) {
        guard let path else { return }
        var kept = load()
        kept[name] = value
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            try AtomicFile.replace(
                [Array(try encoder.encode(kept)), Array("\n".utf8)], at: path, durable: true)
        } catch {
            log.warning("\(path): can't keep the \(what) chosen: \(error)")
        }
    }
}
