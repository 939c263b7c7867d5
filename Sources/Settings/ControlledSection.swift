/// A section with a value that a display control overrides (a Home Assistant number, a
/// command such as `idle-off 600`): the host reads and sets it by the control's words without
/// knowing the section's type.
///
/// ```swift
/// extension InputConfiguration: ControlledSection {
///     static let controls = ["idle-off"]
///     func control(_ name: String) -> Double? { idleOff ?? 0 }
///     mutating func setControl(_ name: String, to value: Double) { idleOff = value }
/// }
/// ```
public protocol ControlledSection: ConfigurationSection {
    /// The controls' words whose values it holds.
    static var controls: [String] { get }

    /// The value of the control `name` now; nil for a control it does not hold.
    func control(_ name: String) -> Double?

    /// Sets the control `name` (one of ``controls``) to `value`, already within the
    /// control's range.
    mutating func setControl(_ name: String, to value: Double)
}
