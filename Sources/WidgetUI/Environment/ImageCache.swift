import FoundationEssentials
import Raster
import SystemSupport

/// The pictures a renderer has loaded: PNG files decoded once per path, symbol glyphs read
/// once from the icon font, and the problems already reported.
///
/// Create one per renderer and keep it for the renderer's life, in
/// ``EnvironmentValues/imageCache``, so that images are decoded once rather than every frame
/// and each missing file or unknown symbol is logged once rather than every frame. A file is
/// read the first time it is drawn; changing it on disk afterwards takes a new cache.
///
/// ```swift
/// var environment = EnvironmentValues()
/// environment.imageCache = ImageCache()      // kept by the host across frames
/// ```
///
/// Problems go to `logger` at warning level, each message once; the default logger has the
/// label `nightstand.widgetui`.
///
/// ## Differences from SwiftUI
///
/// SwiftUI caches images itself; this type exists because a widget host owns its renderer.
/// Not `Sendable`: use one per rendering thread.
public final class ImageCache {
    /// Where problems are reported.
    public let logger: Logger
    private var bitmaps: [String: Result<Bitmap, ImageFileProblem.Reason>] = [:]
    private var glyphs: [SystemSymbol: Raster.Path] = [:]
    private var questionMarkPath: Raster.Path??
    private var reported: Set<String> = []

    /// Creates an empty cache that reports problems to `logger`.
    ///
    /// - Parameter logger: Default: a logger labelled `nightstand.widgetui`.
    public init(logger: Logger = Logger(label: "nightstand.widgetui")) {
        self.logger = logger
    }

    // MARK: Image files

    /// The decoded PNG for an image name: the first `name.png` (or `name`, when it ends in
    /// `.png`) found in `directories`, decoded once per path.
    func bitmap(
        named name: String, in directories: [String], catalogs: @autoclosure () -> String
    ) -> Result<Bitmap, ImageFileProblem> {
        let file = name.lowercased().hasSuffix(".png") ? name : name + ".png"
        let paths =
            file.hasPrefix("/")
            ? [file] : directories.map { $0.hasSuffix("/") ? $0 + file : $0 + "/" + file }
        for path in paths where bitmaps[path] != nil || FileManager.default.fileExists(atPath: path)
        {
            return bitmap(atPath: path).mapError { .unreadable(name: name, reason: $0) }
        }
        return .failure(
            .notFound(name: name, file: file, directories: directories, catalogs: catalogs()))
    }

    /// The bitmap of the PNG or JPEG file at `path`, decoded once, or why it can't be.
    func bitmap(atPath path: String) -> Result<Bitmap, ImageFileProblem.Reason> {
        if let known = bitmaps[path] { return known }
        let decoded: Result<Bitmap, ImageFileProblem.Reason>
        do {
            let isJPEG = ["jpg", "jpeg"].contains(path.split(separator: ".").last?.lowercased())
            decoded = .success(
                isJPEG ? try PhotoDecoder.decode(file: path) : try PNGDecoder.decode(file: path))
        } catch {
            decoded = .failure(ImageFileProblem.Reason(description: "\(error)"))
        }
        bitmaps[path] = decoded
        return decoded
    }

    // MARK: Symbols

    /// The outline of a symbol's glyph in the unit square (0…1 both ways, y down), read once
    /// from the Material Icons font; nil, reported once, when the font or glyph is missing.
    func outline(of symbol: SystemSymbol, fonts: FontDatabase?) -> Raster.Path? {
        if let known = glyphs[symbol] { return known }
        guard let face = materialFace(fonts) else { return nil }
        guard let scalar = Unicode.Scalar(symbol.codepoint),
            let glyph = face.glyphIndex(for: scalar),
            let outline = face.outline(glyph: glyph, size: 1)
        else {
            reportOnce(
                "Image(systemName: \"\(symbol.name)\"): \(face.path) has no glyph "
                    + "\(symbol.material) (U+\(String(symbol.codepoint, radix: 16, uppercase: true)))"
                    + "; expected Material Icons 4 or later. Drawing a placeholder.")
            return nil
        }
        // The em square: the advance across, ascent above the baseline and descent below it
        // (Material Icons: 1 em square on the baseline).
        let metrics = face.metrics(size: 1)
        let width = max(face.advance(glyph: glyph, size: 1), 1e-6)
        let height = max(metrics.ascent + metrics.descent, 1e-6)
        var toUnit = Transform(
            a: 1 / width, b: 0, c: 0, d: 1 / height, tx: 0, ty: metrics.ascent / height)
        if symbol.isTurned {
            // A quarter turn clockwise about the middle: (x, y) → (1 − y, x).
            toUnit = toUnit.concatenating(Transform(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0))
        }
        let unit = outline.applying(toUnit)
        glyphs[symbol] = unit
        return unit
    }

    /// The Material Icons face, or nil (reported once) when it is not installed.
    private func materialFace(_ fonts: FontDatabase?) -> FontFace? {
        if let face = try? fonts?.face(family: Self.symbolFamily),
            face.familyName == Self.symbolFamily
        {
            return face
        }
        reportOnce(
            "Image(systemName:): the \(Self.symbolFamily) font is not installed; expected "
                + "MaterialIcons-Regular.ttf from Debian's fonts-material-design-icons-iconfont. "
                + "Drawing placeholders for symbols.")
        return nil
    }

    /// The family symbols are drawn from.
    static let symbolFamily = "Material Icons"

    /// A question mark's outline from the text font, fitted to the unit square's height and
    /// centered in it, for placeholders; nil without fonts.
    func questionMark(fonts: FontDatabase?) -> Raster.Path? {
        if let known = questionMarkPath { return known }
        var result: Raster.Path?
        if let face = try? fonts?.face(weight: .semibold), let glyph = face.glyphIndex(for: "?"),
            let outline = face.outline(glyph: glyph, size: 1), !outline.isEmpty
        {
            let ink = outline.boundingRect
            let scale = 1 / ink.height
            result = outline.applying(
                Transform(
                    a: scale, b: 0, c: 0, d: scale, tx: 0.5 - ink.midX * scale,
                    ty: -ink.minY * scale))
        }
        questionMarkPath = .some(result)
        return result
    }

    // MARK: Reporting

    /// Logs `message` as a warning unless it was logged before.
    func reportOnce(_ message: String) {
        guard reported.insert(message).inserted else { return }
        logger.warning("\(message)")
    }
}

/// Why an image file can't be drawn, worded for the log.
enum ImageFileProblem: Error, CustomStringConvertible {
    /// No catalog has the set, and no directory holds the file.
    case notFound(name: String, file: String, directories: [String], catalogs: String)
    /// The file exists but doesn't decode.
    case unreadable(name: String, reason: Reason)

    /// A decoder's error, as it describes itself.
    struct Reason: Error, CustomStringConvertible {
        let description: String
    }

    var description: String {
        switch self {
        case .notFound(let name, let file, let directories, let catalogs):
            let placeholder = "Drawing a placeholder."
            if file.hasPrefix("/") {
                return "Image(\"\(name)\"): no file \(file); expected a PNG file. \(placeholder)"
            }
            let places =
                directories.isEmpty ? "no image directories" : directories.joined(separator: ", ")
            return "Image(\"\(name)\"): no image set named \(name) in \(catalogs), and no file "
                + "\(file) in \(places); expected an image set in an asset catalog or a PNG file "
                + "in one of the environment's imageDirectories. \(placeholder)"
        case .unreadable(let name, let reason):
            return "Image(\"\(name)\"): \(reason); expected a PNG or JPEG image. Drawing a "
                + "placeholder."
        }
    }
}
