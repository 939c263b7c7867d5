import Foundation
import Raster

/// A picture: an image set of an asset catalog or a PNG file found by name, or a system
/// symbol drawn from the icon font.
///
/// `Image("name")` draws the image set `name` of the program's asset catalogs
/// (`Assets.xcassets`, read from the widget's resource bundle) at its natural size: its PNG or
/// JPEG for the display's scale (`@1x`, `@2x`, `@3x`; the dark appearance when it has one),
/// as many points as pixels ÷ scale. Without such a set it looks for `name.png` (or `name`
/// when it already ends in `.png`) in each of the environment's
/// ``EnvironmentValues/imageDirectories`` in turn, and draws the first one found at one
/// point per pixel. ``resizable()`` lets it take the size it is
/// offered instead; ``View/aspectRatio(_:contentMode:)``, ``View/scaledToFit()`` and
/// ``View/scaledToFill()`` keep its proportions. Scaled images are drawn as vectors at the
/// render scale with bilinear filtering, never pre-scaled.
///
/// `Image(systemName:)` draws an SF Symbol name as the matching glyph of the Material Icons
/// font (the names WidgetUI knows are listed in <doc:Symbols>), sized by the environment's font
/// and ``EnvironmentValues/imageScale`` and colored by the foreground style, as SwiftUI sizes
/// and colors symbols.
///
/// ```swift
/// HStack {
///     Image(systemName: "cloud.sun.fill")
///     Text("21°")
/// }
/// .font(.title)
///
/// Image("album-cover")
///     .resizable()
///     .scaledToFill()
///     .frame(width: 80, height: 80)
/// ```
///
/// A file that is missing or not a readable PNG, and a symbol name WidgetUI doesn't know,
/// draw a placeholder (a rounded square with a question mark, as large as a symbol in the
/// current font) and are reported once each through swift-log, under the label
/// `nightstand.widgetui`.
///
/// ## Differences from SwiftUI
///
/// - An image set's PDF, SVG or HEIC files are not drawn (only PNG and JPEG), nor is its
///   template rendering intent; files from directories are PNG only, at one scale.
/// - `resizable()` takes no cap insets and always stretches (no tiling).
/// - Symbols come from one single-weight icon font: they ignore the font's weight, are square,
///   and have one layer (see <doc:Symbols> for what each rendering mode does).
public struct Image: View {
    /// Where the picture comes from.
    enum Source: Hashable {
        /// An image set's name in a bundle's catalogs, else a PNG file name looked up in the
        /// image directories.
        case named(String, bundle: Bundle?)
        /// An SF Symbol name, drawn from the icon font.
        case system(String)
    }

    let source: Source
    var isResizable = false

    /// Creates an image from the image set `name` in an asset catalog of `bundle` (with no
    /// bundle, of the program and its resource bundles), or else from the PNG file `name`
    /// (with or without `.png`) in one of the environment's
    /// ``EnvironmentValues/imageDirectories``.
    ///
    /// An absolute path is used as it is.
    ///
    /// ```swift
    /// Image("ClimeClear")           // Assets.xcassets/ClimeClear.imageset
    /// Image("sunrise")              // or sunrise.png in the first directory that has one
    /// ```
    public init(_ name: String, bundle: Bundle? = nil) {
        source = .named(name, bundle: bundle)
    }

    /// Creates an image of a system symbol, by its SF Symbols name.
    ///
    /// ```swift
    /// Image(systemName: "battery.75")
    /// ```
    public init(systemName: String) {
        source = .system(systemName)
    }

    /// Lets the image take the size it is offered, stretching its picture to fill it.
    ///
    /// Without it an image keeps its natural size whatever it is offered. Pair it with
    /// ``View/scaledToFit()`` or ``View/scaledToFill()`` to keep the picture's proportions.
    ///
    /// ```swift
    /// Image(systemName: "moon.stars.fill")
    ///     .resizable()
    ///     .scaledToFit()
    ///     .frame(width: 60, height: 60)
    /// ```
    public func resizable() -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    /// How large symbol images are relative to the font they sit in.
    ///
    /// ```swift
    /// Image(systemName: "bell").imageScale(.large)
    /// ```
    public enum Scale: Hashable, Sendable, CaseIterable {
        /// About 78 % of the medium size.
        case small
        /// Sized to the font; the default.
        case medium
        /// About 129 % of the medium size.
        case large
    }
}

