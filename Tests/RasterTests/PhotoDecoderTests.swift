import CAllocationCounter
import CImageWriter
import Foundation
import NightstandTesting
import Raster
import Testing

/// Photos decoded straight to a screen's size: Exif orientation, fill and fit, DCT scaling and
/// area averaging, the memory a camera-sized JPEG costs, and every way a file can be refused.
///
/// The JPEGs and PNGs are written by the tests (CImageWriter) into a temporary folder, so no
/// camera-sized fixture lives in the repository.
@Suite struct PhotoDecoderTests {
    /// Stored quadrant colors of the orientation picture: red, green / blue, white.
    private static let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
    private static let green: (UInt8, UInt8, UInt8) = (0, 255, 0)
    private static let blue: (UInt8, UInt8, UInt8) = (0, 0, 255)
    private static let white: (UInt8, UInt8, UInt8) = (255, 255, 255)

    /// The shown quadrants (top-left, top-right, bottom-left, bottom-right) for each Exif
    /// orientation of a picture stored as red, green / blue, white; written out by hand from
    /// the Exif 2.3 tag's definition, not derived from the decoder's mapping.
    private static let shown: [ExifOrientation: [(UInt8, UInt8, UInt8)]] = [
        .upright: [red, green, blue, white],
        .mirrored: [green, red, white, blue],
        .rotated180: [white, blue, green, red],
        .mirroredVertically: [blue, white, red, green],
        .transposed: [red, blue, green, white],
        .rotated90: [blue, red, white, green],
        .transversed: [white, green, blue, red],
        .rotated270: [green, white, red, blue],
    ]

