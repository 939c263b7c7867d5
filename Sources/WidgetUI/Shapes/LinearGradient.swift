import Raster

/// Colors that change along a line between two points of the view's frame.
///
/// A linear gradient is a ``ShapeStyle``, to fill shapes or color text, and a view that fills
/// the space offered, like a ``Color``. The start and end points are ``UnitPoint``s of the frame
/// of the view being filled; beyond them the end colors continue.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 12)
///     .fill(LinearGradient(colors: [.orange, .red], startPoint: .top, endPoint: .bottom))
/// Text("72°")
///     .foregroundStyle(LinearGradient(colors: [.yellow, .orange],
///                                     startPoint: .leading, endPoint: .trailing))
/// LinearGradient(colors: [.indigo, .black], startPoint: .top, endPoint: .bottom)  // a backdrop
/// ```
public struct LinearGradient: Hashable, Sendable {
    /// The colors and their locations.
    public var gradient: Gradient
    /// Where location 0 lies in the frame.
    public var startPoint: UnitPoint
    /// Where location 1 lies in the frame.
    public var endPoint: UnitPoint

    /// Creates a linear gradient from a gradient.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// Creates a linear gradient from colors spread evenly.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// Creates a linear gradient from stops.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    var shading: Shading { gradient.shading(.linear(start: startPoint, end: endPoint)) }
}

extension LinearGradient: ShapeStyle, ResolvableShapeStyle {
    func shading(in environment: EnvironmentValues) -> Shading { shading }
}

extension LinearGradient: View, PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(ShapeNode(kind: "LinearGradient", filling: shading))
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient between two unit points of the filled view's frame.
    ///
    /// ```swift
    /// Capsule().fill(.linearGradient(Gradient(colors: [.green, .mint]),
    ///                                startPoint: .leading, endPoint: .trailing))
    /// ```
    public static func linearGradient(
        _ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint
    ) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient of colors spread evenly between two unit points.
    ///
    /// ```swift
    /// Text("Hot").foregroundStyle(.linearGradient(colors: [.orange, .red],
    ///                                             startPoint: .top, endPoint: .bottom))
    /// ```
    public static func linearGradient(
        colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint
    ) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient of stops between two unit points.
    ///
    /// ```swift
    /// Rectangle().fill(.linearGradient(stops: [.init(color: .blue, location: 0.2),
    ///                                          .init(color: .black, location: 1)],
    ///                                  startPoint: .top, endPoint: .bottom))
    /// ```
    public static func linearGradient(
        stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint
    ) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}
