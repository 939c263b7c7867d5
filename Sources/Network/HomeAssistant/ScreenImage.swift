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
/// observer). The first frame after a quiet ``interval`` is copied there and then, before the
/// loop sleeps (``NetworkHost/nextFrame(_:)``: no wake-up of its own), and encoded and
/// published on a thread of its own. Frames that come sooner make one picture when the
/// interval ends, of the frame shown then (a copy the loop makes on one more turn). Nothing is
/// copied or published while the screen does not change. A new connection asks for a picture
/// at once (``refresh()``).
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
    }

    /// How the next picture is taken.
    private enum Take {
        /// The frame just presented, copied on the loop before it sleeps.
        case presented
        /// The frame shown after `wait`, copied on a turn of the loop of its own.
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
        case .presented?: host.nextFrame { [self] frame in encode(frame) }
        case .later(let wait)?:
            let started = DetachedThread.start(name: "nightstand image") { [self] in
                let (seconds, attoseconds) = wait.components
                usleep(UInt32(seconds) * 1_000_000 + UInt32(attoseconds / 1_000_000_000_000))
                state.withLock { $0.changed = false }
                if let frame = host.frame() {
                    publishPicture(of: frame)
                } else {
                    finish(published: false)
                }
            }
            if !started { finish(published: false) }
        }
    }

    /// Encodes and publishes `frame` on a thread of its own.
    private func encode(_ frame: Bitmap) {
        let started = DetachedThread.start(name: "nightstand image") { [self] in
            publishPicture(of: frame)
        }
        if !started { finish(published: false) }
    }

    /// Encodes and publishes `frame`, then takes the next picture if frames came meanwhile.
    private func publishPicture(of frame: Bitmap) {
        let png = try? PNGEncoder.encode(frame)
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
