import FoundationEssentials
import Widgets

/// The latest fix from each gpsd the `gps` widgets read, and the position other widgets may
/// follow.
///
/// A widget watches its gpsd's address when it is made; the program's GPS source runs a client
/// (``GPSDClient``) for each address the configuration's widgets read, which hands the board
/// what arrives. A new report asks the
/// host to reload the `gps` widgets' timelines, once until a widget has read it: a receiver
/// reporting ten times a second costs at most one reload per turn of the host.
public final class GPSBoard: Sendable {
    /// The board of the process, which the built-in `gps` kind uses.
    public static let shared = GPSBoard()
    /// The kind whose timelines a report reloads.
    public static let kindName = "gps"

    /// What a widget reads of one gpsd.
    public struct Reading: Sendable, Equatable {
        /// The fix as last reported.
        public var fix = GPSFix()
        /// When the last report came; nil before the first.
        public var updated: Date?
        /// Why there is no data (gpsd not reachable, a line that is not a report); nil while
        /// reports come.
        public var problem: String?
    }

    private let board: ReadingBoard<GPSDAddress, Reading>

    /// A board asking `center` for reloads.
    public init(center: WidgetCenter = .shared) {
        board = ReadingBoard(kind: Self.kindName, center: center)
    }

    /// Adds an address a widget reads.
    public func watch(_ address: GPSDAddress) {
        board.watch(address, empty: Reading())
    }

    /// The reading of `address` (empty when nothing came); answers the pending reload.
    public func reading(_ address: GPSDAddress) -> Reading {
        board.reading(address) ?? Reading()
    }

    /// The last position of any receiver with a fix: where the car is, for widgets that
    /// follow it.
    public var position: (latitude: Double, longitude: Double)? {
        for reading in board.readings.values where reading.fix.hasFix {
            if let latitude = reading.fix.latitude, let longitude = reading.fix.longitude {
                return (latitude, longitude)
            }
        }
        return nil
    }

    /// Takes a report from `address`'s gpsd, received at `date`.
    public func receive(_ report: GPSDReport, from address: GPSDAddress, at date: Date = Date()) {
        board.change(address) { reading in
            if case .problem(let problem) = report {
                reading.problem = "gpsd at \(address) sent \(problem)"
                return
            }
            reading.fix.apply(report)
            reading.updated = date
            reading.problem = nil
        }
    }

    /// Notes that `address`'s gpsd cannot be read (`problem`); the fix is gone with it.
    public func fail(_ address: GPSDAddress, _ problem: String) {
        board.change(address) { reading in
            reading.fix = GPSFix()
            reading.problem = problem
        }
    }
}
