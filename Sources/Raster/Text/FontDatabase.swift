import CFontconfig
import FoundationEssentials
import Glibc
import SystemSupport

/// Finds installed fonts with fontconfig and loads them as ``FontFace``s, once each.
///
/// A database is the font context of a renderer: it owns the ``FontLibrary`` (FreeType and the
/// glyph cache), the fontconfig configuration, every face loaded, and the fallback faces found
/// per character. Lookups are cached, so asking again for the same family, weight and design
/// costs a dictionary lookup.
///
/// ```swift
/// let fonts = try FontDatabase()
/// let body = try fonts.face()                                   // Inter Regular
/// let clock = try fonts.face(weight: .bold, design: .rounded)   // Quicksand Bold, or Inter Bold
/// let mono = try fonts.face(design: .monospaced)                // DejaVu Sans Mono
/// let dejavu = try fonts.face(family: "DejaVu Sans", weight: .bold)
/// ```
///
/// A family that is not installed falls back to the design's family (Inter by default) and
/// says so once through ``warningHandler`` (standard error unless replaced); every message
/// is also kept in ``warnings``.
///
/// Not `Sendable`: make one per rendering thread.
public final class FontDatabase {
    /// Where a face lives: a file and a face index within it.
    public struct Location: Hashable, Sendable, CustomStringConvertible {
        /// The font file.
        public var path: String
        /// The face within the file (0 unless it is a collection).
        public var index: Int

        /// Creates a location.
        public init(path: String, index: Int = 0) {
            self.path = path
            self.index = index
        }

        /// `path` or `path#index`.
        public var description: String { index == 0 ? path : "\(path)#\(index)" }
    }

    private struct Request: Hashable {
        var family: String?
        var weight: FontWeight
        var design: FontDesign
        var italic: Bool
    }

    /// FreeType and the glyph cache shared by every face of this database.
    public let library: FontLibrary
    /// Warnings given so far (missing families, fallbacks), each once, oldest first.
    public private(set) var warnings: [String] = []
    /// Receives each warning once.
    ///
    /// Default: writes `nightstand: <message>` to standard error.
    public var warningHandler: (String) -> Void = { message in
        var line = "nightstand: \(message)\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// fontconfig's configuration (`FcConfig *`), owned.
    private let config: OpaquePointer
    private var locations: [Request: Location] = [:]
    private var faces: [Location: FontFace] = [:]
    /// The face for each request answered: one lookup per text a frame, where going through
    /// `locations` and `faces` would hash the file's path too.
    private var requested: [Request: FontFace] = [:]
    private var fallbacks: [UInt64: FontFace?] = [:]

    /// Loads fontconfig's configuration and starts FreeType.
    ///
    /// - Parameter glyphCacheBytes: the glyph cache's budget. Default: 4 MiB.
    public init(glyphCacheBytes: Int = 4 << 20) throws {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError.libraryUnavailable(
                "FcInitLoadConfigAndFonts failed (is fontconfig configured?)")
        }
        self.config = config
        do {
            library = try FontLibrary(glyphCacheBytes: glyphCacheBytes)
        } catch {
            FcConfigDestroy(config)
            throw error
        }
    }

    deinit { FcConfigDestroy(config) }

    // MARK: Faces by name

    /// The face for a family, weight, design and slant, loaded once.
    ///
    /// - Parameters:
    ///   - family: a fontconfig family name; nil picks the design's family. Default: nil.
    ///   - weight: Default: ``FontWeight/regular``.
    ///   - design: used when `family` is nil, and as the fallback when it is missing.
    ///     Default: ``FontDesign/default``.
    ///   - italic: Default: false.
    /// - Throws: ``FontError`` when nothing matches or the matched file cannot be loaded.
    public func face(
        family: String? = nil, weight: FontWeight = .regular, design: FontDesign = .default,
        italic: Bool = false
    ) throws -> FontFace {
        let request = Request(family: family, weight: weight, design: design, italic: italic)
        if let known = requested[request] { return known }
        let face = try face(
            at: locate(family: family, weight: weight, design: design, italic: italic))
        requested[request] = face
        return face
    }

