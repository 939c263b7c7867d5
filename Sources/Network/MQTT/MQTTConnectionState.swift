import FoundationEssentials

/// Where the MQTT client stands with its broker, as `nightstand status` shows it.
///
/// ```
/// mqtt: connected to mqtts://broker.lan:8883 as nightstand-bedroom
/// mqtt: disconnected (the broker refused the login: not authorized), next try in 32 s
/// ```
public enum MQTTConnectionState: Equatable, Sendable {
    /// The first attempt is under way.
    case connecting
    /// Connected: the broker accepted the login.
    case connected
    /// Not connected, for `reason`; the next attempt is at `retry`.
    case disconnected(reason: String, retry: Date)
    /// Not connecting at all, for `reason`: a setting that needs fixing (an unreadable
    /// password file, a CA file TLS can't use).
    case failed(reason: String)
    /// Stopped: the client was shut down.
    case stopped

    /// Whether two states are the same kind with the same reason: what the log reports once.
    ///
    /// Two failures for one reason are the same state, whenever their retries are.
    func sameSituation(as other: MQTTConnectionState) -> Bool {
        switch (self, other) {
        case (.connecting, .connecting), (.connected, .connected), (.stopped, .stopped): true
        case (.disconnected(let a, _), .disconnected(let b, _)): a == b
        case (.failed(let a), .failed(let b)): a == b
        default: false
        }
    }

    /// The state in words, for the log and the status: `connected`, `disconnected (…), next
    /// try in 32 s`.
    public func description(now: Date) -> String {
        switch self {
        case .connecting: return "connecting"
        case .connected: return "connected"
        case .stopped: return "stopped"
        case .failed(let reason): return "not connecting: \(reason)"
        case .disconnected(let reason, let retry):
            let seconds = max(0, Int(retry.timeIntervalSince(now).rounded(.up)))
            return "disconnected (\(reason)), next try in \(seconds) s"
        }
    }
}

/// The waits between connection attempts: about 1 s, 2 s, 4 s … doubling up to 60 s, each
/// drawn at random from its upper half (so that displays that lost the same broker don't come
/// back in step), and back to about 1 s only once a connection has stayed up 60 s.
///
/// A broker that accepts the connection and drops it at once (a second client with the same
/// id, a broker that kicks the login) gets attempts ever further apart, as one that refuses
/// does: the waits grow from attempt to attempt whatever ended them.
struct Backoff: Equatable {
    /// The first wait, at most.
    let initial: TimeInterval
    /// The longest wait.
    let maximum: TimeInterval
    /// How long a connection must stay up before the waits start again from ``initial``.
    let stable: Duration
    private var next: TimeInterval

    init(
        initial: TimeInterval = 1, maximum: TimeInterval = 60, stable: Duration = .seconds(60)
    ) {
        self.initial = initial
        self.maximum = maximum
        self.stable = stable
        next = initial
    }

    /// The wait before the next attempt, between half the current step and the step; each
    /// call doubles the step, up to ``maximum``.
    mutating func delay() -> TimeInterval {
        var generator = SystemRandomNumberGenerator()
        return delay(using: &generator)
    }

    /// ``delay()`` with the randomness of `generator`.
    mutating func delay(using generator: inout some RandomNumberGenerator) -> TimeInterval {
        defer { next = min(next * 2, maximum) }
        return next / 2 + Double.random(in: 0...(next / 2), using: &generator)
    }

    /// A connection the broker accepted ended after `uptime`: the waits start again from
    /// ``initial`` if it stayed up ``stable``.
    mutating func connectionEnded(after uptime: Duration) {
        if uptime >= stable { next = initial }
    }
}
