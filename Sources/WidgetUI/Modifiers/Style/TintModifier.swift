import Raster

extension View {
    /// Sets the tint of the controls in this view: the fill of gauges and progress views.
    ///
    /// `nil` restores the accent color.
    ///
    /// ```swift
    /// Gauge(value: battery) { Text("Battery") }
    ///     .gaugeStyle(.accessoryCircularCapacity)
    ///     .tint(.green)
    /// ```
    public func tint(_ tint: Color?) -> some View {
        EnvironmentModifier(content: self) { $0.tintShading = tint.map { .color($0.rgba) } }
    }

    /// Sets the tint of the controls in this view to a style; a gradient runs along a gauge's
    /// or progress view's track, from its minimum to its maximum.
    ///
    /// ```swift
    /// Gauge(value: temperature, in: -10...35) { Text("°C") }
    ///     .gaugeStyle(.accessoryCircular)
    ///     .tint(Gradient(colors: [.blue, .green, .yellow, .red]))
    /// ```
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        EnvironmentModifier(content: self) { $0.tintShading = tint?.resolvedShading(in: $0) }
    }
}

extension EnvironmentValues {
    /// The shading `tint` set, or `nil` for the accent color.
    var tintShading: Shading? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }

    /// The tint controls draw with: the one `tint` set, else the accent color.
    var tint: Shading { tintShading ?? .color(Color.accentColor.rgba) }
}

private struct TintKey: EnvironmentKey {
    static let defaultValue: Shading? = nil
}
