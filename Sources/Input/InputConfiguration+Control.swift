import Settings

/// `[input] idle_off` as the `idle-off` control: seconds, 0 for never.
extension InputConfiguration: ControlledSection {
    /// `idle-off`.
    public static let controls = ["idle-off"]

    /// `idle_off` in seconds, 0 when the panel never goes off for idleness.
    public func control(_ name: String) -> Double? {
        name == "idle-off" ? idleOff ?? 0 : nil
    }

    /// Sets `idle_off` (0: never).
    public mutating func setControl(_ name: String, to value: Double) {
        guard name == "idle-off" else { return }
        idleOff = value > 0 ? value : nil
    }
}
