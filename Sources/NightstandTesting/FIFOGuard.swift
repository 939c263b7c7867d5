import Foundation
import Synchronization
import Testing

/// What `body` returns, run on a thread of its own, or nil when it has not returned within
/// `seconds`: then the test records an issue, and `fifo` is opened at both ends for a moment,
/// which releases an `open(2)` blocked on it (for reading or for writing) and then ends a
/// `read(2)` waiting on it.
///
/// For a test of a FIFO where a file belongs: a regression blocks, and this keeps the test
/// from hanging with it.
///
/// ```swift
/// let fifo = folder.path("token")
/// mkfifo(fifo, 0o600)
/// let error = withoutBlocking(on: fifo) { "\(readToken(fifo))" }
/// #expect(error?.contains("a FIFO") == true)
/// ```
public func withoutBlocking<T: Sendable>(
    on fifo: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> T
) -> T? {
    let result = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        result.set(body())
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .timedOut else { return result.value }
    Issue.record(
        "blocked on the FIFO \(fifo) for more than \(seconds) s", sourceLocation: sourceLocation)
    // Both ends, a second at a time: a blocked reader's open returns, and so does a blocked
    // writer's, whose write lands in the pipe while it is open (no SIGPIPE); once closed, a
    // read waiting on it sees the end. Again, for the next open, until the body returns;
    // blocked on something else, it is left behind.
    let giveUp = DispatchTime.now() + seconds
    while DispatchTime.now() < giveUp {
        let ends = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        let finished = done.wait(timeout: .now() + 1) == .success
        if ends >= 0 { close(ends) }
        if finished { break }
    }
    return nil
}

/// The value a thread hands back.
private final class Outcome<T: Sendable>: Sendable {
    private let stored = Mutex<T?>(nil)

    func set(_ value: T) { stored.withLock { $0 = value } }
    var value: T? { stored.withLock { $0 } }
}
