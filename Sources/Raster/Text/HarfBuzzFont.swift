import CHarfBuzz
import Synchronization

/// HarfBuzz's view of a font file: the `hb_font_t` complex text is shaped with, one per file
/// and face index, made on first use and kept for the life of the process (a display uses a
/// handful of font files; each costs a mapping of its file, which the kernel shares with
/// FreeType's).
///
/// HarfBuzz reads the file itself (`hb_blob_create_from_file`, `hb_face_create`), not through
/// the FreeType face, so shaping touches no `FT_Face` and may run on any thread: a font
/// HarfBuzz made is immutable and safe to share. Its scale is the face's units per em, so the
/// advances and offsets it gives are design units.
enum HarfBuzzFont {
    /// The fonts made so far, by "path#index", as the address of their `hb_font_t`.
    private static let fonts = Mutex<[String: UInt]>([:])

    /// The font of `face`'s file and index.
    static func font(for face: FontFace) -> OpaquePointer {
        let key = "\(face.path)#\(face.index)"
        return fonts.withLock { fonts in
            if let known = fonts[key], let font = OpaquePointer(bitPattern: known) { return font }
            let blob = hb_blob_create_from_file(face.path)
            let hbFace = hb_face_create(blob, UInt32(face.index))
            // Never null: a file HarfBuzz cannot read gives its empty font (every glyph 0).
            let font: OpaquePointer = hb_font_create(hbFace)
            hb_face_destroy(hbFace)
            hb_blob_destroy(blob)
            hb_font_make_immutable(font)
            fonts[key] = UInt(bitPattern: font)
            return font
        }
    }

    /// One glyph HarfBuzz placed, in design units.
    struct Glyph {
        var glyph: UInt32
        /// The index, in the text given, of the first scalar of the glyph's cluster.
        var cluster: Int
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// Shapes `scalars[range]` in `face` (the rest of `scalars` is context: Arabic letters
    /// join across a change of face), right to left or left to right; the glyphs come in
    /// visual order, as HarfBuzz gives them.
    static func shape(
        _ scalars: [UInt32], range: Range<Int>, face: FontFace, rightToLeft: Bool
    ) -> [Glyph] {
        let font = font(for: face)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { text in
            hb_buffer_add_codepoints(
                buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound),
                Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            Glyph(
                glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                advance: positions[i].x_advance, xOffset: positions[i].x_offset,
                yOffset: positions[i].y_offset)
        }
    }
}
