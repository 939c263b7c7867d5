import CSystemSupport
import Glibc
import SystemSupport

/// Runs a closure for each of some signals, on a thread of its own, until cancelled.
///
/// The handlers it installs only write the signal's number into a pipe (`CSignalRelay`), so
/// nothing async-signal-unsafe runs in signal context; a thread blocked on the pipe's other end
/// calls the signal's closure. That thread wakes for signals and for nothing else (not
/// libdispatch: its first worker thread would wake the process every second from then on).
/// A signal sent to the process reaches the handler in whichever thread does not block it; the
/// relay thread unblocks its signals, so there always is one.
package final class SignalHandlers: Sendable {
    private let signals: [Int32]
    private let writeEnd: Int32

    /// Routes each signal of `handlers` to its closure.
    package init(_ handlers: [Int32: @Sendable () -> Void]) throws {
        var ends: [Int32] = [-1, -1]
        guard nightstand_signal_pipe(&ends) == 0 else {
            throw SignalHandlersError(step: "pipe2", errno: errno)
        }
        let readEnd = ends[0]
        writeEnd = ends[1]
        let signals = Array(handlers.keys)
        self.signals = signals
        let started = DetachedThread.start(name: "signals") {
            // Some thread must take the signals; this one, whatever its creator blocked.
            for signal in signals { _ = nightstand_signal_unblock(signal) }
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n < 0 && errno == EINTR { continue }
                guard n == 1 else { break }
                handlers[Int32(byte)]?()
            }
            close(readEnd)
        }
        guard started else {
            close(readEnd)
            close(writeEnd)
            throw SignalHandlersError(step: "pthread_create", errno: EAGAIN)
        }
        for signal in signals where nightstand_signal_relay(signal, writeEnd) != 0 {
            let e = errno
            cancel()
            throw SignalHandlersError(step: "sigaction(\(signal))", errno: e)
        }
    }

    /// Routes SIGINT and SIGTERM to `stop`.
    convenience init(stop: @escaping @Sendable () -> Void) throws {
        try self.init([SIGINT: stop, SIGTERM: stop])
    }

    /// Puts back the default actions and ends the thread.
    package func cancel() {
        for signal in signals { _ = nightstand_signal_default(signal) }
        close(writeEnd)
    }
}

/// Why signal handlers could not be installed.
struct SignalHandlersError: Error, CustomStringConvertible {
    /// The call that failed.
    let step: String
    /// Its errno.
    let errno: Int32

    var description: String {
        "cannot handle signals: \(step) failed: \(systemError(errno))"
    }
}
