import Foundation
import Widgets

extension WidgetOptions {
    /// A time zone option, by its IANA name such as `"Europe/Berlin"`.
    func timeZone(_ key: String) throws -> TimeZone? {
        guard let name = try string(key) else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            throw WidgetOptionError(
                key: key, expected: "an IANA time zone such as \"Europe/Berlin\"",
                found: "\"\(name)\"")
        }
        return zone
    }
}
