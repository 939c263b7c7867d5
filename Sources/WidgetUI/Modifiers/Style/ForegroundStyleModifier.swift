extension View {
    /// Sets the style shapes fill with and text draws in, for this view and its contents.
    ///
    /// ```swift
    /// VStack {
    ///     Text("72°")
    ///     Circle()
    /// }
    /// .foregroundStyle(.orange)
    /// ```
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.setForeground([style.resolvedShading(in: $0)]) }
    }

    /// Sets the primary and secondary levels of the foreground: what `.primary` and
    /// `.secondary` (and a palette symbol's two layers) draw in.
    ///
    /// ```swift
    /// Image(systemName: "lightbulb.fill")
    ///     .symbolRenderingMode(.palette)
    ///     .foregroundStyle(.yellow, .white)
    /// ```
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(
        _ primary: S1, _ secondary: S2
    ) -> some View {
        EnvironmentModifier(content: self) {
            $0.setForeground([primary.resolvedShading(in: $0), secondary.resolvedShading(in: $0)])
        }
    }

    /// Sets the primary, secondary and tertiary levels of the foreground.
    ///
    /// ```swift
    /// VStack {
    ///     Text("Title")
    ///     Text("Subtitle").foregroundStyle(.secondary)
    ///     Text("Footnote").foregroundStyle(.tertiary)
    /// }
    /// .foregroundStyle(.white, .orange, .gray)
    /// ```
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(
        _ primary: S1, _ secondary: S2, _ tertiary: S3
    ) -> some View {
        EnvironmentModifier(content: self) {
            $0.setForeground([
                primary.resolvedShading(in: $0), secondary.resolvedShading(in: $0),
                tertiary.resolvedShading(in: $0),
            ])
        }
    }

    /// Sets the color shapes fill with and text draws in; `nil` restores the primary color.
    ///
    /// ```swift
    /// Text("Alarm").foregroundColor(.red)
    /// ```
    public func foregroundColor(_ color: Color?) -> some View {
        EnvironmentModifier(content: self) { $0.setForeground([.color((color ?? .primary).rgba)]) }
    }
}

extension EnvironmentValues {
    /// Sets the foreground's levels from the primary one down: the others follow the primary
    /// one at their opacities.
    mutating func setForeground(_ levels: [Shading]) {
        foregroundShading = levels[0]
        foregroundLevels = Array(levels.dropFirst())
    }
}
