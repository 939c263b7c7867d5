import Raster
import Testing

@testable import Display

/// A canvas whose every pixel encodes its own position: 0xFF, x, y, 0x5A.
private func coordinateCanvas(width: Int, height: Int) -> Canvas {
    let canvas = Canvas(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width { canvas.row(y)[x] = 0xFF00_005A | UInt32(x) << 16 | UInt32(y) << 8 }
    }
    return canvas
}

/// The panel as canvas-pixel values after converting `rect` of `canvas` (XRGB8888, alpha
/// forced), with 0 where nothing was written.
private func panel(
    _ canvas: Canvas, rotation: Rotation, rect: IntRect? = nil
) -> (size: PixelSize, pixels: [UInt32], written: IntRect) {
    let converter = FrameConverter(canvasSize: canvas.size, format: .xrgb8888, rotation: rotation)
    let size = converter.panelSize
    var pixels = [UInt32](repeating: 0, count: size.width * size.height)
    let written = pixels.withUnsafeMutableBytes {
        converter.copy(
            canvas, rect: rect ?? canvas.bounds, to: base($0), stride: size.width * 4)
    }
    return (size, pixels, written)
}

@Suite("Rotation in the copy")
struct RotationTests {
    @Test("Panel size swaps for 90° and 270°", arguments: Rotation.allCases)
    func panelSize(rotation: Rotation) {
        let size = rotation.panelSize(canvasSize: PixelSize(width: 5, height: 3))
        #expect(
            size
                == (rotation.swapsAxes
                    ? PixelSize(width: 3, height: 5) : PixelSize(width: 5, height: 3)))
    }

    @Test("Every canvas pixel lands where panelPoint says", arguments: Rotation.allCases)
    func pixelsLandAtPanelPoint(rotation: Rotation) {
        let canvas = coordinateCanvas(width: 5, height: 3)
        let result = panel(canvas, rotation: rotation)
        for y in 0..<3 {
            for x in 0..<5 {
                let p = rotation.panelPoint(x: x, y: y, canvasSize: canvas.size)
                #expect(result.pixels[p.y * result.size.width + p.x] == canvas.row(y)[x])
                let back = rotation.canvasPoint(x: p.x, y: p.y, canvasSize: canvas.size)
                #expect(back.x == x && back.y == y)
            }
        }
    }

    @Test("90° clockwise: the canvas's top-left goes to the panel's top-right")
    func quarterTurnCorners() {
        let size = PixelSize(width: 5, height: 3)
        #expect(Rotation.degrees90.panelPoint(x: 0, y: 0, canvasSize: size) == (2, 0))
        #expect(Rotation.degrees90.panelPoint(x: 4, y: 2, canvasSize: size) == (0, 4))
        #expect(Rotation.degrees270.panelPoint(x: 0, y: 0, canvasSize: size) == (0, 4))
        #expect(Rotation.degrees180.panelPoint(x: 0, y: 0, canvasSize: size) == (4, 2))
    }

    @Test("Damage rects turn with the picture")
    func damageRects() {
        let size = PixelSize(width: 10, height: 6)
        let r = IntRect(x: 1, y: 2, width: 3, height: 1)
        #expect(Rotation.degrees0.panelRect(r, canvasSize: size) == r)
        #expect(
            Rotation.degrees90.panelRect(r, canvasSize: size)
                == IntRect(x: 3, y: 1, width: 1, height: 3))
        #expect(
            Rotation.degrees180.panelRect(r, canvasSize: size)
                == IntRect(x: 6, y: 3, width: 3, height: 1))
        #expect(
            Rotation.degrees270.panelRect(r, canvasSize: size)
                == IntRect(x: 2, y: 6, width: 1, height: 3))
    }

    @Test(
        "A damage copy writes exactly the turned rect, with the right pixels",
        arguments: Rotation.allCases)
    func damageCopyWritesOnlyTheRect(rotation: Rotation) {
        let canvas = coordinateCanvas(width: 7, height: 4)
        let damage = IntRect(x: 2, y: 1, width: 3, height: 2)
        let partial = panel(canvas, rotation: rotation, rect: damage)
        let full = panel(canvas, rotation: rotation)
        let expectedRect = rotation.panelRect(damage, canvasSize: canvas.size)
        #expect(partial.written == expectedRect)
        for py in 0..<partial.size.height {
            for px in 0..<partial.size.width {
                let i = py * partial.size.width + px
                let inside = expectedRect.contains(IntRect(x: px, y: py, width: 1, height: 1))
                #expect(partial.pixels[i] == (inside ? full.pixels[i] : 0))
            }
        }
    }

    @Test("Damage outside the canvas is clipped; fully outside writes nothing")
    func clipping() {
        let canvas = coordinateCanvas(width: 4, height: 4)
        let result = panel(
            canvas, rotation: .degrees90, rect: IntRect(x: 3, y: -2, width: 5, height: 3))
        #expect(result.written == IntRect(x: 3, y: 3, width: 1, height: 1))
        let none = panel(
            canvas, rotation: .degrees0, rect: IntRect(x: 9, y: 9, width: 2, height: 2))
        #expect(none.written.isEmpty)
        #expect(none.pixels.allSatisfy { $0 == 0 })
    }

    @Test("Degrees parse modulo 360")
    func parsing() {
        #expect(Rotation(degrees: 90) == .degrees90)
        #expect(Rotation(degrees: -90) == .degrees270)
        #expect(Rotation(degrees: 45) == nil)
    }

    @Test("RGB565 dithering uses panel coordinates, so rotated damage copies match full copies")
    func rotatedDitherStable() {
        let canvas = Canvas(width: 8, height: 6)
        for y in 0..<6 {
            for x in 0..<8 { canvas.row(y)[x] = 0xFF00_0000 | UInt32(x * 3 + y) * 0x010101 }
        }
        let converter = FrameConverter(
            canvasSize: canvas.size, format: .rgb565, rotation: .degrees270)
        let stride = converter.minimumStride
        var full = [UInt8](repeating: 0, count: stride * 8)
        var pieces = full
        _ = full.withUnsafeMutableBytes {
            converter.copy(canvas, rect: canvas.bounds, to: base($0), stride: stride)
        }
        _ = pieces.withUnsafeMutableBytes {
            converter.copy(
                canvas,
                rects: [
                    IntRect(x: 0, y: 0, width: 8, height: 3),
                    IntRect(x: 0, y: 3, width: 8, height: 3),
                ],
                to: base($0), stride: stride)
        }
        #expect(full == pieces)
    }
}
