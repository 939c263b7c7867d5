extension View {
    /// Fills the view's frame, behind it, with a style: a color, a gradient, a material.
    ///
    /// ```swift
    /// Text("Now").padding(6).background(.ultraThinMaterial)
    /// ```
    ///
    /// `ignoresSafeAreaEdges` is accepted for source compatibility: a widget has no safe area.
    @_disfavoredOverload
    public func background<S: ShapeStyle>(
        _ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all
    ) -> some View {
        background(Rectangle().fill(style))
    }

    /// Fills the view's frame, behind it, with the background style (black).
    ///
    /// ```swift
    /// MyWidgetEntryView(entry: entry)
    ///     .padding()
    ///     .background()
    /// ```
    public func background(ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(BackgroundStyle())
    }

    /// Fills a shape of the view's frame, behind it, with a style.
    ///
    /// ```swift
    /// LineBadge(line: "12")
    ///     .padding(.horizontal, 4)
    ///     .background(.blue, in: Capsule())
    /// Text("Sunny").padding(6).background(.fill.secondary, in: RoundedRectangle(cornerRadius: 6))
    /// ```
    public func background<S: ShapeStyle, T: Shape>(
        _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
    ) -> some View {
        background(shape.fill(style, style: fillStyle))
    }

    /// Fills a shape of the view's frame, behind it, with the background style.
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(BackgroundStyle(), in: shape, fillStyle: fillStyle)
    }

    /// Covers the view's frame, in front of it, with a style.
    ///
    /// ```swift
    /// Image("photo").overlay(.black.opacity(0.3))
    /// ```
    @_disfavoredOverload
    public func overlay<S: ShapeStyle>(
        _ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all
    ) -> some View {
        overlay(Rectangle().fill(style))
    }

    /// Covers a shape of the view's frame, in front of it, with a style.
    ///
    /// ```swift
    /// Circle().frame(width: 30, height: 30).overlay(.white.opacity(0.2), in: Circle().inset(by: 6))
    /// ```
    public func overlay<S: ShapeStyle, T: Shape>(
        _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
    ) -> some View {
        overlay(shape.fill(style, style: fillStyle))
    }
}
