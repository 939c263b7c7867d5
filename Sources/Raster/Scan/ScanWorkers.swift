import CPixelFill
import Glibc
import Synchronization

/// Helper threads that scan-convert parts of a large fill alongside the drawing thread.
///
/// ``FillPath`` cuts a fill of many rows into parts of consecutive rows; ``run(parts:scratch:_:)``
/// hands them out one at a time, from a shared counter, to the drawing thread and to whichever
/// helpers are awake. Each part writes rows no other part writes, with buffers of its own (a
/// ``ScanScratch`` per thread), so the pixels are the same however the parts fall. Parts are
/// claimed rather than assigned: a helper that is slow to wake costs nothing, the drawing
/// thread takes its parts.
///
/// A helper spins for ``spinNanoseconds`` after its last part (a frame's fills come a few to
/// tens of microseconds apart, and a sleeping thread takes about as long to wake), then sleeps
/// on a condition variable until the next job. A display drawing once a second therefore keeps
/// its helpers busy for well under a millisecond a second.
///
/// One caller at a time: a fill that finds the helpers taken (another canvas drawing on another
/// thread) runs its parts itself.
final class ScanWorkers: @unchecked Sendable {
    /// The process's helpers: one fewer than the CPUs online, at most three.
    static let shared = ScanWorkers(
        helpers: max(0, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 4) - 1))

    /// How long a helper keeps spinning for the next job after its last part.
    static let spinNanoseconds = 50_000

    /// The number of helper threads asked for (a thread the system could not start leaves its
    /// parts to the others: nothing waits for a particular helper).
    let helperCount: Int

    /// One job: the parts of one fill.
    private typealias Job = (_ part: Int, _ scratch: ScanScratch) -> Void

    /// The current job; written only while no helper can be inside it (see `claim`).
    private let job = UnsafeMutablePointer<Job?>.allocate(capacity: 1)
    /// The job's part count (high 32 bits) and the next part to claim (low 32 bits), in one
    /// word so that a claim sees both in one atomic step.
    private let claims = Atomic<Int>(0)
    /// Parts of the current job that helpers finished.
    private let finished = Atomic<Int>(0)
    /// Bumped for each job; helpers wait for it to change.
    private let generation = Atomic<Int>(0)
    /// Helpers asleep on `condition` (or about to be).
    private let sleepers = Atomic<Int>(0)
    /// A caller is running a job.
    private let inUse = Atomic<Bool>(false)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    private init(helpers: Int) {
        helperCount = helpers
        job.initialize(to: nil)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<helpers {
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<ScanWorkers>.fromOpaque(context).takeRetainedValue().serve()
                    return nil
                }, context)
            guard status == 0 else {
                Unmanaged<ScanWorkers>.fromOpaque(context).release()
                break
            }
            pthread_detach(thread)
        }
    }

    /// Runs `body(part, scratch)` once for every part in `0..<parts`.
    ///
    /// Returns when all have run. The calling thread runs parts with `scratch`, helpers with
    /// their own. `body` must write only what its part owns: it runs on several threads at once.
    func run(
        parts: Int, scratch: ScanScratch, _ body: (_ part: Int, _ scratch: ScanScratch) -> Void
    ) {
        guard parts > 1, helperCount > 0,
            inUse.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        else {
            for part in 0..<parts { body(part, scratch) }
            return
        }
        withoutActuallyEscaping(body) { body in
            job.pointee = body
            finished.store(0, ordering: .relaxed)
            claims.store(parts << 32, ordering: .releasing)
            generation.add(1, ordering: .sequentiallyConsistent)
            if sleepers.load(ordering: .sequentiallyConsistent) > 0 {
                pthread_mutex_lock(mutex)
                pthread_cond_broadcast(condition)
                pthread_mutex_unlock(mutex)
            }
            var mine = 0
            while let part = claim() {
                body(part, scratch)
                mine += 1
            }
            while finished.load(ordering: .acquiring) < parts - mine { pixel_spin_pause() }
            // Every part is claimed and finished: no helper reads the job any more.
            job.pointee = nil
        }
        inUse.store(false, ordering: .releasing)
    }

    /// The next unclaimed part of the current job, or nil when all are claimed.
    ///
    /// A helper late from an earlier job claims from the current one, which is live until
    /// each of its parts has finished: a successful claim always names a part of the job in
    /// `job`.
    private func claim() -> Int? {
        let word = claims.add(1, ordering: .acquiring).oldValue
        let part = word & 0xFFFF_FFFF
        return part < word >> 32 ? part : nil
    }

    /// A helper's life: wait for a job, run the parts it can claim, again.
    private func serve() {
        let scratch = ScanScratch()
        var seen = 0
        while true {
            seen = waitForJob(after: seen)
            while let part = claim() {
                runPart(part, scratch)
                finished.add(1, ordering: .releasing)
            }
        }
    }

    /// Runs one claimed part; the job's closure is released before the part counts as
    /// finished (the caller's `withoutActuallyEscaping` checks that nothing kept it).
    private func runPart(_ part: Int, _ scratch: ScanScratch) {
        guard let body = job.pointee else { return }
        body(part, scratch)
    }

    /// Spins, then sleeps, until a job newer than generation `seen` is posted; returns its
    /// generation.
    private func waitForJob(after seen: Int) -> Int {
        let deadline = Self.now() + Self.spinNanoseconds
        var spins = 0
        while true {
            let g = generation.load(ordering: .acquiring)
            if g != seen { return g }
            pixel_spin_pause()
            spins += 1
            if spins & 255 == 0 && Self.now() > deadline { break }
        }
        pthread_mutex_lock(mutex)
        sleepers.add(1, ordering: .sequentiallyConsistent)
        var g = generation.load(ordering: .sequentiallyConsistent)
        while g == seen {
            pthread_cond_wait(condition, mutex)
            g = generation.load(ordering: .sequentiallyConsistent)
        }
        sleepers.subtract(1, ordering: .sequentiallyConsistent)
        pthread_mutex_unlock(mutex)
        return g
    }

    /// Monotonic nanoseconds.
    private static func now() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t.tv_sec * 1_000_000_000 + t.tv_nsec
    }
}
