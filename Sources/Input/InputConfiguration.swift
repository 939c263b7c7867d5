import SystemSupport

/// The `[input]` section: which devices, how touches meet the picture, what keys do, when the
/// panel sleeps and wakes, and what tapped links run.
///
/// ```toml
/// [input]
/// devices = "auto"                    # or names and paths: ["generic ft5x06 (79)", "button@11"]
/// calibration = [1, 0, 0, 0, 1, 0]    # libinput's matrix, for a touch panel turned on its display
/// idle_off = "10m"                    # panel off after 10 minutes without touch, key or presence
/// wake_duration = "10s"               # how long a tap at night (or on the dark panel) wakes it
/// presence_min = "2s"                 # a presence key held this long counts (a PIR's blips do not)
/// encoder = ["next", "previous"]      # a rotary encoder's steps
/// link_timeout = "10s"
///
/// [input.keys]
/// KEY_NEXTSONG = "next"
/// KEY_PROG1 = "presence"
///
/// [input.links]
/// lights = ["/usr/local/bin/lights", "{url}"]
/// ```
///
/// The configuration reader checks each value's type and hands the values to the initializer,
/// which checks their meaning and throws an ``InputConfigurationError`` naming the key.
public struct InputConfiguration: Sendable, Equatable {
    /// A link's value as written: an argument vector (a command) or a string (a request).
    public enum LinkValue: Sendable {
        /// `["program", "argument", "{url}"]`.
        case arguments([String])
        /// `"POST http://…"`.
        case request(String)
    }

    /// Which devices are read.
    public enum DeviceSelection: Sendable, Equatable {
        /// Every device that has touches, keys, switches or an encoder.
        case automatic
        /// Only these, by kernel name (`generic ft5x06 (79)`, `button@11`) or node path
        /// (`/dev/input/by-path/platform-button@11-event`).
        case named([String])
        /// No device: the display reads no input (a kiosk that wants none).
        case none

        /// Whether a device is selected; `namedPaths` are the real paths of the named entries
        /// that are paths (a `/dev/input/by-id/…` link resolved to its `eventN` node).
        func selects(_ device: InputDeviceDescription, namedPaths: Set<String>) -> Bool {
            switch self {
            case .automatic: device.isUsable
            case .named(let names): names.contains(device.name) || namedPaths.contains(device.path)
            case .none: false
            }
        }
    }

    /// Which devices are read.
    ///
    /// Default: `.automatic`.
    public var devices: DeviceSelection = .automatic
    /// The touch panel's correction.
    ///
    /// Default: the identity.
    public var calibration: CalibrationMatrix = .identity
    /// What keys, switches and encoder steps do.
    ///
    /// Default: ``KeyMap/defaults``.
    public var keyMap: KeyMap = .defaults
    /// Seconds without activity before the panel goes off; nil never.
    ///
    /// Default: nil.
    public var idleOff: Double?
    /// Seconds a `wake` (a tap at night or on the dark panel) keeps the panel on.
    ///
    /// Default: 10.
    public var wakeDuration: Double = 10
    /// Seconds a presence key must stay held before it counts as someone there: shorter
    /// blips of a PIR sensor neither end idleness nor count as activity.
    ///
    /// Default: 0 (at once).
    public var presenceMin: Double = 0
    /// What a tapped link runs, by URL scheme (lowercase).
    ///
    /// Default: none.
    public var links: [String: LinkAction] = [:]
    /// Seconds a link's command or request may take.
    ///
    /// Default: 10.
    public var linkTimeout: Double = 10
    /// The numbers that tell taps, drags and swipes apart.
    ///
    /// Default: ``GestureThresholds/init()``.
    public var thresholds = GestureThresholds()

    /// The defaults: every usable device, the default keys, no idle timeout.
    public init() {}

