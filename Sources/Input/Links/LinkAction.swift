import FoundationEssentials

/// What a tap on a widget's link does: the action a configuration maps to the link's URL
/// scheme, a command or an HTTP request.
///
/// A widget declares where a tap leads with `widgetURL(_:)` or a `Link`; the URL's scheme picks
/// the action. A command is an argument vector (no shell) in which `{url}` stands for the
/// tapped URL; a request is a URL template, optionally after a method (`GET` by default), in
/// which `{url}`, `{host}`, `{path}` and `{query}` stand for the tapped URL and its parts,
/// percent-encoded.
///
/// ```toml
/// [input.links]
/// lights = ["/usr/local/bin/lights", "toggle", "{url}"]      # lights://kitchen
/// ha = "POST http://homeassistant.local:8123/api/webhook/{host}"
/// ```
///
/// Both run off the run loop, within `link_timeout` (``InputConfiguration/linkTimeout``); a
/// request runs `curl`, as the widgets' downloads do.
public enum LinkAction: Sendable, Equatable, CustomStringConvertible {
    /// Run a program: the argument vector, `{url}` replaced in each argument.
    case command([String])
    /// Send an HTTP request: the method and the URL template.
    case request(method: String, url: String)

    /// The methods a request may use.
    public static let methods = ["GET", "POST", "PUT", "DELETE"]

    /// A request from `"[METHOD ]URL"`; throws a message saying what was expected.
    public init(request text: String) throws(InputActionError) {
        let words = text.split(separator: " ").map(String.init)
        let expected = "an http:// or https:// URL, after GET, POST, PUT or DELETE if not GET"
        let (method, url): (String, String)
        switch words.count {
        case 1: (method, url) = ("GET", words[0])
        case 2: (method, url) = (words[0], words[1])
        default: throw InputActionError(text: text, expected: expected)
        }
        guard Self.methods.contains(method), url.hasPrefix("http://") || url.hasPrefix("https://")
        else { throw InputActionError(text: text, expected: expected) }
        self = .request(method: method, url: url)
    }

    /// A command from an argument vector; throws when it names no program.
    public init(command arguments: [String]) throws(InputActionError) {
        guard let program = arguments.first, !program.isEmpty else {
            throw InputActionError(
                text: "[" + arguments.joined(separator: ", ") + "]",
                expected: "a program and its arguments")
        }
        self = .command(arguments)
    }

    /// The argument vector that performs the action for a tap on `url`, within `timeout`
    /// seconds (a request is `curl`'s).
    public func arguments(for url: URL, timeout: Double) -> [String] {
        let text = url.absoluteString
        switch self {
        case .command(let arguments):
            return arguments.map { $0.replacing("{url}", with: text) }
        case .request(let method, let template):
            var target = template
            let parts = [
                ("{url}", text), ("{host}", url.host ?? ""),
                ("{path}", url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path),
                ("{query}", url.query ?? ""),
            ]
            for (placeholder, value) in parts {
                target = target.replacing(
                    placeholder,
                    with: Self.percentEncoded(value, keepingSlashes: placeholder == "{path}"))
            }
            return [
                "curl", "--silent", "--show-error", "--fail", "--globoff", "--max-time",
                "\(timeout)", "--request", method, "--user-agent", "nightstand", "--output",
                "/dev/null", "--", target,
            ]
        }
    }

    /// `value` with every byte but RFC 3986's unreserved characters (and `/` if kept) written
    /// as `%XX`, so that it cannot change the template's host, path or query.
    static func percentEncoded(_ value: String, keepingSlashes: Bool) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                encoded.append("/")
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// The action as a configuration file writes it.
    public var description: String {
        switch self {
        case .command(let arguments):
            "[" + arguments.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .request(let method, let url): "\"\(method) \(url)\""
        }
    }
}
