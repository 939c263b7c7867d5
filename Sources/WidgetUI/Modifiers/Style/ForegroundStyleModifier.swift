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
        EnvironmentModifier(content: self) { $0.foregroundShading = style.resolvedShading(in: $0) }
    }

    /// Sets the color shapes fill with and text draws in; `nil` restores the primary color.
    ///
    /// ```swift
    /// Text("Alarm").foregroundColor(.red)
    /// ```
    public func foregroundColor(_ color: Color?) -> some View {
        EnvironmentModifier(content: self) {
            $0.foregroundShading = .color((color ?? .primary).rgba)
        }
    }
}
