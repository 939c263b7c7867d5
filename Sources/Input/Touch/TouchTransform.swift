import Display
import Raster

/// Maps a touch device's positions to the picture: calibration, then the display's rotation,
/// then the picture's size in pixels.
///
/// A touchscreen is glued to its panel, so its axes follow the panel's scanout, not the
/// picture: on a panel mounted at 90° (`[display] rotation = 90`) a finger moving up the
/// picture moves along the panel's x axis. The transform turns positions back the way
/// ``Display/Rotation`` turns the picture onto the panel, so a swipe goes the way the finger
/// does. The ``CalibrationMatrix`` first corrects a touch panel whose axes differ from its
/// display panel's.
///
/// ```swift
/// let transform = TouchTransform(pictureSize: PixelSize(width: 800, height: 480),
///                                rotation: .degrees0)
/// transform.point(x: 0.5, y: 0.5)   // (400, 240)
/// ```
public struct TouchTransform: Sendable, Equatable {
    /// The picture's size in pixels (the canvas: upright, as the viewer sees it).
    public var pictureSize: PixelSize
    /// How the picture is turned onto the panel.
    public var rotation: Display.Rotation
    /// The correction of the touch panel against its display panel.
    public var calibration: CalibrationMatrix

    /// Creates a transform.
    public init(
        pictureSize: PixelSize, rotation: Display.Rotation = .degrees0,
        calibration: CalibrationMatrix = .identity
    ) {
        self.pictureSize = pictureSize
        self.rotation = rotation
        self.calibration = calibration
    }

    /// The picture point, in pixels, of the device position (`x`, `y`) (fractions of its
    /// ranges); points off the picture are clamped to its edge.
    public func point(x: Double, y: Double) -> Point {
        let (u, v) = calibration.apply(x: x, y: y)
        let panelX = min(max(u, 0), 1)
        let panelY = min(max(v, 0), 1)
        // The inverse of Rotation.panelPoint, on fractions of the panel: with a quarter turn
        // clockwise the picture's top row runs down the panel's right-hand column.
        let (fx, fy): (Double, Double)
        switch rotation {
        case .degrees0: (fx, fy) = (panelX, panelY)
        case .degrees90: (fx, fy) = (panelY, 1 - panelX)
        case .degrees180: (fx, fy) = (1 - panelX, 1 - panelY)
        case .degrees270: (fx, fy) = (1 - panelY, panelX)
        }
        return Point(x: fx * Double(pictureSize.width), y: fy * Double(pictureSize.height))
    }

    /// The picture point of a contact.
    public func point(of contact: TouchFrame.Contact) -> Point {
        point(x: contact.x, y: contact.y)
    }
}
