import Foundation
import Synchronization
import Testing

/// What `body` returns, run on a thread of its own, or nil when it has not returned within
/// `seconds`: then `fifo` is opened for writing and closed, which releases an `open(2)` or
/// `read(2)` blocked on it, and the test records an issue.
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
    let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    if writer >= 0 { close(writer) }
    // Released, it ends; blocked on something else, it is left behind.
    _ = done.wait(timeout: .now() + seconds)
    return nil
}

/// The value a thread hands back.
private final class Outcome<T: Sendable>: Sendable {
    private let stored = Mutex<T?>(nil)

    func set(_ value: T) { stored.withLock { $0 = value } }
    var value: T? { stored.withLock { $0 } }
}
