import Calendars
import FoundationEssentials
import Localization
import SystemSupport
import Widgets

/// The calendar's options, checked.
struct CalendarOptions: Sendable, Equatable {
    /// What the small family shows.
    enum Style: String, Sendable, CaseIterable {
        /// The month as a grid of days.
        case month
        /// The next events.
        case events
    }

    static let keys: Set<String> = [
        "files", "url", "cache", "days", "refresh", "timeout", "style", "first_weekday",
        "time_zone", "locale", "username", "password_file",
    ]

    /// Local `.ics` files, read in this order.
    var files: [String] = []
    /// An iCalendar subscription, downloaded at each refresh.
    var url: URL?
    /// Where the last download of ``url`` is kept.
    var cache: String?
    /// How many days ahead events are shown.
    ///
    /// Default: 14.
    var days = 14
    /// Seconds between loads.
    ///
    /// Default: 15 min.
    var refresh: TimeInterval = 15 * 60
    /// Seconds a download may take.
    ///
    /// Default: 8 s, below the host's 10 s provider timeout, so that a hanging network still
    /// leaves time to show the cache.
    var timeout: TimeInterval = 8
    /// Default: the month.
    var style = Style.month
    /// The weekday a grid's rows start on, as `Calendar` numbers them (1 Sunday … 7 Saturday);
    /// `nil` for the locale's.
    var firstWeekday: Int?
    /// The zone whose days are shown, and of floating times and all-day events.
    ///
    /// Default: the system's.
    var timeZone = TimeZone.current
    /// The locale of dates and times (`"Fri, 31 Mar"` or `"Fri, Mar 31"`, `09:00` or
    /// `9:00 AM`) and of the grid's first weekday; nil for the display's.
    ///
    /// Default: the environment's (``locale(environment:)``).
    var locale: Locale?

    /// The names `first_weekday` takes, Sunday first.
    static let weekdays = [
        "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
    ]

    /// Checks the options; `environment` gives `XDG_CACHE_HOME` and `HOME` for the default
    /// cache.
    init(_ options: WidgetOptions, environment: [String: String]) throws {
        try options.rejectUnknown(Self.keys)
        if options.values["files"] != nil {
            guard let files = try? options.strings("files"), !files.contains(where: \.isEmpty)
            else {
                throw WidgetOptionError(
                    key: "files",
                    expected: "an array of paths of .ics files, such as [\"/home/pi/family.ics\"]",
                    found: options.values["files"]?.description ?? "")
            }
            self.files = files
        }
        url = try options.httpURL("url", webcal: true)
        if let url {
            cache =
                try options.string("cache")
                ?? CacheDirectory.path(environment: environment) + "/" + Self.cacheName(url)
        } else if let cache = options.values["cache"] {
            throw WidgetOptionError(
                key: "cache", expected: "no cache without a url (files are read as they are)",
                found: cache.description)
        }
        username = try options.string("username")
        passwordFile = try options.string("password_file")
        if url == nil,
            let key = ["username", "password_file"].first(where: {
                options.values[$0] != nil
            })
        {
            throw WidgetOptionError(
                key: key, expected: "no \(key) without a url (files are read as they are)",
                found: options.values[key]?.description ?? "")
        }
        if username != nil, passwordFile == nil {
            throw WidgetOptionError(
                key: "username",
                expected: "a password_file with it (a file whose first line is "
                    + "the password)", found: "no password_file")
        }
        if let days = try options.int("days") {
            guard (1...366).contains(days) else {
                throw WidgetOptionError(
                    key: "days", expected: "a number of days from 1 to 366", found: "\(days)")
            }
            self.days = days
        }
        refresh = try options.duration("refresh", in: OptionRanges.downloadRefresh) ?? refresh
        timeout = try options.duration("timeout", in: OptionRanges.timeout) ?? timeout
        style =
            try options.choice("style", of: Style.allCases.map(\.rawValue)).flatMap(
                Style.init(rawValue:)) ?? .month
        firstWeekday = try options.choice("first_weekday", of: Self.weekdays).flatMap {
            Self.weekdays.firstIndex(of: $0).map { $0 + 1 }
        }
        timeZone = try options.timeZone("time_zone") ?? timeZone
        if let identifier = try options.string("locale") {
            guard LanguageTag.isLocaleIdentifier(identifier) else {
                throw WidgetOptionError(
                    key: "locale", expected: "a locale such as \"en_GB\" or \"de_DE\"",
                    found: "\"\(identifier)\"")
            }
            locale = Locale(identifier: identifier)
        } else {
            locale = Self.locale(environment: environment)
        }
    }

    /// The locale the environment names for dates, as POSIX reads it: the first of `LC_ALL`,
    /// `LC_TIME` and `LANG` that is set (``LanguageTag/posixLocale(_:category:)``); nil for
    /// none, or for `C` and `POSIX`, which name no language.
    ///
    /// Foundation's `Locale.current` does not read these on Linux, so the widget does.
    static func locale(environment: [String: String]) -> Locale? {
        LanguageTag.posixLocale(environment, category: "LC_TIME").map(Locale.init(identifier:))
    }

    /// The user name of HTTP basic authentication for ``url``.
    var username: String?
    /// A file (owner-only) whose first line is the password, or without ``username`` a bearer
    /// token.
    var passwordFile: String?

    /// Whether any events are read: files or a URL.
    var hasSources: Bool { !files.isEmpty || url != nil }

    /// `calendar-<hash>.ics`: named by a hash of the URL, which may hold a secret token.
    static func cacheName(_ url: URL) -> String {
        // FNV-1a, 64 bits: stable across runs and machines, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "calendar-" + String(hash, radix: 16) + ".ics"
    }

    /// What the loader reads.
    var sources: CalendarSources {
        CalendarSources(
            files: files, url: url, cache: cache, timeout: timeout, timeZone: timeZone, days: days,
            username: username, passwordFile: passwordFile)
    }
}
