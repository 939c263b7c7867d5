extension View {
    /// Sets the size of the symbol images in this view relative to their font.
    ///
    /// ```swift
    /// HStack {
    ///     Image(systemName: "wifi")
    ///     Image(systemName: "battery.75")
    /// }
    /// .imageScale(.small)
    /// ```
    public func imageScale(_ scale: Image.Scale) -> some View {
        EnvironmentModifier(content: self) { $0.imageScale = scale }
    }

    /// Sets how the symbol images in this view are colored; `nil` restores each symbol's
    /// default (monochrome).
    ///
    /// ```swift
    /// Label("Sunny", systemImage: "sun.max.fill")
    ///     .symbolRenderingMode(.multicolor)
    /// ```
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        EnvironmentModifier(content: self) { $0.symbolRenderingMode = mode }
    }
}
