import FoundationEssentials
import SystemSupport

/// What the alarms remember across a restart.
///
/// Per alarm: the last occurrence dealt with, a skip, the last ring, a miss and a change made
/// by a command; and the alarm ringing or snoozed. Kept as JSON in the service's state directory (``AlarmStore``).
public struct AlarmState: Codable, Equatable, Sendable {
    /// One alarm's memory.
    public struct Record: Codable, Equatable, Sendable {
        /// The latest occurrence rung, skipped, missed or passed by a clock jump: the next
        /// ring is the first occurrence after it.
        public var handledThrough: Date?
        /// The occurrence `alarm skip` skipped.
        public var skipped: Date?
        /// When it last rang.
        public var lastRung: Date?
        /// The last occurrence missed (the program was down longer than `catch_up`).
        public var missed: Date?
        /// `alarm set NAME on|off`, over the configuration's `enabled`.
        public var enabled: Bool?
        /// `alarm set NAME HH:MM`, over the configuration's `time`.
        public var time: String?
    }

    /// The alarm ringing, or snoozed.
    public struct Ringing: Codable, Equatable, Sendable {
        /// The alarm's id.
        public var id: String
        /// The occurrence it rings for.
        public var occurrence: Date
        /// When the current ring began.
        public var since: Date
        /// The snoozes so far.
        public var snoozes: Int
        /// When the snooze ends; nil while it rings.
        public var snoozedUntil: Date?
        /// A test ring (`alarm test NAME`), which changes no record.
        public var isTest: Bool
    }

    /// The format's version.
    public var version = 1
    /// Each alarm's memory, by id.
    public var records: [String: Record] = [:]
    /// The alarm ringing or snoozed.
    public var ringing: Ringing?

    /// Nothing remembered.
    public init() {}
}

/// The state file: read at start, replaced atomically (a new file renamed over the old one,
/// on the disk before the rename) after every change.
public struct AlarmStore: Sendable {
    /// The file's path.
    public let path: String
    /// The largest state file read.
    static let limit = 256 * 1024

    /// The store at `path`.
    public init(path: String) { self.path = path }

    /// The store in `directory` (systemd's `$STATE_DIRECTORY`), as `alarms.json`.
    public init(directory: String) { self.path = directory + "/alarms.json" }

    /// The state in the file; a missing file is no state, a bad one is no state and an error.
    public func load() -> (AlarmState, String?) {
        switch BoundedFile.read(path, limit: Self.limit) {
        case .success(let bytes):
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            guard let state = try? decoder.decode(AlarmState.self, from: Data(bytes)),
                state.version == 1
            else {
                return (
                    AlarmState(),
                    "\(path): expected the alarms' state (JSON, version 1); starting afresh"
                )
            }
            return (state, nil)
        case .failure(let error):
            if error.isMissing { return (AlarmState(), nil) }
            return (AlarmState(), "\(error)")
        }
    }

    /// Replaces the file with `state`.
    package func save(_ state: AlarmState) throws(AtomicFileError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array((try? encoder.encode(state)) ?? Data())
        try AtomicFile.replace([bytes], at: path, durable: true)
    }
}
