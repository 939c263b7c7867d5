import FoundationEssentials
import Glibc

/// How raw lux readings are smoothed before the thresholds see them.
///
/// A median ignores short spikes entirely (a headlight sweeping the room for a second or two
/// is one or two samples out of a window's worth); an exponential average follows slow
/// changes smoothly but lets a spike through, scaled down.
///
/// ```swift
/// let smoothing = LuxSmoothing.median(window: 10)  // median of the last 10 s of readings
/// ```
public enum LuxSmoothing: Sendable, Equatable, CustomStringConvertible {
    /// Each reading as it comes.
    case none
    /// The median of the readings of the last `window` seconds.
    case median(window: Double)
    /// An exponential moving average with time constant `timeConstant` seconds (irregular
    /// sampling is weighted by the time between readings).
    case exponential(timeConstant: Double)

    /// A phrase such as `median over 10 s`.
    public var description: String {
        switch self {
        case .none: "none"
        case .median(let window): "median over \(window) s"
        case .exponential(let timeConstant): "exponential, time constant \(timeConstant) s"
        }
    }
}

/// The running state of a ``LuxSmoothing``.
struct LuxSmoother: Sendable {
    /// The kind of smoothing.
    let smoothing: LuxSmoothing
    /// The readings kept for a median, oldest first.
    private var samples: [(time: Date, lux: Double)] = []
    /// The exponential average so far, and when it was last updated.
    private var average: (time: Date, lux: Double)?

    /// Readings kept for a median at most, whatever the poll rate.
    private static let maximumSamples = 512

    init(_ smoothing: LuxSmoothing) {
        self.smoothing = smoothing
    }

    /// Adds a reading taken at `time` and returns the smoothed value.
    mutating func add(_ lux: Double, at time: Date) -> Double {
        switch smoothing {
        case .none:
            return lux
        case .median(let window):
            samples.removeAll { $0.time <= time.addingTimeInterval(-window) || $0.time > time }
            samples.append((time, lux))
            if samples.count > Self.maximumSamples { samples.removeFirst() }
            let sorted = samples.map(\.lux).sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1
                ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        case .exponential(let timeConstant):
            guard let previous = average else {
                average = (time, lux)
                return lux
            }
            // α = 1 − e^(−Δt/τ): the weight of the new reading after Δt seconds.
            let elapsed = max(0, time.timeIntervalSince(previous.time))
            let alpha = 1 - exp(-elapsed / timeConstant)
            let smoothed = previous.lux + alpha * (lux - previous.lux)
            average = (time, smoothed)
            return smoothed
        }
    }

    /// Forgets all readings (after a sensor failure or an override).
    mutating func reset() {
        samples = []
        average = nil
    }
}
