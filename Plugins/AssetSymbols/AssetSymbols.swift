import Foundation
import PackagePlugin

/// Generates `GeneratedAssetSymbols.swift` for a target's asset catalogs, as Xcode does: a
/// `ColorResource` static for each colorset and an `ImageResource` static for each image set,
/// named as Xcode names them (``symbol(for:dropping:)``), so that `Color(.brandBlue)` and
/// `Image(.climeClear)` compile; and the shorthands `Color.brandBlue` and
/// `.foregroundStyle(.brandBlue)` where SwiftUI has no color or style of that name. Applied in a widget package's Package.swift:
///
/// ```swift
/// .executableTarget(name: "MyWidgets", dependencies: [...], resources: [.process("Resources")],
///                   plugins: [.plugin(name: "AssetSymbols", package: "Nightstand")])
/// ```
///
/// Image sets holding only PDF, SVG or HEIC files get a build warning: Nightstand draws PNG
/// and JPEG only. Two assets whose symbols collide get a warning, and the first is kept.
@main
struct AssetSymbolsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let catalogs = Set(
            module.sourceFiles.compactMap { file -> String? in
                let parts = file.url.path.components(separatedBy: "/")
                guard let end = parts.firstIndex(where: { $0.hasSuffix(".xcassets") }) else {
                    return nil
                }
                return parts[...end].joined(separator: "/")
            }
        ).sorted()
        // The generated file imports the module the target has the resource types from.
        let names = Set(module.recursiveTargetDependencies.map(\.name))
        var assets = Assets(module: names.contains("NightstandKit") ? "NightstandKit" : "WidgetUI")
        for catalog in catalogs { assets.read(folder: catalog, namespace: "") }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let file = output.appending(path: "GeneratedAssetSymbols.swift")
        let text = assets.swiftSource()
        if (try? String(contentsOf: file, encoding: .utf8)) != text {
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return [
            .prebuildCommand(
                displayName: "Asset symbols of \(target.name)",
                executable: URL(filePath: "/bin/sh"), arguments: ["-c", ":"],
                outputFilesDirectory: output)
        ]
    }
}

/// The colorsets and image sets of catalogs, by name.
struct Assets {
    /// The module that declares `ColorResource` and `ImageResource` for the target.
    let module: String
    var colors: [(name: String, symbol: String)] = []
    var images: [(name: String, symbol: String)] = []

