import Foundation
import Synchronization
import SystemSupport

/// The asset catalogs `Color("Name")` and `Image("Name")` look in, each read once per process:
/// the `*.xcassets` folders of a bundle's resources, or, with no bundle, of the main bundle
/// and every SwiftPM resource bundle beside the program (a widget package's `Bundle.module`).
///
/// A name found in none of them is reported once, through swift-log under the label
/// `nightstand.widgetui`, naming the catalogs looked in; so is each broken set.
final class AssetCatalogs: Sendable {
    static let shared = AssetCatalogs()
    private let byFolder = Mutex<[String: [AssetCatalog]]>([:])
    private let reported = Mutex<Set<String>>([])
    private let logger: Logger

    init(logger: Logger = Logger(label: "nightstand.widgetui")) {
        self.logger = logger
    }

    /// The catalogs of `bundle`'s resources, or of the program's folders.
    func catalogs(bundle: Bundle?) -> [AssetCatalog] {
        Self.folders(bundle: bundle).flatMap(catalogs(in:))
    }

    /// The folders whose catalogs are read: `bundle`'s resources, or the program's.
    private static func folders(bundle: Bundle?) -> [String] {
        bundle.map { [$0.resourcePath ?? $0.bundlePath] } ?? LocalizedTables.programFolders
    }

    private func catalogs(in folder: String) -> [AssetCatalog] {
        if let known = byFolder.withLock({ $0[folder] }) { return known }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let found = names.sorted().filter { $0.hasSuffix(".xcassets") }.map {
            AssetCatalog(path: folder + "/" + $0)
        }
        byFolder.withLock { $0[folder] = found }
        return found
    }

    /// The color named `name` in the first catalog that has it; clear, reported once, when
    /// none has it or its colorset is broken.
    func color(named name: String, bundle: Bundle?) -> Color {
        let catalogs = catalogs(bundle: bundle)
        for catalog in catalogs {
            switch catalog.colors[name] {
            case .success(let color): return color
            case .failure(let problem):
                reportOnce("Color(\"\(name)\"): \(problem). Drawing clear.")
                return .clear
            case nil: continue
            }
        }
        reportOnce(
            "Color(\"\(name)\"): no color set named \(name) in "
                + Self.describe(catalogs, bundle: bundle) + ". Drawing clear.")
        return .clear
    }

    /// The catalogs' `AccentColor`, as SwiftUI's `Color.accentColor` reads it; nil (not
    /// reported) when no catalog of the program has one with components.
    var accentColor: Color? {
        catalogs(bundle: nil).lazy.compactMap { try? $0.colors["AccentColor"]?.get() }.first
    }

    /// The image set named `name` in the first catalog that has it, or nil when none has it.
    func imageSet(named name: String, bundle: Bundle?) -> AssetImageSet? {
        catalogs(bundle: bundle).lazy.compactMap { $0.images[name] }.first
    }

    /// The catalogs looked in, for a message: `Assets.xcassets (/path)`, or where none was.
    static func describe(_ catalogs: [AssetCatalog], bundle: Bundle?) -> String {
        if catalogs.isEmpty {
            return "no asset catalog (no *.xcassets folder in "
                + folders(bundle: bundle).joined(separator: ", ") + ")"
        }
        return catalogs.map(\.displayName).joined(separator: ", ")
    }

    /// Logs `message` as a warning unless it was logged before in this process.
    func reportOnce(_ message: String) {
        guard reported.withLock({ $0.insert(message).inserted }) else { return }
        logger.warning("\(message)")
    }
}
