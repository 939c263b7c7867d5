import Glibc
import Raster
import SystemSupport

/// Brings a remote album's folder up to date (``ImmichAlbum``), scans the photo folder and
/// decodes photos (then lets `finish` draw on each, still on its
/// thread) on a thread of its own, one job at a time, so
/// the run loop never waits on a disk or a decoder; it says when work is done through
/// `notify` (the host posts an event, and the loop takes the results on its own thread).
///
/// The thread starts with the first job and sleeps on a condition variable while there is
/// none: an idle loader costs no wake-ups.
final class SlideLoader: @unchecked Sendable {
    // Sendable: every field below the condition is read and written under it.
    /// Work for the thread.
    enum Job: Equatable {
        case scan
        case decode(PhotoPath)
    }

    /// Finished work.
    enum Finished {
        /// The folder's scan, and why the remote album (if any) could not be brought up to
        /// date.
        case scanned(Result<PhotoLibrary.Scan, PhotoError>, remote: String?)
        case decoded(PhotoPath, Result<Bitmap, PhotoError>)
    }

    private let library: PhotoLibrary
    private let album: ImmichAlbum?
    private let screen: PixelSize
    private let mode: ContentMode
    private let limits: PhotoDecoder.Limits
    private let finish: @Sendable (Canvas) -> Void
    private let notify: @Sendable () -> Void
    private let condition = Condition()
    private var jobs: [Job] = []
    private var finished: [Finished] = []
    private var running = false
    private var stopped = false

    init(
        library: PhotoLibrary, album: ImmichAlbum? = nil, screen: PixelSize, mode: ContentMode,
        limits: PhotoDecoder.Limits = PhotoDecoder.Limits(),
        finish: @escaping @Sendable (Canvas) -> Void = { _ in },
        notify: @escaping @Sendable () -> Void
    ) {
        self.library = library
        self.album = album
        self.screen = screen
        self.mode = mode
        self.limits = limits
        self.finish = finish
        self.notify = notify
    }

    /// Queues `job` (not twice), starting the thread if it is not running (where the system
    /// has no thread to give, the job waits for the next submit to try again).
    func submit(_ job: Job) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped else { return }
        if !jobs.contains(job) { jobs.append(job) }
        if running {
            condition.signal()
        } else {
            running = DetachedThread.start(name: "photos") { [self] in work() }
        }
    }

    /// The work finished since the last call, oldest first.
    func take() -> [Finished] {
        condition.lock()
        defer { condition.unlock() }
        let done = finished
        finished = []
        return done
    }

    /// Lets the thread end once its current job is done; later jobs are ignored.
    func stop() {
        condition.lock()
        stopped = true
        jobs = []
        condition.signal()
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            while jobs.isEmpty && !stopped { condition.wait() }
            if stopped {
                running = false
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            let done = run(job)
            condition.lock()
            finished.append(done)
            condition.unlock()
            notify()
            condition.lock()
        }
    }

    private func run(_ job: Job) -> Finished {
        switch job {
        case .scan:
            let remote = album?.visit()
            return .scanned(
                Result { () throws(PhotoError) in try library.scan() }, remote: remote)
        case .decode(let photo):
            return .decoded(photo, Result { () throws(PhotoError) in try decode(photo) })
        }
    }

    private func decode(_ photo: PhotoPath) throws(PhotoError) -> Bitmap {
        let fd = try library.open(photo)
        defer { _ = SlideLoader.close(fd) }
        return try PhotoDecoder.decode(
            fileDescriptor: fd, name: library.path(of: photo), screen: screen, mode: mode,
            limits: limits, finish: finish)
    }

    private static func close(_ fd: Int32) -> Int32 { Glibc.close(fd) }
}
