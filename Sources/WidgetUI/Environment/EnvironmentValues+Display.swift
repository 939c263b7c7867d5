/// Keys describing the screen a widget is drawn on.
extension EnvironmentValues {
    /// The number of pixels per point the view is drawn at.
    ///
    /// The host sets it to the slot's scale (slot pixels / family points), so a hairline is
    /// `1 / displayScale` points wide. Default: 1.
    ///
    /// ```swift
    /// @Environment(\.displayScale) private var scale
    /// ```
    public var displayScale: Double {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }
}

private struct DisplayScaleKey: EnvironmentKey {
    static let defaultValue = 1.0
}
