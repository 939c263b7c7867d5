import FoundationEssentials
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
/// The display's loop only says that a frame was presented (``frameChanged()``, which returns
/// at once); the picture is taken, encoded and published on a thread of its own, one at a
/// time. The first frame after a quiet ``interval`` is published at once; frames that come
/// sooner make one picture when the interval ends, of the frame shown then. Nothing is
/// published, and the loop is not asked for a copy, while the screen does not change.
final class ScreenImage: Sendable {
    /// The shortest time between two pictures.
    static let interval = Duration.seconds(30)

    private struct State {
        /// A frame was presented since the last picture was taken.
        var changed = false
        /// A thread is taking or waiting to take a picture.
        var busy = false
        /// When the last picture was taken.
        var last: ContinuousClock.Instant?
        /// Pictures published (for tests).
        var published = 0
    }

    private let state = Mutex(State())
    private let interval: Duration
    private let take: @Sendable () -> Void

    /// Pictures taken by `take` (which takes and publishes one), at most every `interval`.
    init(interval: Duration = ScreenImage.interval, take: @escaping @Sendable () -> Void) {
        self.interval = interval
        self.take = take
    }

    /// How many pictures were taken so far.
    var published: Int { state.withLock { $0.published } }

    /// A frame was presented: a picture follows, now or when the interval ends.
    func frameChanged() {
        let start = state.withLock { state -> Bool in
            state.changed = true
            defer { state.busy = true }
            return !state.busy
        }
        guard start else { return }
        if !DetachedThread.start(name: "nightstand image", { [self] in photograph() }) {
            state.withLock { $0.busy = false }
        }
    }

    /// Takes pictures while frames keep coming, each after the interval since the last.
    private func photograph() {
        while true {
            let wait = state.withLock { state -> Duration? in
                guard state.changed else {
                    state.busy = false
                    return nil
                }
                state.changed = false
                guard let last = state.last else { return .zero }
                return max(.zero, last + interval - .now)
            }
            guard let wait else { return }
            if wait > .zero {
                let (seconds, attoseconds) = wait.components
                usleep(UInt32(seconds) * 1_000_000 + UInt32(attoseconds / 1_000_000_000_000))
            }
            take()
            state.withLock { state in
                state.last = .now
                state.published += 1
            }
        }
    }
}
