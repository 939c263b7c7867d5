import Testing

@testable import Raster

/// Shaders color a pixel by its position alone: the scan converter may cut a row into spans
/// anywhere (runs, masks of eight), and a pixel must come out the same in any of them.
@Suite("Shader spans")
struct ShaderSpanTests {
    /// Shaders under a rotation-and-scale transform, so both axes step along a row.
    private func shaders() -> [(String, any SpanShader)] {
        let transform = Transform(rotation: 0.3).concatenating(
            Transform(scaleX: 1.7, y: 0.9))
        let stops = [
            GradientStop(color: .systemBlue, location: 0),
            GradientStop(color: .systemPink.opacity(0.5), location: 0.4),
            GradientStop(color: .systemYellow, location: 1),
        ]
        let bitmap = Bitmap(width: 13, height: 7) { row, y in
            for x in 0..<13 { row[x] = 0xFF00_0000 | UInt32(x * 19) << 16 | UInt32(y * 36) << 8 }
        }
        let pattern = { (filter: ImageFilter) in
            ImageShader(
                pattern: ImagePattern(
                    bitmap: bitmap, rect: Rect(x: 3, y: 2, width: 150, height: 90), filter: filter),
                transform: transform, colorTransform: .identity, opacity: 0.8)
        }
        return [
            (
                "linear",
                GradientShader(
                    linear: LinearGradient(
                        stops: stops, start: Point(x: 5, y: 9), end: Point(x: 170, y: 40)),
                    transform: transform, colorTransform: .identity, opacity: 1)
            ),
            (
                "radial",
                GradientShader(
                    radial: RadialGradient(
                        stops: stops, center: Point(x: 60, y: 30), endRadius: 70),
                    transform: transform, colorTransform: .identity, opacity: 1)
            ),
            ("image, bilinear", pattern(.bilinear)), ("image, nearest", pattern(.nearest)),
        ]
            // Axis-aligned and diagonal gradients on whole pixels, where t·255 often lands on
            // a rounding tie: a t stepped along the span rounds those ties differently.
            + [
                (Point(x: 10, y: 0), Point(x: 190, y: 0), Transform.identity),
                (Point(x: 10, y: 60), Point(x: 95, y: 145), .identity),
                (.zero, Point(x: 360, y: 0), Transform(scaleX: 0.5, y: 0.5)),
            ].map { start, end, t in
                (
                    "linear \(start) to \(end)",
                    GradientShader(
                        linear: LinearGradient(stops: stops, start: start, end: end),
                        transform: t, colorTransform: .identity, opacity: 1)
                )
            }
    }

    @Test("a row shaded as one span equals the row shaded pixel by pixel and in random pieces")
    func pixelsIndependentOfSpans() {
        var rng = SystemRandomNumberGenerator()
        let width = 200
        let whole = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let pieces = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            whole.deallocate()
            pieces.deallocate()
        }
        for (name, shader) in shaders() {
            for y in [0, 17, 61, 99] {
                shader.shade(x: 0, y: y, count: width, into: whole)
                var x = 0
                while x < width {
                    let n = min(Int.random(in: 1...19, using: &rng), width - x)
                    shader.shade(x: x, y: y, count: n, into: pieces + x)
                    x += n
                }
                let differing = (0..<width).filter { whole[$0] != pieces[$0] }
                #expect(differing.isEmpty, "\(name), row \(y): columns \(differing)")
            }
        }
    }
}
