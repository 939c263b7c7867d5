/// Distances in from each side of a rectangle, in points.
///
/// ```swift
/// Text("Hi").padding(EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
/// ```
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top.
    ///
    /// Default: 0.
    public var top: Double
    /// The inset from the left.
    ///
    /// Default: 0.
    public var leading: Double
    /// The inset from the bottom.
    ///
    /// Default: 0.
    public var bottom: Double
    /// The inset from the right.
    ///
    /// Default: 0.
    public var trailing: Double

    /// Creates insets from each side's distance.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Insets of `length` on the sides in `edges` and zero elsewhere.
    init(_ edges: Edge.Set, _ length: Double) {
        self.init(
            top: edges.contains(.top) ? length : 0,
            leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0,
            trailing: edges.contains(.trailing) ? length : 0)
    }

    /// Left plus right.
    var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    var vertical: Double { top + bottom }
}
