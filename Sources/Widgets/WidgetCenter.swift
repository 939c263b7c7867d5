import Synchronization

/// Asks the host to reload timelines: after new data arrived, or when a setting changed.
///
/// ```swift
/// WidgetCenter.shared.reloadTimelines(ofKind: "weather")
/// WidgetCenter.shared.reloadAllTimelines()
/// ```
///
/// Calls are cheap and may come from any thread; the host coalesces them and asks the
/// providers again on its next turn.
public final class WidgetCenter: Sendable {
    /// The one center of the process.
    public static let shared = WidgetCenter()

    private let state = Mutex(State())

    private struct State {
        var request = ReloadRequest()
        var handler: (@Sendable () -> Void)?
    }

    /// The reloads asked for since the host last took them.
    public struct ReloadRequest: Hashable, Sendable {
        /// Whether every timeline should reload.
        public var all = false
        /// The kinds to reload (when not `all`).
        public var kinds: Set<String> = []

        /// Whether nothing was asked.
        public var isEmpty: Bool { !all && kinds.isEmpty }

        /// Whether a widget of a kind should reload.
        public func includes(_ kind: String) -> Bool { all || kinds.contains(kind) }
    }

    /// Creates a center; the host's tests make their own instead of sharing ``shared``.
    public init() {}

    /// Asks for the timelines of every widget of a kind to be reloaded.
    public func reloadTimelines(ofKind kind: String) {
        request { $0.kinds.insert(kind) }
    }

    /// Asks for every timeline to be reloaded.
    public func reloadAllTimelines() {
        request { $0.all = true }
    }

    /// Returns the reloads asked for so far and forgets them (for the host).
    public func takeReloadRequest() -> ReloadRequest {
        state.withLock { state in
            defer { state.request = ReloadRequest() }
            return state.request
        }
    }

    /// Sets the function called after each reload request, from the requesting thread (for
    /// the host: it wakes its run loop).
    public func onReloadRequest(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.handler = handler }
    }

    private func request(_ change: (inout ReloadRequest) -> Void) {
        let handler = state.withLock { state in
            change(&state.request)
            return state.handler
        }
        handler?()
    }
}
