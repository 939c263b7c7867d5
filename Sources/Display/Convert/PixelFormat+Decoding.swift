extension PixelFormat {
    /// The 8-bit red, green and blue of the pixel at `pointer` in this format.
    ///
    /// The inverse of the conversion, for the headless backend's images and for tests: 5- and
    /// 6-bit channels widen by bit replication (31 → 255), as scanout and QEMU's screendump do.
    public func decode(_ pointer: UnsafeRawPointer) -> (r: UInt8, g: UInt8, b: UInt8) {
        let bytes = pointer.assumingMemoryBound(to: UInt8.self)
        switch self {
        case .xrgb8888, .rgb888:
            return (bytes[2], bytes[1], bytes[0])
        case .xbgr8888, .bgr888:
            return (bytes[0], bytes[1], bytes[2])
        case .rgb565, .bgr565:
            let v = UInt16(bytes[0]) | UInt16(bytes[1]) << 8
            let hi = OrderedDither.expand5(v >> 11)
            let g = OrderedDither.expand6(v >> 5 & 0x3F)
            let lo = OrderedDither.expand5(v & 0x1F)
            return self == .rgb565 ? (hi, g, lo) : (lo, g, hi)
        }
    }
}
