import Testing

@testable import Raster

/// Where a photo lands on a screen and which of its pixels are read, as numbers; and the Exif
/// orientation read from blocks, well-formed and hostile.
@Suite struct PhotoPlacementTests {
    @Test("a 24-megapixel photo filling 1920x1080 decodes at 3/8 and reads its middle band")
    func cameraPhotoFillsHD() {
        let p = PhotoPlacement(
            stored: PixelSize(width: 6000, height: 4000), orientation: .upright,
            screen: PixelSize(width: 1920, height: 1080), mode: .fill)
        #expect(p.scale == 0.32)
        #expect(p.dctEighths == 3)
        #expect(p.destination == IntRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(close(p.region, Rect(x: 0, y: 312.5, width: 6000, height: 3375)))
        // libjpeg decodes 3/8 of 6000x4000 as 2250x1500.
        let decoded = PixelSize(width: 2250, height: 1500)
        #expect(
            close(
                p.storedRegion(decoded: decoded),
                Rect(x: 0, y: 117.1875, width: 2250, height: 1265.625)))
        #expect(!p.scalesUp(decoded: decoded))
    }

    @Test("fit centers the photo and keeps all of it")
    func fitLetterboxes() {
        let p = PhotoPlacement(
            stored: PixelSize(width: 4000, height: 3000), orientation: .upright,
            screen: PixelSize(width: 800, height: 480), mode: .fit)
        #expect(p.scale == 0.16)
        #expect(p.dctEighths == 2)
        #expect(p.destination == IntRect(x: 80, y: 0, width: 640, height: 480))
        #expect(close(p.region, Rect(x: 0, y: 0, width: 4000, height: 3000)))
    }

    @Test("a portrait phone photo stored sideways fills by its upright shape")
    func sidewaysPortrait() {
        let p = PhotoPlacement(
            stored: PixelSize(width: 4032, height: 3024), orientation: .rotated90,
            screen: PixelSize(width: 800, height: 480), mode: .fill)
        // Upright it is 3024x4032; filling 800 across shows a band 1814.4 high of it.
        #expect(abs(p.scale - 800.0 / 3024) < 1e-12)
        #expect(abs(p.region.height - 1814.4) < 1e-9)
        #expect(p.storedOutput == PixelSize(width: 480, height: 800))
        // Turned back, that band is a column range of the stored picture, all its rows.
        let r = p.storedRegion(decoded: PixelSize(width: 4032, height: 3024))
        #expect(abs(r.minX - 1108.8) < 1e-9 && abs(r.width - 1814.4) < 1e-9)
        #expect(r.minY == 0 && r.height == 3024)
    }

    @Test("a photo smaller than the screen decodes at full size and is scaled up")
    func smallPhotoScalesUp() {
        let p = PhotoPlacement(
            stored: PixelSize(width: 640, height: 480), orientation: .upright,
            screen: PixelSize(width: 1920, height: 1080), mode: .fill)
        #expect(p.dctEighths == 8)
        #expect(p.scalesUp(decoded: PixelSize(width: 640, height: 480)))
    }

    private func close(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9
            && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    // MARK: Exif blocks

    /// A TIFF block: byte order, 42, IFD at 8, then `entries` of (tag, type, count, value).
    private func block(bigEndian: Bool, _ entries: [(UInt16, UInt16, UInt32, UInt16)]) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            let halves = [UInt16(v & 0xFFFF), UInt16(v >> 16)]
            return bigEndian ? u16(halves[1]) + u16(halves[0]) : u16(halves[0]) + u16(halves[1])
        }
        var bytes: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        bytes += u16(42) + u32(8) + u16(UInt16(entries.count))
        for (tag, type, count, value) in entries {
            bytes += u16(tag) + u16(type) + u32(count) + u16(value) + [0, 0]
        }
        return bytes + u32(0)
    }

    @Test("the Orientation tag is found among other tags, in either byte order")
    func readsOrientation() {
        for bigEndian in [false, true] {
            let exif = block(bigEndian: bigEndian, [(0x010F, 2, 4, 0), (0x0112, 3, 1, 6)])
            #expect(ExifOrientation(exif: exif) == .rotated90)
        }
    }

    @Test("broken or hostile Exif blocks read as upright")
    func hostileBlocksAreUpright() {
        let good = block(bigEndian: false, [(0x0112, 3, 1, 8)])
        #expect(ExifOrientation(exif: good) == .rotated270)
        // Cut before the end of the tag's value (byte 20), it never reads past its end; cut
        // after it, the tag still reads.
        for n in 0..<good.count {
            let expected: ExifOrientation = n < 20 ? .upright : .rotated270
            #expect(ExifOrientation(exif: Array(good.prefix(n))) == expected, "\(n) bytes")
        }
        // A value out of range, a wrong type, two values, a bad byte-order mark, a directory
        // offset far past the end, an entry count running past the end.
        #expect(ExifOrientation(exif: block(bigEndian: false, [(0x0112, 3, 1, 9)])) == .upright)
        #expect(ExifOrientation(exif: block(bigEndian: false, [(0x0112, 4, 1, 6)])) == .upright)
        #expect(ExifOrientation(exif: block(bigEndian: false, [(0x0112, 3, 2, 6)])) == .upright)
        var mark = good
        mark[0] = 0x58
        #expect(ExifOrientation(exif: mark) == .upright)
        var far = good
        far[4...7] = [0xFF, 0xFF, 0xFF, 0x7F]
        #expect(ExifOrientation(exif: far) == .upright)
        var many = block(bigEndian: false, [(0x010F, 2, 4, 0)])
        many[8...9] = [0xFF, 0xFF]
        #expect(ExifOrientation(exif: many) == .upright)
    }
}
