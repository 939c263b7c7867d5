import FoundationEssentials

extension WidgetOptions {
    /// A time zone option, by its IANA name such as `"Europe/Berlin"`.
    ///
    /// ```swift
    /// let zone = try options.timeZone("time_zone") ?? .current
    /// ```
    public func timeZone(_ key: String) throws -> TimeZone? {
        guard let name = try string(key) else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            throw WidgetOptionError(
                key: key, expected: "an IANA time zone such as \"Europe/Berlin\"",
                found: "\"\(name)\"")
        }
        return zone
    }
}
