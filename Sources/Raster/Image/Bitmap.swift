import Synchronization

/// An immutable picture: premultiplied pixels in the canvas layout, shareable across threads.
///
/// Decoded images (``PNGDecoder``), color emoji and snapshots of a canvas are bitmaps; they are
/// drawn through an ``ImagePattern`` shader, scaled and filtered, by ``Canvas/draw(_:in:mode:)``.
public final class Bitmap: @unchecked Sendable {
    // Sendable: the storage is written only during `init` and never after; the half-size level
    // is made once, under its mutex.
    let storage: PixelStorage
    private let half = Mutex<Bitmap?>(nil)

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
        guard width >= 0, height >= 0, premultipliedPixels.count == width * height else {
            return nil
        }
        self.init(width: width, height: height) { row, y in
            for x in 0..<width { row[x] = premultipliedPixels[y * width + x] }
        }
    }

    /// A copy of the canvas's current pixels.
    public convenience init(copying canvas: Canvas) {
        self.init(width: canvas.width, height: canvas.height) { row, y in
            row.update(from: canvas.row(y), count: canvas.width)
        }
    }

    /// A copy of the canvas's pixels in `rect` (clipped to the canvas).
    public convenience init(copying canvas: Canvas, rect: IntRect) {
        let r = rect.intersection(canvas.bounds)
        self.init(width: r.width, height: r.height) { row, y in
            row.update(from: canvas.row(r.y + y) + r.x, count: r.width)
        }
    }

    /// This picture at half the size: the mipmap level an image shader samples below half size.
    ///
    /// Each dimension is halved, rounded down, at least 1, and each pixel is the rounded average
    /// of the 2×2 pixels it covers (of the last row or column where a dimension is odd). Made on
    /// first use and kept with the bitmap.
    var halved: Bitmap {
        half.withLock { level in
            if let level { return level }
            let made = makeHalf()
            level = made
            return made
        }
    }

    private func makeHalf() -> Bitmap {
        let w = width
        let h = height
        let halfWidth = max(w / 2, 1)
        return Bitmap(width: halfWidth, height: max(h / 2, 1)) { out, y in
            let top = row(min(2 * y, h - 1))
            let bottom = row(min(2 * y + 1, h - 1))
            for x in 0..<halfWidth {
                let x0 = min(2 * x, w - 1)
                let x1 = min(2 * x + 1, w - 1)
                out[x] = Self.average(top[x0], top[x1], bottom[x0], bottom[x1])
            }
        }
    }

    /// The per-channel rounded mean of four premultiplied pixels (two channels per word: four
    /// 8-bit values sum to at most 10 bits, clear of the neighbouring channel).
    @inline(__always)
    private static func average(_ p: UInt32, _ q: UInt32, _ r: UInt32, _ s: UInt32) -> UInt32 {
        let mask: UInt32 = 0x00FF_00FF
        let rb = (p & mask) + (q & mask) + (r & mask) + (s & mask) + 0x0002_0002
        let ag =
            (p >> 8 & mask) + (q >> 8 & mask) + (r >> 8 & mask) + (s >> 8 & mask) + 0x0002_0002
        return (rb >> 2 & mask) | (ag >> 2 & mask) << 8
    }

    /// The first pixel of row `y`.
    func row(_ y: Int) -> UnsafePointer<UInt32> { UnsafePointer(storage.base + y * storage.stride) }

    /// The pixel at (x, y).
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(size)")
        return PremultipliedPixel(value: row(y)[x])
    }
}
