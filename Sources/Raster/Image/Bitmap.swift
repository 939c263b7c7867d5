/// An immutable picture: premultiplied pixels in the canvas layout, shareable across threads.
///
/// Decoded images (``PNGDecoder``), color emoji and snapshots of a canvas are bitmaps; they are
/// drawn through an ``ImagePattern`` shader, scaled and filtered, by ``Canvas/draw(_:in:mode:)``.
public final class Bitmap: @unchecked Sendable {
    // Sendable: the storage is written only during `init` and never after.
    let storage: PixelStorage

    /// Pixels across.
    public var width: Int { storage.width }
    /// Pixels down.
    public var height: Int { storage.height }
    /// The size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Wraps pixels already written (a decoder's output); nothing may write them afterwards.
    init(storage: PixelStorage) {
        self.storage = storage
    }

    /// Creates a bitmap by filling fresh pixels; `fill` receives each row's pointer and index.
    init(width: Int, height: Int, fill: (UnsafeMutablePointer<UInt32>, Int) -> Void) {
        storage = PixelStorage(width: width, height: height, stride: width)
        for y in 0..<height { fill(storage.base + y * width, y) }
    }

    /// Creates a bitmap from premultiplied `0xAARRGGBB` pixels, row-major, `width × height` of
    /// them; nil when the count does not match.
    public convenience init?(width: Int, height: Int, premultipliedPixels: [UInt32]) {
        guard width >= 0, height >= 0, premultipliedPixels.count == width * height else { return nil }
        self.init(width: width, height: height) { row, y in
            premultipliedPixels.withUnsafeBufferPointer {
                row.update(from: $0.baseAddress! + y * width, count: width)
            }
        }
    }

    /// A copy of the canvas's current pixels.
    public convenience init(copying canvas: Canvas) {
        self.init(width: canvas.width, height: canvas.height) { row, y in
            row.update(from: canvas.row(y), count: canvas.width)
        }
    }

    /// The first pixel of row `y`.
    func row(_ y: Int) -> UnsafePointer<UInt32> { UnsafePointer(storage.base + y * storage.stride) }

    /// The pixel at (x, y).
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(size)")
        return PremultipliedPixel(value: row(y)[x])
    }
}
