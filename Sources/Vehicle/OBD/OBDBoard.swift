import FoundationEssentials
import Synchronization
import Widgets

/// The latest values from each OBD-II adapter the `obd` widgets read.
///
/// A widget watches its adapter and PID when it is made; the program's OBD source runs a
/// client (``OBDClient``) per adapter or CAN interface, which asks the board what to poll and hands it what
/// the car answers. A new value asks the host to reload the `obd` widgets, at most once per
/// turn of the host.
public final class OBDBoard: Sendable {
    /// The board of the process, which the built-in `obd` kind uses.
    public static let shared = OBDBoard()
    /// The kind whose timelines a value reloads.
    public static let kindName = "obd"

    /// What a widget reads of one adapter.
    public struct Reading: Sendable, Equatable {
        /// The last value of each PID, by number.
        public var values: [UInt8: Double] = [:]
        /// The PIDs the car said it does not support.
        public var unsupported: Set<UInt8> = []
        /// Why there are no values now (the adapter missing, the engine off); nil while the
        /// car answers.
        public var problem: String?
    }

    private let board: ReadingBoard<String, Reading>
    private let state = Mutex(State())

    private struct State {
        /// The PIDs of each adapter the widgets show, by the widgets made.
        var configured: [String: Set<UInt8>] = [:]
        /// The PIDs of each adapter on the screen now; nil until the display says.
        var shown: [String: Set<UInt8>]?
    }

    /// A board asking `center` for reloads.
    public init(center: WidgetCenter = .shared) {
        board = ReadingBoard(kind: Self.kindName, center: center)
    }

    /// Adds a PID a widget shows from the adapter at `device`.
    public func watch(_ device: String, _ pid: OBDPID) {
        state.withLock { _ = $0.configured[device, default: []].insert(pid.number) }
        board.watch(device, empty: Reading())
    }

    /// Says which PIDs of which adapter are on the screen now; the adapters whose PIDs changed.
    ///
    /// On the screen: the display's widgets view, lit. Until the first call every PID the
    /// widgets were made with counts as shown.
    @discardableResult
    public func show(_ pids: [String: Set<UInt8>]) -> [String] {
        state.withLock { state in
            let before = state.shown ?? state.configured
            state.shown = pids
            return Set(before.keys).union(pids.keys).filter { before[$0] != pids[$0] }.sorted()
        }
    }

    /// The PIDs to poll from `device`: those shown, by number.
    public func wanted(_ device: String) -> Set<UInt8> {
        state.withLock { state in
            (state.shown ?? state.configured)[device] ?? []
        }
    }

    /// The reading of `device`; answers the pending reload.
    public func reading(_ device: String) -> Reading {
        board.reading(device) ?? Reading()
    }

    /// Takes a value of `pid` from the car behind `device`.
    public func receive(_ value: Double, of pid: OBDPID, from device: String) {
        board.change(device) { reading in
            reading.values[pid.number] = value
            reading.problem = nil
        }
    }

    /// Notes the PIDs the car does not support (of those wanted).
    public func unsupported(_ pids: Set<UInt8>, from device: String) {
        board.change(device) { $0.unsupported = pids }
    }

    /// Notes that `device` gives no values now (`problem`); the values are gone with it.
    public func fail(_ device: String, _ problem: String) {
        board.change(device) { reading in
            reading.values = [:]
            reading.problem = problem
        }
    }
}
