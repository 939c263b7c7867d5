import CPixelFill
import Testing

@testable import Raster

/// The C pixel kernels on each of their paths.
///
/// The paths: every CPU extension found at run time (AVX-512 and AVX2 on this CI's x86-64),
/// AVX2 at most, and the baseline a Raspberry Pi or an x86-64 CPU without AVX2 runs. All must
/// give exactly the per-pixel formulas' results.
///
/// Serialized: each case switches the kernels' path for the whole process while it runs (other
/// suites running meanwhile get identical results on either path, which is what this checks).
@Suite("Pixel kernels on every CPU path", .serialized)
struct PixelKernelPathTests {
    /// The paths, as levels for `pixel_fill_allow_cpu_extensions`.
    static let paths = [PIXEL_CPU_ALL, PIXEL_CPU_AVX2, PIXEL_CPU_BASELINE]

    private let red = ColorTransform.monochrome(tint: RGBA(red: 1, green: 0, blue: 0))

    /// Runs `body` with the kernels on the path `level` names, then allows every path again.
    static func on(_ level: Int32, _ body: () -> Void) {
        pixel_fill_allow_cpu_extensions(level)
        defer { pixel_fill_allow_cpu_extensions(PIXEL_CPU_ALL) }
        body()
    }

    @Test(
        "a solid fill writes exactly its pixels at every start alignment and length",
        arguments: paths)
    func solidFill(level: Int32) {
        let guardValue: UInt32 = 0x1234_5678
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: 1200)
        defer { buffer.deallocate() }
        var wrong: [String] = []
        Self.on(level) {
            for start in 0..<9 {
                for count in [0, 1, 7, 8, 9, 31, 32, 33, 40, 255, 256, 1000] {
                    buffer.initialize(repeating: guardValue, count: 1200)
                    pixel_fill32(buffer + start, 0xFF1C_1C1E, count)
                    let ok = (0..<1200).allSatisfy {
                        buffer[$0]
                            == ($0 >= start && $0 < start + count ? 0xFF1C_1C1E : guardValue)
                    }
                    if !ok { wrong.append("start \(start) count \(count)") }
                }
            }
        }
        #expect(wrong.isEmpty, "wrong fills: \(wrong)")
    }

    @Test(
        "the red-tint pass maps every one of the 2^24 opaque colors as the per-pixel formula",
        arguments: paths)
    func redTintPassEveryColor(level: Int32) {
        let c = Canvas(width: 4096, height: 4096)
        for y in 0..<4096 {
            let row = c.row(y)
            for x in 0..<4096 { row[x] = 0xFF00_0000 | UInt32(y << 12 | x) }
        }
        Self.on(level) { c.apply(red) }
        let t = red.fixed
        var wrong = 0
        for y in 0..<4096 {
            let row = c.row(y)
            for x in 0..<4096 where row[x] != t.apply(0xFF00_0000 | UInt32(y << 12 | x)) {
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }

    @Test(
        "the red-tint pass over flat runs, translucent pixels, widths 1…40: as per pixel",
        arguments: paths)
    func redTintPassFlatRuns(level: Int32) {
        var rng = SystemRandomNumberGenerator()
        func randomPixel() -> UInt32 {
            let a = UInt32.random(in: 0...255, using: &rng)
            func ch() -> UInt32 { UInt32.random(in: 0...a, using: &rng) }
            return a << 24 | ch() << 16 | ch() << 8 | ch()
        }
        for tint in [red, .monochrome(tint: RGBA(red: 0.4, green: 0, blue: 0))] {
            let t = tint.fixed
            for width in 1...40 {
                let c = Canvas(width: width, height: 64)
                var input: [UInt32] = []
                for y in 0..<64 {
                    // Runs of equal pixels of random lengths, so runs cover whole eight-pixel
                    // steps, parts of them, and straddle their edges.
                    var x = 0
                    while x < width {
                        let run = Int.random(in: 1...20, using: &rng)
                        let p = y % 3 == 0 ? 0 : randomPixel()
                        for i in x..<min(x + run, width) { c.row(y)[i] = p }
                        x += run
                    }
                    input += (0..<width).map { c.row(y)[$0] }
                }
                Self.on(level) { c.apply(tint) }
                let output = (0..<64).flatMap { y in (0..<width).map { c.row(y)[$0] } }
                #expect(output == input.map(t.apply), "width \(width)")
            }
        }
    }

    @Test("the kernels' division by 255 (the high half of t · 257) is PixelMath's for every t")
    func divisionBy255() {
        // BlendMask.c's `div255`: every t a blend forms (a product of two bytes, plus 128).
        let wrong = (0...(255 * 255 + 128)).filter { t in
            (t * 257) >> 16 != (t + (t >> 8)) >> 8
        }
        #expect(wrong.isEmpty, "first: \(wrong.prefix(3))")
    }

    @Test(
        "a coverage mask blends as PixelMath's scale then source-over, for every length 1…40",
        arguments: paths)
    func blendMask(level: Int32) {
        var rng = SystemRandomNumberGenerator()
        func premultiplied(alpha a: UInt32) -> UInt32 {
            func ch() -> UInt32 { UInt32.random(in: 0...a, using: &rng) }
            return a << 24 | ch() << 16 | ch() << 8 | ch()
        }
        for count in 1...40 {
            for trial in 0..<200 {
                // Opaque and translucent sources; coverage in runs of 0, of 255 and of anything,
                // so all three kinds of eight-pixel step occur and straddle the ends.
                let s = premultiplied(alpha: trial % 2 == 0 ? 255 : UInt32.random(in: 0...255))
                let coverage: [UInt8] = (0..<count).map { i in
                    switch (i / 8 + trial) % 3 {
                    case 0: 0
                    case 1: 255
                    default: UInt8.random(in: 0...255, using: &rng)
                    }
                }
                let before = (0..<count).map { _ in premultiplied(alpha: UInt32.random(in: 0...255))
                }
                var after = before
                Self.on(level) { pixel_blend_mask(&after, s, coverage, count) }
                let expected = (0..<count).map { i in
                    PixelMath.sourceOver(PixelMath.scale(s, UInt32(coverage[i])), before[i])
                }
                #expect(after == expected, "count \(count), source \(s)")
            }
        }
    }

    @Test(
        "a planned mask blends as PixelMath per pixel: widths 8…40 and wider, every pixel once",
        arguments: paths)
    func blendPlannedMask(level: Int32) {
        var rng = SystemRandomNumberGenerator()
        func premultiplied(alpha a: UInt32) -> UInt32 {
            func ch() -> UInt32 { UInt32.random(in: 0...a, using: &rng) }
            return a << 24 | ch() << 16 | ch() << 8 | ch()
        }
        for width in Array(8...40) + [63, 64, 65, 200] {
            for trial in 0..<40 {
                let height = Int.random(in: 1...6, using: &rng)
                // Runs of 0, of 255 and of anything, of random lengths (long full runs become
                // stores, short ones go into windows; partial pixels land at every offset of a
                // window and at the rows' ends).
                var mask: [UInt8] = []
                while mask.count < width * height {
                    let run = Int.random(in: 1...(trial % 4 == 0 ? 3 : 20), using: &rng)
                    let kind = Int.random(in: 0..<3, using: &rng)
                    for _ in 0..<run {
                        mask.append(
                            kind == 0 ? 0 : kind == 1 ? 255 : UInt8.random(in: 0...255, using: &rng)
                        )
                    }
                }
                mask.removeLast(mask.count - width * height)
                let s = premultiplied(alpha: trial % 2 == 0 ? 255 : UInt32.random(in: 0...255))
                // The mask blends into the middle of a larger buffer: guard pixels around it.
                let stride = width + 5
                let before = (0..<stride * (height + 2)).map { _ in
                    premultiplied(alpha: UInt32.random(in: 0...255))
                }
                var after = before
                let count = pixel_mask_plan(mask, width, height, nil)
                var steps = [pixel_mask_step](repeating: pixel_mask_step(), count: count)
                #expect(pixel_mask_plan(mask, width, height, &steps) == count)
                // Full runs, then windows of four, then of eight.
                let order = steps.map { $0.kind == PIXEL_MASK_FULL ? 0 : $0.count == 4 ? 1 : 2 }
                #expect(order == order.sorted())
                // No two windows of four share a pixel (the blend reads them in pairs).
                let fours = steps.filter { $0.kind == PIXEL_MASK_PARTIAL && $0.count == 4 }
                let shared = zip(fours, fours.dropFirst()).filter { a, b in
                    a.y == b.y && a.x + 4 > b.x && b.x + 4 > a.x
                }
                #expect(shared.isEmpty, "width \(width): windows of four overlap")
                Self.on(level) {
                    after.withUnsafeMutableBufferPointer { buffer in
                        guard let base = buffer.baseAddress else { return }
                        pixel_blend_mask_plan(base + stride + 2, stride, s, steps, count)
                    }
                }
                var expected = before
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y + 1) * stride + 2 + x
                        expected[i] = PixelMath.sourceOver(
                            PixelMath.scale(s, UInt32(mask[y * width + x])), before[i])
                    }
                }
                #expect(after == expected, "width \(width) height \(height) source \(s)")
            }
        }
    }

    @Test("a mask narrower than eight pixels has no plan")
    func narrowMaskHasNoPlan() {
        let mask = [UInt8](repeating: 255, count: 7 * 3)
        #expect(pixel_mask_plan(mask, 7, 3, nil) == 0)
    }
}
