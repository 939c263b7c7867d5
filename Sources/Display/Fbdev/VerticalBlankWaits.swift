#if canImport(Glibc)
    import Glibc
#endif

/// Whether an fbdev driver's `FBIO_WAITFORVSYNC` really waits for the vertical blank, judged
/// from the waits it made: the decisions of ``FbdevSink``'s pacing, kept apart from the ioctl
/// so that they are tested.
///
/// A driver without the ioctl answers ENOTTY or EINVAL; one with a stub answers at once every
/// time (a loop paced by it would draw as fast as the CPU goes). Either way the sink falls
/// back to a timer at the refresh interval, and says why once.
struct VerticalBlankWaits: Equatable {
    /// Waits shorter than this, in seconds, did not wait for anything: a 240 Hz panel's
    /// refresh is 4 ms, so a real wait returns within 4 ms only if it began just before
    /// the blank.
    static let tooShort = 0.0005
    /// How many too-short waits in a row mean the driver does not wait at all.
    static let tooShortInARow = 8

    /// Whether waits are still trusted.
    private(set) var works = true
    private var shortInARow = 0

    /// Notes a wait that returned `result` (0 or an errno) after `seconds`; returns why the
    /// sink should stop using the ioctl, once, when it should.
    mutating func note(result: Int32, seconds: Double) -> String? {
        guard works, result != EINTR else { return nil }
        if result != 0 {
            works = false
            return "FBIO_WAITFORVSYNC answered \(DeviceNode.describe(result))"
        }
        shortInARow = seconds < Self.tooShort ? shortInARow + 1 : 0
        guard shortInARow >= Self.tooShortInARow else { return nil }
        works = false
        return "FBIO_WAITFORVSYNC returned at once \(Self.tooShortInARow) times in a row"
    }
}
