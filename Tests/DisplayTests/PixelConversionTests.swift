import Raster
import Testing

@testable import Display

/// Converts a single canvas pixel to `format` and returns the framebuffer bytes.
private func convertOne(_ value: UInt32, to format: PixelFormat, x: Int = 0, y: Int = 0)
    -> [UInt8]
{
    let canvas = Canvas(width: x + 1, height: y + 1)
    canvas.row(y)[x] = value
    let converter = FrameConverter(canvasSize: canvas.size, format: format)
    var memory = [UInt8](repeating: 0, count: converter.minimumStride * (y + 1))
    _ = memory.withUnsafeMutableBytes {
        converter.copy(
            canvas, rect: canvas.bounds, to: base($0), stride: converter.minimumStride)
    }
    let at = y * converter.minimumStride + x * format.bytesPerPixel
    return Array(memory[at..<at + format.bytesPerPixel])
}

/// The start of a buffer the tests allocate (never empty).
func base(_ buffer: UnsafeMutableRawBufferPointer) -> UnsafeMutableRawPointer {
    guard let base = buffer.baseAddress else { preconditionFailure("empty test buffer") }
    return base
}

/// The start of a buffer the tests allocate (never empty).
func base(_ buffer: UnsafeRawBufferPointer) -> UnsafeRawPointer {
    guard let base = buffer.baseAddress else { preconditionFailure("empty test buffer") }
    return base
}

@Suite("Pixel format conversion")
struct PixelConversionTests {
    @Test("XRGB8888 keeps the canvas bytes B, G, R and writes X opaque")
    func xrgb8888() {
        #expect(convertOne(0x80_12_34_56, to: .xrgb8888) == [0x56, 0x34, 0x12, 0xFF])
    }

    @Test("XBGR8888 swaps red and blue: bytes R, G, B, X")
    func xbgr8888() {
        #expect(convertOne(0xFF_12_34_56, to: .xbgr8888) == [0x12, 0x34, 0x56, 0xFF])
    }

    @Test("RGB888 is bytes B, G, R and BGR888 is bytes R, G, B")
    func packed24() {
        #expect(convertOne(0xFF_12_34_56, to: .rgb888) == [0x56, 0x34, 0x12])
        #expect(convertOne(0xFF_12_34_56, to: .bgr888) == [0x12, 0x34, 0x56])
    }

    @Test("RGB565 packs 5-6-5 little-endian; primaries and white are exact")
    func rgb565Primaries() {
        #expect(convertOne(0xFF_FF_00_00, to: .rgb565) == [0x00, 0xF8])
        #expect(convertOne(0xFF_00_FF_00, to: .rgb565) == [0xE0, 0x07])
        #expect(convertOne(0xFF_00_00_FF, to: .rgb565) == [0x1F, 0x00])
        #expect(convertOne(0xFF_FF_FF_FF, to: .rgb565) == [0xFF, 0xFF])
        #expect(convertOne(0xFF_00_00_00, to: .rgb565) == [0x00, 0x00])
    }

    @Test("BGR565 puts blue in the top five bits")
    func bgr565() {
        #expect(convertOne(0xFF_00_00_FF, to: .bgr565) == [0x00, 0xF8])
        #expect(convertOne(0xFF_FF_00_00, to: .bgr565) == [0x1F, 0x00])
    }

    @Test("Every format decodes back to the canvas color (exactly for 8-bit formats)")
    func roundTrip() {
        for format in PixelFormat.allCases {
            let bytes = convertOne(0xFF_C0_80_40, to: format)
            let rgb = bytes.withUnsafeBytes { format.decode(base($0)) }
            let tolerance = format.isQuantized ? 8 : 0
            #expect(abs(Int(rgb.r) - 0xC0) <= tolerance, "\(format)")
            #expect(abs(Int(rgb.g) - 0x80) <= tolerance, "\(format)")
            #expect(abs(Int(rgb.b) - 0x40) <= tolerance, "\(format)")
        }
    }

