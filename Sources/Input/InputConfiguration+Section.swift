import Settings

extension InputConfiguration: ConfigurationSection {
    /// `[input]`.
    public static let sectionName = "input"

    /// The keys of `[input]`; `keys` and `links` are tables of their own (`[input.keys]`,
    /// `[input.links]`).
    public static let keys = [
        "devices", "calibration", "idle_off", "wake_duration", "presence_min", "encoder",
        "link_timeout", "keys",
        "links",
    ]

    /// Reads and checks `[input]`: each value's type here, its meaning in
    /// ``init(devices:calibration:keys:encoder:idleOff:wakeDuration:links:linkTimeout:)``; an
    /// error names the key at its line.
    public init(section: SettingsTable) throws(ConfigurationError) {
        var devices: [String]?
        if case .string(let text)? = section.values["devices"] {
            guard text == "auto" || text == "none" else {
                throw section.error(
                    "devices", expected: "\"auto\", \"none\" or an array of device names and paths",
                    found: .string(text))
            }
            devices = [text]
        } else {
            devices = try section.strings("devices")
        }
        var calibration: [Double]?
        if let value = section.values["calibration"] {
            var numbers: [Double] = []
            if case .array(let items) = value {
                for item in items {
                    switch item {
                    case .integer(let i): numbers.append(Double(i))
                    case .float(let d): numbers.append(d)
                    default: break
                    }
                }
            }
            guard case .array(let items) = value, numbers.count == items.count else {
                throw section.error("calibration", expected: "six numbers", found: value)
            }
            calibration = numbers
        }
        var keys: [(name: String, actions: [String])] = []
        if let table = try section.table("keys") {
            for name in table.keys {
                if case .string(let action)? = table.values[name] {
                    keys.append((name, [action]))
                } else {
                    keys.append((name, try table.strings(name) ?? []))
                }
            }
        }
        var links: [(scheme: String, link: LinkValue)] = []
        if let table = try section.table("links") {
            for scheme in table.keys {
                if case .string(let request)? = table.values[scheme] {
                    links.append((scheme, .request(request)))
                } else {
                    links.append((scheme, .arguments(try table.strings(scheme) ?? [])))
                }
            }
        }
        let encoder = try section.strings("encoder")
        let idleOff = try section.duration("idle_off", in: .duration(1...(7 * 86_400)))
        let wakeDuration = try section.duration("wake_duration", in: .duration(1...3600))
        let linkTimeout = try section.duration("link_timeout", in: .duration(0.1...300))
        let presenceMin = try section.duration("presence_min", in: .duration(0...600))
        do {
            try self.init(
                devices: devices, calibration: calibration, keys: keys, encoder: encoder,
                idleOff: idleOff, wakeDuration: wakeDuration, links: links,
                linkTimeout: linkTimeout, presenceMin: presenceMin)
        } catch {
            // `keys.KEY_X` is the key KEY_X of the table [input.keys], at its own line.
            let parts = error.key.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2, let table = try? section.table(parts[0]) {
                throw table.named("[input.\(parts[0])]").error(parts[1], error.message)
            }
            throw section.error(error.key, error.message)
        }
    }
}
