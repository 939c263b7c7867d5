import Foundation
import Raster

@testable import WidgetUI

/// An environment for text tests: the given fonts, a fixed locale and time zone (so that
/// results don't depend on the machine's `LANG` and `TZ`), and optionally a render clock.
func textEnvironment(
    fonts: FontDatabase?, locale: String = "en_US", timeZone: String = "America/Los_Angeles",
    now: Date? = nil
) -> EnvironmentValues {
    var environment = EnvironmentValues()
    environment.fontDatabase = fonts
    environment.locale = Locale(identifier: locale)
    environment.timeZone = TimeZone(identifier: timeZone) ?? .gmt
    environment.calendar = Calendar(identifier: .gregorian)
    if let now { environment.renderContext = RenderContext(now: now) }
    return environment
}

/// An instant given as a wall-clock time in a time zone.
func wallClock(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0,
    _ second: Double = 0, in timeZone: String = "America/Los_Angeles"
) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: timeZone) ?? .gmt
    let whole = calendar.date(
        from: DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: Int(second)))
    return (whole ?? .distantPast).addingTimeInterval(second - second.rounded(.down))
}

/// What a text shows in the environment's language at its `now`, and when it next changes: its
/// pieces joined.
func resolve(_ text: Text, in environment: EnvironmentValues) -> TimedString {
    let pieces = Text.localized(text.segments, in: environment).map {
        $0.source.resolve(in: environment)
    }
    return TimedString(
        string: pieces.map(\.string).joined(),
        nextChange: pieces.compactMap(\.nextChange).min())
}

/// The strings of every `Text` a view places, in order.
func placedStrings(
    _ view: some View, environment: EnvironmentValues, in size: Size = Size(width: 400, height: 400)
) -> [String] {
    layout(view, in: size, environment: environment).all("Text").compactMap { node in
        guard case .text(let run) = node.drawing.first else { return nil }
        return run.layout.text
    }
}
