import CFreeType

/// The FreeType instance shared by a set of faces, with the glyph cache they render into.
///
/// One ``FontDatabase`` owns one library; every ``FontFace`` it loads keeps the library alive,
/// so `FT_Done_FreeType` runs only after the last face's `FT_Done_Face`. Nothing here is global:
/// two databases (say, two test cases running in parallel) share no FreeType state.
///
/// ```swift
/// let fonts = try FontDatabase()
/// fonts.library.glyphCache.byteLimit = 8 << 20
/// ```
///
/// Not `Sendable`: an `FT_Library` and its faces must be used from one thread at a time (the
/// FreeType documentation's rule), so a library and everything made from it stay on the thread
/// that renders.
public final class FontLibrary {
    /// The FreeType handle (`FT_Library`).
    let handle: FT_Library
    /// Rendered glyphs of every face of this library.
    public let glyphCache: GlyphCache
    /// Glyph renders done (`FT_Load_Glyph` for drawing); tests prove cache hits with it.
    var renderCount = 0
    /// The next identifier handed to a face (cache keys name faces by it).
    private var nextFaceID: UInt32 = 0

    /// Starts FreeType.
    ///
    /// - Parameter glyphCacheBytes: the glyph cache's budget. Default: 4 MiB.
    public init(glyphCacheBytes: Int = 4 << 20) throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FontError.libraryUnavailable(
                "FT_Init_FreeType failed with FreeType error \(error)")
        }
        handle = library
        glyphCache = GlyphCache(byteLimit: glyphCacheBytes)
    }

    deinit { FT_Done_FreeType(handle) }

    /// A fresh identifier for a face.
    func makeFaceID() -> UInt32 {
        nextFaceID += 1
        return nextFaceID
    }
}
