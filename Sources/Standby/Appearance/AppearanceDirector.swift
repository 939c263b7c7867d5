import Ambient
import FoundationEssentials
import Glibc
import Raster

/// The one owner of how the display looks: turns the appearance the ambient input decided
/// into the frame style (rendering mode, luminance, color transform), the fade between two
/// styles, and the panel's blanking.
///
/// The host tells it each decision (``show(_:at:fading:)``) and asks it, every turn, for the
/// style to draw in (``style``) and when the next fade frame is due (``nextFrame(after:)``).
/// The light level of each appearance is one number, a share of the panel's light: the
/// backlight shows it where one works (``Ambient/AmbientController`` writes the level), else
/// the pixels are scaled to it, through the sRGB curve.
///
/// ```swift
/// var director = AppearanceDirector(settings: settings, levels: ambient, backlightDims: false)
/// if director.show(.night, at: now, fading: true) == .unblank { try sink.blank(false) }
/// director.advance(to: now + 0.5)   // halfway through the fade
/// director.style.apply(to: &environment, canvas: canvas)
/// ```
///
/// ## Technical notes
///
/// A fade runs through a dip to half brightness and switches the rendering mode at its
/// bottom, so a change never flashes and never passes full brightness; `off` is not faded
/// (the panel blanks at once, and comes back in the target style).
struct AppearanceDirector {
    /// What the panel must do after ``show(_:at:fading:)``.
    enum Panel: Equatable {
        /// Nothing: it stays lit (or dark).
        case unchanged
        /// Turn it off: the new appearance is `off`.
        case blank
        /// Turn it back on: the appearance was `off`.
        case unblank
    }

    /// The fade time and night's red ceiling.
    private(set) var settings: AppearanceSettings
    /// The light levels of the appearances (`day_brightness`, … of `[ambient]`).
    private(set) var levels: AmbientConfiguration
    /// Whether a backlight does the dimming (pixels then stay at full brightness).
    var backlightDims: Bool
    /// The appearance shown (or fading in).
    private(set) var appearance = Appearance.day
    /// The style to draw in now.
    private(set) var style = FrameStyle.day
    /// The change in progress: from one style to another, from `start` over the fade time.
    private var fade: (from: FrameStyle, to: FrameStyle, start: Date)?
    /// How far a wake-up light has risen, 0 to 1: night is drawn in its tint; nil: none rises.
    private(set) var sunrise: Double?

    /// A director showing day.
    init(settings: AppearanceSettings, levels: AmbientConfiguration, backlightDims: Bool) {
        self.settings = settings
        self.levels = levels
        self.backlightDims = backlightDims
    }

    /// Uses new settings (a reloaded configuration): the appearance stays, drawn at once in
    /// its new style.
    mutating func reconfigure(
        settings: AppearanceSettings, levels: AmbientConfiguration, backlightDims: Bool
    ) {
        self.settings = settings
        self.levels = levels
        self.backlightDims = backlightDims
        fade = nil
        if appearance != .off { style = style(for: appearance) }
    }

    /// Changes the appearance at `now`: blanks for `off`, fades between the others when
    /// `fading` (and a fade time is set), else switches at once.
    mutating func show(_ new: Appearance, at now: Date, fading: Bool) -> Panel {
        guard new != appearance else { return .unchanged }
        let old = appearance
        appearance = new
        if new == .off || old == .off {
            fade = nil
            if new != .off { style = style(for: new) }
            return new == .off ? .blank : .unblank
        }
        let target = style(for: new)
        if fading && settings.fade > 0 {
            fade = (style, target, now)
        } else {
            fade = nil
            style = target
        }
        return .unchanged
    }

    /// Moves a fade along to `now`; the last step lands on the target style.
    mutating func advance(to now: Date) {
        guard let (from, to, start) = fade else { return }
        let duration = settings.fade
        let t = duration > 0 ? min(1, max(0, now.timeIntervalSince(start)) / duration) : 1
        if t >= 1 {
            fade = nil
            style = to
            return
        }
        let dip = ColorTransform.dim(Float(1 - 0.5 * sin(Double.pi * t)))
        let half = t < 0.5 ? from : to
        style = FrameStyle(
            renderingMode: half.renderingMode, isLuminanceReduced: half.isLuminanceReduced,
            colorTransform: from.colorTransform.lerp(to: to.colorTransform, Float(t))
                .concatenating(dip))
    }

    /// Draws night in the light of a wake-up light risen by `progress`, or as night (nil).
    ///
    /// `progress` goes from 0 to 1. Day and dim are left as they are: the room is lit already.
    mutating func rise(_ progress: Double?) {
        guard progress != sunrise else { return }
        sunrise = progress
        if fade == nil && appearance == .night { style = style(for: .night) }
    }

    /// When the next fade frame is due after `now`: a handful of frames per fade; nil when
    /// no fade runs.
    func nextFrame(after now: Date) -> Date? {
        fade == nil ? nil : now.addingTimeInterval(settings.fade / 6)
    }

    /// The style of `appearance` once any fade is over.
    ///
    /// A light level is a share of emitted light; pixel values are sRGB-encoded, so the same
    /// share of light is the level to the power 1/2.2 (10 % light: pixels at 35 %).
    func style(for appearance: Appearance) -> FrameStyle {
        let light = backlightDims ? 1 : (levels.brightnessPercent(for: appearance) ?? 0) / 100
        let brightness = Float(pow(light, 1 / 2.2))
        switch appearance {
        case .day, .off:
            return brightness >= 1 ? .day : .dim(brightness: brightness, reduced: false)
        case .dim: return .dim(brightness: brightness)
        case .night:
            let ceiling = settings.nightRed * brightness
            guard let sunrise else { return .night(ceiling: ceiling) }
            let day = backlightDims ? 1 : (levels.brightnessPercent(for: .day) ?? 100) / 100
            return .sunrise(
                sunrise, from: Double(ceiling), to: pow(day, 1 / 2.2))
        }
    }
}
