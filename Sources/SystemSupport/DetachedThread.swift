import CSystemSupport
import Glibc

/// Starts a detached POSIX thread: work that must not run on the concurrency runtime's threads
/// (a blocking read, a wait on a child process) and that nobody joins.
///
/// ```swift
/// DetachedThread.start(name: "reaper") { waitForChild() }
/// ```
package enum DetachedThread {
    /// Runs `body` on a new thread named `name` (at most 15 bytes show in `ps -L`).
    ///
    /// Returns false, without running `body`, when the system has no thread left to give.
    @discardableResult
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
                _ = nightstand_set_thread_name(
                    pthread_self(), String(decoding: body.name.utf8.prefix(15), as: UTF8.self))
                body.run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// The kernel's id of the calling thread: its `/proc/self/task/<id>` entry, where its
    /// wake-ups (`voluntary_ctxt_switches`) are counted.
    package static var currentID: Int32 { nightstand_thread_id() }

    /// What a new thread runs, passed through `pthread_create`'s context pointer.
    private final class Body {
        let name: String
        let run: @Sendable () -> Void

        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
