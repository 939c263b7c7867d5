import FoundationEssentials
import SystemSupport

/// Where a calendar's events come from: local files, and a URL kept on disk, with who may
/// read it.
package struct CalendarSources: Sendable, Equatable {
    /// Local `.ics` files, read in this order.
    package var files: [String] = []
    /// An iCalendar file or a CalDAV collection, fetched at each load.
    package var url: URL?
    /// Where the last download of ``url`` is kept.
    package var cache: String?
    /// Seconds a download may take.
    package var timeout: TimeInterval = 8
    /// The zone of floating times and all-day events.
    package var timeZone = TimeZone.current
    /// How many days ahead a CalDAV collection's events are asked for.
    package var days = 14
    /// The user name of HTTP basic authentication.
    package var username: String?
    /// A file whose first line is the password (with ``username``) or the bearer token
    /// (without), readable by its owner only.
    package var passwordFile: String?

    package init(
        files: [String] = [], url: URL? = nil, cache: String? = nil, timeout: TimeInterval = 8,
        timeZone: TimeZone = .current, days: Int = 14, username: String? = nil,
        passwordFile: String? = nil
    ) {
        self.files = files
        self.url = url
        self.cache = cache
        self.timeout = timeout
        self.timeZone = timeZone
        self.days = days
        self.username = username
        self.passwordFile = passwordFile
    }

    /// The credentials of ``url``: basic with a user name, bearer without.
    ///
    /// None without a password file. The file is read at each load, so a changed password
    /// counts at once.
    package func credentials() throws(SettingsFileError) -> HTTPCredentials? {
        guard let passwordFile else { return nil }
        let secret = try SecretFile.read(passwordFile, key: "password_file", ownerOnly: true)
        guard let username else { return .bearer(token: secret) }
        return .basic(user: username, password: secret)
    }

    /// The URL as messages name it: scheme and host, not the path, which may hold a token.
    package static func name(_ url: URL) -> String {
        "\(url.scheme ?? "https")://\(url.host ?? "")/…"
    }
}
