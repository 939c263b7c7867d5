import Raster

/// How the canvas is turned on its way to the panel: 0, 90, 180 or 270 degrees clockwise.
///
/// The canvas is what the viewer sees, upright. A panel mounted sideways (a portrait DSI panel
/// in a landscape frame) scans out its own rows, so the copy turns the picture: with
/// ``degrees90`` the canvas's top row becomes the panel's right-hand column. The panel is then
/// `canvas.height × canvas.width`. Rotation happens in the copy (``FrameConverter``), never as
/// a second pass, and damage rectangles are turned with it (``panelRect(_:canvasSize:)``).
public enum Rotation: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Upright: panel pixel (x, y) is canvas pixel (x, y).
    case degrees0 = 0
    /// A quarter turn clockwise: canvas (x, y) lands on panel (H − 1 − y, x).
    case degrees90 = 90
    /// Upside down: canvas (x, y) lands on panel (W − 1 − x, H − 1 − y).
    case degrees180 = 180
    /// Three quarter turns clockwise: canvas (x, y) lands on panel (y, W − 1 − x).
    case degrees270 = 270

    /// Parses `0`, `90`, `180`, `270` (config and command line).
    public init?(degrees: Int) {
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// The degrees, as config files write them.
    public var description: String { "\(rawValue)" }

    /// Whether the panel's width and height are the canvas's swapped.
    public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }

    /// The panel's size for a canvas of `canvasSize` (or the canvas's for a panel: the
    /// relation is symmetric).
    public func panelSize(canvasSize: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: canvasSize.height, height: canvasSize.width) : canvasSize
    }

    /// The panel pixel that shows canvas pixel (`x`, `y`).
    public func panelPoint(x: Int, y: Int, canvasSize: PixelSize) -> (x: Int, y: Int) {
        let w = canvasSize.width
        let h = canvasSize.height
        switch self {
        case .degrees0: return (x, y)
        case .degrees90: return (h - 1 - y, x)
        case .degrees180: return (w - 1 - x, h - 1 - y)
        case .degrees270: return (y, w - 1 - x)
        }
    }

    /// The canvas pixel shown at panel pixel (`x`, `y`): the inverse of
    /// ``panelPoint(x:y:canvasSize:)``.
    public func canvasPoint(x: Int, y: Int, canvasSize: PixelSize) -> (x: Int, y: Int) {
        let w = canvasSize.width
        let h = canvasSize.height
        switch self {
        case .degrees0: return (x, y)
        case .degrees90: return (y, h - 1 - x)
        case .degrees180: return (w - 1 - x, h - 1 - y)
        case .degrees270: return (w - 1 - y, x)
        }
    }

    /// The panel rectangle covering canvas rectangle `rect`: how a damage rect turns.
    public func panelRect(_ rect: IntRect, canvasSize: PixelSize) -> IntRect {
        let w = canvasSize.width
        let h = canvasSize.height
        switch self {
        case .degrees0:
            return rect
        case .degrees90:
            return IntRect(x: h - rect.maxY, y: rect.x, width: rect.height, height: rect.width)
        case .degrees180:
            return IntRect(
                x: w - rect.maxX, y: h - rect.maxY, width: rect.width, height: rect.height)
        case .degrees270:
            return IntRect(x: rect.y, y: w - rect.maxX, width: rect.height, height: rect.width)
        }
    }
}