    /// A configuration from the values of an `[input]` table, each nil when not written.
    ///
    /// - Parameters:
    ///   - devices: `"auto"`, `"none"`, or device names and paths.
    ///   - calibration: six numbers.
    ///   - keys: `[input.keys]`: each key's name and its actions (one, or press and release).
    ///   - encoder: the actions of a positive and a negative step.
    ///   - idleOff, wakeDuration, linkTimeout, presenceMin: seconds.
    ///   - links: `[input.links]`: each scheme with an argument vector or a request.
    /// - Throws: ``InputConfigurationError`` naming the first key whose value is unusable.
    public init(
        devices: [String]? = nil, calibration: [Double]? = nil,
        keys: [(name: String, actions: [String])] = [], encoder: [String]? = nil,
        idleOff: Double? = nil, wakeDuration: Double? = nil,
        links: [(scheme: String, link: LinkValue)] = [],
        linkTimeout: Double? = nil, presenceMin: Double? = nil
    ) throws(InputConfigurationError) {
        if let devices {
            self.devices =
                switch devices {
                case ["auto"]: .automatic
                case ["none"]: .none
                default: .named(devices)
                }
            guard !devices.isEmpty, !devices.contains("") else {
                throw InputConfigurationError(
                    key: "devices",
                    message: "expected \"auto\", \"none\" or device names and paths, found []"
                )
            }
        }
        if let calibration {
            guard let matrix = CalibrationMatrix(calibration) else {
                throw InputConfigurationError(
                    key: "calibration",
                    message: "expected six finite numbers [a, b, c, d, e, f] whose map is not flat "
                        + "(a·e ≠ b·d), found \(calibration)")
            }
            self.calibration = matrix
        }
        for (name, actions) in keys {
            try bind(name, actions)
        }
        if let encoder {
            let actions = try Self.actions(encoder, key: "encoder", count: 2...2)
            keyMap.encoder = (actions[0], actions[1])
        }
        self.idleOff = try Self.seconds(idleOff, key: "idle_off", in: 1...(7 * 86_400))
        self.wakeDuration =
            try Self.seconds(wakeDuration, key: "wake_duration", in: 1...3600) ?? self.wakeDuration
        self.linkTimeout =
            try Self.seconds(linkTimeout, key: "link_timeout", in: 0.1...300) ?? self.linkTimeout
        self.presenceMin =
            try Self.seconds(presenceMin, key: "presence_min", in: 0...600) ?? self.presenceMin
        for (scheme, link) in links {
            let key = "links.\(scheme)"
            guard Self.isScheme(scheme) else {
                throw InputConfigurationError(
                    key: key,
                    message: "expected a URL scheme (a letter, then letters, digits, "
                        + "+, - or .), found \"\(scheme)\"")
            }
            do {
                switch link {
                case .arguments(let arguments):
                    self.links[scheme.lowercased()] = try LinkAction(command: arguments)
                case .request(let request):
                    self.links[scheme.lowercased()] = try LinkAction(request: request)
                }
            } catch {
                throw InputConfigurationError(key: key, message: error.description)
            }
        }
    }

    private mutating func bind(_ name: String, _ actions: [String]) throws(InputConfigurationError)
    {
        let key = "keys.\(name)"
        guard let code = KeyMap.Key(named: name) else {
            throw InputConfigurationError(
                key: key,
                message: "expected a key or switch name the kernel knows (KEY_…, "
                    + "BTN_…, SW_…, as in linux/input-event-codes.h), found \"\(name)\"")
        }
        let parsed = try Self.actions(actions, key: key, count: 1...2)
        if parsed.count == 2, parsed[0] == .presence || parsed[1] == .presence {
            throw InputConfigurationError(
                key: key,
                message: "expected presence alone (it lasts while the key is held), "
                    + "found \(actions)")
        }
        keyMap.bindings[code] = KeyMap.Binding(
            press: parsed[0], release: parsed.count == 2 ? parsed[1] : nil)
    }

    private static func actions(
        _ texts: [String], key: String, count: ClosedRange<Int>
    ) throws(InputConfigurationError) -> [InputAction] {
        guard count.contains(texts.count) else {
            let wanted =
                count.lowerBound == count.upperBound
                ? "\(count.lowerBound) actions" : "an action, or one on press and one on release"
            throw InputConfigurationError(key: key, message: "expected \(wanted), found \(texts)")
        }
        var parsed: [InputAction] = []
        for text in texts {
            do {
                parsed.append(try InputAction(parsing: text))
            } catch {
                throw InputConfigurationError(key: key, message: error.description)
            }
        }
        return parsed
    }

    private static func seconds(
        _ value: Double?, key: String, in range: ClosedRange<Double>
    ) throws(InputConfigurationError) -> Double? {
        guard let value else { return nil }
        guard range.contains(value) else {
            throw InputConfigurationError(
                key: key,
                message: "expected a duration from \(DurationWords.seconds(range.lowerBound)) "
                    + "to \(DurationWords.seconds(range.upperBound)), found \(DurationWords.seconds(value))"
            )
        }
        return value
    }

    /// Whether `text` is a URL scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    static func isScheme(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                    || "+-.".unicodeScalars.contains($0))
        }
    }
}

/// An `[input]` value the configuration cannot use: the key and what was expected.
public struct InputConfigurationError: Error, Equatable, CustomStringConvertible {
    /// The key within `[input]`: `idle_off`, `keys.KEY_PROG1`, `links.lights`.
    public let key: String
    /// What is wrong and what is expected.
    public let message: String

    /// An error for `key`.
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// `[input] idle_off: expected …`, `[input.keys] KEY_X: expected …`.
    public var description: String {
        if let dot = key.firstIndex(of: ".") {
            return "[input.\(key[..<dot])] \(key[key.index(after: dot)...]): \(message)"
        }
        return "[input] \(key): \(message)"
    }
}
