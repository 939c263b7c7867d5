import Testing

@testable import Raster

@Suite("Canvas")
struct CanvasTests {
    @Test("pixels are premultiplied B, G, R, A in memory (DRM XRGB8888/ARGB8888 byte order)")
    func byteOrder() {
        let c = Canvas(width: 1, height: 1)
        c.clear(RGBA(r: 0x10, g: 0x20, b: 0x30))
        let bytes = UnsafeRawPointer(c.row(0)).assumingMemoryBound(to: UInt8.self)
        #expect([bytes[0], bytes[1], bytes[2], bytes[3]] == [0x30, 0x20, 0x10, 0xFF])
        c.clear(RGBA(r: 200, g: 100, b: 50, a: 128))
        #expect(c[0, 0] == PremultipliedPixel(r: 100, g: 50, b: 25, a: 128))
    }

    @Test("a sub-canvas draws into its parent's pixels, in its own coordinates, clipped to itself")
    func subCanvas() {
        let parent = Canvas(width: 100, height: 50)
        let slot = parent.subCanvas(IntRect(x: 60, y: 10, width: 30, height: 30))
        #expect(slot.width == 30 && slot.stride == 100)
        slot.fill(Rect(x: -10, y: -10, width: 100, height: 100), with: Paint(color: .white))
        #expect(parent[60, 10].a == 255 && parent[89, 39].a == 255)
        #expect(parent[59, 10].a == 0 && parent[90, 10].a == 0 && parent[60, 40].a == 0)
        #expect(
            parent.subCanvas(IntRect(x: 90, y: 40, width: 50, height: 50)).size
                == PixelSize(width: 10, height: 10))
    }

    @Test("clears and opaque fills write exactly their pixels at every run length")
    func fillRunLengths() {
        let parent = Canvas(width: 700, height: 3)
        parent.clear(.black)
        let slot = parent.subCanvas(IntRect(x: 1, y: 1, width: 698, height: 1))
        slot.clear(.white)  // rows not back to back: filled row by row
        #expect(parent[0, 1] == .init(r: 0, g: 0, b: 0, a: 255) && parent[699, 1].r == 0)
        #expect((1..<699).allSatisfy { parent[$0, 1].r == 255 } && parent[1, 0].r == 0)
        // Below 16 pixels, SIMD steps with a tail, and the long-run path from 256 on.
        for count in [1, 15, 16, 17, 255, 256, 257, 600] {
            parent.clear(.black)
            parent.fill(
                Rect(x: 3, y: 2, width: Double(count), height: 1), with: Paint(color: .white))
            let row = (0..<700).map { parent[$0, 2].r }
            #expect(row == (0..<700).map { $0 >= 3 && $0 < 3 + count ? 255 : 0 }, "\(count)")
            #expect((0..<700).allSatisfy { parent[$0, 1].r == 0 })
        }
    }

    @Test("glyph-mask blending: groups of eight take the same result as pixel by pixel")
    func maskGroups() {
        // Groups of all 0, all 255, mixed, and a tail that is not a whole group.
        let mask: [UInt8] =
            [0, 0, 0, 0, 0, 0, 0, 0] + .init(repeating: 255, count: 8)
            + [0, 255, 128, 1, 254, 0, 255, 64] + [255, 255, 7]
        for color in [RGBA(r: 255, g: 69, b: 58), RGBA(r: 255, g: 255, b: 255, a: 100)] {
            let c = Canvas(width: mask.count, height: 1)
            c.clear(RGBA(r: 28, g: 28, b: 30))
            let before = c[0, 0].value
            mask.withUnsafeBufferPointer { m in
                guard let base = m.baseAddress else { return }
                var blitter = c.paintBlitter(Paint(color: color))
                c.fillMask(
                    base, width: mask.count, height: 1, pitch: mask.count, x: 0, y: 0,
                    blitter: &blitter)
            }
            let s = color.premultiplied.value
            for (i, k) in mask.enumerated() {
                let expected =
                    k == 0 ? before : PixelMath.sourceOver(PixelMath.scale(s, UInt32(k)), before)
                #expect(c[i, 0].value == expected, "pixel \(i), coverage \(k)")
            }
        }
    }

    @Test("coverage blending in vector lanes equals PixelMath pixel by pixel, runs of 1…40")
    func maskBlendMatchesPixelMath() {
        var rng = SystemRandomNumberGenerator()
        func premultiplied(opaque: Bool) -> UInt32 {
            let a = opaque ? 255 : UInt32.random(in: 0...255, using: &rng)
            func ch() -> UInt32 { UInt32.random(in: 0...a, using: &rng) }
            return a << 24 | ch() << 16 | ch() << 8 | ch()
        }
        // Every coverage once per run of 256, then random runs mixing 0, 255 and the rest.
        var cases: [[UInt8]] = [(0...255).map { UInt8($0) }]
        for count in 1...40 {
            for _ in 0..<20 {
                cases.append(
                    (0..<count).map { _ in
                        [0, 255, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng)
                            ?? 0
                    })
            }
        }
        for coverage in cases {
            for opaque in [true, false] {
                let s = premultiplied(opaque: opaque)
                let c = Canvas(width: coverage.count, height: 1)
                for x in 0..<coverage.count { c.row(0)[x] = premultiplied(opaque: Bool.random()) }
                let before = (0..<coverage.count).map { c.row(0)[$0] }
                var blitter = c.paintBlitter(Paint(color: PremultipliedPixel(value: s).color))
                guard case .solid(let source) = blitter.source else { continue }
                coverage.withUnsafeBufferPointer { m in
                    guard let base = m.baseAddress else { return }
                    blitter.blitAntiH(x: 0, y: 0, coverage: base, count: coverage.count)
                }
                let expected = zip(coverage, before).map { k, d in
                    k == 0 ? d : PixelMath.sourceOver(PixelMath.scale(source, UInt32(k)), d)
                }
                #expect((0..<coverage.count).map { c.row(0)[$0] } == expected)
            }
        }
    }

    @Test("source-over blending of translucent colors is exact to the rounding")
    func blending() {
        let c = Canvas(width: 1, height: 1)
        c.clear(.black)
        c.fill(
            Rect(x: 0, y: 0, width: 1, height: 1),
            with: Paint(color: RGBA(r: 255, g: 255, b: 255, a: 128)))
        #expect(c[0, 0] == PremultipliedPixel(r: 128, g: 128, b: 128, a: 255))
        c.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: Paint(color: .systemRed, opacity: 0))
        #expect(c[0, 0] == PremultipliedPixel(r: 128, g: 128, b: 128, a: 255))
        c.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: Paint(color: .black, opacity: 1))
        #expect(c[0, 0] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 255))
    }

    @Test("save and restore bracket transform, clip and color transform")
    func saveRestore() {
        let c = Canvas(width: 20, height: 20)
        c.save()
        c.concatenate(Transform(scaleX: 2, y: 2))
        c.clip(to: Rect(x: 0, y: 0, width: 5, height: 5))
        c.colorTransform = .dim(0.5)
        #expect(c.clipBounds == IntRect(x: 0, y: 0, width: 10, height: 10))
        c.restore()
        #expect(c.transform == .identity && c.colorTransform.isIdentity && c.clipBounds == c.bounds)
        c.restore()  // unmatched: harmless
        #expect(c.clipBounds == c.bounds)
    }

    @Test("PixelSize parses WxH and rejects anything else")
    func pixelSizeParsing() {
        #expect(PixelSize(parsing: "1920x1080") == PixelSize(width: 1920, height: 1080))
        #expect(PixelSize(parsing: "800X480") == PixelSize(width: 800, height: 480))
        #expect(PixelSize(parsing: "16384x16384") == PixelSize(width: 16384, height: 16384))
        // Past 16384 a side, or past Int: a canvas no board could allocate.
        for bad in [
            "", "800", "0x10", "-5x5", "10x10x10", "axb", "16385x10", "100000x100000",
            "99999999999999999999x1",
        ] {
            #expect(PixelSize(parsing: bad) == nil)
        }
    }

    @Test("hex colors parse #RGB, #RRGGBB and #RRGGBBAA")
    func hexColors() {
        #expect(RGBA(hexString: "#FF453A") == RGBA.systemRed)
        #expect(RGBA(hexString: "fff") == RGBA.white)
        #expect(RGBA(hexString: "#00000080")?.alpha == Float(0x80) / 255)
        #expect(RGBA(hexString: "#12345") == nil && RGBA(hexString: "zzzzzz") == nil)
    }
}
