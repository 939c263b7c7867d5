/// Where a photo goes on a screen and which part of it shows, in the photo's shown (upright)
/// orientation and mapped back to its stored pixels.
///
/// `fill` scales the photo to cover the screen and crops the overflow evenly from both sides;
/// `fit` scales it to fit inside, centered on black; `stretch` fills the screen exactly.
struct PhotoPlacement: Equatable {
    /// The stored picture's size and how it turns upright.
    let stored: PixelSize
    let orientation: ExifOrientation
    let mode: ContentMode
    /// The screen pixels the photo covers.
    let destination: IntRect
    /// The part of the upright photo shown, in its full-size pixels.
    let region: Rect
    /// Screen pixels per photo pixel (the larger of the two axes' under `stretch`).
    let scale: Double

    init(stored: PixelSize, orientation: ExifOrientation, screen: PixelSize, mode: ContentMode) {
        self.stored = stored
        self.orientation = orientation
        self.mode = mode
        let shown = orientation.displaySize(of: stored)
        let w = Double(shown.width)
        let h = Double(shown.height)
        let sx = Double(screen.width) / w
        let sy = Double(screen.height) / h
        let full = IntRect(size: screen)
        switch mode {
        case .stretch:
            scale = max(sx, sy)
            destination = full
            region = Rect(x: 0, y: 0, width: w, height: h)
        case .fill:
            scale = max(sx, sy)
            destination = full
            let cw = min(w, Double(screen.width) / scale)
            let ch = min(h, Double(screen.height) / scale)
            region = Rect(x: (w - cw) / 2, y: (h - ch) / 2, width: cw, height: ch)
        case .fit:
            scale = min(sx, sy)
            let dw = min(screen.width, max(1, Int((w * scale).rounded())))
            let dh = min(screen.height, max(1, Int((h * scale).rounded())))
            destination = IntRect(
                x: (screen.width - dw) / 2, y: (screen.height - dh) / 2, width: dw, height: dh)
            region = Rect(x: 0, y: 0, width: w, height: h)
        }
    }

    /// The smallest of libjpeg's scales, in eighths, that decodes at least as many pixels as
    /// the screen shows (8: full size, for photos shown at or above their size).
    var dctEighths: Int {
        min(8, max(1, Int((scale * 8 - 1e-9).rounded(.up))))
    }

    /// The destination's size in the stored orientation: what the resampler writes before
    /// the picture is turned.
    var storedOutput: PixelSize {
        orientation.swapsAxes
            ? PixelSize(width: destination.height, height: destination.width) : destination.size
    }

    /// Whether a picture decoded at `decoded` has fewer pixels across the shown region than
    /// the screen shows (then it is scaled up with bilinear filtering, not area averaged).
    func scalesUp(decoded: PixelSize) -> Bool {
        let source = storedRegion(decoded: decoded)
        let output = storedOutput
        return source.width < Double(output.width) || source.height < Double(output.height)
    }

    /// The shown region in the stored picture decoded at `decoded` (its pixels).
    func storedRegion(decoded: PixelSize) -> Rect {
        let r = storedRect(region, storedWidth: Double(stored.width), height: Double(stored.height))
        let fx = Double(decoded.width) / Double(stored.width)
        let fy = Double(decoded.height) / Double(stored.height)
        return Rect(x: r.minX * fx, y: r.minY * fy, width: r.width * fx, height: r.height * fy)
    }

    /// What an enlarged photo is made from, for a picture decoded at `decoded` (see
    /// ``scalesUp(decoded:)``): `source`, the stored pixels read; `size`, the upright picture
    /// they make; `drawn`, where that picture goes on screen, scaled up with bilinear
    /// filtering (it may reach past the destination, which clips it).
    ///
    /// Along an axis where the screen has more pixels than the shown region, the picture has
    /// the region's own pixels, one more on each side for the filter; along one where it has
    /// fewer, the destination's, averaged down. Either way the picture is at most the
    /// destination's size and three pixels: memory for a screen, whatever the photo's shape.
    func enlargement(decoded: PixelSize) -> (source: Rect, size: PixelSize, drawn: Rect) {
        let shown = orientation.displaySize(of: decoded)
        let upright = orientation.displaySize(of: stored)
        let fx = Double(shown.width) / Double(upright.width)
        let fy = Double(shown.height) / Double(upright.height)
        let x = Self.axis(
            region.minX * fx, region.maxX * fx, extent: shown.width,
            screen: (destination.x, destination.width))
        let y = Self.axis(
            region.minY * fy, region.maxY * fy, extent: shown.height,
            screen: (destination.y, destination.height))
        let source = storedRect(
            Rect(x: x.from, y: y.from, width: x.to - x.from, height: y.to - y.from),
            storedWidth: Double(decoded.width), height: Double(decoded.height))
        return (
            source, PixelSize(width: x.count, height: y.count),
            Rect(x: x.start, y: y.start, width: x.length, height: y.length)
        )
    }

    /// One axis of ``enlargement(decoded:)``: the shown region `a..<b` of a picture `extent`
    /// pixels long, drawn over `screen` (start, length): the pixels read, how many the
    /// picture has, and where it is drawn.
    private static func axis(
        _ a: Double, _ b: Double, extent: Int, screen: (start: Int, length: Int)
    ) -> (from: Double, to: Double, count: Int, start: Double, length: Double) {
        let length = Double(screen.length)
        guard b - a < length else {
            return (a, b, screen.length, Double(screen.start), length)
        }
        let from = max(0, (a.rounded(.down)) - 1)
        let to = min(Double(extent), b.rounded(.up) + 1)
        let scale = length / (b - a)
        return (
            from, to, Int(to - from), Double(screen.start) + (from - a) * scale,
            (to - from) * scale
        )
    }

    /// The rectangle `r` of the upright picture in the stored one, `W` × `H` pixels.
    private func storedRect(_ r: Rect, storedWidth W: Double, height H: Double) -> Rect {
        let (x, y, w, h) = (r.minX, r.minY, r.width, r.height)
        switch orientation {
        case .upright: return Rect(x: x, y: y, width: w, height: h)
        case .mirrored: return Rect(x: W - x - w, y: y, width: w, height: h)
        case .rotated180: return Rect(x: W - x - w, y: H - y - h, width: w, height: h)
        case .mirroredVertically: return Rect(x: x, y: H - y - h, width: w, height: h)
        case .transposed: return Rect(x: y, y: x, width: h, height: w)
        case .rotated90: return Rect(x: y, y: H - x - w, width: h, height: w)
        case .transversed: return Rect(x: W - y - h, y: H - x - w, width: h, height: w)
        case .rotated270: return Rect(x: W - y - h, y: x, width: h, height: w)
        }
    }
}
