import Foundation
import Raster

/// An Xcode asset catalog (`Assets.xcassets`) as SwiftPM copies it into a widget's resource
/// bundle on Linux: folders of `Contents.json` files read at run time, as `actool` would have
/// compiled them.
///
/// A `Name.colorset` folder is the color `Name`, a `Name.imageset` folder the image `Name`;
/// other folders group them, and a group whose `Contents.json` has
/// `"provides-namespace": true` prefixes its sets' names with `Group/`, as in Xcode. Each
/// problem (a colorset that doesn't parse, an image set without a bitmap) is kept in
/// ``problems`` with the file it is about.
struct AssetCatalog: Sendable {
    /// The catalog's folder.
    let path: String
    /// The colors by name: the color drawn, or why there is none.
    private(set) var colors: [String: Result<Color, AssetProblem>] = [:]
    /// The image sets by name.
    private(set) var images: [String: AssetImageSet] = [:]

    /// Reads the catalog at `path`; a folder that can't be read is a catalog without sets.
    init(path: String) {
        self.path = path
        read(folder: path, namespace: "")
    }

    /// The catalog's name as a message shows it: `Assets.xcassets (/full/path)`.
    var displayName: String {
        "\((path as NSString).lastPathComponent) (\(path))"
    }

    private mutating func read(folder: String, namespace: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in names.sorted() {
            let full = folder + "/" + entry
            let stem = (entry as NSString).deletingPathExtension
            switch (entry as NSString).pathExtension {
            case "colorset": colors[namespace + stem] = Self.color(in: full)
            case "imageset": images[namespace + stem] = AssetImageSet(folder: full)
            case "":
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder),
                    isFolder.boolValue
                else { continue }
                let contents = AssetContents(folder: full)
                let prefix = contents?.properties?.providesNamespace == true ? stem + "/" : ""
                read(folder: full, namespace: namespace + prefix)
            default: continue
            }
        }
    }

    /// The color a colorset draws: its dark appearance when it has one (StandBy is always
    /// dark), otherwise its appearance for any; universal or iPhone entries first.
    private static func color(in folder: String) -> Result<Color, AssetProblem> {
        let file = folder + "/Contents.json"
        guard let contents = AssetContents(folder: folder) else {
            return .failure(AssetProblem(file: file, detail: "not a readable Contents.json"))
        }
        let entries = (contents.colors ?? []).filter { $0.color != nil }
        guard let color = entries.bestAppearance.first?.color else {
            return .failure(AssetProblem(file: file, detail: "no color in \"colors\""))
        }
        return color.resolved(file: file)
    }
}

/// Something wrong with a catalog's file, for the log.
struct AssetProblem: Error, Equatable, Sendable, CustomStringConvertible {
    let file: String
    let detail: String

    var description: String { "\(file): \(detail)" }
}

/// An entry of a set: the appearances and the device it is for.
protocol AssetEntry {
    var appearances: [AssetContents.Appearance]? { get }
    var idiom: String? { get }
}

extension AssetEntry {
    /// How well the entry suits StandBy, lower first: dark before any before light, normal
    /// contrast before high.
    var standByRank: Int {
        let list = appearances ?? []
        let luminosity = list.first { $0.appearance == "luminosity" }?.value
        let highContrast = list.contains { $0.appearance == "contrast" && $0.value == "high" }
        let base =
            switch luminosity {
            case "dark": 0
            case nil: 1
            default: 2
            }
        return base * 2 + (highContrast ? 1 : 0)
    }
}

extension Array where Element: AssetEntry {
    /// The entries for the devices StandBy stands for: universal and iPhone ones when there
    /// are any, otherwise all.
    var forPhone: [Element] {
        let phone = filter { [nil, "universal", "iphone"].contains($0.idiom) }
        return phone.isEmpty ? self : phone
    }

    /// The entries of the best-suited appearance (``AssetEntry/standByRank``), in file order.
    var bestAppearance: [Element] {
        let entries = forPhone
        guard let best = entries.map(\.standByRank).min() else { return [] }
        return entries.filter { $0.standByRank == best }
    }
}
