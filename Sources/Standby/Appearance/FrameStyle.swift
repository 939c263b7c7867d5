import Alarms
import Raster
import WidgetUI

/// How frames look under an appearance: the rendering mode and luminance the widgets see, and
/// the color transform every pixel goes through.
///
/// ``AppearanceDirector`` chooses it (docs/architecture.md, "The appearance model"), and
/// ``apply(to:canvas:)`` is the one place it reaches the drawing: the environment half to the
/// widgets, the transform half to the canvas.
///
/// ```swift
/// var environment = EnvironmentValues()
/// FrameStyle.night(ceiling: 0.4).apply(to: &environment, canvas: canvas)
/// ```
public struct FrameStyle: Hashable, Sendable {
    /// The widgets' rendering mode.
    public var renderingMode: WidgetRenderingMode
    /// Whether widgets are told luminance is reduced.
    public var isLuminanceReduced: Bool
    /// The transform applied to every paint after the rendering mode: dimming, red tint.
    public var colorTransform: ColorTransform

    /// Creates a style.
    public init(
        renderingMode: WidgetRenderingMode, isLuminanceReduced: Bool,
        colorTransform: ColorTransform
    ) {
        self.renderingMode = renderingMode
        self.isLuminanceReduced = isLuminanceReduced
        self.colorTransform = colorTransform
    }

    /// Day: full color, as drawn.
    public static let day = FrameStyle(
        renderingMode: .fullColor, isLuminanceReduced: false, colorTransform: .identity)

    /// Dim: full color with luminance reduced, and the pixels scaled by `brightness` (1 where a
    /// backlight does the dimming).
    public static func dim(brightness: Float, reduced: Bool = true) -> FrameStyle {
        FrameStyle(
            renderingMode: .fullColor, isLuminanceReduced: reduced,
            colorTransform: brightness >= 1 ? .identity : .dim(brightness))
    }

    /// Night: vibrant, luminance reduced, monochrome red with its brightest red at `ceiling`
    /// (0…1): nothing green or blue reaches the panel.
    public static func night(ceiling: Float) -> FrameStyle {
        FrameStyle(
            renderingMode: .vibrant, isLuminanceReduced: true,
            colorTransform: .monochrome(tint: RGBA(red: ceiling, green: 0, blue: 0)))
    }

    /// A wake-up light risen by `progress` (0 to 1).
    ///
    /// Monochrome in its tint, from night's red at `from` to white at `to` (pixel levels),
    /// rising slowly at first (``Alarms/WakeLight``). At 0 it is night's style: nothing green
    /// or blue.
    public static func sunrise(_ progress: Double, from: Double, to: Double) -> FrameStyle {
        let tint = WakeLight.tint(progress)
        let level = Float(WakeLight.level(progress, night: from, day: to))
        return FrameStyle(
            renderingMode: .vibrant, isLuminanceReduced: progress < 1,
            colorTransform: .monochrome(
                tint: RGBA(
                    red: Float(tint.r) * level, green: Float(tint.g) * level,
                    blue: Float(tint.b) * level)))
    }

    /// Sets what a widget drawn in this style sees (its rendering mode and whether luminance
    /// is reduced) and the transform `canvas` puts every paint through.
    public func apply(to environment: inout EnvironmentValues, canvas: Canvas) {
        environment.widgetRenderingMode = renderingMode
        environment.isLuminanceReduced = isLuminanceReduced
        canvas.colorTransform = colorTransform
    }
}
