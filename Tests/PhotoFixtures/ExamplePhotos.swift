import CImageWriter
import Foundation
import Raster

/// Photos for the tests and the documentation, drawn with Raster and written as a camera
/// would: JPEG, larger than the screen, one of them stored sideways with an Exif orientation.
///
/// The pictures are landscapes made of gradients and curves, so that a fade, a crop or a
/// wrong turn shows at a glance in a golden.
public enum ExamplePhotos {
    /// The photos, by file name.
    public static let names = ["lake.jpg", "dunes.jpg", "tower.jpg"]

    /// Writes every example photo into `folder`; returns their paths.
    @discardableResult
    public static func write(to folder: String) -> [String] {
        names.map { name in
            let path = folder + "/" + name
            switch name {
            case "lake.jpg": writeJPEG(lake(width: 1200, height: 800), to: path, orientation: 0)
            case "dunes.jpg": writeJPEG(dunes(width: 1200, height: 900), to: path, orientation: 0)
            default:
                // A portrait photo (600x900 upright) stored sideways, as phones do: turned
                // 90° counterclockwise, with orientation 6 saying to turn it back.
                writeJPEG(
                    turnedCounterclockwise(tower(width: 600, height: 900)), to: path, orientation: 6
                )
            }
            return path
        }
    }

    /// A lake at dusk: a sky from deep blue to orange, a low sun, two ridges, their water.
    public static func lake(width: Int, height: Int) -> Canvas {
        let canvas = Canvas(width: width, height: height)
        let w = Double(width)
        let h = Double(height)
        let horizon = h * 0.62
        fill(
            canvas, Rect(x: 0, y: 0, width: w, height: horizon), top: (0.10, 0.16, 0.42),
            bottom: (0.98, 0.62, 0.35))
        canvas.fill(
            Path(
                ellipseIn: Rect(
                    x: w * 0.62, y: horizon - h * 0.16, width: h * 0.14, height: h * 0.14)),
            with: Paint(color: RGBA(red: 1, green: 0.86, blue: 0.6)))
        ridge(
            canvas, base: horizon, peak: h * 0.22, phase: 0.3,
            color: RGBA(red: 0.30, green: 0.22, blue: 0.36))
        ridge(
            canvas, base: horizon, peak: h * 0.12, phase: 1.7,
            color: RGBA(red: 0.16, green: 0.12, blue: 0.22))
        fill(
            canvas, Rect(x: 0, y: horizon, width: w, height: h - horizon), top: (0.55, 0.36, 0.38),
            bottom: (0.06, 0.08, 0.20))
        return canvas
    }

    /// Dunes under a hot sky.
    public static func dunes(width: Int, height: Int) -> Canvas {
        let canvas = Canvas(width: width, height: height)
        let w = Double(width)
        let h = Double(height)
        fill(
            canvas, Rect(x: 0, y: 0, width: w, height: h), top: (0.35, 0.62, 0.90),
            bottom: (0.96, 0.86, 0.70))
        ridge(
            canvas, base: h, peak: h * 0.55, phase: 0.9,
            color: RGBA(red: 0.90, green: 0.62, blue: 0.34))
        ridge(
            canvas, base: h, peak: h * 0.38, phase: 2.4,
            color: RGBA(red: 0.80, green: 0.48, blue: 0.24))
        ridge(
            canvas, base: h, peak: h * 0.20, phase: 4.1,
            color: RGBA(red: 0.62, green: 0.34, blue: 0.18))
        return canvas
    }

    /// A tall picture: a white tower against a green-blue sky, upright.
    public static func tower(width: Int, height: Int) -> Canvas {
        let canvas = Canvas(width: width, height: height)
        let w = Double(width)
        let h = Double(height)
        fill(
            canvas, Rect(x: 0, y: 0, width: w, height: h), top: (0.12, 0.40, 0.55),
            bottom: (0.70, 0.88, 0.80))
        canvas.fill(
            Path(
                roundedRect: Rect(x: w * 0.4, y: h * 0.18, width: w * 0.2, height: h * 0.82),
                cornerRadius: w * 0.03),
            with: Paint(color: RGBA(red: 0.96, green: 0.95, blue: 0.90)))
        canvas.fill(
            Rect(x: w * 0.37, y: h * 0.14, width: w * 0.26, height: h * 0.06),
            with: Paint(color: RGBA(red: 0.75, green: 0.15, blue: 0.12)))
        ridge(
            canvas, base: h, peak: h * 0.12, phase: 3.0,
            color: RGBA(red: 0.18, green: 0.34, blue: 0.20))
        return canvas
    }

    /// A vertical gradient over `rect`.
    private static func fill(
        _ canvas: Canvas, _ rect: Rect, top: (Float, Float, Float), bottom: (Float, Float, Float)
    ) {
        let gradient = LinearGradient(
            stops: [
                GradientStop(color: RGBA(red: top.0, green: top.1, blue: top.2), location: 0),
                GradientStop(
                    color: RGBA(red: bottom.0, green: bottom.1, blue: bottom.2), location: 1),
            ],
            start: Point(x: 0, y: rect.minY), end: Point(x: 0, y: rect.maxY))
        canvas.fill(rect, with: Paint(shader: .linearGradient(gradient)))
    }

    /// A wavy ridge rising `peak` above `base`, filled down to `base`.
    private static func ridge(
        _ canvas: Canvas, base: Double, peak: Double, phase: Double, color: RGBA
    ) {
        let w = Double(canvas.width)
        let path = Path { path in
            path.move(to: Point(x: 0, y: base))
            for i in 0...64 {
                let x = w * Double(i) / 64
                let wave = 0.3 * sin(x / w * 5 + phase) + 0.15 * sin(x / w * 13 + 2 * phase)
                path.addLine(to: Point(x: x, y: base - peak * (0.55 + wave)))
            }
            path.addLine(to: Point(x: w, y: base))
            path.closeSubpath()
        }
        canvas.fill(path, with: Paint(color: color))
    }

    /// The picture turned 90° counterclockwise (what orientation 6 turns back).
    private static func turnedCounterclockwise(_ canvas: Canvas) -> Canvas {
        let turned = Canvas(width: canvas.height, height: canvas.width)
        let source = (0..<canvas.height).map { canvas.row($0) }
        for y in 0..<turned.height {
            let out = turned.row(y)
            // Turned pixel (x, y) is the upright (W − 1 − y, x).
            for x in 0..<turned.width { out[x] = source[x][canvas.width - 1 - y] }
        }
        return turned
    }

    private static func writeJPEG(_ canvas: Canvas, to path: String, orientation: Int32) {
        var rgb = [UInt8](repeating: 0, count: canvas.width * canvas.height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            for y in 0..<canvas.height {
                let row = canvas.row(y)
                for x in 0..<canvas.width {
                    let v = row[x]
                    let i = (y * canvas.width + x) * 3
                    out[i] = UInt8(v >> 16 & 0xFF)
                    out[i + 1] = UInt8(v >> 8 & 0xFF)
                    out[i + 2] = UInt8(v & 0xFF)
                }
            }
        }
        _ = test_jpeg_write(
            path, rgb, Int32(canvas.width), Int32(canvas.height), TEST_JPEG_RGB, 90, 0, orientation,
            0)
    }
}
