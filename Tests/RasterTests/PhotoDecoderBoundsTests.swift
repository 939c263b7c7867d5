import CAllocationCounter
import CImageWriter
import Foundation
import NightstandTesting
import Testing

@testable import Raster

/// Photos of every shape decoded in the memory of a few screens: a tiny file claiming a huge
/// picture is refused from its header, a panorama as long as a photo may be fills, fits and
/// stretches without ever being held whole, and a JPEG as wide as the format allows too.
///
/// Memory is the decoding thread's heap at its peak (CAllocationCounter), so a decode that
/// holds a row-sized or picture-sized buffer it should not fails here, on any machine.
@Suite struct PhotoDecoderBoundsTests {
    /// A small screen, so that the photo's own buffers, not the screen's, would dominate.
    private let screen = PixelSize(width: 480, height: 320)

    /// What the screen-sized buffers of a decode may add up to: the slide, the enlarged
    /// part, and the part turned.
    private var screens: Int { 3 * screen.width * screen.height * 4 }

    /// Decodes `path` for the screen under `mode`, counting this thread's heap; the result
    /// and the peak bytes held.
    private func measured(_ path: String, _ mode: ContentMode) -> (Result<Bitmap, PhotoError>, Int)
    {
        allocation_counter_start()
        let result = Result { () throws(PhotoError) in
            try PhotoDecoder.decode(file: path, screen: screen, mode: mode)
        }
        allocation_counter_stop()
        return (result, Int(allocation_counter_peak_bytes()))
    }

