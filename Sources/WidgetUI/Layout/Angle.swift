import FoundationEssentials

/// An angle, in degrees or radians; positive angles turn clockwise on screen.
///
/// ```swift
/// Image(systemName: "location.north").rotationEffect(.degrees(entry.heading))
/// Capsule().rotationEffect(.radians(.pi / 4))
/// ```
public struct Angle: Hashable, Comparable, Sendable {
    /// The angle in radians.
    ///
    /// Default: 0.
    public var radians: Double

    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// Creates a zero angle.
    public init() {
        self.radians = 0
    }

    /// Creates an angle of a number of radians.
    public init(radians: Double) {
        self.radians = radians
    }

    /// Creates an angle of a number of degrees.
    public init(degrees: Double) {
        self.radians = degrees * .pi / 180
    }

    /// No turn.
    public static let zero = Angle()

    /// An angle of a number of radians.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

    /// An angle of a number of degrees.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    /// Orders angles by their size in radians (no wrapping around a full turn).
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }

    /// The sum of two angles.
    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }

    /// The difference of two angles.
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
}
