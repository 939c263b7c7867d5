import CFreeType
import FoundationEssentials
import SystemSupport

/// One loaded typeface (a FreeType `FT_Face`): glyph lookup, advances, kerning and metrics.
///
/// Sizes are not part of a face. Layout reads the font's design units (`FT_LOAD_NO_SCALE`) and
/// scales them linearly, so a line measured at 17 points is exactly 3.5 times as wide drawn at
/// 59.5 pixels: text lays out in points and draws at any scale. Only rasterization sets a pixel
/// size (see `FontFace+Rendering.swift`).
///
/// ```swift
/// let fonts = try FontDatabase()
/// let face = try fonts.face(weight: .bold)
/// let m = face.metrics(size: 60)                 // ascent, descent, cap height… in pixels
/// let w = face.advance(of: "0", size: 60)        // pixels
/// ```
///
/// Technical notes: ``kerning(_:_:size:)`` reads the OpenType `GPOS` table's `kern` feature
/// (pair adjustments, see `OpenTypeKerning.swift`) when the face has one, as shapers do, and the
/// TrueType `kern` table through FreeType's `FT_Get_Kerning` only when it has not: Inter keeps
/// its kerning in `GPOS` alone; DejaVu has both, with the same pairs. The source is found at
/// the first kerning request, not at load, so faces that never kern (fallbacks, emoji) never
/// read `GPOS` (copying and checking a large table costs a good part of loading the face);
/// each pair's answer is then cached, so kerning text already seen costs one dictionary lookup
/// per pair.
///
/// Not `Sendable`: FreeType faces are used from one thread at a time.
public final class FontFace {
    /// The font file.
    public let path: String
    /// The face's index within the file (a `.ttc` holds several).
    public let index: Int
    /// The family name the file declares, for example "Inter".
    public let familyName: String
    /// The style name the file declares, for example "Semi Bold".
    public let styleName: String
    /// Design units per em: glyph coordinates are in these.
    public let unitsPerEm: Int
    /// Whether the face draws color bitmaps (CBDT/sbix emoji) rather than outlines.
    public let isColorBitmap: Bool
    /// Whether the face kerns: a `GPOS` `kern` feature with pair adjustments, or a TrueType
    /// `kern` table.
    public var hasKerning: Bool { kerningSource != .none }

    let handle: FT_Face
    let library: FontLibrary
    /// This face's name in glyph-cache keys.
    let id: UInt32
    /// The database that loaded this face, for fallback faces.
    weak var database: FontDatabase?

    /// Vertical metrics in design units.
    let designMetrics: FontMetrics
    private var glyphIndices: [UInt32: UInt32] = [:]
    private var advances: [UInt32: Int32] = [:]
    private var kernings: [UInt64: Int32] = [:]
    /// Where kerning comes from, once found (see the type's technical notes).
    private var foundKerningSource: KerningSource?
    /// The `GPOS` kerning, when that is the source.
    private var gposKerning: OpenTypeKerning?
    private var widestDigit: Int32?
    /// The 26.6 pixel size last set with `FT_Set_Char_Size` (0: none yet).
    var currentSize: Int32 = 0

    /// Loads face `index` of the font file at `path`.
    ///
    /// - Throws: ``FontError/fileNotFound(path:)`` when the file is missing or unreadable,
    ///   ``FontError/unreadable(path:index:code:)`` when FreeType rejects it, and
    ///   ``FontError/unsupported(path:reason:)`` for something other than a regular file (a
    ///   FIFO, refused without blocking) or a face with neither outlines nor color bitmaps.
    public init(path: String, index: Int = 0, library: FontLibrary) throws {
        // Checked as every file from outside is before FreeType opens it by its path: a
        // FIFO in a font folder would block its open(2). FreeType maps the file instead of
        // reading it, so there is no size limit.
        switch BoundedFile.check(path, limit: .max) {
        case .success: break
        case .failure(let error) where error.isMissing || error.isPermission:
            throw FontError.fileNotFound(path: path)
        case .failure(let error):
            throw FontError.unsupported(
                path: path, reason: "\(error.reason) (expected a TrueType/OpenType font file)")
        }
        var face: FT_Face?
        let error = FT_New_Face(library.handle, path, index, &face)
        guard error == 0, let face else {
            throw FontError.unreadable(path: path, index: index, code: error)
        }
        let flags = face.pointee.face_flags
        let scalable = flags & FontFace.flagScalable != 0
        let color = flags & FontFace.flagColor != 0 && face.pointee.num_fixed_sizes > 0
        let upem = FontFace.readUnitsPerEm(face)
        guard scalable || color, upem > 0 else {
            FT_Done_Face(face)
            throw FontError.unsupported(
                path: path,
                reason: "neither scalable outlines nor color bitmaps (expected an "
                    + "OpenType/TrueType outline font or a CBDT color font)")
        }
        self.path = path
        self.index = index
        self.handle = face
        self.library = library
        id = library.makeFaceID()
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        unitsPerEm = upem
        isColorBitmap = !scalable && color
        designMetrics = FontFace.readDesignMetrics(face, unitsPerEm: upem)
    }