    @Test(
        "every Exif orientation turns a JPEG upright, at its size, shrunk and enlarged",
        arguments: ExifOrientation.allCases)
    func orientationTurnsJPEGUpright(_ orientation: ExifOrientation) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("o\(orientation.rawValue).jpg")
        try writeQuadrants(
            to: path, orientation: orientation, bigEndian: orientation.rawValue % 2 == 0)
        let shownSize = orientation.displaySize(of: PixelSize(width: 64, height: 32))
        for factor in [1.0, 0.5, 2.0] {
            let screen = PixelSize(
                width: Int(Double(shownSize.width) * factor),
                height: Int(Double(shownSize.height) * factor))
            let slide = try PhotoDecoder.decode(file: path, screen: screen, mode: .fill)
            #expect(slide.size == screen)
            expectQuadrants(slide, Self.shown[orientation] ?? [], tolerance: 12, "\(factor)x")
        }
    }

    @Test("a PNG's eXIf orientation is honoured, interlaced or not")
    func pngOrientation() throws {
        let folder = try TemporaryFolder()
        for interlaced in [false, true] {
            let path = folder.path("p\(interlaced).png")
            let rgba = quadrants(width: 64, height: 32).flatMap { c -> [UInt8] in
                [c.0, c.1, c.2, 255]
            }
            #expect(test_png_write(path, rgba, 64, 32, interlaced ? 1 : 0, 6) == 0)
            let slide = try PhotoDecoder.decode(
                file: path, screen: PixelSize(width: 32, height: 64), mode: .fill)
            expectQuadrants(slide, Self.shown[.rotated90] ?? [], tolerance: 0, "\(interlaced)")
        }
    }

    @Test("fill crops evenly to cover the screen; fit letterboxes on black")
    func fillAndFit() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("wide.png")
        // 200x100: the left half red, the right half blue, a green column at each edge.
        var rgba: [UInt8] = []
        for _ in 0..<100 {
            for x in 0..<200 {
                let c: (UInt8, UInt8, UInt8) =
                    x < 10 || x >= 190 ? (0, 255, 0) : x < 100 ? (255, 0, 0) : (0, 0, 255)
                rgba += [c.0, c.1, c.2, 255]
            }
        }
        #expect(test_png_write(path, rgba, 200, 100, 0, 0) == 0)
        // A 100x100 screen: fill shows the middle 100x100, no green.
        let filled = try PhotoDecoder.decode(
            file: path, screen: PixelSize(width: 100, height: 100), mode: .fill)
        #expect(filled[0, 50].value == 0xFFFF_0000)
        #expect(filled[99, 50].value == 0xFF00_00FF)
        // Fit shows all of it, 100x50 centered, black above and below.
        let fitted = try PhotoDecoder.decode(
            file: path, screen: PixelSize(width: 100, height: 100), mode: .fit)
        #expect(fitted[50, 10].value == 0xFF00_0000)
        #expect(fitted[50, 90].value == 0xFF00_0000)
        #expect(fitted[2, 50].value == 0xFF00_FF00)
        #expect(fitted[25, 50].value == 0xFFFF_0000)
        #expect(fitted[75, 50].value == 0xFF00_00FF)
    }

    @Test("area averaging turns a one-pixel checkerboard into flat gray, with no moiré")
    func areaAveraging() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("checker.png")
        var rgba: [UInt8] = []
        for y in 0..<600 {
            for x in 0..<900 {
                let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                rgba += [v, v, v, 255]
            }
        }
        #expect(test_png_write(path, rgba, 900, 600, 0, 0) == 0)
        let slide = try PhotoDecoder.decode(
            file: path, screen: PixelSize(width: 150, height: 100), mode: .fill)
        for y in 0..<100 {
            for x in 0..<150 {
                let g = Int(slide[x, y].value & 0xFF)
                #expect((127...128).contains(g), "(\(x), \(y)): \(g)")
                if !(127...128).contains(g) { return }
            }
        }
    }

    @Test("a zone plate decoded at 3/8 in the DCT, then area averaged to 160x120")
    func zonePlateGolden() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("zone.jpg")
        let (w, h) = (512, 384)
        var rgb: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x - w / 2)
                let dy = Double(y - h / 2)
                // Phase r²/240: at most 0.43 cycles a pixel in the corners, so the source itself
                // does not alias; shrunk 3.2 times, the rings finer than the screen's pixels
                // must fade to an even color, not come back as false rings.
                let v = UInt8(127.5 + 127.5 * cos((dx * dx + dy * dy) / 240))
                rgb += [v, v / 2, 255 - v]
            }
        }
        #expect(test_jpeg_write(path, rgb, Int32(w), Int32(h), TEST_JPEG_RGB, 95, 0, 0, 0) == 0)
        let slide = try PhotoDecoder.decode(
            file: path, screen: PixelSize(width: 160, height: 120), mode: .fill)
        let canvas = Canvas(size: slide.size)
        canvas.draw(slide, in: canvas.bounds.rect)
        // JPEG's DCT (libjpeg-turbo's scaled IDCT) may differ by a level between versions.
        assertGolden(canvas, named: "zone-plate", tolerance: 3)
    }

    @Test("a 24-megapixel JPEG decodes for a 1920x1080 screen without being held at its size")
    func cameraSizedJPEGMemory() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("camera.jpg")
        let (w, h) = (6000, 4000)
        do {
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            rgb.withUnsafeMutableBufferPointer { p in
                for y in 0..<h {
                    for x in 0..<w {
                        let i = (y * w + x) * 3
                        p[i] = UInt8(truncatingIfNeeded: x / 24)
                        p[i + 1] = UInt8(truncatingIfNeeded: y / 16)
                        p[i + 2] = UInt8(truncatingIfNeeded: (x + y) / 40)
                    }
                }
            }
            #expect(
                test_jpeg_write(path, rgb, Int32(w), Int32(h), TEST_JPEG_RGB, 85, 0, 0, 0) == 0)
        }
        allocation_counter_start()
        let slide = try PhotoDecoder.decode(
            file: path, screen: PixelSize(width: 1920, height: 1080), mode: .fill)
        allocation_counter_stop()
        let peak = allocation_counter_peak_bytes()
        // The slide itself is 1920 × 1080 × 4 = 7.9 MiB (8.3 MiB at the peak, measured); a
        // full-size decode would be 91.6 MiB.
        #expect(peak < 10 << 20, "peak \(peak >> 10) KiB")
        #expect(slide.size == PixelSize(width: 1920, height: 1080))
        // The gradient arrives: green grows down the picture (the crop starts 312 rows in).
        #expect(slide[960, 1070].value >> 8 & 0xFF > slide[960, 10].value >> 8 & 0xFF)
    }

    @Test("gray and Adobe CMYK JPEGs decode to their colors")
    func grayAndCMYK() throws {
        let folder = try TemporaryFolder()
        let gray = folder.path("gray.jpg")
        #expect(
            test_jpeg_write(
                gray, [UInt8](repeating: 100, count: 16 * 16), 16, 16, TEST_JPEG_GRAY, 95, 0, 0, 0)
                == 0)
        let g = try PhotoDecoder.decode(
            file: gray, screen: PixelSize(width: 16, height: 16), mode: .fill)
        #expect(g[8, 8].value == 0xFF64_6464)
        // Adobe stores ink inverted: no cyan (255), full magenta (0), full yellow (0), no black:
        // red.
        let cmyk = folder.path("cmyk.jpg")
        let pixels = (0..<(16 * 16)).flatMap { _ -> [UInt8] in [255, 0, 0, 255] }
        #expect(test_jpeg_write(cmyk, pixels, 16, 16, TEST_JPEG_CMYK, 95, 0, 0, 0) == 0)
        let c = try PhotoDecoder.decode(
            file: cmyk, screen: PixelSize(width: 16, height: 16), mode: .fill)
        expectColor(c[8, 8], (255, 0, 0), tolerance: 6, "cmyk")
    }

    @Test("a PNG with alpha is shown over black")
    func pngAlphaOverBlack() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("alpha.png")
        let rgba = (0..<64).flatMap { _ -> [UInt8] in [255, 255, 255, 128] }
        #expect(test_png_write(path, rgba, 8, 8, 0, 0) == 0)
        let slide = try PhotoDecoder.decode(
            file: path, screen: PixelSize(width: 8, height: 8), mode: .fill)
        #expect(slide[4, 4].value == 0xFF80_8080)
    }

    @Test("refused files name themselves and say why")
    func refusals() throws {
        let folder = try TemporaryFolder()
        let screen = PixelSize(width: 80, height: 60)
        func reason(_ path: String, limits: PhotoDecoder.Limits = .init()) -> PhotoError.Reason? {
            do {
                _ = try PhotoDecoder.decode(file: path, screen: screen, mode: .fill, limits: limits)
                return nil
            } catch {
                #expect(error.file == path)
                #expect(error.description.hasPrefix(path + ": "))
                return error.reason
            }
        }
        #expect(reason(folder.path("missing.jpg")) == .fileNotFound)

        let good = folder.path("good.jpg")
        try writeQuadrants(to: good, orientation: nil, bigEndian: false)
        let link = folder.path("link.jpg")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: good)
        #expect(reason(link) == .symbolicLink)
        #expect(reason(folder.path("")) == .notRegularFile)
        let fifo = folder.path("fifo.jpg")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(reason(fifo) == .notRegularFile)

        let empty = folder.path("empty.jpg")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(reason(empty) == .empty)
        let text = folder.path("notes.jpg")
        _ = FileManager.default.createFile(atPath: text, contents: Data("hello".utf8))
        #expect(reason(text) == .unknownFormat(firstBytes: Array("hello".utf8)))

        var small = PhotoDecoder.Limits()
        small.maxFileBytes = 100
        let goodSize = try size(good)
        #expect(reason(good, limits: small) == .fileTooBig(bytes: goodSize, limit: 100))
        var few = PhotoDecoder.Limits()
        few.maxPixels = 1000
        #expect(reason(good, limits: few) == .tooLarge(width: 64, height: 32, maxPixels: 1000))

        // Cut short: the data ends in the middle of the scan.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        let cut = folder.path("cut.jpg")
        _ = FileManager.default.createFile(atPath: cut, contents: bytes.prefix(bytes.count * 2 / 3))
        guard case .corrupt(let format, let detail)? = reason(cut) else {
            Issue.record("a truncated JPEG was not refused as corrupt")
            return
        }
        #expect(format == "JPEG" && detail.contains("Premature end"))
        let cutPNG = folder.path("cut.png")
        let rgba = [UInt8](repeating: 200, count: 64 * 64 * 4)
        #expect(test_png_write(cutPNG, rgba, 64, 64, 0, 0) == 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: cutPNG))
        _ = FileManager.default.createFile(atPath: cutPNG, contents: png.prefix(png.count - 20))
        guard case .corrupt(format: "PNG", _)? = reason(cutPNG) else {
            Issue.record("a truncated PNG was not refused as corrupt")
            return
        }

        // A progressive JPEG holds its coefficients whole; past the memory bound it is refused.
        let progressive = folder.path("progressive.jpg")
        let rgb = [UInt8](repeating: 90, count: 512 * 512 * 3)
        #expect(test_jpeg_write(progressive, rgb, 512, 512, TEST_JPEG_RGB, 90, 1, 0, 0) == 0)
        var tight = PhotoDecoder.Limits()
        tight.maxMemory = 256 << 10
        #expect(reason(progressive, limits: tight) == .needsTooMuchMemory(limit: 256 << 10))
        #expect(reason(progressive) == nil)
        let interlaced = folder.path("interlaced.png")
        let big = [UInt8](repeating: 90, count: 512 * 512 * 4)
        #expect(test_png_write(interlaced, big, 512, 512, 1, 0) == 0)
        #expect(reason(interlaced, limits: tight) == .needsTooMuchMemory(limit: 256 << 10))
    }

    @Test("every PNG fixture decodes through the photo path as PNGDecoder decodes it")
    func pngFixturesAgree() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
            .filter { $0.hasSuffix(".png") && !$0.contains("bad") && !$0.contains("truncated") }
        #expect(names.count > 8)
        for name in names {
            let path = fixtures.appendingPathComponent(name).path
            guard let expected = try? PNGDecoder.decode(file: path) else { continue }
            let slide = try PhotoDecoder.decode(file: path, screen: expected.size, mode: .fill)
            for y in 0..<expected.height {
                for x in 0..<expected.width {
                    // Over black: the premultiplied color, opaque.
                    let want = expected[x, y].value | 0xFF00_0000
                    #expect(slide[x, y].value == want, "\(name) (\(x), \(y))")
                }
            }
        }
    }

    // MARK: Helpers

    private func quadrants(width: Int, height: Int) -> [(UInt8, UInt8, UInt8)] {
        (0..<(width * height)).map { i in
            let left = i % width < width / 2
            let top = i / width < height / 2
            return top ? (left ? Self.red : Self.green) : (left ? Self.blue : Self.white)
        }
    }

    /// A 64x32 JPEG stored as red, green / blue, white, with an Exif orientation (nil: none).
    private func writeQuadrants(
        to path: String, orientation: ExifOrientation?, bigEndian: Bool
    ) throws {
        let rgb = quadrants(width: 64, height: 32).flatMap { c -> [UInt8] in [c.0, c.1, c.2] }
        let written = test_jpeg_write(
            path, rgb, 64, 32, TEST_JPEG_RGB, 95, 0, Int32(orientation?.rawValue ?? 0),
            bigEndian ? 1 : 0)
        #expect(written == 0)
    }

    private func expectQuadrants(
        _ slide: Bitmap, _ colors: [(UInt8, UInt8, UInt8)], tolerance: Int, _ note: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (w, h) = (slide.width, slide.height)
        let centers = [
            (w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4),
        ]
        for (center, color) in zip(centers, colors) {
            expectColor(
                slide[center.0, center.1], color, tolerance: tolerance, note,
                sourceLocation: sourceLocation)
        }
    }

    private func expectColor(
        _ pixel: PremultipliedPixel, _ color: (UInt8, UInt8, UInt8), tolerance: Int,
        _ note: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let v = pixel.value
        let got = (Int(v >> 16 & 0xFF), Int(v >> 8 & 0xFF), Int(v & 0xFF))
        let close =
            abs(got.0 - Int(color.0)) <= tolerance && abs(got.1 - Int(color.1)) <= tolerance
            && abs(got.2 - Int(color.2)) <= tolerance && v >> 24 == 255
        #expect(close, "\(note): got \(got), expected \(color)", sourceLocation: sourceLocation)
    }

    private func size(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? Int) ?? -1
    }
}
