import Foundation
import Localization
import Synchronization

/// Keys that say how dates and numbers read: locale, time zone, calendar.
///
/// Text with a date style or a format style reads them: `Text(date, style: .time)` shows
/// "9:41 PM" under `en_US` and "21:41" under `en_GB`, in the environment's time zone.
///
/// ```swift
/// ClockFace()
///     .environment(\.locale, Locale(identifier: "en_GB"))
///     .environment(\.timeZone, TimeZone(identifier: "Europe/London")!)
/// ```
///
/// ## Differences from SwiftUI
///
/// The defaults are the display's and the process's: the locale `[display] locale` names,
/// else the one `LC_ALL`, `LC_MESSAGES` or `LANG` names (``EnvironmentValues/displayLocale``;
/// Foundation's `Locale.current`, `en_001`, when none names a language), `TimeZone.current` (`TZ`, else `/etc/localtime`) and
/// `Calendar.current`, read when the value is first asked for in a frame. The host sets them
/// from its configuration to draw for another place.
extension EnvironmentValues {
    /// The locale dates, numbers and units are formatted for; also whether the clock is 12- or
    /// 24-hour.
    ///
    /// Default: ``displayLocale``.
    ///
    /// ```swift
    /// Text(date, style: .time).environment(\.locale, Locale(identifier: "de_DE"))   // 21:41
    /// ```
    public var locale: Locale {
        get { self[LocaleKey.self] ?? Self.displayLocale }
        set { self[LocaleKey.self] = newValue }
    }

    /// The display's locale.
    ///
    /// The one the host set from `[display] locale` (``setDisplayLocale(_:)``), else
    /// ``processLocale``; within ``withDisplayLocale(_:_:)``, that one. Read at each use, so a
    /// reload that changes it takes effect on the next frame.
    public static var displayLocale: Locale {
        scopedLocale ?? chosenLocale.withLock { $0 } ?? processLocale
    }

    /// Runs `body` with ``displayLocale`` `locale` for the current task only (what `body`
    /// does on this task; other tasks and threads keep the display's): a picture of the
    /// display in another language beside a running one, or beside tests drawing in theirs.
    ///
    /// ```swift
    /// EnvironmentValues.withDisplayLocale(Locale(identifier: "ar_EG")) { host.drawSettledFrame() }
    /// ```
    public static func withDisplayLocale<T>(_ locale: Locale, _ body: () throws -> T) rethrows
        -> T
    {
        try $scopedLocale.withValue(locale, operation: body)
    }

    /// What ``withDisplayLocale(_:_:)`` set for the current task.
    @TaskLocal private static var scopedLocale: Locale?

    /// Sets ``displayLocale`` from `[display] locale` (`"de_DE"`); nil goes back to the
    /// process's.
    public static func setDisplayLocale(_ identifier: String?) {
        chosenLocale.withLock { $0 = identifier.map(Locale.init(identifier:)) }
    }

    /// What ``setDisplayLocale(_:)`` set.
    private static let chosenLocale = Mutex<Locale?>(nil)

    /// The locale the process's environment names for messages, as POSIX reads it.
    ///
    /// The first of `LC_ALL`, `LC_MESSAGES` and `LANG` that names a language
    /// (`LANG=de_DE.UTF-8` is `de_DE`), else `Locale.current`. Read once.
    ///
    /// Foundation's `Locale.current` does not read these variables on Linux.
    public static let processLocale: Locale =
        LanguageTag.posixLocale(ProcessInfo.processInfo.environment, category: "LC_MESSAGES")
        .map(Locale.init(identifier:)) ?? .current

    /// The time zone dates are shown in, and whose midnights and minute boundaries date text
    /// changes at.
    ///
    /// Default: `TimeZone.current`.
    ///
    /// ```swift
    /// Text(date, style: .time).environment(\.timeZone, TimeZone(identifier: "Asia/Tokyo")!)
    /// ```
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] ?? .current }
        set { self[TimeZoneKey.self] = newValue }
    }

    /// The calendar dates are shown in (its own time zone is ignored in favour of
    /// ``timeZone``).
    ///
    /// Default: `Calendar.current`.
    ///
    /// ```swift
    /// Text(date, style: .date).environment(\.calendar, Calendar(identifier: .japanese))
    /// ```
    public var calendar: Calendar {
        get { self[CalendarKey.self] ?? .current }
        set { self[CalendarKey.self] = newValue }
    }

    /// ``calendar`` set to ``timeZone``: the calendar date arithmetic uses.
    var zonedCalendar: Calendar {
        var calendar = calendar
        calendar.timeZone = timeZone
        return calendar
    }
}

private struct LocaleKey: EnvironmentKey {
    static let defaultValue: Locale? = nil
}

private struct TimeZoneKey: EnvironmentKey {
    static let defaultValue: TimeZone? = nil
}

private struct CalendarKey: EnvironmentKey {
    static let defaultValue: Calendar? = nil
}