    deinit { FT_Done_Face(handle) }

    // MARK: Glyphs and advances

    /// The glyph for `scalar`, or nil when the face has none (`FT_Get_Char_Index` answered 0).
    public func glyphIndex(for scalar: Unicode.Scalar) -> UInt32? {
        if let known = glyphIndices[scalar.value] { return known == 0 ? nil : known }
        let gid = UInt32(FT_Get_Char_Index(handle, FT_ULong(scalar.value)))
        glyphIndices[scalar.value] = gid
        return gid == 0 ? nil : gid
    }

    /// The advance width of `glyph` at `size` (the em size, in any unit), unhinted.
    public func advance(glyph: UInt32, size: Double) -> Double {
        Double(designAdvance(glyph)) * size / Double(unitsPerEm)
    }

    /// The advance width of `scalar` at `size`, or 0 when the face lacks it.
    public func advance(of scalar: Unicode.Scalar, size: Double) -> Double {
        glyphIndex(for: scalar).map { advance(glyph: $0, size: size) } ?? 0
    }

    /// The widest advance of the digits 0–9 at `size`: every digit's advance under tabular
    /// (monospaced) digits.
    public func tabularDigitAdvance(size: Double) -> Double {
        Double(designTabularDigitAdvance) * size / Double(unitsPerEm)
    }

    /// The kerning adjustment between two glyphs at `size` (negative pulls them together),
    /// from `GPOS` or the `kern` table (see the type's technical notes); 0 when neither has
    /// the pair.
    public func kerning(_ left: UInt32, _ right: UInt32, size: Double) -> Double {
        Double(designKerning(left, right)) * size / Double(unitsPerEm)
    }

    /// The face's vertical metrics at `size`.
    public func metrics(size: Double) -> FontMetrics {
        designMetrics.scaled(by: size / Double(unitsPerEm))
    }

    /// The advance of `glyph` in design units (`FT_Get_Advance` with `FT_LOAD_NO_SCALE`).
    func designAdvance(_ glyph: UInt32) -> Int32 {
        if let known = advances[glyph] { return known }
        var advance: FT_Fixed = 0
        let error = FT_Get_Advance(handle, glyph, FT_Int32(FontFace.loadNoScale), &advance)
        let value = error == 0 ? Int32(truncatingIfNeeded: advance) : 0
        advances[glyph] = value
        return value
    }

    /// The widest digit's advance in design units.
    var designTabularDigitAdvance: Int32 {
        if let widestDigit { return widestDigit }
        var widest: Int32 = 0
        for v in UInt32(0x30)...0x39 {
            if let scalar = Unicode.Scalar(v), let g = glyphIndex(for: scalar) {
                widest = max(widest, designAdvance(g))
            }
        }
        widestDigit = widest
        return widest
    }

    // MARK: Kerning

    /// Where a face's kerning comes from.
    enum KerningSource {
        /// Neither a `GPOS` `kern` feature nor a `kern` table.
        case none
        /// The `GPOS` table's `kern` feature, which takes precedence.
        case gpos
        /// The TrueType `kern` table, through `FT_Get_Kerning`.
        case kernTable
    }

    /// Where this face's kerning comes from; the first call reads `GPOS`.
    var kerningSource: KerningSource {
        if let foundKerningSource { return foundKerningSource }
        gposKerning = sfntTable(FontFace.tagGPOS).flatMap { OpenTypeKerning(gpos: $0) }
        let source: KerningSource
        if gposKerning != nil {
            source = .gpos
        } else if handle.pointee.face_flags & FontFace.flagKerning != 0 {
            source = .kernTable
        } else {
            source = .none
        }
        foundKerningSource = source
        return source
    }

