import FoundationEssentials
import Widgets

extension WidgetOptions {
    /// An `http` or `https` URL option with a host; with `webcal`, a `webcal://` URL too (a
    /// calendar subscription), read as `https`.
    func httpURL(_ key: String, webcal: Bool = false) throws -> URL? {
        guard let text = try string(key) else { return nil }
        let scheme = URL(string: text)?.scheme?.lowercased()
        let https = webcal && scheme == "webcal" ? "https" + text.dropFirst("webcal".count) : text
        guard let url = URL(string: https), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw WidgetOptionError(
                key: key,
                expected: webcal ? "an http, https or webcal URL" : "an http or https URL",
                found: "\"\(text)\"")
        }
        return url
    }
}
