import CSystemSupport
import EventCore
import FoundationEssentials
import Glibc
import SystemSupport

/// Hears the wall clock being set: NTP's first sync at boot on a board without a real-time
/// clock, `date -s`, a manual change.
///
/// A timer on `CLOCK_REALTIME`, armed a year ahead with `TFD_TIMER_CANCEL_ON_SET`, becomes
/// readable (its read fails with `ECANCELED`) the moment the clock is set; nothing polls.
/// How far the clock jumped is the change of the wall clock against the monotonic one since
/// the last look. The host's alarms then never ring for a time only the jump passed, and a
/// ring or snooze keeps its length (``StandbyHost/clockJumped(by:)``).
///
/// ```swift
/// host.add(ClockJumpWatch())
/// ```
public final class ClockJumpWatch: EventSource {
    /// Jumps smaller than this are the clock being slewed or read twice, not a jump.
    static let least: TimeInterval = 1
    private var fd: Int32 = -1
    private var watch: FileWatch?
    /// The wall clock minus the monotonic clock at the last look.
    private var offset: TimeInterval = 0

    /// A watch, started with the host's loop.
    public init() {}

    /// Arms the timer and watches it.
    public func start(_ context: SourceContext) throws {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw EventCoreError.system(call: "timerfd_create", errno: errno) }
        offset = Self.offset()
        try arm()
        watch = context.watch(fd) { [unowned self] _ in
            guard let delta = self.jumped() else { return }
            context.apply(
                HostEvent(internal: "the clock jumped by \(Int(delta)) s") { host in
                    host.clockJumped(by: delta)
                })
        }
    }

    /// Stops watching and closes the timer.
    public func stop() {
        watch?.cancel()
        watch = nil
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// How far the clock jumped, when the timer says it was set; nil for anything else.
    private func jumped() -> TimeInterval? {
        var expirations: UInt64 = 0
        let count = read(fd, &expirations, 8)
        guard count < 0, errno == ECANCELED else { return nil }
        let now = Self.offset()
        let delta = now - offset
        offset = now
        try? arm()
        return abs(delta) >= Self.least ? delta : nil
    }

    /// Arms the timer a year after the wall clock's now, cancelled when the clock is set.
    private func arm() throws {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var value = itimerspec()
        value.it_value = timespec(tv_sec: now.tv_sec + 365 * 86_400, tv_nsec: 0)
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        guard timerfd_settime(fd, flags, &value, nil) == 0 else {
            throw EventCoreError.system(call: "timerfd_settime", errno: errno)
        }
    }

    /// The wall clock minus the monotonic clock, in seconds.
    static func offset() -> TimeInterval {
        var wall = timespec()
        var steady = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        clock_gettime(CLOCK_MONOTONIC, &steady)
        return Double(wall.tv_sec - steady.tv_sec) + Double(wall.tv_nsec - steady.tv_nsec) / 1e9
    }
}
