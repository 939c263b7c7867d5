/// A touch panel's correction: an affine map of its positions before they meet the picture,
/// with libinput's meaning (`LIBINPUT_CALIBRATION_MATRIX`), so a matrix written for Weston or
/// Xorg's `libinput` driver works here unchanged.
///
/// Positions are fractions of the device's range (0…1 on both axes); the matrix
/// `[a, b, c, d, e, f]` maps (x, y) to (a·x + b·y + c, d·x + e·y + f). The identity
/// `[1, 0, 0, 0, 1, 0]` leaves them alone; a panel whose axes are turned against the display
/// it sits on is corrected by a quarter turn:
///
/// | matrix | turns the touches |
/// | --- | --- |
/// | `[0, -1, 1, 1, 0, 0]` | 90° clockwise |
/// | `[-1, 0, 1, 0, -1, 1]` | 180° |
/// | `[0, 1, 0, -1, 0, 1]` | 270° clockwise |
/// | `[-1, 0, 1, 0, 1, 0]` | mirrored left to right |
///
/// ```toml
/// [input]
/// calibration = [0, -1, 1, 1, 0, 0]
/// ```
public struct CalibrationMatrix: Sendable, Equatable, CustomStringConvertible {
    /// The six coefficients, row by row: `a b c` then `d e f`.
    public let values: [Double]

    /// The identity: positions as the device reports them.
    public static let identity = CalibrationMatrix(checked: [1, 0, 0, 0, 1, 0])

    private init(checked values: [Double]) {
        self.values = values
    }

    /// A matrix from six finite coefficients whose map is not flat (its determinant is not 0:
    /// a flat map would send the whole panel to one line); nil otherwise.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite),
            abs(values[0] * values[4] - values[1] * values[3]) > 1e-9
        else { return nil }
        self.init(checked: values)
    }

    /// Where the map sends (`x`, `y`).
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (
            values[0] * x + values[1] * y + values[2],
            values[3] * x + values[4] * y + values[5]
        )
    }

    /// `[1, 0, 0, 0, 1, 0]`, as a configuration file writes it.
    public var description: String {
        "[" + values.map { $0 == $0.rounded() ? "\(Int($0))" : "\($0)" }.joined(separator: ", ")
            + "]"
    }
}
