/// Which points a path encloses.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (SwiftUI's default, `eoFill: false`).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
