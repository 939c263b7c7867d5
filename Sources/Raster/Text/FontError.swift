/// Why a font could not be found or loaded.
///
/// ```swift
/// do { _ = try fonts.face(atPath: "/nope.ttf") }
/// catch let error as FontError { print(error) }
/// // font file /nope.ttf: not found (expected a TrueType/OpenType font file)
/// ```
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be opened.
    case fileNotFound(path: String)
    /// FreeType could not read the file as a font; `code` is FreeType's `FT_Error`.
    case unreadable(path: String, index: Int, code: Int32)
    /// The face has no scalable outlines and no color bitmaps, so it cannot be drawn at any size.
    case unsupported(path: String, reason: String)
    /// FreeType (`FT_Init_FreeType`) or fontconfig (`FcInitLoadConfigAndFonts`) failed to start.
    case libraryUnavailable(String)
    /// fontconfig found no font at all for the request.
    case noMatch(String)

    /// The message, naming the file and what was expected.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file \(path): not found (expected a TrueType/OpenType font file)"
        case .unreadable(let path, let index, let code):
            return "font file \(path) face \(index): FreeType error \(code) "
                + "(expected a TrueType/OpenType font with that face index)"
        case .unsupported(let path, let reason):
            return "font file \(path): \(reason)"
        case .libraryUnavailable(let what):
            return "font library unavailable: \(what)"
        case .noMatch(let request):
            return
                "no installed font matches \(request) (install fonts-inter and fonts-dejavu-core)"
        }
    }
}
