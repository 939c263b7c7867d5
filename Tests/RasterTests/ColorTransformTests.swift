import Foundation
import NightstandTesting
import Testing

@testable import Raster

@Suite("ColorTransform")
struct ColorTransformTests {
    private let red = ColorTransform.monochrome(tint: RGBA(red: 1, green: 0, blue: 0))

    /// A 200×200 frame with every kind of source: colors, gradients, translucency, drawn with
    /// `paintTransform` as the canvas's color transform.
    private func colorfulFrame(paintTransform: ColorTransform = .identity) -> Canvas {
        let c = Canvas(width: 200, height: 200)
        c.colorTransform = paintTransform
        c.clear(.black)
        let palette: [RGBA] = [
            .systemRed, .systemGreen, .systemBlue, .systemYellow, .white, .systemTeal, .systemGray,
        ]
        for (i, color) in palette.enumerated() {
            c.fill(
                Path(ellipseIn: Rect(x: Double(i) * 25, y: Double(i) * 20, width: 60, height: 60)),
                with: Paint(color: color.opacity(0.8)))
        }
        c.fill(
            Rect(x: 0, y: 160, width: 200, height: 40),
            with: Paint(
                shader: .linearGradient(
                    LinearGradient(
                        stops: [
                            GradientStop(color: .systemCyan, location: 0),
                            GradientStop(color: .systemPink, location: 1),
                        ],
                        start: Point(x: 0, y: 0), end: Point(x: 200, y: 0)))))
        return c
    }

    @Test("the red-tint pass leaves no pixel with green or blue above 0, and R = rounded luma")
    func redTintPassIsPureRed() {
        let day = colorfulFrame()
        let night = day.copy()
        night.apply(red)
        for y in 0..<200 {
            for x in 0..<200 {
                let d = day[x, y]
                let n = night[x, y]
                #expect(n.g == 0 && n.b == 0)
                let luma = (0.2126 * Double(d.r) + 0.7152 * Double(d.g) + 0.0722 * Double(d.b))
                    .rounded()
                #expect(abs(Double(n.r) - luma) <= 1, "(\(x), \(y))")
            }
        }
    }

    @Test("golden: a colorful frame through the red-tint pass")
    func redTintGolden() {
        let night = colorfulFrame()
        night.apply(red)
        assertGolden(night, named: "red-tint")
    }

    @Test("the red tint applied at paint time also yields pure red, and matches the pass within 2")
    func redTintAtPaintTime() {
        let painted = colorfulFrame(paintTransform: red)
        let reference = colorfulFrame()
        reference.apply(red)
        for y in 0..<200 {
            for x in 0..<200 {
                let p = painted[x, y]
                #expect(p.g == 0 && p.b == 0)
                #expect(abs(Int(p.r) - Int(reference[x, y].r)) <= 2, "(\(x), \(y))")
            }
        }
    }

    @Test("luma of white is 255 exactly; of pure green, 182 (0.7152 × 255 rounded)")
    func lumaExact() {
        let t = red.fixed
        #expect(t.apply(0xFFFF_FFFF) == 0xFFFF_0000)
        #expect(t.apply(0xFF00_FF00) == 0xFFB6_0000)
        #expect(t.apply(0xFF00_00FF) == 0xFF12_0000)
    }

    @Test("a ceiling on the tint caps the red: 40 % of white is 102")
    func ceiling() {
        let c = Canvas(width: 4, height: 4)
        c.clear(.white)
        c.apply(.monochrome(tint: RGBA(red: 0.4, green: 0, blue: 0)))
        #expect(c[1, 1] == PremultipliedPixel(r: 102, g: 0, b: 0, a: 255))
    }

    @Test("dim scales every channel; a fade between transforms interpolates weights")
    func dimAndFade() {
        let c = Canvas(width: 2, height: 1)
        c.clear(RGBA(hex: 0xC86432))
        c.apply(.dim(0.5))
        #expect(c[0, 0] == PremultipliedPixel(r: 100, g: 50, b: 25, a: 255))
        let halfway = ColorTransform.identity.lerp(to: red, 0.5)
        #expect(
            abs(halfway.matrix[0] - (1 + 0.2126) / 2) < 1e-6 && abs(halfway.matrix[4] - 0.5) < 1e-6)
    }

    @Test("premultiplied translucent pixels stay premultiplied (channels ≤ alpha)")
    func premultipliedStaysValid() {
        let t = ColorTransform(matrix: [2, 0, 0, 0, 2, 0, 0, 0, 2]).fixed
        let out = PremultipliedPixel(
            value: t.apply(PremultipliedPixel(r: 100, g: 20, b: 0, a: 128).value))
        #expect(out.r == 128 && out.g == 40 && out.a == 128)
    }
}

@Suite("Color transforms with gain")
struct ColorTransformGainTests {
    @Test("a transform with gain saturates at white for colors and for pixels")
    func gainSaturates() {
        let gain = ColorTransform.monochrome(tint: .white).concatenating(.dim(2))
        #expect(gain.apply(.white) == RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let red = gain.apply(.systemRed)
        #expect(red.red == red.green && red.red > 0.6 && red.red <= 1)
        let canvas = Canvas(width: 2, height: 1)
        canvas.colorTransform = gain
        canvas.fill(Rect(x: 0, y: 0, width: 2, height: 1), with: Paint(color: .white))
        #expect(canvas[0, 0] == RGBA.white.premultiplied)
        canvas.colorTransform = .identity
        canvas.apply(gain)
        #expect(canvas[1, 0] == RGBA.white.premultiplied)
    }
}
