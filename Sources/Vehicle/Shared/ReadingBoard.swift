import Synchronization
import Widgets

/// The latest reading of each source the widgets of one kind read (a gpsd, an OBD-II
/// adapter), and the reload it asks for: a change asks the host to reload the kind's
/// timelines once until a widget has read it, however many changes arrive meanwhile.
final class ReadingBoard<Key: Hashable & Sendable, Reading: Equatable & Sendable>: Sendable {
    private let kind: String
    private let center: WidgetCenter
    private let state: Mutex<State>

    private struct State {
        var readings: [Key: Reading] = [:]
        var reloadPending = false
    }

    /// A board of `kind`'s widgets asking `center` for reloads.
    init(kind: String, center: WidgetCenter) {
        self.kind = kind
        self.center = center
        state = Mutex(State())
    }

    /// Adds a source a widget reads, with `empty` until something comes.
    func watch(_ key: Key, empty: Reading) {
        state.withLock { state in
            if state.readings[key] == nil { state.readings[key] = empty }
        }
    }

    /// The reading of `key`, if it is watched; answers the pending reload.
    func reading(_ key: Key) -> Reading? {
        state.withLock { state in
            state.reloadPending = false
            return state.readings[key]
        }
    }

    /// Every reading.
    var readings: [Key: Reading] { state.withLock { $0.readings } }

    /// Changes the reading of a watched `key` and asks for a reload when it changed.
    func change(_ key: Key, _ body: (inout Reading) -> Void) {
        let ask = state.withLock { state -> Bool in
            guard var reading = state.readings[key] else { return false }
            let before = reading
            body(&reading)
            guard reading != before else { return false }
            state.readings[key] = reading
            defer { state.reloadPending = true }
            return !state.reloadPending
        }
        if ask { center.reloadTimelines(ofKind: kind) }
    }
}
