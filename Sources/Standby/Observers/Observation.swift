import Synchronization

/// Handlers that observe the host from other modules, called on the loop's thread.
///
/// A handler must return at once: hand the value to your own thread or queue (an MQTT
/// client's, an HTTP server's) and do the work there.
final class Observers<Value: Sendable>: Sendable {
    private let handlers = Mutex<[Int: @Sendable (Value) -> Void]>([:])
    private let serial = Atomic<Int>(0)

    /// Adds `handler`; it is called until the returned observation is cancelled or released.
    func add(_ handler: @escaping @Sendable (Value) -> Void) -> Observation {
        let key = serial.add(1, ordering: .relaxed).newValue
        handlers.withLock { $0[key] = handler }
        return Observation { [weak self] in
            _ = self?.handlers.withLock { $0.removeValue(forKey: key) }
        }
    }

    /// Whether anyone observes.
    var isEmpty: Bool { handlers.withLock { $0.isEmpty } }

    /// Calls every handler with `value`.
    func notify(_ value: Value) {
        let current = handlers.withLock { Array($0.values) }
        for handler in current { handler(value) }
    }
}

/// A handler registered with the host (``HostStatusBoard/observe(_:)``,
/// ``FrameFeed/observe(_:)``): it is called until cancelled or released.
public final class Observation: Sendable {
    private let cancelAction: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancelAction = Mutex(cancel)
    }

    /// Stops the handler (idempotent; from any thread).
    public func cancel() {
        let action = cancelAction.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
