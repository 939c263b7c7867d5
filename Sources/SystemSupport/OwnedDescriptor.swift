import CSystemSupport
import Glibc

/// A file descriptor that closes itself when released: a socket, a pipe end, an eventfd.
///
/// ```swift
/// let wakeup = Wakeup()           // a pipe, both ends owned
/// let client = OwnedDescriptor.accept(from: listener.raw)
/// ```
package final class OwnedDescriptor: Sendable {
    /// The descriptor number.
    package let raw: Int32

    /// Takes ownership of `raw`, an open descriptor.
    package init(_ raw: Int32) {
        self.raw = raw
    }

    deinit {
        close(raw)
    }

    /// The next connection waiting on the listening socket `listener`, non-blocking and
    /// closed on exec; nil with errno when there is none (`EAGAIN`) or accepting failed.
    package static func accept(from listener: Int32) -> OwnedDescriptor? {
        let fd = nightstand_accept(listener)
        return fd >= 0 ? OwnedDescriptor(fd) : nil
    }
}

/// Wakes a thread that sleeps in `poll`: a pipe that any thread may signal, and whose read end
/// the sleeping thread watches for `POLLIN` and drains.
///
/// ```swift
/// var fds = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0), …]
/// poll(&fds, nfds_t(fds.count), timeout)
/// if fds[0].revents != 0 { wakeup.drain() }
/// ```
package final class Wakeup: Sendable {
    private let readEnd: OwnedDescriptor
    private let writeEnd: OwnedDescriptor

    /// A new pipe, both ends non-blocking and closed on exec; nil (with errno) when the
    /// system has no descriptors left.
    package init?() {
        var ends: [Int32] = [0, 0]
        guard nightstand_pipe2(&ends, O_NONBLOCK | O_CLOEXEC) == 0 else { return nil }
        readEnd = OwnedDescriptor(ends[0])
        writeEnd = OwnedDescriptor(ends[1])
    }

    /// The descriptor to poll for `POLLIN`.
    package var descriptor: Int32 { readEnd.raw }

    /// Makes the descriptor readable until the next ``drain()``; callable from any thread,
    /// never blocks (a full pipe is readable already).
    package func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd.raw, &byte, 1)
    }

    /// Clears the signals so far.
    package func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd.raw, &bytes, bytes.count) > 0 {}
    }
}
