import CAllocationCounter
import CImageWriter
import Foundation
import NightstandTesting
import Raster
import Testing

/// Decoding every PNG color type and bit depth, and refusing what is not a usable PNG.
///
/// The fixtures are written by `Fixtures/make_fixtures.py`; the values below are the ones that
/// script puts in, premultiplied: `round(c × a / 255)`, and 16-bit channels `round(v / 257)`.
@Suite struct PNGDecoderTests {
    @Test func rgb8DecodesOpaque() throws {
        #expect(
            try pixels("rgb8.png") == [[0xFFFF_0000, 0xFF00_FF00], [0xFF00_00FF, 0xFF0A_141E]])
    }

    @Test func rgba8IsPremultipliedWithRounding() throws {
        // (0, 255, 0, 128) → g 128; (200, 100, 3, 128) → 100.4, 50.2, 1.51 → 100, 50, 2;
        // a transparent pixel loses its color.
        #expect(
            try pixels("rgba8.png") == [[0xFFFF_0000, 0x8000_8000], [0x8064_3202, 0x0000_0000]])
    }

    @Test func rgb16RoundsToEightBits() throws {
        // 0x8080 → 128, 0x00FF → 1 (truncation would give 0), 0xFF00 → 254 (not 255),
        // 0x1234 → 18.
        #expect(try pixels("rgb16.png") == [[0xFFFF_0080, 0xFF01_FE12]])
    }

    @Test func rgba16IsPremultiplied() throws {
        // White at alpha 0x8080 (128): every channel 128.
        #expect(try pixels("rgba16.png") == [[0xFFFF_0000, 0x8080_8080]])
    }

    @Test func grayDepthsExpandToGrayRGB() throws {
        let white: UInt32 = 0xFFFF_FFFF
        let black: UInt32 = 0xFF00_0000
        #expect(
            try pixels("gray1.png") == [
                [white, black, white, white, black, black, black, white, white]
            ])
        #expect(try pixels("gray8.png") == [[black, 0xFF80_8080, white]])
        #expect(try pixels("gray16.png") == [[0xFF01_0101, 0xFFFE_FEFE]])
    }

    @Test func grayTransparencyKeyClearsThatGray() throws {
        #expect(try pixels("gray8-trns.png") == [[0xFF00_0000, 0, 0xFFFF_FFFF]])
    }

    @Test func grayAlphaIsPremultiplied() throws {
        // Gray 200 at alpha 128 → 100.
        #expect(try pixels("gray-alpha8.png") == [[0x8064_6464, 0]])
        #expect(try pixels("gray-alpha16.png") == [[0x8080_8080]])
    }

    @Test func paletteWithoutTransparencyIsOpaque() throws {
        #expect(
            try pixels("palette8.png") == [
                [0xFFFF_0000, 0xFFC8_6403], [0xFF00_00FF, 0xFF0A_141E],
            ])
    }

    @Test func paletteTransparencyPremultipliesHalfTransparentEntry() throws {
        // tRNS = [255, 128, 0]: entry 1 (200, 100, 3) at 128 → (100, 50, 2); entry 2 clear;
        // entry 3 has no tRNS value and stays opaque.
        #expect(
            try pixels("palette8-trns.png") == [[0xFFFF_0000, 0x8064_3202], [0, 0xFF0A_141E]])
    }

    @Test func twoBitPaletteUnpacks() throws {
        #expect(
            try pixels("palette2.png") == [
                [0xFF0A_141E, 0xFF00_00FF, 0xFFC8_6403, 0xFFFF_0000, 0xFFC8_6403]
            ])
    }

    @Test func adam7InterlacedImageDecodes() throws {
        let expected: [[UInt32]] = (0..<3).map { (y: Int) -> [UInt32] in
            (0..<3).map { (x: Int) -> UInt32 in
                let red = UInt32(x * 100) << 16
                let green = UInt32(y * 100) << 8
                return 0xFF00_0007 | red | green
            }
        }
        #expect(try pixels("rgb8-interlaced.png") == expected)
    }

    @Test func fileAndMemoryDecodeAlike() throws {
        let data = try fixtureBytes("palette8-trns.png")
        let fromMemory = try PNGDecoder.decode(data: data)
        #expect(try rows(fromMemory) == pixels("palette8-trns.png"))
    }

    // MARK: Refusals

    @Test func missingFileIsNamed() {
        let path = fixture("no-such-image.png")
        let error = decodeError { try PNGDecoder.decode(file: path) }
        #expect(error == PNGError(file: path, reason: .fileNotFound))
        #expect(error?.description == "\(path): no such file")
    }

    @Test func directoryIsUnreadable() {
        let error = decodeError { try PNGDecoder.decode(file: fixture("")) }
        #expect(error?.reason == .refused("a directory, not a regular file"))
    }

    @Test("a FIFO or a device is refused at once, never read until memory runs out")
    func devicesAreRefused() throws {
        let zero = decodeError { try PNGDecoder.decode(file: "/dev/zero") }
        #expect(zero?.description == "/dev/zero: not read: a character device, not a regular file")
        let fifo = "/tmp/nightstand-png-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(
            decodeError { try PNGDecoder.decode(file: fifo) }?.reason
                == .refused("a FIFO, not a regular file"))
    }

    @Test func emptyAndForeignDataAreNotPNG() {
        #expect(decodeError { try PNGDecoder.decode(data: []) }?.reason == .empty)
        let text = Array("<!DOCTYPE html>".utf8)
        let error = decodeError { try PNGDecoder.decode(data: text) }
        #expect(error?.reason == .notPNG(firstBytes: Array(text.prefix(8))))
        #expect(error?.description == "PNG data: not a PNG (starts with 3C 21 44 4F 43 54 59 50)")
    }

    @Test func truncatedDataIsCalledTruncated() throws {
        // rgb8.png: signature 0..<8, IHDR 8..<33, IDAT 33..<64, IEND 64..<76.
        let data = try fixtureBytes("rgb8.png")
        #expect(data.count == 76)
        for length in [4, 8, 20, 33, 40, 50, 63] {
            let error = decodeError { try PNGDecoder.decode(data: Array(data.prefix(length))) }
            guard case .truncated = error?.reason else {
                Issue.record(
                    "length \(length): expected truncated, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func missingEndChunkIsForgivenWhenAllPixelsArrived() throws {
        // Like browsers, libpng's simplified reader stops after the image data: a file cut
        // inside or before IEND still has every pixel.
        let data = try fixtureBytes("rgb8.png")
        for length in [64, 70, 75] {
            #expect(
                try rows(PNGDecoder.decode(data: Array(data.prefix(length))))
                    == pixels("rgb8.png"))
        }
    }

    @Test func corruptChunkIsMalformed() throws {
        var data = try fixtureBytes("rgb8.png")
        data[29] ^= 0xFF  // IHDR's CRC (bytes 29…32)
        let error = decodeError { try PNGDecoder.decode(data: data) }
        guard case .malformed(let detail) = error?.reason else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(!detail.isEmpty)
    }

    @Test func oversizedImagesAreRefusedBeforeDecoding() {
        for (w, h) in [(20_000, 1), (1, 16_385), (10_000, 10_000), (8192, 2049)] {
            let error = decodeError {
                try PNGDecoder.decode(data: Self.headerOnlyPNG(width: w, height: h))
            }
            #expect(error?.reason == .tooLarge(width: w, height: h))
        }
    }

    @Test("a file of kilobytes claiming a huge image costs at most the 64 MiB of the largest")
    func compressedBlackBounded() throws {
        let folder = try TemporaryFolder()
        for (w, h, accepted) in [(8192, 4096, false), (4096, 4096, true)] {
            let path = folder.path("\(w)x\(h).png")
            #expect(test_png_write_black(path, UInt32(w), UInt32(h), UInt32(h), 0) == 0)
            allocation_counter_start()
            let decoded = Result { try PNGDecoder.decode(file: path) }
            allocation_counter_stop()
            let peak = Int(allocation_counter_peak_bytes())
            #expect(((try? decoded.get()) != nil) == accepted, "\(w)x\(h)")
            #expect(peak < (64 << 20) + (1 << 20), "\(w)x\(h): peak \(peak >> 20) MiB")
        }
    }

    // MARK: Fixtures

    private func fixture(_ name: String) -> String {
        let here = "\(#filePath)"
        return String(here[...(here.lastIndex(of: "/") ?? here.startIndex)]) + "Fixtures/" + name
    }

    private func fixtureBytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixture(name))))
    }

    /// The fixture's premultiplied pixels, row by row.
    private func pixels(_ name: String) throws -> [[UInt32]] {
        rows(try PNGDecoder.decode(file: fixture(name)))
    }

    private func rows(_ bitmap: Bitmap) -> [[UInt32]] {
        (0..<bitmap.height).map { y in (0..<bitmap.width).map { x in bitmap[x, y].value } }
    }

    private func decodeError(_ body: () throws -> Bitmap) -> PNGError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? PNGError
        }
    }

    /// A signature and an 8-bit RGB IHDR for a `width × height` image, and nothing else.
    private static func headerOnlyPNG(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] {
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) }
        }
        let ihdr = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ihdr + [0, 0, 0, 0]
    }
}