    @Test("a tiny PNG claiming 1,000,000 x 64 pixels is refused from its header")
    func hugeClaimRefused() throws {
        let folder = try TemporaryFolder()
        // 64 rows of a million black pixels: 64 MB of rows in a file of 64 KiB; and the same
        // header with no image data at all (which ends before libpng's header is read).
        for rows: UInt32 in [64, 0] {
            let path = folder.path("claim\(rows).png")
            #expect(test_png_write_black(path, 1_000_000, 64, rows, 0) == 0)
            let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect((bytes ?? .max) < 100_000)
            for mode in [ContentMode.fill, .fit] {
                let (result, peak) = measured(path, mode)
                let reason: PhotoError.Reason =
                    rows == 0
                    ? .corrupt(
                        format: "PNG", detail: "truncated: the file ends before the PNG does")
                    : .tooLong(width: 1_000_000, height: 64, maxSide: 65_535)
                #expect(throws: PhotoError(file: path, reason: reason)) { try result.get() }
                #expect(peak < 256 << 10, "\(rows) rows, \(mode): peak \(peak >> 10) KiB")
            }
        }
        let error = PhotoError(
            file: "/p/long.png", reason: .tooLong(width: 1_000_000, height: 64, maxSide: 65_535))
        #expect(
            "\(error)"
                == "/p/long.png: image is 1000000x64; photos wider or taller than 65535 pixels are skipped"
        )
    }

    @Test(
        "a panorama as long as a photo may be decodes in the memory of a few screens",
        arguments: [(65_535, 300, false), (300, 65_535, false), (65_535, 64, true)])
    func longestPanorama(_ width: Int, _ height: Int, _ deep: Bool) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("pano.png")
        #expect(
            test_png_write_black(
                path, UInt32(width), UInt32(height), UInt32(height), deep ? 1 : 0) == 0)
        // Rows: at most a megabyte of them decoded at once, and libpng's own two or three of
        // the widest (8 bytes a pixel at 16 bits); the resampler's tables, a quarter of that.
        let rows = PhotoDecoder.rowBatchBytes + 3 * 65_535 * 8 + 65_535 * 4
        for mode in [ContentMode.fill, .fit, .stretch] {
            let (result, peak) = measured(path, mode)
            let slide = try result.get()
            #expect(slide.size == screen)
            #expect(slide[240, 160].value == 0xFF00_0000)
            #expect(peak < screens + rows, "\(width)x\(height) \(mode): peak \(peak >> 10) KiB")
        }
    }

    @Test("a JPEG as wide as the format allows fills a screen taller than it, in bounded memory")
    func widestJPEG() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("wide.jpg")
        let (width, height) = (65_500, 16)
        // The left half red, the right half blue.
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                rgb[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255
            }
        }
        #expect(
            test_jpeg_write(path, rgb, Int32(width), Int32(height), TEST_JPEG_RGB, 90, 0, 0, 0)
                == 0)
        for mode in [ContentMode.fill, .fit, .stretch] {
            let (result, peak) = measured(path, mode)
            let slide = try result.get()
            // libjpeg's rows for 65,500 pixels (its own buffers: about 3 MiB measured).
            #expect(peak < screens + (5 << 20), "\(mode): peak \(peak >> 10) KiB")
            if mode == .stretch {
                #expect(slide[100, 160].value >> 16 & 0xFF > 200, "red on the left")
                #expect(slide[380, 160].value & 0xFF > 200, "blue on the right")
            }
        }
    }

    @Test("enlarged along one axis and shrunk along the other, a photo keeps its picture")
    func mixedAxes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("strip.png")
        // 2000x40: red, then blue from x = 1000; a green column at x = 999.
        var rgba: [UInt8] = []
        for _ in 0..<40 {
            for x in 0..<2000 {
                let c: (UInt8, UInt8, UInt8) =
                    x == 999 ? (0, 255, 0) : x < 1000 ? (255, 0, 0) : (0, 0, 255)
                rgba += [c.0, c.1, c.2, 255]
            }
        }
        #expect(test_png_write(path, rgba, 2000, 40, 0, 0) == 0)
        let square = PixelSize(width: 100, height: 100)
        // Stretch: 20 times narrower, 2.5 times taller.
        let stretched = try PhotoDecoder.decode(file: path, screen: square, mode: .stretch)
        #expect(stretched[10, 50].value == 0xFFFF_0000)
        #expect(stretched[90, 50].value == 0xFF00_00FF)
        #expect(stretched[10, 0].value == 0xFFFF_0000 && stretched[10, 99].value == 0xFFFF_0000)
        // Fill: the middle 40x40 at 2.5 times: the green column in the middle, 2.5 wide.
        let filled = try PhotoDecoder.decode(file: path, screen: square, mode: .fill)
        #expect(filled[10, 50].value == 0xFFFF_0000)
        #expect(filled[90, 50].value == 0xFF00_00FF)
        #expect(filled[48, 50].value >> 8 & 0xFF > 200, "green at the middle")
    }

    @Test("a JPEG of more scans than any camera writes is refused, one of fewer decodes")
    func scans() throws {
        let folder = try TemporaryFolder()
        let gray = (0..<(64 * 64)).map { UInt8(64 + $0 % 64) }
        // 1 + 63 × 5 = 316 scans, then 1 + 63 × 2 = 127.
        let many = folder.path("many.jpg")
        #expect(test_jpeg_write_scans(many, gray, 64, 64, 4) == 0)
        let screen = PixelSize(width: 64, height: 64)
        #expect(
            throws: PhotoError(
                file: many, reason: .corrupt(format: "JPEG", detail: "more than 256 scans"))
        ) { try PhotoDecoder.decode(file: many, screen: screen, mode: .fill) }
        let fewer = folder.path("fewer.jpg")
        #expect(test_jpeg_write_scans(fewer, gray, 64, 64, 1) == 0)
        let slide = try PhotoDecoder.decode(file: fewer, screen: screen, mode: .fill)
        #expect(abs(Int(slide[10, 5].value & 0xFF) - 74) <= 3)
    }

    @Test("a stream reads no more of a file than its size when opened: a file growing ends there")
    func readBudget() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("photo.jpg")
        let rgb = [UInt8](repeating: 120, count: 64 * 64 * 3)
        #expect(test_jpeg_write(path, rgb, 64, 64, TEST_JPEG_RGB, 90, 0, 0, 0) == 0)
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let rows = UnsafeMutablePointer<UInt32>.allocate(capacity: 64 * 64)
        defer { rows.deallocate() }
        for (budget, whole) in [(size, true), (size / 2, false)] {
            #expect(lseek(fd, 0, SEEK_SET) == 0)
            let stream = try #require(
                ImageStream(fd: fd, format: .jpeg, maxMemory: 1 << 20, maxBytes: budget))
            let read =
                stream.start(eighths: 8) == nil
                ? nil : stream.readRows(into: rows, stride: 64, count: 64)
            #expect((read == 64) == whole, "\(budget) of \(size) bytes")
            #expect(whole ? stream.error == nil : stream.error?.contains("Premature end") == true)
        }
    }
}
