/// The decoded rows on their way to the screen: read in bounded batches, averaged down, turned
/// upright, and enlarged where the screen has more pixels than the photo.
extension PhotoDecoder {
    /// The most bytes of decoded rows read at once: 16 rows, fewer of a wide photo (one row of
    /// the widest, 65,535 pixels, is 256 KiB).
    public static let rowBatchBytes = 1 << 20

    /// Rows of the stream in batches into a scratch buffer (at most ``rowBatchBytes``, or one
    /// row), handed to `body` one at a time until it returns false, the rows end, or the
    /// stream fails (see ``ImageStream/error``).
    private static func forEachRow(
        _ stream: ImageStream, width: Int, _ body: (UnsafePointer<UInt32>, Int) -> Bool
    ) {
        let batch = min(16, max(1, rowBatchBytes / (width * 4)))
        let rows = UnsafeMutablePointer<UInt32>.allocate(capacity: width * batch)
        defer { rows.deallocate() }
        var y = 0
        while true {
            guard let n = stream.readRows(into: rows, stride: width, count: batch) else { return }
            if n == 0 { return }
            for i in 0..<n {
                guard body(rows + i * width, y) else { return }
                y += 1
            }
        }
    }

    /// The decoded rows scaled down by area averaging into the placement's rectangle of
    /// `slide`, turned by the orientation.
    static func resample(
        _ stream: ImageStream, decoded: PixelSize, placement: PhotoPlacement,
        into slide: PixelStorage
    ) {
        resample(
            stream, decoded: decoded, region: placement.storedRegion(decoded: decoded),
            size: placement.storedOutput, placement.orientation, into: slide,
            at: placement.destination)
    }

    /// The part of the photo the screen shows, read at its own size where the screen has
    /// more pixels than it (averaged down along an axis where it has fewer), turned upright,
    /// and drawn enlarged with bilinear filtering into the placement's rectangle of `slide`.
    static func enlarge(
        _ stream: ImageStream, decoded: PixelSize, placement: PhotoPlacement, into slide: Canvas
    ) {
        let part = placement.enlargement(decoded: decoded)
        let orientation = placement.orientation
        let upright = PixelStorage(
            width: part.size.width, height: part.size.height, stride: part.size.width)
        let stored =
            orientation.swapsAxes
            ? PixelSize(width: part.size.height, height: part.size.width) : part.size
        resample(
            stream, decoded: decoded, region: part.source, size: stored, orientation,
            into: upright, at: IntRect(size: part.size))
        slide.withSavedState {
            slide.clip(to: placement.destination.rect)
            slide.draw(Bitmap(storage: upright), in: part.drawn)
        }
        slide.settlePixels()
    }

    /// The decoded rows' `region` (stored pixels) scaled by area averaging to `size` (stored
    /// orientation), turned by `orientation` into `rect` of `target` (through a buffer of
    /// `size` unless upright), opaque.
    private static func resample(
        _ stream: ImageStream, decoded: PixelSize, region: Rect, size: PixelSize,
        _ orientation: ExifOrientation, into target: PixelStorage, at rect: IntRect
    ) {
        let resampler = AreaResampler(
            sourceWidth: decoded.width, region: region, outputWidth: size.width,
            outputHeight: size.height)
        let turned: UnsafeMutablePointer<UInt32>? =
            orientation == .upright ? nil : .allocate(capacity: size.width * size.height)
        defer { turned?.deallocate() }
        let out: (Int) -> UnsafeMutablePointer<UInt32> = { y in
            if let turned { return turned + y * size.width }
            return target.base + (rect.y + y) * target.stride + rect.x
        }
        forEachRow(stream, width: decoded.width) { row, y in
            resampler.add(row: row, at: y, output: out)
            return !resampler.isFinished
        }
        resampler.finish(output: out)
        if let turned {
            orient(turned, size: size, orientation, into: target, at: rect)
        } else {
            for y in 0..<rect.height { makeOpaque(out(y), count: rect.width) }
        }
    }

    /// Copies stored pixels `size` into `rect` of `target` as the orientation shows them,
    /// opaque (photos are shown over black).
    private static func orient(
        _ stored: UnsafePointer<UInt32>, size: PixelSize, _ orientation: ExifOrientation,
        into target: PixelStorage, at rect: IntRect
    ) {
        for y in 0..<rect.height {
            let out = target.base + (rect.y + y) * target.stride + rect.x
            for x in 0..<rect.width {
                let p = orientation.storedPixel(x: x, y: y, width: size.width, height: size.height)
                out[x] = stored[p.y * size.width + p.x] | 0xFF00_0000
            }
        }
    }

    /// Shows premultiplied pixels over black: the colors stay, alpha becomes opaque.
    private static func makeOpaque(_ row: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count { row[x] |= 0xFF00_0000 }
    }
}