extension Image: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let cache = environment.imageCache ?? ImageCache()
        switch source {
        case .named(let name, let bundle):
            nodes.append(namedNode(name, bundle: bundle, cache: cache, environment: environment))
        case .system(let name):
            nodes.append(symbolNode(name, cache: cache, environment: environment))
        }
    }

    /// The node of an image set or PNG file, or of its placeholder when neither can be drawn.
    private func namedNode(
        _ name: String, bundle: Bundle?, cache: ImageCache, environment: EnvironmentValues
    ) -> LayoutNode {
        let catalogs = AssetCatalogs.shared
        if let set = catalogs.imageSet(named: name, bundle: bundle) {
            guard let variant = set.variant(for: environment.displayScale) else {
                cache.reportOnce(
                    "Image(\"\(name)\"): \(set.problem.map(String.init(describing:)) ?? "empty")"
                        + ". Drawing a placeholder.")
                return placeholderNode(cache: cache, environment: environment)
            }
            return bitmapNode(
                cache.bitmap(atPath: variant.path).mapError {
                    .unreadable(name: name, reason: $0)
                }, scale: variant.scale, cache: cache, environment: environment)
        }
        let file = cache.bitmap(
            named: name, in: environment.imageDirectories,
            catalogs: AssetCatalogs.describe(catalogs.catalogs(bundle: bundle), bundle: bundle))
        return bitmapNode(file, scale: 1, cache: cache, environment: environment)
    }

    /// The node of a bitmap drawn `scale` pixels per point, or of the placeholder.
    private func bitmapNode(
        _ bitmap: Result<Bitmap, ImageFileProblem>, scale: Double, cache: ImageCache,
        environment: EnvironmentValues
    ) -> LayoutNode {
        switch bitmap {
        case .success(let bitmap):
            return ImageNode(
                naturalSize: Size(
                    width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale),
                isResizable: isResizable, baseline: nil
            ) { bounds in
                [.image(ImageRun(bitmap: bitmap, rect: bounds))]
            }
        case .failure(let problem):
            cache.reportOnce(problem.description)
            return placeholderNode(cache: cache, environment: environment)
        }
    }

    /// The node of a system symbol, or of its placeholder when the name or font is unknown.
    private func symbolNode(
        _ name: String, cache: ImageCache, environment: EnvironmentValues
    ) -> LayoutNode {
        guard let symbol = SystemSymbols.symbol(named: name) else {
            cache.reportOnce(
                "Image(systemName: \"\(name)\"): no such symbol; expected one of the "
                    + "\(SystemSymbols.all.count) SF Symbols names WidgetUI maps to Material "
                    + "Icons (Documentation.docc/Symbols.md). Drawing a placeholder.")
            return placeholderNode(cache: cache, environment: environment)
        }
        guard let glyph = cache.outline(of: symbol, fonts: environment.fontDatabase) else {
            return placeholderNode(cache: cache, environment: environment)
        }
        let metrics = SymbolMetrics(environment)
        let shading = symbol.shading(
            mode: environment.symbolRenderingMode, foreground: environment.foregroundShading)
        return ImageNode(
            naturalSize: metrics.box, isResizable: isResizable, baseline: metrics.baseline
        ) { bounds in
            [.fill(glyph.applying(ImageNode.unitSquare(to: bounds)), shading)]
        }
    }

    /// A node as large as a symbol, drawing the placeholder.
    private func placeholderNode(cache: ImageCache, environment: EnvironmentValues) -> LayoutNode {
        let metrics = SymbolMetrics(environment)
        let mark = cache.questionMark(fonts: environment.fontDatabase)
        let shading = environment.foregroundShading
        return ImageNode(
            naturalSize: metrics.box, isResizable: isResizable, baseline: metrics.baseline
        ) { bounds in
            ImagePlaceholder.drawing(in: bounds, questionMark: mark, shading: shading)
        }
    }
}
