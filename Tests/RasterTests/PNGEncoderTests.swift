import Foundation
import Raster
import Testing

/// Encoding canvases and bitmaps, round trips through the decoder, and atomic file writes.
@Suite struct PNGEncoderTests {
    @Test func everyPremultipliedValueRoundTripsExactly() throws {
        // Pixel (x, y) has alpha y and channels min(x, y), min(255 − x, y), min(x / 2, y): every
        // (channel, alpha) pair with channel ≤ alpha appears in red.
        let canvas = Canvas(width: 256, height: 256)
        for y in 0..<256 {
            for x in 0..<256 {
                canvas[x, y] = PremultipliedPixel(
                    r: UInt8(min(x, y)), g: UInt8(min(255 - x, y)), b: UInt8(min(x / 2, y)),
                    a: UInt8(y))
            }
        }
        let decoded = try PNGDecoder.decode(data: try PNGEncoder.encode(canvas))
        #expect(mismatches(canvas, decoded) == 0)
    }

    @Test func opaqueImagesAreWrittenAsRGB() throws {
        let canvas = Canvas(width: 3, height: 2)
        canvas.clear(RGBA(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        #expect(try colorType(PNGEncoder.encode(canvas)) == 2)
        canvas[1, 1] = PremultipliedPixel(r: 10, g: 10, b: 10, a: 254)
        let withAlpha = try PNGEncoder.encode(canvas)
        #expect(colorType(withAlpha) == 6)
        #expect(try mismatches(canvas, PNGDecoder.decode(data: withAlpha)) == 0)
    }

    @Test("RGB rows encode as an RGB PNG that decodes to the same opaque pixels")
    func rgbRowsRoundTrip() throws {
        let width = 300
        let height = 7
        let rgb = (0..<width * height * 3).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let png = try PNGEncoder.encode(rgb: rgb, width: width, height: height)
        #expect(colorType(png) == 2)
        let decoded = try PNGDecoder.decode(data: png)
        var wrong = 0
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                let expected = PremultipliedPixel(r: rgb[i], g: rgb[i + 1], b: rgb[i + 2], a: 255)
                if decoded[x, y] != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(throws: PNGError.self) { try PNGEncoder.encode(rgb: rgb, width: width, height: 6) }
    }

    @Test func transparentPixelsComeBackTransparentBlack() throws {
        let canvas = Canvas(width: 2, height: 1)
        canvas[0, 0] = PremultipliedPixel(r: 0, g: 0, b: 0, a: 0)
        canvas[1, 0] = PremultipliedPixel(r: 1, g: 2, b: 3, a: 3)
        let decoded = try PNGDecoder.decode(data: try PNGEncoder.encode(canvas))
        #expect(decoded[0, 0] == .transparent)
        #expect(decoded[1, 0] == PremultipliedPixel(r: 1, g: 2, b: 3, a: 3))
    }

    @Test func subCanvasEncodesOnlyItsPixels() throws {
        let canvas = Canvas(width: 8, height: 8)
        canvas.clear(.black)
        let slot = canvas.subCanvas(IntRect(x: 2, y: 3, width: 3, height: 2))
        slot.clear(RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        let decoded = try PNGDecoder.decode(data: try PNGEncoder.encode(slot))
        #expect(decoded.size == PixelSize(width: 3, height: 2))
        #expect(mismatches(slot, decoded) == 0)
    }

    @Test func bitmapEncodesLikeItsCanvas() throws {
        let canvas = Canvas(width: 4, height: 4)
        canvas.fill(Rect(x: 0.5, y: 0.5, width: 2, height: 3), with: Paint(color: .white))
        #expect(try PNGEncoder.encode(Bitmap(copying: canvas)) == PNGEncoder.encode(canvas))
    }

    @Test func emptyCanvasCannotBeEncoded() {
        #expect(throws: PNGError.self) { try PNGEncoder.encode(Canvas(width: 0, height: 5)) }
    }

    // MARK: Files

    @Test func writeReplacesTheFileAndLeavesNoTemporaryFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/frame.png"
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))

        let canvas = Canvas(width: 5, height: 4)
        canvas.clear(RGBA(red: 0, green: 0.5, blue: 1, alpha: 0.5))
        try PNGEncoder.write(canvas, to: path)
        #expect(try mismatches(canvas, PNGDecoder.decode(file: path)) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["frame.png"])

        try PNGEncoder.write(Bitmap(copying: canvas), to: path)
        #expect(try mismatches(canvas, PNGDecoder.decode(file: path)) == 0)
    }

    @Test func writeIntoMissingDirectoryNamesFileAndStep() throws {
        let path = try temporaryDirectory() + "/missing/frame.png"
        do {
            try PNGEncoder.write(Canvas(width: 1, height: 1), to: path)
            Issue.record("writing into a missing directory succeeded")
        } catch let error as PNGError {
            #expect(error.reason == .unwritable(step: "create", errno: ENOENT))
            #expect(error.description.hasPrefix("\(path): cannot write: create"))
        }
    }

    @Test func relativePathWritesInWorkingDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let previous = FileManager.default.currentDirectoryPath
        // The working directory is process-wide: restore it before any other test can look.
        #expect(FileManager.default.changeCurrentDirectoryPath(directory))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try PNGEncoder.write(Canvas(width: 2, height: 2), to: "plain.png")
        #expect(FileManager.default.fileExists(atPath: directory + "/plain.png"))
    }

    // MARK: Helpers

    /// Pixels where the decoded bitmap differs from the canvas.
    private func mismatches(_ canvas: Canvas, _ bitmap: Bitmap) -> Int {
        guard canvas.size == bitmap.size else { return -1 }
        var count = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y] != bitmap[x, y] { count += 1 }
        }
        return count
    }

    /// The IHDR color type byte: 2 RGB, 6 RGBA.
    private func colorType(_ png: [UInt8]) -> UInt8 { png[25] }

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/png-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
