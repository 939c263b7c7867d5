extension View {
    /// Sets the font of the text in this view.
    ///
    /// ```swift
    /// VStack {
    ///     Text("Cupertino")
    ///     Text("Sunny")
    /// }
    /// .font(.caption)
    /// ```
    public func font(_ font: Font?) -> some View {
        EnvironmentModifier(content: self) { $0.font = font }
    }

    /// Sets the weight of the text in this view, overriding the font's.
    ///
    /// ```swift
    /// Text("72°").fontWeight(.semibold)
    /// ```
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        EnvironmentModifier(content: self) { $0.fontWeight = weight }
    }

    /// Makes the text in this view bold (or not).
    ///
    /// ```swift
    /// Text("Alarm").bold()
    /// ```
    public func bold(_ isActive: Bool = true) -> some View {
        EnvironmentModifier(content: self) { if isActive { $0.fontWeight = .bold } }
    }

    /// Limits the text in this view to a number of lines, truncating with "…".
    ///
    /// ```swift
    /// Text(event.title).lineLimit(1)
    /// ```
    public func lineLimit(_ number: Int?) -> some View {
        EnvironmentModifier(content: self) { $0.lineLimit = number }
    }

    /// Sets how the lines of multiline text in this view align.
    ///
    /// ```swift
    /// Text(quote).multilineTextAlignment(.center)
    /// ```
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        EnvironmentModifier(content: self) { $0.multilineTextAlignment = alignment }
    }
}
