import Ambient
import BuiltinWidgets
import Foundation
import NightstandKit
import NightstandTesting
import Raster
import Standby
import Testing

/// What `nightstand run` shows with no configuration (the clock and the date) on a display
/// whose language is German, Japanese or Arabic (`LANG=ar_EG.UTF-8`): the date's weekday and
/// month in the language, in Arabic its digits and the slots' order mirrored, by day and at
/// night, at 21:41 UTC on Friday 2026-11-27.
@Suite("The default display in German, Japanese and Arabic")
struct DefaultDisplayLanguageTests {
    @Test(arguments: ["de_DE", "ja_JP", "ar_EG"], [Appearance.day, .night])
    func defaultDisplay(locale: String, appearance: Appearance) throws {
        let start = Date(timeIntervalSince1970: 1_795_815_660)
        // The display's language for this test's drawing only (other tests draw beside it).
        let screen = try EnvironmentValues.withDisplayLocale(Locale(identifier: locale)) {
            let host = try testHost(
                Configuration.default, registry: WidgetRegistry(BuiltinWidgets.all),
                sink: memorySink(width: 800, height: 480), clock: SimulatedClock(start: start),
                fonts: try FontDatabase())
            host.setAppearance(appearance)
            host.drawSettledFrame()
            return host.screen
        }
        assertGolden(screen, named: "default-\(locale)-\(appearance)", tolerance: 2)
    }
}
