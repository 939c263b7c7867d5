/// The width of a Unicode space character a face lacks, made from the face itself.
///
/// Fonts often lack the typographic spaces (Quicksand has no U+202F NARROW NO-BREAK SPACE,
/// which ICU puts between a time and "AM"). Taking them from a fallback font would make a
/// line's width depend on which other fonts are installed; like HarfBuzz's fallback
/// shaping (`_hb_ot_shape_fallback_spaces`), the space is drawn with the face's own U+0020
/// glyph at a width defined by the character:
///
/// | Character | Width |
/// | --- | --- |
/// | U+00A0 no-break space | the face's space |
/// | U+2001 em quad, U+2003 em space, U+3000 ideographic space | 1 em |
/// | U+2000 en quad, U+2002 en space | 1/2 em |
/// | U+2004, U+2005, U+2006 three-, four-, six-per-em | 1/3, 1/4, 1/6 em |
/// | U+2009 thin space | 1/5 em |
/// | U+200A hair space | 1/16 em |
/// | U+205F medium mathematical space | 4/18 em |
/// | U+2007 figure space | the face's "0" |
/// | U+2008 punctuation space | the face's "." (else ",") |
/// | U+202F narrow no-break space | half the face's space |
///
/// The no-break ones (U+00A0, U+2007, U+202F) keep their neighbours on one line; the others
/// are break opportunities as a space is.
struct SpaceFallback {
    /// The advance, at the em size given, in the same unit.
    let advance: Double
    /// Whether a line may break at this space (a plain space does).
    let breaks: Bool

    /// The fallback for `scalar` in `face` at `size`, or nil when `scalar` is not one of the
    /// spaces above.
    init?(_ scalar: Unicode.Scalar, face: FontFace, size: Double) {
        let em = size
        let space = face.advance(of: " ", size: size)
        switch scalar.value {
        case 0x00A0: (advance, breaks) = (space, false)
        case 0x2001, 0x2003, 0x3000: (advance, breaks) = (em, true)
        case 0x2000, 0x2002: (advance, breaks) = (em / 2, true)
        case 0x2004: (advance, breaks) = (em / 3, true)
        case 0x2005: (advance, breaks) = (em / 4, true)
        case 0x2006: (advance, breaks) = (em / 6, true)
        case 0x2009: (advance, breaks) = (em / 5, true)
        case 0x200A: (advance, breaks) = (em / 16, true)
        case 0x205F: (advance, breaks) = (em * 4 / 18, true)
        case 0x2007: (advance, breaks) = (face.advance(of: "0", size: size), false)
        case 0x2008:
            let period = face.advance(of: ".", size: size)
            (advance, breaks) = (period > 0 ? period : face.advance(of: ",", size: size), true)
        case 0x202F: (advance, breaks) = (space / 2, false)
        default: return nil
        }
    }
}
