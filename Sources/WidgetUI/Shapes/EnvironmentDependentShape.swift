/// A shape whose outline depends on the environment where it is drawn, such as
/// ``ContainerRelativeShape``.
///
/// Everything that turns a shape into a path for a view (`fill`, `stroke`, `clipShape`) asks
/// ``Shape/resolved(in:)`` first; shapes that wrap another shape (`trim`) conform and pass the
/// environment on.
protocol EnvironmentDependentShape {
    /// This shape with what it needs from `environment` captured.
    func resolved(in environment: EnvironmentValues) -> Self
}

extension EnvironmentDependentShape {
    /// Replaces the shape of this type stored at `address` with its form under `environment`.
    static func resolve(at address: UnsafeMutableRawPointer, in environment: EnvironmentValues) {
        let shape = address.assumingMemoryBound(to: Self.self)
        shape.pointee = shape.pointee.resolved(in: environment)
    }
}

extension Shape {
    /// This shape with its environment captured, if it depends on one; else itself.
    ///
    /// Asks the shape's type, not the shape, whether it depends on the environment, as
    /// ``View/resolve(in:into:)`` does: a cast of the value would box it in an existential.
    func resolved(in environment: EnvironmentValues) -> Self {
        guard let dependent = Self.self as? any EnvironmentDependentShape.Type else { return self }
        var shape = self
        // The same type, so the address of `shape` is that of a `dependent` value.
        withUnsafeMutablePointer(to: &shape) { dependent.resolve(at: $0, in: environment) }
        return shape
    }
}
