import Foundation

/// A clock's time as the display's faces show it: "21:41", or "9:41" with its "PM" in 12-hour
/// form, in a locale's digits and words ("٢١:٤١" in Egyptian Arabic, "午後" in Japanese).
///
/// ```swift
/// let time = ClockTime(date, timeZone: zone)
/// time.text(twentyFourHour: true, locale: Locale(identifier: "ar_EG"))   // "٢١:٤١"
/// time.meridiem(locale: Locale(identifier: "ja_JP"))                      // "午後"
/// ```
package struct ClockTime: Equatable, Sendable {
    /// The hour of the day, 0…23.
    package let hour: Int
    /// The minute, 0…59.
    package let minute: Int

    /// The time `hour`:`minute`.
    package init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// The time of `date` on the clocks of `timeZone`.
    package init(_ date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let fields = calendar.dateComponents([.hour, .minute], from: date)
        self.init(hour: fields.hour ?? 0, minute: fields.minute ?? 0)
    }

    /// "21:41" (the hour in two digits) in 24-hour form, "9:41" in 12-hour form, in the digits
    /// of `locale`'s numbering system.
    package func text(twentyFourHour: Bool, locale: Locale) -> String {
        let shown = twentyFourHour ? hour : (hour + 11) % 12 + 1
        let hourText = twentyFourHour && shown < 10 ? "0\(shown)" : "\(shown)"
        return Self.digits(hourText + (minute < 10 ? ":0\(minute)" : ":\(minute)"), in: locale)
    }

    /// "AM" or "PM" in `locale`'s words.
    package func meridiem(locale: Locale) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return hour < 12 ? calendar.amSymbol : calendar.pmSymbol
    }

    /// `text` with its digits 0–9 in `locale`'s numbering system (unchanged where it is
    /// Latin): every decimal system Unicode has keeps its ten digits in a row.
    static func digits(_ text: String, in locale: Locale) -> String {
        let zero = 0.formatted(.number.locale(locale)).unicodeScalars
        guard zero.count == 1, let first = zero.first, first != "0" else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let offset = Int(scalar.value) - 0x30
            if (0...9).contains(offset), let digit = Unicode.Scalar(first.value + UInt32(offset)) {
                scalars.append(digit)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