    /// The kerning between two glyphs in design units, cached per pair.
    func designKerning(_ left: UInt32, _ right: UInt32) -> Int32 {
        guard hasKerning else { return 0 }
        let key = UInt64(left) << 32 | UInt64(right)
        if let known = kernings[key] { return known }
        let value = gposKerning?.kerning(left, right) ?? tableKerning(left, right)
        kernings[key] = value
        return value
    }

    /// The kerning between two glyphs in design units from the `kern` table
    /// (`FT_Get_Kerning`, `FT_KERNING_UNSCALED`), uncached; 0 without one.
    func tableKerning(_ left: UInt32, _ right: UInt32) -> Int32 {
        var vector = FT_Vector()
        let error = FT_Get_Kerning(handle, left, right, FT_KERNING_UNSCALED.rawValue, &vector)
        return error == 0 ? Int32(truncatingIfNeeded: vector.x) : 0
    }

    /// A copy of the font's table `tag` (`FT_Load_Sfnt_Table`); nil when the face has none.
    private func sfntTable(_ tag: FT_ULong) -> [UInt8]? {
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(handle, tag, 0, nil, &length) == 0, length > 0 else {
            return nil
        }
        let bytes = [UInt8](unsafeUninitializedCapacity: Int(length)) { buffer, count in
            var read = length
            let error = FT_Load_Sfnt_Table(handle, tag, 0, buffer.baseAddress, &read)
            count = error == 0 ? Int(min(read, length)) : 0
        }
        return bytes.isEmpty ? nil : bytes
    }

    // MARK: FreeType constants (function-like or shifted macros Swift does not import)

    static let flagScalable = 1 << 0
    static let flagKerning = 1 << 6
    static let flagColor = 1 << 14
    /// `FT_MAKE_TAG('G', 'P', 'O', 'S')`.
    static let tagGPOS: FT_ULong = 0x4750_4F53
    static let loadNoScale: Int32 = 1 << 0
    static let loadNoHinting: Int32 = 1 << 1
    static let loadNoBitmap: Int32 = 1 << 3
    static let loadColor: Int32 = 1 << 20
    /// `FT_LOAD_TARGET_LIGHT`: `FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT)`.
    static let loadTargetLight: Int32 = 1 << 16

    /// Design units per em: FreeType's `units_per_EM`, which is 0 for bitmap-only faces
    /// (CBDT emoji), whose `head` table still has it.
    private static func readUnitsPerEm(_ face: FT_Face) -> Int {
        if face.pointee.units_per_EM > 0 { return Int(face.pointee.units_per_EM) }
        guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return 0 }
        return Int(raw.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
    }

    /// Ascent, descent, line gap (`FT_FaceRec`, from `hhea` or `OS/2`; straight from `hhea`
    /// for bitmap-only faces, where FreeType leaves them 0) and cap/x heights (`OS/2`
    /// version ≥ 2, else measured from "H" and "x"), in design units.
    private static func readDesignMetrics(_ face: FT_Face, unitsPerEm: Int) -> FontMetrics {
        let f = face.pointee
        var ascent = Double(f.ascender)
        var descent = Double(-f.descender)
        var leading = max(0, Double(f.height) - ascent - descent)
        if ascent == 0, let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            ascent = Double(hhea.Ascender)
            descent = Double(-hhea.Descender)
            leading = max(0, Double(hhea.Line_Gap))
        }
        if ascent == 0 {
            ascent = Double(unitsPerEm) * 0.8
            descent = Double(unitsPerEm) * 0.2
        }
        var cap = 0.0
        var xh = 0.0
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version >= 2 && os2.version != 0xFFFF {
                cap = Double(os2.sCapHeight)
                xh = Double(os2.sxHeight)
            }
        }
        if cap <= 0 { cap = outlineTop(face, "H") ?? ascent * 0.7 }
        if xh <= 0 { xh = outlineTop(face, "x") ?? ascent * 0.5 }
        return FontMetrics(
            ascent: ascent, descent: descent, leading: leading, capHeight: cap, xHeight: xh)
    }

    /// The top of a character's unscaled outline, in design units.
    private static func outlineTop(_ face: FT_Face, _ scalar: Unicode.Scalar) -> Double? {
        let gid = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard gid != 0, FT_Load_Glyph(face, gid, loadNoScale) == 0 else { return nil }
        let m = face.pointee.glyph.pointee.metrics
        return Double(m.horiBearingY)
    }
}
