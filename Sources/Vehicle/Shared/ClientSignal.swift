import CSystemSupport
import Glibc
import Synchronization

/// How a client thread is told to stop, or to look again, while it sleeps in `poll(2)`: an
/// eventfd it polls beside its device, so that it sleeps until data, a stop, a poke or its
/// own deadline, and never wakes just to check.
final class ClientSignal: Sendable {
    /// The eventfd (-1 when the system gave none: waits then come back within a second).
    let fd: Int32
    private let stopped = Mutex(false)

    /// The longest wait between two tries of a client whose daemon or device is gone: one
    /// wake-up a minute.
    static let longestRetry: Double = 60

    init() {
        fd = nightstand_eventfd()
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Whether ``stop()`` was called.
    var isStopped: Bool { stopped.withLock { $0 } }

    /// Stops the thread: its wait returns, and it ends.
    func stop() {
        stopped.withLock { $0 = true }
        poke()
    }

    /// Wakes the thread's wait: something it should look at changed.
    func poke() {
        var one: UInt64 = 1
        if fd >= 0 { _ = write(fd, &one, 8) }
    }

    /// Waits up to `seconds` (nil: until poked or stopped) for `device` to be readable, a
    /// poke or a stop; whether `device` is readable (or hung up).
    @discardableResult
    func wait(_ seconds: Double?, readable device: Int32 = -1) -> Bool {
        var fds = [
            pollfd(fd: device, events: Int16(POLLIN), revents: 0),
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        ]
        let timeout: Int32 =
            fd < 0 ? 1000 : seconds.map { Int32(clamping: Int(max(0, $0) * 1000)) } ?? -1
        guard poll(&fds, 2, timeout) > 0 else { return false }
        if fds[1].revents != 0 {
            var value: UInt64 = 0
            _ = read(fd, &value, 8)
        }
        return fds[0].revents != 0
    }
}
