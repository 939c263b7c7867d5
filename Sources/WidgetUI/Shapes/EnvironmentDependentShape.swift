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

extension Shape {
    /// This shape with its environment captured, if it depends on one; else itself.
    func resolved(in environment: EnvironmentValues) -> Self {
        guard let dependent = self as? any EnvironmentDependentShape else { return self }
        return dependent.resolved(in: environment) as? Self ?? self
    }
}
