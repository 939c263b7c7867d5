import FoundationEssentials
import Synchronization

/// Any provider behind one `Sendable` type with `async` entry points: what the host calls.
///
/// Completion-handler providers are bridged so that a second call of `completion` is ignored
/// and a cancelled call (the host's timeout) returns at once with `CancellationError`.
public struct AnyTimelineProvider: Sendable {
    private let makePlaceholder: @Sendable (TimelineProviderContext) -> any TimelineEntry
    private let makeSnapshot: @Sendable (TimelineProviderContext) async throws -> any TimelineEntry
    private let makeTimeline: @Sendable (TimelineProviderContext) async throws -> AnyTimeline

    /// Wraps a completion-handler provider.
    public init<P: TimelineProvider>(_ provider: P) {
        makePlaceholder = { provider.placeholder(in: $0) }
        makeSnapshot = { context in
            try await OnceContinuation.value { resume in
                provider.getSnapshot(in: context) { resume($0) }
            }
        }
        makeTimeline = { context in
            let timeline = try await OnceContinuation.value { resume in
                provider.getTimeline(in: context) { resume($0) }
            }
            return AnyTimeline(timeline)
        }
    }

    /// Wraps an async provider.
    public init<P: AsyncTimelineProvider>(_ provider: P) {
        makePlaceholder = { provider.placeholder(in: $0) }
        makeSnapshot = { await provider.snapshot(in: $0) }
        makeTimeline = { AnyTimeline(try await provider.timeline(in: $0)) }
    }

    /// The placeholder entry.
    public func placeholder(in context: TimelineProviderContext) -> any TimelineEntry {
        makePlaceholder(context)
    }

    /// A snapshot entry; throws `CancellationError` when cancelled before it arrives.
    public func snapshot(in context: TimelineProviderContext) async throws -> any TimelineEntry {
        try await makeSnapshot(context)
    }

    /// A timeline; throws what the provider throws, or `CancellationError` when cancelled
    /// before it arrives.
    public func timeline(in context: TimelineProviderContext) async throws -> AnyTimeline {
        try await makeTimeline(context)
    }
}

/// A ``Timeline`` of any entry type.
public struct AnyTimeline: Sendable {
    /// The entries, in date order.
    public let entries: [any TimelineEntry]
    /// When to ask for a new timeline.
    public let policy: TimelineReloadPolicy

    /// Erases a timeline's entry type.
    public init<E: TimelineEntry>(_ timeline: Timeline<E>) {
        entries = timeline.entries
        policy = timeline.policy
    }

    /// The entry to show at `date`: the last one dated at or before it, else the first.
    public func entry(at date: Date) -> (any TimelineEntry)? {
        entries.last { $0.date <= date } ?? entries.first
    }
}

/// Bridges a completion handler to `async`: the first call of the handler wins, later calls
/// are ignored, and cancellation resumes with `CancellationError`.
final class OnceContinuation<T: Sendable>: Sendable {
    private let state = Mutex<State>(.waiting)

    private enum State {
        case waiting
        case suspended(CheckedContinuation<T, any Error>)
        case done
    }

    /// Calls `start` with a resume function and waits for its first call.
    static func value(_ start: (@escaping @Sendable (T) -> Void) -> Void) async throws -> T {
        let once = OnceContinuation<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = once.state.withLock { state -> Bool in
                    if case .done = state { return true }
                    state = .suspended(continuation)
                    return false
                }
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                start { once.finish(.success($0)) }
            }
        } onCancel: {
            once.finish(.failure(CancellationError()))
        }
    }

    private func finish(_ result: Result<T, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
            defer { state = .done }
            if case .suspended(let c) = state { return c }
            return nil
        }
        continuation?.resume(with: result)
    }
}
