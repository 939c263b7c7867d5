import CPixelFill
import Testing

@testable import Raster

/// The kernels that make frames from finished pictures (cross-fade, source over) on every CPU
/// path, against their per-pixel formulas.
///
/// Serialized with ``PixelKernelPathTests``'s reason: each case switches the kernels' path for
/// the whole process while it runs.
@Suite("Compose kernels on every CPU path", .serialized)
struct ComposeKernelTests {
    @Test(
        "every weight, every pair of byte values, every length and alignment: the formula's bytes",
        arguments: PixelKernelPathTests.paths)
    func formula(level: Int32) {
        // All 65536 pairs of byte values, four pairs a pixel.
        let count = 16384
        var a = [UInt32](repeating: 0, count: count + 3)
        var b = [UInt32](repeating: 0, count: count + 3)
        for i in 0..<count {
            var pa: UInt32 = 0
            var pb: UInt32 = 0
            for k in 0..<4 {
                let pair = i * 4 + k
                pa |= UInt32(pair >> 8) << (8 * k)
                pb |= UInt32(pair & 0xFF) << (8 * k)
            }
            a[i] = pa
            b[i] = pb
        }
        var out = [UInt32](repeating: 0, count: count + 3)
        var wrong: [String] = []
        PixelKernelPathTests.on(level) {
            for weight in UInt32(0)...128 {
                for (start, length) in [(0, count), (1, 13), (3, 7)] {
                    a.withUnsafeBufferPointer { pa in
                        b.withUnsafeBufferPointer { pb in
                            out.withUnsafeMutableBufferPointer { po in
                                guard let da = pa.baseAddress, let db = pb.baseAddress,
                                    let dout = po.baseAddress
                                else { return }
                                pixel_cross_fade(
                                    dout + start, da + start, db + start, length, weight)
                            }
                        }
                    }
                    for i in start..<(start + length) {
                        var expected: UInt32 = 0
                        for k in 0..<4 {
                            let x = Int(a[i] >> (8 * k) & 0xFF)
                            let y = Int(b[i] >> (8 * k) & 0xFF)
                            let v = x + (((y - x) * Int(weight) + 64) >> 7)
                            expected |= UInt32(v) << (8 * k)
                        }
                        if out[i] != expected && wrong.count < 5 {
                            wrong.append("weight \(weight) pixel \(i)")
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "differs: \(wrong)")
    }

    @Test(
        "source over is PixelMath's for random layers, transparent, opaque and mixed runs",
        arguments: PixelKernelPathTests.paths)
    func sourceOver(level: Int32) {
        var generator = SystemRandomNumberGenerator()
        let count = 4099
        var layer = [UInt32](repeating: 0, count: count)
        for i in 0..<count {
            // Runs of eight: transparent, opaque, then mixed, so each branch of a step shows.
            let alpha: UInt32 =
                switch (i / 8) % 3 {
                case 0: 0
                case 1: 255
                default: UInt32.random(in: 0...255, using: &generator)
                }
            var p = alpha << 24
            for c in [0, 8, 16] { p |= UInt32.random(in: 0...alpha, using: &generator) << c }
            layer[i] = p
        }
        let under = (0..<count).map { _ in
            UInt32.random(in: 0...UInt32.max, using: &generator) | 0xFF00_0000
        }
        var out = under
        PixelKernelPathTests.on(level) {
            layer.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { destination in
                    guard let s = source.baseAddress, let d = destination.baseAddress else {
                        return
                    }
                    pixel_source_over(d, s, count)
                }
            }
        }
        let wrong = (0..<count).filter { out[$0] != PixelMath.sourceOver(layer[$0], under[$0]) }
        #expect(wrong.isEmpty, "differs at \(wrong.prefix(5))")
    }
}
