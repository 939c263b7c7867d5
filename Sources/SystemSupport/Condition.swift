import FoundationEssentials
import Glibc

/// A mutex with a condition variable (`pthread_mutex_t` + `pthread_cond_t`): for threads that
/// sleep until another thread has work for them or a deadline passes.
///
/// ```swift
/// condition.lock()
/// while queue.isEmpty { condition.wait() }
/// let job = queue.removeFirst()
/// condition.unlock()
/// ```
package final class Condition: @unchecked Sendable {
    // Heap-allocated: pthread objects must not move.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// An unlocked mutex and its condition.
    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the mutex, waiting for it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the mutex.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Wakes one waiting thread (call with the mutex held).
    package func signal() { pthread_cond_signal(condition) }

    /// Releases the mutex, sleeps until signalled (or woken spuriously: re-check the state),
    /// and takes the mutex again.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// As ``wait()``, but returns by `date` at the latest (wall-clock time); false when the
    /// wait timed out.
    @discardableResult
    package func wait(until date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        var deadline = timespec(
            tv_sec: Int(whole), tv_nsec: min(Int((seconds - whole) * 1e9), 999_999_999))
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }
}
