import FoundationEssentials
import Raster
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Home Assistant's picture of the screen: the frame the panel shows, as PNG, published
/// (retained) on `<base>/screen` after it changed, at most every ``interval``.
///
/// The display's loop says that a frame was presented (``frameChanged()``, from its frame
/// observer). The first frame after a quiet ``interval`` is lent there and then, before the
/// loop sleeps (``NetworkHost/lendFrame(waking:_:)``: no wake-up of its own), and encoded and
/// published on a thread of its own, read row by row from the loop's own canvas
/// (``CanvasLoan``): no copy of the frame (7.9 MiB at 1920x1080) and no straight copy for the
/// PNG. Frames that come sooner make one picture when the interval ends, of the frame shown
/// then (lent on one more turn of the loop). When the loop turns again before the PNG is done
/// the frame is lent again at the interval's end, and only after ``interruptions`` such turns
/// in a row is it copied (``NetworkHost/frame()``) and encoded from the copy. Nothing is
/// lent or published while the screen does not change. A new connection asks for a picture at
/// once (``refresh()``).
final class ScreenImage: Sendable {
    /// The shortest time between two pictures.
    static let interval = Duration.seconds(30)

    private struct State {
        /// A frame was presented since the last picture was asked for.
        var changed = false
        /// A picture is being taken, or waits for the interval's end.
        var busy = false
        /// When the last picture was taken.
        var last: ContinuousClock.Instant?
        /// Pictures published.
        var published = 0
        /// Loans in a row that ended before their PNG was done.
        var interrupted = 0
    }

    /// How many loans in a row may end before their PNG is done before the frame is copied
    /// instead (a screen that never rests long enough for a PNG, such as an animation).
    static let interruptions = 2

    /// How the next picture is taken.
    private enum Take {
        /// The frame just presented, lent on the loop before it sleeps.
        case presented
        /// The frame shown after `wait`, lent on a turn of the loop of its own.
        case later(wait: Duration)
    }

    private let state = Mutex(State())
    private let host: any NetworkHost
    private let interval: Duration
    private let publish: @Sendable ([UInt8]) -> Void

    /// Pictures of `host`'s screen for `publish`, at most every `interval`.
    init(
        host: any NetworkHost, interval: Duration = ScreenImage.interval,
        publish: @escaping @Sendable ([UInt8]) -> Void
    ) {
        self.host = host
        self.interval = interval
        self.publish = publish
    }

    /// How many pictures were published so far.
    var published: Int { state.withLock { $0.published } }

    /// A frame was presented (called from the loop's frame observer): a picture follows, of
    /// this frame or, within the interval, of the one shown at its end.
    func frameChanged() {
        state.withLock { $0.changed = true }
        next(fresh: false)
    }

    /// A picture of the frame shown now, as soon as the interval allows (a new connection).
    func refresh() {
        state.withLock { $0.changed = true }
        next(fresh: true)
    }

    /// Takes the next picture if one is wanted and none is under way.
    private func next(fresh: Bool) {
        let take = state.withLock { state -> Take? in
            guard state.changed, !state.busy else { return nil }
            state.busy = true
            let wait = state.last.map { max(.zero, $0 + interval - .now) } ?? .zero
            guard wait > .zero || fresh else {
                state.changed = false
                return .presented
            }
            return .later(wait: wait)
        }
        switch take {
        case nil: return
        case .presented?: host.lendFrame(waking: false) { [self] loan in encode(loan) }
        case .later(let wait)?:
            let started = DetachedThread.start(name: "nightstand image") { [self] in
                let (seconds, attoseconds) = wait.components
                usleep(UInt32(seconds) * 1_000_000 + UInt32(attoseconds / 1_000_000_000_000))
                state.withLock { $0.changed = false }
                host.lendFrame(waking: true) { [self] loan in encode(loan) }
            }
            if !started { finish(published: false) }
        }
    }

    /// Encodes and publishes the lent frame on a thread of its own.
    private func encode(_ loan: CanvasLoan) {
        let started = DetachedThread.start(name: "nightstand image") { [self] in
            publishPicture(of: loan)
        }
        if !started { finish(published: false) }
    }

    /// Encodes and publishes the lent frame, then takes the next picture if frames came
    /// meanwhile.
    ///
    /// A loan the loop ended before the PNG was done is lent again at the interval's
    /// end (the screen busy at start-up: connecting, a configuration applied); after
    /// ``interruptions`` such loans in a row, the frame shown is copied and encoded from the copy.
    private func publishPicture(of loan: CanvasLoan) {
        var png = try? PNGEncoder.encode(loan)
        if png == nil, !loan.isLent {
            let copying = state.withLock { state in
                state.interrupted += 1
                state.changed = true
                return state.interrupted > Self.interruptions
            }
            if copying, let frame = host.frame() { png = try? PNGEncoder.encode(frame) }
        }
        if png != nil { state.withLock { $0.interrupted = 0 } }
        if let png { publish(png) }
        finish(published: png != nil)
    }

    /// A picture is done (or could not be taken): the interval starts, and frames that came
    /// meanwhile make the next picture at its end.
    private func finish(published: Bool) {
        state.withLock { state in
            state.busy = false
            state.last = .now
            if published { state.published += 1 }
        }
        next(fresh: false)
    }
}
