import Raster

/// How far a rendered canvas is from an expected image, channel by channel.
///
/// Channels are compared as stored, premultiplied, which is what reaches the screen; a pixel
/// differs when any of its four channels is more than `tolerance` away from the expected one.
/// ``assertGolden(_:named:folder:tolerance:maxDifferingPixels:filePath:sourceLocation:)`` uses
/// it, and so can a test that compares two renderings directly:
///
/// ```swift
/// let difference = ImageDifference(actual: canvas, expected: Bitmap(copying: reference))
/// #expect(difference.differingPixels == 0)
/// ```
public struct ImageDifference: Sendable, Equatable {
    /// The size of the rendered canvas.
    public var actualSize: PixelSize
    /// The size of the expected image.
    public var expectedSize: PixelSize
    /// Pixels with a channel more than the tolerance away; every pixel when the sizes differ.
    public var differingPixels: Int
    /// The largest difference of any channel of any pixel (0 when the sizes differ).
    public var maxChannelDelta: Int
    /// The tolerance the comparison used, per channel.
    public var tolerance: UInt8

    /// Compares `actual` with `expected`, allowing each channel to be `tolerance` away.
    ///
    /// Default tolerance: 0, exact.
    public init(actual: Canvas, expected: Bitmap, tolerance: UInt8 = 0) {
        actualSize = actual.size
        expectedSize = expected.size
        self.tolerance = tolerance
        differingPixels = 0
        maxChannelDelta = 0
        guard actualSize == expectedSize else {
            differingPixels = max(actual.width * actual.height, expected.width * expected.height)
            return
        }
        for y in 0..<actual.height {
            let row = actual.row(y)
            for x in 0..<actual.width {
                let delta = Self.channelDelta(row[x], expected[x, y].value)
                maxChannelDelta = max(maxChannelDelta, delta)
                if delta > Int(tolerance) { differingPixels += 1 }
            }
        }
    }

    /// Whether the sizes match and no pixel differs beyond the tolerance.
    public var isMatch: Bool { actualSize == expectedSize && differingPixels == 0 }

    /// One line for a test failure: sizes, or the count of differing pixels and the largest
    /// channel delta.
    public var summary: String {
        guard actualSize == expectedSize else {
            return "size \(actualSize) differs from the golden's \(expectedSize)"
        }
        return "\(differingPixels) of \(actualSize.width * actualSize.height) pixels differ "
            + "by more than \(tolerance) in a channel; largest channel delta \(maxChannelDelta)"
    }

    /// A picture of where `actual` and `expected` differ, the size of `actual`.
    ///
    /// Differing pixels are opaque red, brighter the larger their delta (at least half
    /// brightness, so a delta of 2 still shows); matching pixels are the expected image in dim
    /// gray, to place the differences. Where the expected image has no pixel (sizes differ), the
    /// diff is magenta.
    public static func diffImage(actual: Canvas, expected: Bitmap, tolerance: UInt8 = 0) -> Canvas {
        let diff = Canvas(width: actual.width, height: actual.height)
        for y in 0..<actual.height {
            let row = actual.row(y)
            let out = diff.row(y)
            for x in 0..<actual.width {
                guard x < expected.width, y < expected.height else {
                    out[x] = 0xFFFF_00FF
                    continue
                }
                let e = expected[x, y]
                let delta = channelDelta(row[x], e.value)
                if delta > Int(tolerance) {
                    out[x] = 0xFF00_0000 | UInt32(128 + delta / 2) << 16
                } else {
                    // Luma of the premultiplied color (over black), at a quarter brightness.
                    let luma = (Int(e.r) * 54 + Int(e.g) * 183 + Int(e.b) * 19) >> 8
                    let gray = UInt32(luma / 4)
                    out[x] = 0xFF00_0000 | gray << 16 | gray << 8 | gray
                }
            }
        }
        return diff
    }

    /// The largest absolute difference between corresponding channels of two packed pixels.
    @inline(__always)
    static func channelDelta(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let d = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
            largest = max(largest, d)
        }
        return largest
    }
}
