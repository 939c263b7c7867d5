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

    /// Makes the text in this view italic (or not).
    ///
    /// ```swift
    /// Text("Updated just now").italic()
    /// ```
    public func italic(_ isActive: Bool = true) -> some View {
        EnvironmentModifier(content: self) { $0.isItalic = isActive }
    }

    /// Sets the design of the text in this view (rounded, monospaced, serif), overriding the
    /// fonts'.
    ///
    /// ```swift
    /// VStack { Text("10:09"); Text("Alarm") }.fontDesign(.rounded)
    /// ```
    public func fontDesign(_ design: Font.Design?) -> some View {
        EnvironmentModifier(content: self) { $0.fontDesign = design }
    }

    /// Gives the digits of the text in this view equal widths, so that changing numbers keep
    /// their width.
    ///
    /// ```swift
    /// HStack { Text("Elapsed"); Text(start, style: .timer) }.monospacedDigit()
    /// ```
    public func monospacedDigit() -> some View {
        EnvironmentModifier(content: self) { $0.hasMonospacedDigits = true }
    }

    /// Lets the text in this view shrink, down to a fraction of its font size, to fit the space
    /// offered before it is cut with "…".
    ///
    /// ```swift
    /// Text("Cupertino").font(.largeTitle).lineLimit(1).minimumScaleFactor(0.5)
    /// ```
    ///
    /// The factor is clamped to 0.01…1.
    public func minimumScaleFactor(_ factor: Double) -> some View {
        EnvironmentModifier(content: self) {
            $0.minimumScaleFactor = factor.isNaN ? 1 : min(max(factor, 0.01), 1)
        }
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
