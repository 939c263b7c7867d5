import Foundation

/// A set's or group's `Contents.json`, the fields Nightstand reads of what Xcode writes.
///
/// ```json
/// { "colors" : [ { "color" : { "color-space" : "display-p3",
///                              "components" : { "red" : "0.039", "green" : "0x84",
///                                               "blue" : "255", "alpha" : "1.000" } },
///                  "idiom" : "universal" },
///                { "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
///                  "color" : { … }, "idiom" : "universal" } ],
///   "info" : { "author" : "xcode", "version" : 1 } }
/// ```
struct AssetContents: Decodable {
    var colors: [ColorEntry]?
    var images: [ImageEntry]?
    var properties: Properties?

    /// The `Contents.json` in `folder`, or nil when it is missing or not such JSON.
    init?(folder: String) {
        guard let data = FileManager.default.contents(atPath: folder + "/Contents.json"),
            let decoded = try? JSONDecoder().decode(AssetContents.self, from: data)
        else { return nil }
        self = decoded
    }

    struct Appearance: Decodable {
        var appearance: String
        var value: String
    }

    struct Properties: Decodable {
        var providesNamespace: Bool?

        enum CodingKeys: String, CodingKey {
            case providesNamespace = "provides-namespace"
        }
    }

    struct ColorEntry: Decodable, AssetEntry {
        var idiom: String?
        var appearances: [Appearance]?
        var color: ColorValue?
    }

    struct ImageEntry: Decodable, AssetEntry {
        var idiom: String?
        var appearances: [Appearance]?
        var filename: String?
        var scale: String?
    }

    /// A color as Xcode writes it: a color space and components, each a string in one of the
    /// inspector's input methods (`"0.039"` floating point, `"10"` 8-bit, `"0x0A"` 8-bit
    /// hexadecimal), or a reference to a system color.
    struct ColorValue: Decodable {
        var colorSpace: String?
        var components: [String: Component]?
        var reference: String?

        enum CodingKeys: String, CodingKey {
            case colorSpace = "color-space"
            case components, reference
        }

        /// The color, or what is wrong with it in `file`.
        func resolved(file: String) -> Result<Color, AssetProblem> {
            func failure(_ detail: String) -> Result<Color, AssetProblem> {
                .failure(AssetProblem(file: file, detail: detail))
            }
            if let reference {
                return failure(
                    "refers to the system color \(reference), which a catalog read here can't "
                        + "resolve; expected components")
            }
            let space = colorSpace ?? "srgb"
            func component(_ key: String, default fallback: Double? = nil) -> Double? {
                components?[key]?.value ?? fallback
            }
            let alpha = component("alpha", default: 1) ?? 1
            switch space {
            case "gray-gamma-22", "extended-gray":
                guard let white = component("white") else {
                    return failure("\(space) needs a \"white\" component, from 0 to 1")
                }
                return .success(Color(grayGamma22: white, opacity: alpha))
            case "srgb", "extended-srgb", "display-p3", "extended-linear-srgb":
                guard let red = component("red"), let green = component("green"),
                    let blue = component("blue")
                else {
                    return failure(
                        "\(space) needs \"red\", \"green\" and \"blue\" components, each a "
                            + "number from 0 to 1, 0 to 255 or 0x00 to 0xFF")
                }
                let colorSpace: Color.RGBColorSpace =
                    switch space {
                    case "display-p3": .displayP3
                    case "extended-linear-srgb": .sRGBLinear
                    default: .sRGB
                    }
                return .success(
                    Color(colorSpace, red: red, green: green, blue: blue, opacity: alpha))
            default:
                return failure(
                    "unknown color-space \"\(space)\"; expected srgb, display-p3, "
                        + "extended-srgb, extended-linear-srgb, gray-gamma-22 or extended-gray")
            }
        }
    }

    /// One component: a string in one of Xcode's input methods, or a plain number (0…1).
    struct Component: Decodable {
        let value: Double?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                value = number
            } else {
                value = Self.parse(try container.decode(String.self))
            }
        }

        /// `"0x84"` and `"132"` are 8-bit (÷ 255), `"0.518"` is floating point.
        static func parse(_ text: String) -> Double? {
            let written = text.trimmingCharacters(in: .whitespaces)
            if written.lowercased().hasPrefix("0x") {
                return Int(written.dropFirst(2), radix: 16).map { Double($0) / 255 }
            }
            if written.contains(".") { return Double(written) }
            return Int(written).map { Double($0) / 255 }
        }
    }
}
