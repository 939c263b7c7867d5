import Foundation
import WidgetUI
import Widgets

/// The clock's options, checked.
struct ClockOptions: Sendable {
    /// How the time is drawn.
    enum Style: String, Sendable, CaseIterable {
        /// Large digits.
        case digital
        /// Hands on a dial.
        case analog
    }

    static let keys: Set<String> = ["24h", "time_zone", "label", "style", "seconds"]

    var twentyFourHour = true
    var timeZone = TimeZone.current
    var label: String?
    var style = Style.digital
    /// Whether seconds show (a live count by the digits, a hand on the dial), except while
    /// luminance is reduced.
    var seconds = false

    init(_ options: WidgetOptions) throws {
        try options.rejectUnknown(Self.keys)
        twentyFourHour = try options.bool("24h") ?? true
        if let zone = try options.timeZone("time_zone") {
            timeZone = zone
            label = zone.identifier.split(separator: "/").last.map {
                String($0.replacing("_", with: " "))
            }
        }
        label = try options.string("label") ?? label
        style =
            try options.choice("style", of: Style.allCases.map(\.rawValue)).flatMap(
                Style.init(rawValue:)) ?? .digital
        seconds = try options.bool("seconds") ?? false
    }

    /// "21:41" or "9:41", in `locale`'s digits.
    func timeText(_ date: Date, locale: Locale) -> String {
        ClockTime(date, timeZone: timeZone).text(twentyFourHour: twentyFourHour, locale: locale)
    }

    /// "PM" (in `locale`'s words) in 12-hour form, else nothing.
    func meridiemText(_ date: Date, locale: Locale) -> String? {
        twentyFourHour ? nil : ClockTime(date, timeZone: timeZone).meridiem(locale: locale)
    }

    /// The hour (0…12 on the dial, with its fraction), minute and second of `date`, for the
    /// hands.
    func dialPosition(_ date: Date) -> (hour: Double, minute: Double, second: Double) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let second = Double(parts.second ?? 0)
        let minute = Double(parts.minute ?? 0) + second / 60
        let hour = Double((parts.hour ?? 0) % 12) + minute / 60
        return (hour, minute, second)
    }
}