    @Test("fbdev bitfields map to formats; palettes do not")
    func fbdevBitfields() {
        #expect(
            PixelFormat(bitsPerPixel: 32, redOffset: 16, greenOffset: 8, blueOffset: 0) == .xrgb8888
        )
        #expect(
            PixelFormat(bitsPerPixel: 32, redOffset: 0, greenOffset: 8, blueOffset: 16) == .xbgr8888
        )
        #expect(
            PixelFormat(bitsPerPixel: 24, redOffset: 16, greenOffset: 8, blueOffset: 0) == .rgb888)
        #expect(
            PixelFormat(bitsPerPixel: 16, redOffset: 11, greenOffset: 5, blueOffset: 0) == .rgb565)
        #expect(PixelFormat(bitsPerPixel: 8, redOffset: 0, greenOffset: 0, blueOffset: 0) == nil)
        #expect(PixelFormat(name: "ARGB8888") == .xrgb8888)
        #expect(PixelFormat(name: "rgb565") == .rgb565)
        #expect(PixelFormat(name: "yuyv") == nil)
    }
}

@Suite("RGB565 ordered dithering")
struct DitheringTests {
    @Test("The threshold follows the 4×4 Bayer matrix at panel coordinates")
    func bayerPattern() {
        // Red 4 sits at 0.486 of a 5-bit step: it rounds up where m / 16 ≥ 0.514, m ≥ 9.
        let canvas = Canvas(width: 4, height: 4)
        canvas.clear()
        for y in 0..<4 { canvas.row(y).update(repeating: 0xFF_04_00_00, count: 4) }
        let converter = FrameConverter(canvasSize: canvas.size, format: .rgb565)
        var memory = [UInt16](repeating: 0, count: 16)
        _ = memory.withUnsafeMutableBytes {
            converter.copy(canvas, rect: canvas.bounds, to: base($0), stride: 8)
        }
        let red = memory.map { Int($0 >> 11) }
        let expected = OrderedDither.matrix.map { $0 >= 9 ? 1 : 0 }
        #expect(red == expected)
        #expect(red == [0, 0, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0])
    }

    @Test("A 4×4 tile averages to the 8-bit value within 1/16 of a step, for every level")
    func tileAverageIsUnbiased() {
        for v in 0..<256 {
            var sum5 = 0
            var sum6 = 0
            for m in 0..<16 {
                sum5 += Int(OrderedDither.levels5[m * 256 + v])
                sum6 += Int(OrderedDither.levels6[m * 256 + v])
            }
            #expect(abs(Double(sum5) / 16 - Double(v) * 31 / 255) <= 1.0 / 16 + 1e-9)
            #expect(abs(Double(sum6) / 16 - Double(v) * 63 / 255) <= 1.0 / 16 + 1e-9)
        }
    }

    @Test("Black and white never dither")
    func extremesExact() {
        for m in 0..<16 {
            #expect(OrderedDither.levels5[m * 256] == 0)
            #expect(OrderedDither.levels5[m * 256 + 255] == 31)
            #expect(OrderedDither.levels6[m * 256 + 255] == 63)
        }
    }

    @Test("A dark gradient keeps distinct averages where truncation would band")
    func darkGradientDoesNotBand() {
        // Blue 0…15 truncated to 5 bits gives only levels 0 and 1; dithered tile averages
        // grow with the input.
        var previous = -1.0
        for v in stride(from: 0, to: 16, by: 2) {
            let average = (0..<16).reduce(0) { $0 + Int(OrderedDither.levels5[$1 * 256 + v]) }
            #expect(Double(average) / 16 > previous)
            previous = Double(average) / 16
        }
    }

    @Test("Dithering can be turned off: plain truncation")
    func undithered() {
        let canvas = Canvas(width: 4, height: 1)
        for x in 0..<4 { canvas.row(0)[x] = 0xFF_04_00_00 }
        let converter = FrameConverter(canvasSize: canvas.size, format: .rgb565, dithers: false)
        var memory = [UInt16](repeating: 0xFFFF, count: 4)
        _ = memory.withUnsafeMutableBytes {
            converter.copy(canvas, rect: canvas.bounds, to: base($0), stride: 8)
        }
        #expect(memory == [0, 0, 0, 0])
    }

    @Test("5- and 6-bit channels widen by bit replication")
    func expansion() {
        #expect(OrderedDither.expand5(31) == 255)
        #expect(OrderedDither.expand5(16) == 132)
        #expect(OrderedDither.expand6(63) == 255)
        #expect(OrderedDither.expand6(1) == 4)
    }
}