    /// The file and face index fontconfig picks for a request, without loading it.
    ///
    /// ```swift
    /// try fonts.locate(weight: .black).path   // "/usr/share/fonts/opentype/inter/Inter-Black.otf"
    /// ```
    public func locate(
        family: String? = nil, weight: FontWeight = .regular, design: FontDesign = .default,
        italic: Bool = false
    ) throws -> Location {
        let request = Request(family: family, weight: weight, design: design, italic: italic)
        if let known = locations[request] { return known }
        let wanted = family.map { [$0] } ?? design.families
        var found: Match?
        for name in wanted {
            if let hit = match(family: name, weight: weight, italic: italic, exact: true) {
                found = hit
                break
            }
        }
        if found == nil {
            let fallback = family == nil ? FontDesign.default.families[0] : design.families[0]
            found =
                match(family: fallback, weight: weight, italic: italic, exact: true)
                ?? match(family: fallback, weight: weight, italic: italic, exact: false)
            let missing =
                family == nil
                ? "no \(design) font installed (tried \(wanted.joined(separator: ", ")))"
                : "font family '\(wanted[0])' is not installed"
            // Name the family fontconfig gave, never one that is not there.
            warn(
                found.map { "\(missing); using \($0.family)" }
                    ?? "\(missing), nor any other font: text is not drawn (install fonts-inter "
                    + "and fonts-dejavu-core)")
        }
        guard let found else {
            throw FontError.noMatch("\(family ?? "design \(design)") weight \(weight)")
        }
        locations[request] = found.location
        return found.location
    }

    /// The face at a location, loaded once.
    public func face(at location: Location) throws -> FontFace {
        if let known = faces[location] { return known }
        let face = try FontFace(path: location.path, index: location.index, library: library)
        face.database = self
        faces[location] = face
        return face
    }

    /// The face in a font file, loaded once; for fonts that are not installed.
    ///
    /// ```swift
    /// let face = try fonts.face(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    /// ```
    public func face(atPath path: String, index: Int = 0) throws -> FontFace {
        try face(at: Location(path: path, index: index))
    }

    // MARK: Fallback faces

    /// A face that has a glyph for `scalar`, for text whose face lacks it, or nil when no
    /// installed font has one.
    ///
    /// fontconfig is asked for a font whose charset holds the character; private-use
    /// characters (U+E000–U+F8FF) prefer the icon font (Material Icons) and emoji (or
    /// `preferColor`) prefer the color emoji font (Noto Color Emoji). Answers are cached per
    /// character.
    ///
    /// ```swift
    /// fonts.fallbackFace(for: "😀")?.familyName   // "Noto Color Emoji"
    /// ```
    public func fallbackFace(for scalar: Unicode.Scalar, preferColor: Bool = false) -> FontFace? {
        let color = preferColor || scalar.properties.isEmojiPresentation
        let key = UInt64(scalar.value) | (color ? 1 << 32 : 0)
        if let known = fallbacks[key] { return known }
        var preferred: String?
        if (0xE000...0xF8FF).contains(scalar.value) {
            preferred = "Material Icons"
        } else if color {
            preferred = "Noto Color Emoji"
        }
        var result: FontFace?
        if let location = match(character: scalar, family: preferred)?.location,
            let face = try? face(at: location), face.glyphIndex(for: scalar) != nil
        {
            result = face
        }
        fallbacks[key] = .some(result)
        return result
    }

    // MARK: fontconfig

    /// Records and reports a warning the first time it is given.
    func warn(_ message: String) {
        guard !warnings.contains(message) else { return }
        warnings.append(message)
        warningHandler(message)
    }

    /// A font fontconfig matched: where it is, and its (first) family name.
    private struct Match {
        var location: Location
        var family: String
    }

    /// The best match for a family and weight; with `exact`, nil unless the match is that family.
    private func match(family: String, weight: FontWeight, italic: Bool, exact: Bool) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, Self.fcString(family))
        FcPatternAddInteger(pattern, FC_WEIGHT, weight.fontconfigWeight)
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        return bestMatch(pattern) { font in
            !exact
                || Self.families(of: font).contains {
                    $0.lowercased() == family.lowercased()
                }
        }
    }

    /// The best match whose charset holds `scalar`, preferring `family`.
    private func match(character scalar: Unicode.Scalar, family: String?) -> Match? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        if let family { FcPatternAddString(pattern, FC_FAMILY, Self.fcString(family)) }
        return bestMatch(pattern) { font in
            var found: OpaquePointer?
            return FcPatternGetCharSet(font, FC_CHARSET, 0, &found) == FcResultMatch
                && found.map { FcCharSetHasChar($0, scalar.value) != 0 } ?? false
        }
    }

    /// Substitutes defaults into `pattern`, asks `FcFontMatch`, and returns the file, index and
    /// family when `accept` takes the match.
    private func bestMatch(_ pattern: OpaquePointer, accept: (OpaquePointer) -> Bool) -> Match? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        guard accept(font) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else {
            return nil
        }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = String(cString: file)
        return Match(
            location: Location(path: path, index: Int(index)),
            family: Self.families(of: font).first ?? Paths.name(of: path))
    }

    /// Every family name a matched pattern declares.
    private static func families(of font: OpaquePointer) -> [String] {
        var names: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, FC_FAMILY, n, &value) == FcResultMatch, let v = value {
            names.append(String(cString: v))
            n += 1
        }
        return names
    }

    /// A NUL-terminated UTF-8 copy of `s`, as fontconfig's `FcChar8 *` wants.
    private static func fcString(_ s: String) -> [FcChar8] { Array(s.utf8) + [0] }
}
