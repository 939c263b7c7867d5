import DisplayCommands
import FoundationEssentials
import Synchronization

/// The alarms as the running display last reported them, for the widgets that show them (the
/// built-in `alarm` widget) on their providers' threads.
///
/// The program's host publishes to ``shared`` after every change (a ring, a snooze, `alarm
/// set`, a reload) and asks the `alarm` widgets for a new timeline; a host made in a test
/// publishes nowhere unless given a board.
///
/// ```swift
/// board.publish(host.state.alarms)
/// board.alarms?.first?.next   // when the first alarm rings next
/// ```
public final class AlarmBoard: Sendable {
    /// The kind of the widget that reads it: `alarm`.
    public static let kindName = "alarm"
    /// The program's board.
    public static let shared = AlarmBoard()
    private let latest = Mutex<[AlarmSummary]?>(nil)

    /// An empty board.
    public init() {}

    /// The alarms last published; nil before any, or on a display without alarms.
    public var alarms: [AlarmSummary]? { latest.withLock { $0 } }

    /// Replaces the alarms; whether they changed.
    @discardableResult
    public func publish(_ alarms: [AlarmSummary]?) -> Bool {
        latest.withLock { latest in
            defer { latest = alarms }
            return latest != alarms
        }
    }
}
