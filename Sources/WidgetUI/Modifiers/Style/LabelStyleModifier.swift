extension View {
    /// Sets the style of the labels in this view.
    ///
    /// ```swift
    /// HStack {
    ///     Label("Wi-Fi", systemImage: "wifi")
    ///     Label("Bluetooth", systemImage: "antenna.radiowaves.left.and.right")
    /// }
    /// .labelStyle(.iconOnly)
    /// ```
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.labelStyle = style }
    }
}
