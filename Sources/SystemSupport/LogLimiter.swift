import Synchronization

/// Repeated log lines about what one source sends, limited: at most ``lines`` per source in
/// each ``window``, then one line with how many more were left out.
///
/// A source is whoever or whatever the lines are about: an MQTT topic, a client's address, a
/// file. Lines beyond the limit are counted, not built; the count is logged, with the source,
/// by the first call after the source's window ends (or by ``flush()``, which a thread with a
/// timer of its own calls when it returns). At most ``sourceLimit`` sources are followed at a
/// time; lines from others share one window, `other sources`, so a sender making up sources
/// can't grow it either.
///
/// ```swift
/// let complaints = LogLimiter(log: log)        // 10 lines per source per minute
/// complaints.notice(source: topic, "mqtt: ignored \"\(escaping: payload)\" on \(escaping: topic)")
/// ```
///
/// gives, for 20,000 bad commands in a minute, ten lines and then:
///
/// ```
/// … notice nightstand.mqtt : 19990 more lines about nightstand/bedroom/mode/set left out in 60 s
/// ```
public final class LogLimiter: Sendable {
    /// The lines logged per source and window.
    ///
    /// Default: 10.
    public let lines: Int
    /// How long a source's window lasts, from its first line.
    ///
    /// Default: 60 s.
    public let window: Duration
    /// How many sources are followed at a time.
    public static let sourceLimit = 64

    private let log: Logger
    private let now: @Sendable () -> ContinuousClock.Instant
    private let windows = Mutex<[String: Window]>([:])

    /// One source's window: when it began, what it logged and left out.
    private struct Window {
        var start: ContinuousClock.Instant
        var logged = 0
        var suppressed = 0
        var level = Logger.Level.trace
    }

    /// A limiter writing through `log`: `lines` per source in each `window`; `now` is the
    /// clock (tests pass their own).
    public init(
        log: Logger, lines: Int = 10, per window: Duration = .seconds(60),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.log = log
        self.lines = max(1, lines)
        self.window = window
        self.now = now
    }

    /// Writes `message` at `level` about `source`, unless `source` had ``lines`` lines in
    /// this window (then counts it); the message is built only when written.
    public func log(
        level: Logger.Level, source: String, _ message: @autoclosure () -> String
    ) {
        guard level >= log.logLevel else { return }
        let time = now()
        let (ended, write) = windows.withLock { windows in
            let ended = expire(&windows, at: time)
            let key =
                windows[source] != nil || windows.count < Self.sourceLimit
                ? source : "other sources"
            var current = windows[key] ?? Window(start: time)
            defer { windows[key] = current }
            guard current.logged < lines else {
                current.suppressed += 1
                current.level = max(current.level, level)
                return (ended, false)
            }
            current.logged += 1
            return (ended, true)
        }
        report(ended)
        if write { log.log(level: level, message()) }
    }

    /// Writes a `notice` line about `source`, within the limit.
    public func notice(source: String, _ message: @autoclosure () -> String) {
        log(level: .notice, source: source, message())
    }

    /// Writes a `warning` line about `source`, within the limit.
    public func warning(source: String, _ message: @autoclosure () -> String) {
        log(level: .warning, source: source, message())
    }

    /// Logs the counts of the windows that have ended; returns when the next window with
    /// lines left out ends (nil: none).
    @discardableResult
    public func flush() -> ContinuousClock.Instant? {
        let time = now()
        let (ended, next) = windows.withLock { windows in
            let ended = expire(&windows, at: time)
            let next = windows.values.filter { $0.suppressed > 0 }.map { $0.start + window }.min()
            return (ended, next)
        }
        report(ended)
        return next
    }

    /// Removes the windows ended at `time`; returns those that left lines out, by source.
    private func expire(_ windows: inout [String: Window], at time: ContinuousClock.Instant)
        -> [(String, Window)]
    {
        let ended = windows.filter { time >= $0.value.start + window }
        for source in ended.keys { windows[source] = nil }
        return ended.filter { $0.value.suppressed > 0 }.sorted { $0.key < $1.key }
    }

    private func report(_ ended: [(String, Window)]) {
        let seconds = window.components.seconds
        for (source, window) in ended {
            log.log(
                level: window.level,
                "\(window.suppressed) more line(s) about \(escaping: source) left out in "
                    + "\(seconds) s")
        }
    }
}
