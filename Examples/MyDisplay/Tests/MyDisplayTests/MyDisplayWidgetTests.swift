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

    static let forecast = ForecastEntry(
        date: now, location: "Cupertino", high: 24, low: 12,
        hours: [
            ("sun.max.fill", 18.4, "Sunny"), ("cloud.sun.fill", 21.6, "Partly Cloudy"),
            ("cloud.fill", 22.8, "Cloudy"), ("cloud.rain.fill", 19.5, "Rain"),
        ].enumerated().map { i, hour in
            Forecast.Hour(
                time: Date(timeIntervalSince1970: 1_795_251_600 + Double(i) * 3600),
                temperature: hour.1, symbol: hour.0, condition: hour.2)
        })

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
