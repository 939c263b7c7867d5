import NightstandTesting
import Testing

@testable import Raster

/// Drawing a decoded picture scaled up with `Canvas.draw(_:in:mode:)`: fit, fill, stretch.
///
/// The picture is `Fixtures/draw-source.png`, 4×2 pixels: red, green, blue, white over black,
/// cyan, magenta and half-transparent yellow. It is drawn into the 48×48 square at (8, 8) of a
/// 64×64 canvas filled with dark gray, so each mode's placement and clipping shows.
@Suite struct ImageDrawingTests {
    private static let background = PremultipliedPixel(r: 0x20, g: 0x20, b: 0x20, a: 255)
    private static let target = Rect(x: 8, y: 8, width: 48, height: 48)

    /// Half-transparent yellow, premultiplied (128, 128, 0, 128), over the background:
    /// 128 + 32 × 127 / 255 = 144 in red and green, 16 in blue.
    private static let yellowOverBackground = PremultipliedPixel(r: 144, g: 144, b: 16, a: 255)

    @Test func fitLetterboxesAndLeavesTheBandsUntouched() throws {
        let canvas = try draw(.fit)
        // Scale min(48/4, 48/2) = 12: the picture is 48×24 at y 20…44.
        for x in [8, 30, 55] {
            for y in [8, 19, 44, 55] {
                #expect(canvas[x, y] == Self.background, "letterbox at (\(x), \(y))")
            }
        }
        // Within half a source pixel of a corner, bilinear sampling clamps to the corner pixel.
        #expect(canvas[8, 20] == PremultipliedPixel(r: 255, g: 0, b: 0, a: 255))
        #expect(canvas[55, 20] == PremultipliedPixel(r: 255, g: 255, b: 255, a: 255))
        #expect(canvas[8, 43] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 255))
        #expect(canvas[55, 43] == Self.yellowOverBackground)
        // Pixel center (31.5, 23.5) samples the picture at (1.958, 0.292): between the centers
        // of green (1, 0) and blue (2, 0), 0.458 of the way, clamped to row 0; 8-bit weight
        // round(0.458 × 255) = 117, so green 255 × 138 / 255 and blue 255 × 117 / 255.
        #expect(canvas[31, 23] == PremultipliedPixel(r: 0, g: 138, b: 117, a: 255))
        assertGolden(canvas, named: "fit")
    }

    @Test func fillCoversTheSquareAndClipsTheOverflow() throws {
        let canvas = try draw(.fill)
        // Scale max(12, 24) = 24: the picture is 96×48 at x −16…80, clipped to the square.
        for y in [8, 30, 55] {
            for x in [0, 7, 56, 63] {
                #expect(canvas[x, y] == Self.background, "outside the square at (\(x), \(y))")
            }
        }
        for x in [8, 30, 55] {
            #expect(canvas[x, 7] == Self.background)
            #expect(canvas[x, 56] == Self.background)
        }
        // Source columns 1 and 2 are centered on canvas x 20 and 44; pixel centers 20.5 and 44.5
        // lie 1/48 of a source pixel past them, weight round(255 / 48) = 5 for the next column.
        // Rows are clamped at the top (y 8) and bottom (y 55).
        // Green → blue, blue → white, cyan → magenta:
        #expect(canvas[20, 8] == PremultipliedPixel(r: 0, g: 250, b: 5, a: 255))
        #expect(canvas[44, 8] == PremultipliedPixel(r: 5, g: 5, b: 255, a: 255))
        #expect(canvas[20, 55] == PremultipliedPixel(r: 5, g: 250, b: 255, a: 255))
        assertGolden(canvas, named: "fill")
    }

    @Test func stretchMapsCornersToCorners() throws {
        let canvas = try draw(.stretch)
        #expect(canvas[8, 8] == PremultipliedPixel(r: 255, g: 0, b: 0, a: 255))
        #expect(canvas[55, 8] == PremultipliedPixel(r: 255, g: 255, b: 255, a: 255))
        #expect(canvas[8, 55] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 255))
        #expect(canvas[55, 55] == Self.yellowOverBackground)
        #expect(canvas[7, 8] == Self.background && canvas[56, 55] == Self.background)
        assertGolden(canvas, named: "stretch")
    }

