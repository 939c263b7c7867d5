import FoundationEssentials
import SystemSupport

/// The brightness a `brightness` command chose for an appearance (Home Assistant's numbers,
/// `nightstand send brightness night 5`), kept in the state directory so that a restart and a
/// reload keep it over the configuration's `[ambient] day_brightness`, `dim_brightness`,
/// `night_brightness`, until `brightness APPEARANCE default`.
///
/// The file `<state directory>/brightness` holds a JSON object, `{"night":5}`, replaced
/// atomically (written aside, then renamed). A file that is not such an object is ignored
/// with a log line naming it; the configuration's levels apply.
struct BrightnessMemory {
    /// The file; nil: nothing is kept (no state directory).
    let path: String?
    private let log: Logger

    /// The memory in `directory` (nil: none).
    init(directory: String?, log: Logger) {
        path = directory.map { Paths.join($0, "brightness") }
        self.log = log
    }

    /// The percentages kept, by appearance; empty without a file or with a bad one (logged).
    func load() -> [String: Double] {
        guard let path else { return [:] }
        switch BoundedFile.read(path, limit: 1024) {
        case .success(let bytes):
            guard let kept = try? JSONDecoder().decode([String: Double].self, from: Data(bytes))
            else {
                log.warning(
                    "\(path): \"\(escaping: bytes, limit: 64)\" is not a JSON object of "
                        + "percentages such as {\"night\":5}; the configuration's brightness applies"
                )
                return [:]
            }
            return kept
        case .failure(let error):
            if !error.isMissing {
                log.warning("\(path): \(error); the configuration's brightness applies")
            }
            return [:]
        }
    }

    /// Keeps `percent` for the appearance `name`, or forgets it (nil); a failure to write is
    /// logged and the display goes on.
    func save(_ percent: Double?, for name: String) {
        guard let path else { return }
        var kept = load()
        kept[name] = percent
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            try AtomicFile.replace(
                [Array(try encoder.encode(kept)), Array("\n".utf8)], at: path, durable: true)
        } catch {
            log.warning("\(path): can't keep the brightness chosen: \(error)")
        }
    }
}
