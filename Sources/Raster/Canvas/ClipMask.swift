/// An 8-bit coverage mask over a pixel rectangle: a non-rectangular clip.
///
/// Masks are built by scan-converting a path with a ``MaskBlitter``; a nested clip is the
/// product of masks. Outside ``bounds`` coverage is 0. The storage is a class so a saved
/// drawing state shares it; a new clip makes a new mask and never writes to a shared one.
struct ClipMask {
    final class Storage {
        let data: UnsafeMutablePointer<UInt8>
        let count: Int
        init(count: Int) {
            self.count = max(count, 1)
            data = .allocate(capacity: self.count)
            data.initialize(repeating: 0, count: self.count)
        }
        deinit { data.deallocate() }
    }

    let storage: Storage
    /// The covered rectangle in the canvas's pixel coordinates; rows are `bounds.width` apart.
    let bounds: IntRect

    /// A mask of zeros over `bounds`.
    init(bounds: IntRect) {
        self.bounds = bounds
        storage = Storage(count: bounds.width * bounds.height)
    }

    private init(storage: Storage, bounds: IntRect) {
        self.storage = storage
        self.bounds = bounds
    }

    /// The same mask seen from a canvas whose origin is `(dx, dy)` in this one's coordinates.
    func offsetBy(dx: Int, dy: Int) -> ClipMask {
        ClipMask(storage: storage, bounds: bounds.offsetBy(dx: -dx, dy: -dy))
    }

    /// Coverage from (x, y) rightward; (x, y) must lie inside ``bounds``.
    func row(_ y: Int, from x: Int) -> UnsafePointer<UInt8> {
        UnsafePointer(mutableRow(y, from: x))
    }

    func mutableRow(_ y: Int, from x: Int) -> UnsafeMutablePointer<UInt8> {
        storage.data + (y - bounds.y) * bounds.width + (x - bounds.x)
    }

    /// The product of two masks over the intersection of their bounds.
    func intersecting(_ other: ClipMask) -> ClipMask {
        let r = bounds.intersection(other.bounds)
        let out = ClipMask(bounds: r)
        for y in r.y..<r.maxY {
            let a = row(y, from: r.x)
            let b = other.row(y, from: r.x)
            let o = out.mutableRow(y, from: r.x)
            for i in 0..<r.width { o[i] = UInt8(PixelMath.mul8(UInt32(a[i]), UInt32(b[i]))) }
        }
        return out
    }
}
