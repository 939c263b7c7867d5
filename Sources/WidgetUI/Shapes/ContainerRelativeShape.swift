import Foundation

/// The shape of the container the view is in, inset to the view's frame: a widget's rounded
/// tile, with corners concentric to the widget's.
///
/// A view at an inset `d` from the widget's edges gets the corner radius `R − d` (never below
/// zero), where `R` is the widget's: content padded inside a widget lines up with its corners.
/// Outside any container (the default environment) it is a rectangle.
///
/// ```swift
/// ZStack {
///     ContainerRelativeShape().fill(.indigo)
///     ContainerRelativeShape().fill(.black).padding(6)   // a concentric inner tile
/// }
/// Image("photo").clipShape(ContainerRelativeShape())
/// ```
///
/// The container comes from ``EnvironmentValues/containerShape``, which the host sets for each
/// widget family.
///
/// ## Differences from SwiftUI
///
/// The corner radius is one for all four corners, from the view's smallest inset.
public struct ContainerRelativeShape: Shape {
    /// The container, captured from the environment where the shape is drawn.
    var container = ContainerShape()

    /// Creates the shape of the enclosing container.
    public init() {}

    /// The frame with corners concentric to the container's.
    public func path(in rect: CGRect) -> Path {
        Path(container.path(in: Rect(rect)))
    }
}

extension ContainerRelativeShape: EnvironmentDependentShape {
    func resolved(in environment: EnvironmentValues) -> ContainerRelativeShape {
        var shape = self
        shape.container = environment.containerShape
        return shape
    }
}
