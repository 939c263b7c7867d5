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
        let (x, y, w, h) = (region.minX, region.minY, region.width, region.height)
        let W = Double(stored.width)
        let H = Double(stored.height)
        let r: Rect
        switch orientation {
        case .upright: r = Rect(x: x, y: y, width: w, height: h)
        case .mirrored: r = Rect(x: W - x - w, y: y, width: w, height: h)
        case .rotated180: r = Rect(x: W - x - w, y: H - y - h, width: w, height: h)
        case .mirroredVertically: r = Rect(x: x, y: H - y - h, width: w, height: h)
        case .transposed: r = Rect(x: y, y: x, width: h, height: w)
        case .rotated90: r = Rect(x: y, y: H - x - w, width: h, height: w)
        case .transversed: r = Rect(x: W - y - h, y: H - x - w, width: h, height: w)
        case .rotated270: r = Rect(x: W - y - h, y: x, width: h, height: w)
        }
        let fx = Double(decoded.width) / W
        let fy = Double(decoded.height) / H
        return Rect(x: r.minX * fx, y: r.minY * fy, width: r.width * fx, height: r.height * fy)
    }
}
