import Foundation
import NightstandKit
import NightstandTesting
import Testing

@testable import MyDisplay

/// This package's widgets as the display shows them: in StandBy (the small family, its
/// background removed) by day and at night, and the departures on a home-screen tile.
///
/// A golden is `Goldens/MyDisplayWidgetTests/<name>.png` beside this file; record them anew
/// with `NIGHTSTAND_RECORD_GOLDENS=1 swift test`, then look at every picture.
@Suite("MyDisplay's widgets")
struct MyDisplayWidgetTests {
    /// 09:45:23 UTC on Saturday, November 21, 2026.
    static let now = Date(timeIntervalSince1970: 1_795_254_323)

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    static let forecast = ForecastEntry.sample(at: now)

    @Test("each widget in StandBy by day and at night", arguments: ["day", "night"])
    func standBy(appearance: String) {
        let snapshot = WidgetSnapshot(
            date: Self.now, appearance: appearance == "night" ? .night : .day)
        assertWidgetSnapshot(
            of: BatteryWidget(), entry: BatteryEntry(date: Self.now, level: 0.72, isCharging: true),
            as: snapshot, named: "battery-\(appearance)")
        assertWidgetSnapshot(
            of: DeparturesWidget(),
            entry: DeparturesProvider(calendar: Self.utc).entry(at: Self.now),
            as: snapshot, named: "departures-\(appearance)")
        assertWidgetSnapshot(
            of: ForecastWidget(), entry: Self.forecast, as: snapshot,
            named: "forecast-\(appearance)")
        assertWidgetSnapshot(
            of: TideWidget(), entry: TideEntry.semidiurnal(at: Self.now), as: snapshot,
            named: "tide-\(appearance)")
    }

    @Test("the departures on a medium home-screen tile, background shown")
    func homeScreen() {
        assertWidgetSnapshot(
            of: DeparturesWidget(),
            entry: DeparturesProvider(calendar: Self.utc).entry(at: Self.now),
            as: WidgetSnapshot(
                family: .systemMedium, date: Self.now, showsContainerBackground: true),
            named: "departures-systemMedium")
    }
}
