import Ambient
import WidgetUI

extension EnvironmentValues {
    /// The light level and night-mode state the host shows; nil outside a host.
    ///
    /// Default: nil. The host sets it for every widget it draws, and draws a widget that
    /// read it again when the reading changes noticeably (see ``AmbientReading``).
    ///
    /// ```swift
    /// @Environment(\.ambientReading) private var reading
    ///
    /// var body: some View {
    ///     Text(reading?.appearance.rawValue ?? "day")
    /// }
    /// ```
    ///
    /// ## Technical notes
    ///
    /// The value travels in a small shared box, so that copies of the environment made while
    /// drawing all mark the same box when they read it: ``ambientReadingWasRead`` then tells
    /// the host that the drawing depends on the reading. Setting the value (also through
    /// `.environment(\.ambientReading, …)`) starts a new box.
    public var ambientReading: AmbientReading? {
        get {
            let box = self[AmbientReadingKey.self]
            box?.wasRead = true
            return box?.reading
        }
        set { self[AmbientReadingKey.self] = newValue.map(AmbientReadingBox.init) }
    }

    /// Whether a view read ``ambientReading`` since it was last set on this environment (or
    /// a copy of it).
    ///
    /// Default: false. The host asks after drawing a widget, to know which widgets show the
    /// reading.
    ///
    /// ```swift
    /// environment.ambientReading = reading
    /// descriptor.render(entry: entry, family: family, environment: environment, on: canvas, scale: 2)
    /// let showsReading = environment.ambientReadingWasRead
    /// ```
    public var ambientReadingWasRead: Bool {
        self[AmbientReadingKey.self]?.wasRead ?? false
    }
}

/// A reading and whether anyone read it, shared by the copies of an environment.
private final class AmbientReadingBox {
    let reading: AmbientReading
    var wasRead = false

    init(_ reading: AmbientReading) {
        self.reading = reading
    }
}

private struct AmbientReadingKey: EnvironmentKey {
    static var defaultValue: AmbientReadingBox? { nil }
}
