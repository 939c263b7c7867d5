/// StandBy's three views, by the names the configuration, keys and the control socket use.
///
/// ```toml
/// [layout]
/// views = ["widgets", "photos", "clock"]   # left to right; the first shows at start
/// ```
public enum ViewName: String, Sendable, CaseIterable, Hashable, CustomStringConvertible {
    /// The slots of widgets side by side.
    case widgets
    /// The photos of a folder, one after another (`[photos]`).
    case photos
    /// One full-screen clock.
    case clock

    /// The name as written.
    public var description: String { rawValue }
}
