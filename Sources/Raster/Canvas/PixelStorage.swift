/// The memory behind one or more canvases: `height` rows of `stride` premultiplied pixels.
///
/// Allocated once and zeroed (transparent black); freed when the last ``Canvas`` viewing it
/// goes away. Sub-canvases share it, so a slot of the screen is drawn in place, without copies.
final class PixelStorage {
    let base: UnsafeMutablePointer<UInt32>
    let width: Int
    let height: Int
    /// Pixels from the start of one row to the start of the next (≥ width).
    let stride: Int

    init(width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width, "bad canvas geometry")
        self.width = width
        self.height = height
        self.stride = stride
        let count = max(1, stride * height)
        base = .allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
    }

    deinit { base.deallocate() }
}
