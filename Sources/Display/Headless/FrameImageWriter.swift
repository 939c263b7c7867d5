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
            // An opaque canvas of the decoded panel: PNGEncoder writes it as an RGB PNG.
            let canvas = Canvas(size: size)
            for y in 0..<size.height {
                let row = canvas.row(y)
                for x in 0..<size.width {
                    let i = (y * size.width + x) * 3
                    row[x] =
                        0xFF00_0000 | UInt32(rgb[i]) << 16 | UInt32(rgb[i + 1]) << 8
                        | UInt32(rgb[i + 2])
                }
            }
            do {
                return [try PNGEncoder.encode(canvas)]
            } catch {
                throw .unsupportedImage(path: path, reason: "PNG encoding failed: \(error)")
            }
        }
    }
}
