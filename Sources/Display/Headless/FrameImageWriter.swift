import Raster

/// Encodes a headless frame (8-bit RGB, row-major, no padding) as an image file's bytes.
///
/// The seam between the headless backend and image encoders: PPM (binary `P6`, the format
/// QEMU's `screendump` writes, so VM captures compare byte for byte) is written here; PNG goes
/// through Raster's ``PNGEncoder``, never through a second encoder in Display.
enum FrameImageWriter {
    /// The kinds of image file the headless backend writes, chosen by the output's extension.
    enum Kind {
        case ppm
        case png
    }

    /// The kind for an output path (`.png` → PNG, anything else → PPM).
    static func kind(for path: String) -> Kind {
        path.lowercased().hasSuffix(".png") ? .png : .ppm
    }

    /// The file contents for `rgb` of `size` as `kind`.
    static func encode(rgb: [UInt8], size: PixelSize, kind: Kind, path: String)
        throws(HeadlessError) -> [[UInt8]]
    {
        switch kind {
        case .ppm:
            return [Array("P6\n\(size.width) \(size.height)\n255\n".utf8), rgb]
        case .png:
            do {
                return [try PNGEncoder.encode(rgb: rgb, width: size.width, height: size.height)]
            } catch {
                throw .unsupportedImage(path: path, reason: "PNG encoding failed: \(error)")
            }
        }
    }
}
