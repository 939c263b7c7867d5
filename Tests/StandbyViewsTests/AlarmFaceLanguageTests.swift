import Foundation
import NightstandTesting
import Raster
import StandbyViews
import Testing
import WidgetUI

/// The alarm's face while it rings, in German, Japanese and Arabic, by day and at night.
///
/// "Alarm", "Snooze" and "slide to stop" in the display's language; in Arabic the words
/// joined and right to left, the slider's knob on the right (the layout mirrored), the time's
/// digits left to right. At night as the screen draws it then (Standby's
/// `FrameStyle.night(ceiling: 0.4)`: vibrant, luminance reduced, monochrome red).
@Suite struct AlarmFaceLanguageTests {
    @Test(arguments: ["de_DE", "ja_JP", "ar_EG"], ["day", "night"])
    func ringing(locale: String, appearance: String) throws {
        let fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
        let canvas = Canvas(width: 800, height: 480)
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: locale)
        if appearance == "night" {
            environment.widgetRenderingMode = .vibrant
            environment.isLuminanceReduced = true
            canvas.colorTransform = .monochrome(tint: RGBA(red: 0.4, green: 0, blue: 0))
        }
        AlarmFace(id: "work", label: "").draw(
            time: "07:00", on: canvas, fonts: fonts, environment: environment)
        assertGolden(canvas, named: "alarm-\(locale)-\(appearance)")
    }
}
