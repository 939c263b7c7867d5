import CPixelFill
import Testing

/// The cross-fade kernel on every CPU path against its per-byte formula.
///
/// Serialized with ``PixelKernelPathTests``'s reason: each case switches the kernels' path for
/// the whole process while it runs.
@Suite("Cross-fade kernel on every CPU path", .serialized)
struct CrossFadeKernelTests {
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
}