    /// Reads a catalog or group folder: `X.colorset` is the color `X`, `X.imageset` the image
    /// `X`; a group with `"provides-namespace": true` prefixes `Group/`.
    mutating func read(folder: String, namespace: String) {
        let files = FileManager.default
        for entry in ((try? files.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            let path = folder + "/" + entry
            let stem = (entry as NSString).deletingPathExtension
            switch (entry as NSString).pathExtension {
            case "colorset":
                add(namespace + stem, to: \.colors, dropping: "Color")
            case "imageset":
                add(namespace + stem, to: \.images, dropping: "Image")
                warnIfVectorOnly(path)
            case "":
                var isFolder: ObjCBool = false
                guard files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
                else { continue }
                let json = files.contents(atPath: path + "/Contents.json").flatMap {
                    try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
                }
                let properties = json?["properties"] as? [String: Any]
                let namespaced = properties?["provides-namespace"] as? Bool == true
                read(folder: path, namespace: namespace + (namespaced ? stem + "/" : ""))
            default: continue
            }
        }
    }

    private mutating func add(
        _ name: String, to list: WritableKeyPath<Assets, [(name: String, symbol: String)]>,
        dropping suffix: String
    ) {
        let symbol = Self.symbol(for: name, dropping: suffix)
        if let other = self[keyPath: list].first(where: { $0.symbol == symbol }) {
            Diagnostics.warning(
                "asset \"\(name)\" resolves to the symbol \(symbol), as \"\(other.name)\" does; "
                    + "only \"\(other.name)\" gets it. Rename one of them.")
            return
        }
        self[keyPath: list].append((name, symbol))
    }

    /// Warns when an image set has files but none Nightstand draws.
    private func warnIfVectorOnly(_ set: String) {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: set)) ?? [])
            .filter { $0 != "Contents.json" }
        let bitmaps = files.filter {
            ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased())
        }
        if !files.isEmpty, bitmaps.isEmpty {
            Diagnostics.warning(
                "\(set): \(files.joined(separator: ", ")) can't be drawn by Nightstand (PDF, SVG "
                    + "and HEIC are not read); add PNG or JPEG files at 1x, 2x or 3x.")
        }
    }

    /// Xcode's symbol for an asset name: words split at anything not a letter or digit,
    /// camel-cased with a lowercase start (a leading run of capitals lowered: `URLIcon` →
    /// `urlIcon`), a trailing `Color` (colors) or `Image` (images) dropped when something is
    /// left, `_` before a leading digit, and a Swift keyword in backticks.
    static func symbol(for name: String, dropping suffix: String) -> String {
        let words = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        var symbol = words.enumerated().map { index, word in
            index == 0 ? lowercasingStart(word) : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        if symbol.hasSuffix(suffix), symbol.count > suffix.count {
            symbol.removeLast(suffix.count)
        }
        if symbol.first?.isNumber ?? true { symbol = "_" + symbol }
        return keywords.contains(symbol) ? "`\(symbol)`" : symbol
    }

    /// `Brand` → `brand`, `URLIcon` → `urlIcon`, `URL` → `url`.
    private static func lowercasingStart(_ word: String) -> String {
        let characters = Array(word)
        var capitals = characters.prefix { $0.isUppercase }.count
        if capitals > 1, capitals < characters.count { capitals -= 1 }
        return String(characters[..<capitals]).lowercased() + String(characters[capitals...])
    }

    /// The static colors and shape styles SwiftUI declares: no shorthand shadows them.
    private static let swiftUINames: Set<String> = [
        "black", "white", "clear", "red", "orange", "yellow", "green", "mint", "teal", "cyan",
        "blue", "indigo", "purple", "pink", "brown", "gray", "primary", "secondary", "tertiary",
        "quaternary", "quinary", "accentColor", "fill", "background", "foreground", "tint",
        "separator", "selection", "placeholder", "link", "bar", "windowBackground",
        "ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial",
        "ultraThickMaterial", "color", "style", "linearGradient", "radialGradient",
        "angularGradient", "conicGradient", "ellipticalGradient", "shadow", "opacity",
    ]

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init",
        "inout", "let", "operator", "protocol", "struct", "subscript", "typealias", "var",
        "break", "case", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch",
        "false", "is", "nil", "rethrows", "self", "super", "throw", "throws", "true", "try",
        "internal", "private", "public", "static", "fileprivate", "open", "any", "some",
    ]

    /// The generated file.
    func swiftSource() -> String {
        func statics(_ type: String, _ list: [(name: String, symbol: String)]) -> String {
            guard !list.isEmpty else { return "" }
            let lines = list.map { asset in
                "    /// The \"\(asset.name)\" asset catalog \(type == "ColorResource" ? "color" : "image") resource.\n"
                    + "    static let \(asset.symbol) = \(type)(name: \"\(asset.name)\", bundle: .module)\n"
            }
            return "\nextension \(type) {\n" + lines.joined() + "}\n"
        }
        // Xcode's shorthands, `Color.brandBlue` and `.foregroundStyle(.brandBlue)`, for the
        // names SwiftUI's own colors and styles don't take.
        let shorthands = colors.filter { !Self.swiftUINames.contains($0.symbol) }
        func shorthand(_ header: String) -> String {
            guard !shorthands.isEmpty else { return "" }
            let lines = shorthands.map { asset in
                "    /// The \"\(asset.name)\" asset catalog color.\n"
                    + "    static var \(asset.symbol): Color { Color(ColorResource.\(asset.symbol)) }\n"
            }
            return "\n\(header) {\n" + lines.joined() + "}\n"
        }
        return """
            // Generated by Nightstand's AssetSymbols plugin from the target's asset catalogs, as
            // Xcode generates GeneratedAssetSymbols.swift. Do not edit.
            import Foundation
            import \(module)

            """ + statics("ColorResource", colors) + statics("ImageResource", images)
                + shorthand("extension Color")
                + shorthand("extension ShapeStyle where Self == Color")
    }
}
