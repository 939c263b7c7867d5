import Foundation
import Standby

/// A source that does something once the host's clock reaches an instant, while the loop runs:
/// for a test that changes the host between two turns of one run (each `run(until:)` starts
/// the sources anew).
///
/// ```swift
/// host.add(AtInstant(start + 5) { kernel.send("add", "card1") })
/// host.run(until: start + 10)
/// ```
public final class AtInstant: EventSource {
    private let date: Date
    private let action: () -> Void
    private var wake: ScheduledWake?

    /// Runs `action` on the first turn at or after `date`.
    public init(_ date: Date, _ action: @escaping () -> Void) {
        self.date = date
        self.action = action
    }

    /// Asks for the wake.
    public func start(_ context: SourceContext) throws {
        wake = context.wake(at: date) { [action] _ in action() }
    }

    /// Cancels it.
    public func stop() { wake?.cancel() }
}