    @Test func fractionalPlacementBlendsItsEdges() throws {
        // A 2× stretch at a half-pixel offset: the edge pixels are half covered.
        let canvas = Canvas(width: 12, height: 8)
        canvas.clear(.black)
        let bitmap = try source()
        canvas.draw(bitmap, in: Rect(x: 1.5, y: 1.5, width: 8, height: 4), mode: .stretch)
        #expect(canvas[0, 3] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 255))
        // Pixel (1, 2) is half covered by pure red, pixel (1, 1) a quarter: red ≈ 255 × coverage
        // (±1 for the 8-bit quantization of coverage).
        #expect(canvas[1, 2].g == 0 && abs(Int(canvas[1, 2].r) - 128) <= 1)
        #expect(canvas[1, 1].g == 0 && abs(Int(canvas[1, 1].r) - 64) <= 1)
        assertGolden(canvas, named: "fractional-edges")
    }

    @Test func unscaledDrawCopiesPremultipliedPixelsAndAppliesOpacity() throws {
        let bitmap = try source()
        let canvas = Canvas(width: 4, height: 2)
        canvas.draw(bitmap, in: Rect(x: 0, y: 0, width: 4, height: 2))
        for y in 0..<2 {
            for x in 0..<4 { #expect(canvas[x, y] == bitmap[x, y], "(\(x), \(y))") }
        }
        let faded = Canvas(width: 4, height: 2)
        faded.draw(bitmap, in: Rect(x: 0, y: 0, width: 4, height: 2), opacity: 0.5)
        #expect(faded[0, 0] == PremultipliedPixel(r: 128, g: 0, b: 0, a: 128))
        #expect(faded[3, 1] == PremultipliedPixel(r: 64, g: 64, b: 0, a: 64))
    }

    @Test("drawn at an eighth of its size, a one-pixel checkerboard averages to gray")
    func downscaledCheckerboardDoesNotAlias() throws {
        // Black and white pixels alternate; bilinear filtering of the full picture would read
        // four pixels per canvas pixel out of 64 and show black, white or any mix by phase.
        let side = 256
        let checker = try #require(
            Bitmap(
                width: side, height: side,
                premultipliedPixels: (0..<side * side).map { i in
                    (i / side + i % side) % 2 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF
                }))
        for size in [32.0, 20.0, 11.5] {  // 8×, 12.8× and 22.3× smaller
            let canvas = Canvas(width: 32, height: 32)
            canvas.draw(checker, in: Rect(x: 0, y: 0, width: size, height: size))
            let inside = Int(size.rounded(.down))
            for y in 0..<inside {
                for x in 0..<inside {
                    let red = canvas[x, y].r
                    #expect((123...132).contains(red), "(\(x), \(y)) at \(size): \(red)")
                }
            }
        }
    }

    @Test("each half-size level averages 2×2 pixels, rounding, down to one pixel")
    func halvedLevels() throws {
        let bitmap = try #require(
            Bitmap(
                width: 3, height: 2,
                premultipliedPixels: [
                    0xFF00_0000, 0xFF03_0507, 0xFFFF_FFFF,
                    0xFF01_0101, 0x8001_0000, 0x0000_0000,
                ]))
        let half = bitmap.halved
        #expect(half.size == PixelSize(width: 1, height: 1))
        // Alpha (FF + FF + FF + 80 + 2) >> 2 = DF; red (0 + 3 + 1 + 1 + 2) >> 2 = 1;
        // green (0 + 5 + 1 + 0 + 2) >> 2 = 2; blue (0 + 7 + 1 + 0 + 2) >> 2 = 2.
        #expect(half[0, 0] == PremultipliedPixel(value: 0xDF01_0202))
        #expect(half.halved === half.halved, "a level is made once and kept")
        #expect(bitmap.halved === half)
    }

    // MARK: Fixtures

    private func source() throws -> Bitmap {
        let here = "\(#filePath)"
        let directory = here[...(here.lastIndex(of: "/") ?? here.startIndex)]
        return try PNGDecoder.decode(file: directory + "Fixtures/draw-source.png")
    }

    private func draw(_ mode: ContentMode) throws -> Canvas {
        let canvas = Canvas(width: 64, height: 64)
        canvas.clear(Self.background.color)
        canvas.draw(try source(), in: Self.target, mode: mode)
        return canvas
    }
}
