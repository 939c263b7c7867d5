import StandbyViews
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The view a user chose last (a `view` command: the Home Assistant select, `nightstand
/// view`, the HTTP API, a key), kept in the state directory so that a restart shows it again.
///
/// The file `<state directory>/view` holds the view's name on one line, replaced atomically
/// (written aside, then renamed) so that a power cut leaves the old choice or the new one.
/// A file that names no view of `[layout] views` (edited, or a view since removed) is ignored
/// with a log line naming it; the display starts on its first view.
///
/// ```swift
/// let memory = ViewMemory(directory: "/var/lib/nightstand", log: log)
/// memory.save(.clock)
/// memory.load()  // .clock
/// ```
struct ViewMemory {
    /// The file; nil: nothing is kept (no state directory).
    let path: String?
    private let log: Logger

    /// The memory in `directory` (nil: none).
    init(directory: String?, log: Logger) {
        path = directory.map { Paths.join($0, "view") }
        self.log = log
    }

    /// `$STATE_DIRECTORY`, which systemd sets for a unit with `StateDirectory=` (the first
    /// of a colon-separated list); nil where unset or empty.
    static var environmentDirectory: String? {
        guard let value = getenv("STATE_DIRECTORY").map({ String(cString: $0) }) else {
            return nil
        }
        let first = value.split(separator: ":").first.map(String.init)
        return first?.isEmpty == false ? first : nil
    }

    /// The view kept, or nil: no file, or one that names no view (logged).
    func load() -> ViewName? {
        guard let path else { return nil }
        switch BoundedFile.read(path, limit: 256) {
        case .success(let bytes):
            let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
            guard let view = ViewName(rawValue: text) else {
                log.warning(
                    "\(path): \"\(escaping: text, limit: 64)\" is not a view "
                        + "(expected widgets, photos or clock); starting on the first view")
                return nil
            }
            return view
        case .failure(let error):
            if !error.isMissing { log.warning("\(path): \(error); starting on the first view") }
            return nil
        }
    }

    /// Keeps `view` (a failure to write is logged; the display goes on).
    func save(_ view: ViewName) {
        guard let path, load() != view else { return }
        do {
            try AtomicFile.replace([Array("\(view.rawValue)\n".utf8)], at: path, durable: true)
        } catch {
            log.warning("\(path): can't keep the view chosen: \(error)")
        }
    }
}
