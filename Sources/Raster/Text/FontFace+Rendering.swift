import CFreeType

/// Rasterization: turning a glyph into coverage (outlines) or a color picture (emoji), through
/// the library's ``GlyphCache``.
///
/// Technical notes:
/// - Hinting. Below ``hintingLimit`` pixels glyphs load with `FT_LOAD_TARGET_LIGHT`: FreeType's
///   light hinting snaps only vertically (baseline, x-height, cap height land on whole pixels),
///   so horizontal shapes and advances stay as designed and quarter-pixel positioning still
///   holds. From ``hintingLimit`` up (StandBy's big clock digits) glyphs load with
///   `FT_LOAD_NO_HINTING`: at that size a snapped edge is worth nothing and the pure outline is
///   the design. Baselines are drawn on whole pixels to match.
/// - Subpixel positioning. The pen's x is rounded to a quarter pixel; the fraction moves the
///   outline (`FT_Outline_Translate`, in 26.6 units: 16 per quarter) before `FT_Render_Glyph`,
///   and the whole part becomes the mask's offset. A glyph is thus rendered at most four times
///   per size.
/// - Color emoji. CBDT faces have fixed bitmap strikes (Noto Color Emoji: 109 px). The glyph
///   loads with `FT_LOAD_COLOR` from the nearest strike at or above the wanted size (else the
///   largest), as premultiplied BGRA, which is already the canvas's pixel layout; it is cached
///   once per strike and scaled bilinearly when drawn. This is the one place where a bitmap is
///   scaled instead of rasterized at the target size.
extension FontFace {
    /// The pixel size from which outlines are rendered unhinted.
    public static let hintingLimit = 48.0

    /// The glyph rendered at `pixelSize` and `subpixel` quarter pixels to the right, cached.
    func image(glyph: UInt32, pixelSize: Double, subpixel: Int) -> GlyphImage {
        if isColorBitmap {
            let strike = strikeIndex(for: pixelSize)
            let key = GlyphCache.Key(face: id, size: Int32(-1 - strike), glyph: glyph, subpixel: 0)
            return library.glyphCache.glyph(key) { renderColor(glyph: glyph, strike: strike) }
        }
        let size = Int32(max(1, (pixelSize * 64).rounded()))
        let key = GlyphCache.Key(face: id, size: size, glyph: glyph, subpixel: UInt8(subpixel & 3))
        return library.glyphCache.glyph(key) {
            renderOutline(glyph: glyph, size: size, subpixel: subpixel & 3)
        }
    }

    /// Loads and renders an outline glyph into 8-bit coverage.
    private func renderOutline(glyph: UInt32, size: Int32, subpixel: Int) -> GlyphImage {
        library.renderCount += 1
        if currentSize != size {
            // Char size in 26.6 points at 72 dpi: one point is one pixel, fractions kept.
            guard FT_Set_Char_Size(handle, 0, FT_F26Dot6(size), 72, 72) == 0 else {
                return .empty()
            }
            currentSize = size
        }
        let hinting =
            Double(size) / 64 < Self.hintingLimit ? Self.loadTargetLight : Self.loadNoHinting
        guard FT_Load_Glyph(handle, glyph, Self.loadNoBitmap | hinting) == 0,
            let slot = handle.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return .empty() }
        if subpixel != 0 {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(subpixel * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty() }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        guard width > 0, rows > 0, bitmap.pixel_mode == Self.pixelModeGray,
            let buffer = bitmap.buffer
        else { return .empty() }
        var coverage = [UInt8](repeating: 0, count: width * rows)
        coverage.withUnsafeMutableBufferPointer { dst in
            guard let base = dst.baseAddress else { return }
            for y in 0..<rows {
                (base + y * width).update(from: Self.row(y, of: bitmap, buffer), count: width)
            }
        }
        return GlyphImage(
            width: width, height: rows, left: Int(slot.pointee.bitmap_left),
            top: Int(slot.pointee.bitmap_top), coverage: coverage)
    }

    /// Loads a color glyph from bitmap strike `strike` as a premultiplied ``Bitmap``.
    private func renderColor(glyph: UInt32, strike: Int) -> GlyphImage {
        library.renderCount += 1
        guard FT_Select_Size(handle, Int32(strike)) == 0,
            FT_Load_Glyph(handle, glyph, Self.loadColor) == 0, let slot = handle.pointee.glyph
        else { return .empty() }
        currentSize = 0
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        guard width > 0, rows > 0, bitmap.pixel_mode == Self.pixelModeBGRA,
            let buffer = bitmap.buffer
        else { return .empty() }
        // BGRA bytes, premultiplied (FT_LOAD_COLOR's contract): in memory exactly a
        // little-endian 0xAARRGGBB canvas pixel, so rows copy as they are.
        let picture = Bitmap(width: width, height: rows) { row, y in
            UnsafeMutableRawPointer(row).copyMemory(
                from: Self.row(y, of: bitmap, buffer), byteCount: width * 4)
        }
        let ppem = handle.pointee.available_sizes[strike].y_ppem
        return GlyphImage(
            color: picture, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            strikeSize: Double(ppem) / 64)
    }

    /// The first byte of row `y` (top to bottom) of a rendered FreeType bitmap.
    ///
    /// `FT_Bitmap.pitch` is negative when the buffer holds the rows bottom-up.
    private static func row(
        _ y: Int, of bitmap: FT_Bitmap, _ buffer: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let pitch = Int(bitmap.pitch)
        let rows = Int(bitmap.rows)
        return pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * -pitch
    }

    /// The strike nearest `pixelSize` from above, else the largest.
    func strikeIndex(for pixelSize: Double) -> Int {
        let count = Int(handle.pointee.num_fixed_sizes)
        guard count > 1, let sizes = handle.pointee.available_sizes else { return 0 }
        var best = 0
        var bestAbove: Int?
        for i in 0..<count {
            let ppem = Double(sizes[i].y_ppem) / 64
            if ppem > Double(sizes[best].y_ppem) / 64 { best = i }
            if ppem >= pixelSize, bestAbove.map({ ppem < Double(sizes[$0].y_ppem) / 64 }) ?? true {
                bestAbove = i
            }
        }
        return bestAbove ?? best
    }

    /// `FT_PIXEL_MODE_GRAY`.
    static let pixelModeGray: UInt8 = 2
    /// `FT_PIXEL_MODE_BGRA`.
    static let pixelModeBGRA: UInt8 = 7
}
