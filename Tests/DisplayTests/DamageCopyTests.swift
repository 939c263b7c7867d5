import Raster
import Testing

@testable import Display

/// Every format with every rotation, for the parameterized test.
private let formatsAndRotations = PixelFormat.allCases.flatMap { format in
    Rotation.allCases.map { (format, $0) }
}

@Suite("Damage copies in every format and rotation")
struct DamageCopyTests {
    /// A 9×5 canvas of distinct colors, dark enough in places that RGB565 dithers.
    private func canvas(seed: UInt32) -> Canvas {
        let canvas = Canvas(width: 9, height: 5)
        for y in 0..<5 {
            for x in 0..<9 {
                canvas.row(y)[x] =
                    0xFF00_0000 | (UInt32(x * 29 + y * 7) &* 0x01_0305 &+ seed) & 0xFF_FFFF
            }
        }
        return canvas
    }

    /// The framebuffer after a full copy of `canvas`, with `padding` bytes after each row.
    private func frame(
        _ canvas: Canvas, _ converter: FrameConverter, rects: [IntRect]? = nil,
        onto start: [UInt8]? = nil, padding: Int
    ) -> (bytes: [UInt8], written: [IntRect]) {
        let stride = converter.minimumStride + padding
        var bytes = start ?? [UInt8](repeating: 0xEE, count: stride * converter.panelSize.height)
        let written = bytes.withUnsafeMutableBytes {
            converter.copy(canvas, rects: rects ?? [canvas.bounds], to: base($0), stride: stride)
        }
        return (bytes, written)
    }

    @Test(
        "A damage copy gives a full copy's bytes and writes only the turned rects, padding untouched",
        arguments: formatsAndRotations)
    func damageEqualsFull(format: PixelFormat, rotation: Rotation) {
        let padding = 6
        let converter = FrameConverter(
            canvasSize: PixelSize(width: 9, height: 5), format: format, rotation: rotation)
        let before = canvas(seed: 11)
        let old = frame(before, converter, padding: padding).bytes
        // The next frame changes two disjoint areas, one of them touching the right edge.
        let after = canvas(seed: 11)
        let damage = [
            IntRect(x: 1, y: 1, width: 3, height: 2), IntRect(x: 6, y: 2, width: 3, height: 3),
        ]
        for rect in damage {
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX { after.row(y)[x] = 0xFF12_3456 &+ UInt32(x * y) }
            }
        }
        let partial = frame(after, converter, rects: damage, onto: old, padding: padding)
        let full = frame(after, converter, padding: padding).bytes
        #expect(partial.bytes == full)
        #expect(partial.written == damage.map { rotation.panelRect($0, canvasSize: after.size) })
        // Bytes outside the written rects are the old frame's, padding included.
        let stride = converter.minimumStride + padding
        let bpp = format.bytesPerPixel
        for (i, byte) in partial.bytes.enumerated() {
            let x = (i % stride) / bpp
            let y = i / stride
            let inside =
                i % stride < converter.minimumStride
                && partial.written.contains {
                    $0.contains(IntRect(x: x, y: y, width: 1, height: 1))
                }
            if !inside { #expect(byte == old[i], "byte \(i) at (\(x), \(y)) changed") }
        }
    }
}
