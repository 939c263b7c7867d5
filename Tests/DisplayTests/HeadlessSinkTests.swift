import Raster
import Testing

@testable import Display

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Headless backend")
struct HeadlessSinkTests {
    @Test("The first present copies everything, later ones only the damage")
    func firstPresentIsFull() throws {
        let sink = try HeadlessSink(size: PixelSize(width: 6, height: 4), format: .xrgb8888)
        let canvas = Canvas(width: 6, height: 4)
        canvas.clear(RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        try sink.present(canvas, damage: [IntRect(x: 0, y: 0, width: 1, height: 1)])
        #expect(sink.lastWrittenRects == [canvas.bounds])
        canvas.clear(RGBA(red: 0, green: 0, blue: 1, alpha: 1))
        try sink.present(canvas, damage: [IntRect(x: 2, y: 1, width: 2, height: 2)])
        #expect(sink.lastWrittenRects == [IntRect(x: 2, y: 1, width: 2, height: 2)])
        let rgb = sink.panelRGB()
        // Only the damaged pixels turned blue; row 0 is still red.
        #expect(Array(rgb[0..<3]) == [255, 0, 0])
        let inside = (1 * 6 + 2) * 3
        #expect(Array(rgb[inside..<inside + 3]) == [0, 0, 255])
        let outside = (3 * 6 + 5) * 3
        #expect(Array(rgb[outside..<outside + 3]) == [255, 0, 0])
    }

    @Test("Rotated RGB565 frames keep the panel's size and stride")
    func rotatedRaw() throws {
        let sink = try HeadlessSink(
            size: PixelSize(width: 6, height: 4), format: .rgb565, rotation: .degrees90)
        #expect(sink.panelSize == PixelSize(width: 4, height: 6))
        #expect(sink.stride == 8)
        let canvas = Canvas(width: 6, height: 4)
        canvas.row(0)[0] = 0xFF_FF_FF_FF
        try sink.present(canvas)
        let raw = sink.rawFrame()
        #expect(raw.count == 8 * 6)
        // Canvas (0, 0) lands at panel (3, 0).
        #expect(Array(raw[6..<8]) == [0xFF, 0xFF])
        #expect(raw.enumerated().filter { $0.element != 0 }.count == 2)
    }

    @Test("Blanking shows black; unblanking brings the frame back")
    func blanking() throws {
        let sink = try HeadlessSink(size: PixelSize(width: 2, height: 2))
        let canvas = Canvas(width: 2, height: 2)
        canvas.clear(RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        try sink.present(canvas)
        try sink.blank(true)
        #expect(sink.panelRGB().allSatisfy { $0 == 0 })
        try sink.blank(false)
        #expect(sink.panelRGB().allSatisfy { $0 == 255 })
    }

    @Test("The PPM and raw files are written whole, with a header")
    func files() throws {
        let dir = "/tmp/nightstand-headless-\(getpid())"
        mkdir(dir, 0o755)
        defer {
            unlink("\(dir)/frame.ppm")
            unlink("\(dir)/frame.raw")
            rmdir(dir)
        }
        let sink = try HeadlessSink(
            size: PixelSize(width: 3, height: 2), format: .bgr888, imagePath: "\(dir)/frame.ppm",
            rawPath: "\(dir)/frame.raw")
        let canvas = Canvas(width: 3, height: 2)
        canvas.clear(RGBA(red: 0, green: 1, blue: 0, alpha: 1))
        try sink.present(canvas)
        let ppm = try #require(readAll("\(dir)/frame.ppm"))
        #expect(ppm.starts(with: Array("P6\n3 2\n255\n".utf8)))
        #expect(ppm.count == 11 + 18)
        #expect(Array(ppm[11..<14]) == [0, 255, 0])
        #expect(readAll("\(dir)/frame.raw")?.count == 18)
    }

    @Test("A .png output is a PNG of the panel, decoded back to the same pixels")
    func pngOutput() throws {
        let path = "/tmp/nightstand-headless-\(getpid()).png"
        defer { unlink(path) }
        let sink = try HeadlessSink(
            size: PixelSize(width: 3, height: 2), format: .rgb565, rotation: .degrees90,
            imagePath: path)
        let canvas = Canvas(width: 3, height: 2)
        canvas.clear(RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        try sink.present(canvas)
        let png = try #require(readAll(path))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let decoded = try PNGDecoder.decode(data: png)
        #expect(decoded.width == 2 && decoded.height == 3)
        #expect(decoded[0, 0] == PremultipliedPixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test("An empty size is refused")
    func emptySize() {
        #expect(throws: HeadlessError.badSize(width: 0, height: 3)) {
            try HeadlessSink(size: PixelSize(width: 0, height: 3))
        }
    }
}

private func readAll(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return bytes
}
