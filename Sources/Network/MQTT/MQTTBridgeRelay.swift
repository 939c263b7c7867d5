import Synchronization

/// The bridge as the client's callbacks reach it: set once the bridge exists (the client is
/// made inside the bridge's initializer), and weak, so that the client's thread, which may
/// outlive a stop by a few seconds, doesn't keep the bridge.
final class MQTTBridgeRelay: Sendable {
    private struct Weak {
        weak var bridge: MQTTBridge?
    }

    private let reference = Mutex(Weak())

    var bridge: MQTTBridge? {
        get { reference.withLock { $0.bridge } }
        set { reference.withLock { $0.bridge = newValue } }
    }

}
