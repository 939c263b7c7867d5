import FoundationEssentials
import SystemSupport

/// A task executor that runs jobs on threads of its own instead of libdispatch's pool.
///
/// On Linux, the first libdispatch worker thread arms a one-second timer that watches the pool
/// for as long as the process lives (`_dispatch_workq_init_once`), so a process that ever ran a
/// task on Swift's global executor wakes sixty times a minute. The host runs its loop and its
/// providers under `withTaskExecutorPreference` with these executors, and starts no worker
/// thread: an idle display wakes when its clock changes and at no other time.
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    // Guarded by `condition`.
    private let condition = Condition()
    private var jobs: [UnownedJob] = []

    /// Starts `threads` threads named `name`.
    public init(name: String, threads: Int = 1) {
        for _ in 0..<max(threads, 1) {
            DetachedThread.start(name: name) { [unowned self] in self.serve() }
        }
    }

    /// Queues a job; one of the threads runs it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.unlock()
        // Signalled after unlocking: a waiter woken with the mutex still held would only block
        // on it, one more context switch per wake-up.
        condition.signal()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// The executor the run loop and the command line run on.
    public static let host = ThreadExecutor(name: "nightstand")

    /// The executor providers run on, off the drawing path.
    public static let providers = ThreadExecutor(name: "providers", threads: 2)
}
