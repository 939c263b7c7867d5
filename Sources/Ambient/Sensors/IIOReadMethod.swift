/// Which sysfs attributes of an IIO device give its illuminance, and how to combine them.
///
/// Follows the kernel ABI (`Documentation/ABI/testing/sysfs-bus-iio`): a processed channel
/// (`_input`) is already in lux; a raw channel converts as `(raw + offset) × scale`, with
/// offset 0 and scale 1 where the attribute is absent. Channel-specific attributes
/// (`in_illuminance0_scale`) win over the type-wide ones (`in_illuminance_scale`).
///
/// The order of preference, first match wins:
/// 1. `in_illuminance_input`, then indexed `in_illuminanceN_input` (TSL2561/TSL2563, TSL2591);
/// 2. `in_illuminance_raw`, then `in_illuminanceN_raw`, each with its `_scale`/`_offset`
///    (the Raspberry Pi's BH1750 overlay exposes only raw × scale);
/// 3. `in_intensity_clear_raw`: the clear channel of color sensors without a lux channel
///    (APDS9960). Its unit is counts, not lux, so thresholds must be tuned to it.
public enum IIOReadMethod: Sendable, Equatable, CustomStringConvertible {
    /// A processed channel already in lux, e.g. `in_illuminance_input`.
    case processed(input: String)
    /// A raw channel: lux = (raw + offset) × scale; nil attributes count as offset 0, scale 1.
    case raw(raw: String, scale: String?, offset: String?)

    /// Whether readings are calibrated lux (false for a clear channel in counts).
    public var isLux: Bool {
        switch self {
        case .processed: true
        case .raw(let raw, _, _): raw.hasPrefix("in_illuminance")
        }
    }

    /// How a reading is computed, such as `in_illuminance_raw × in_illuminance_scale`.
    public var description: String {
        switch self {
        case .processed(let input):
            return input
        case .raw(let raw, let scale, let offset):
            let sum = offset.map { "(\(raw) + \($0))" } ?? raw
            let formula = scale.map { "\(sum) × \($0)" } ?? "\(sum) (no scale attribute)"
            return isLux ? formula : "\(formula), clear-channel counts, not lux"
        }
    }

    /// The method for a device whose directory holds the files `names`, or nil when it has no
    /// light channel.
    static func choose(among names: Set<String>) -> IIOReadMethod? {
        if let channel = channels(of: "in_illuminance", suffix: "_input", among: names).first {
            return .processed(input: channel + "_input")
        }
        if let channel = channels(of: "in_illuminance", suffix: "_raw", among: names).first {
            return raw(channel: channel, type: "in_illuminance", among: names)
        }
        if names.contains("in_intensity_clear_raw") {
            return raw(channel: "in_intensity_clear", type: "in_intensity", among: names)
        }
        return nil
    }

    /// The raw method for `channel`, picking its own scale/offset or else the type-wide ones.
    private static func raw(channel: String, type: String, among names: Set<String>)
        -> IIOReadMethod
    {
        func attribute(_ suffix: String) -> String? {
            [channel + suffix, type + suffix].first(where: names.contains)
        }
        return .raw(raw: channel + "_raw", scale: attribute("_scale"), offset: attribute("_offset"))
    }

    /// Channel prefixes of `type` that have an attribute ending in `suffix`: the unindexed one
    /// (`in_illuminance`) first, then indexed ones (`in_illuminance0`, `in_illuminance1`) by
    /// number.
    private static func channels(of type: String, suffix: String, among names: Set<String>)
        -> [String]
    {
        var found: [(index: Int, channel: String)] = []
        for name in names where name.hasPrefix(type) && name.hasSuffix(suffix) {
            let index = name.dropFirst(type.count).dropLast(suffix.count)
            if index.isEmpty {
                found.append((-1, type))
            } else if index.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(index) {
                found.append((number, type + index))
            }
        }
        return found.sorted { $0.index < $1.index }.map(\.channel)
    }
}
