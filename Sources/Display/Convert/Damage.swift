import Raster

/// Damage rectangles: the parts of the canvas that changed since the last present.
///
/// The host reports what it redrew; backends copy only those pixels. ``normalized(_:in:)``
/// clips, drops empty rectangles and merges overlapping ones so no pixel is converted twice.
public enum Damage {
    /// `rects` clipped to `bounds`, empty ones dropped, overlapping ones merged into their
    /// union (repeated until none overlap), ordered top to bottom, then left to right.
    ///
    /// Merging only overlapping rectangles keeps disjoint widgets apart (two clocks in
    /// opposite corners stay two small copies) while never converting a pixel twice.
    public static func normalized(_ rects: [IntRect], in bounds: IntRect) -> [IntRect] {
        var pending = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        var merged: [IntRect] = []
        while let first = pending.popLast() {
            var current = first
            var grew = true
            while grew {
                grew = false
                var keep: [IntRect] = []
                for other in pending {
                    if !current.intersection(other).isEmpty {
                        current = current.union(other)
                        grew = true
                    } else {
                        keep.append(other)
                    }
                }
                pending = keep
                for (i, done) in merged.enumerated().reversed()
                where !current.intersection(done).isEmpty {
                    current = current.union(done)
                    merged.remove(at: i)
                    grew = true
                }
            }
            merged.append(current)
        }
        return merged.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The number of pixels the rectangles cover (they must not overlap, as after
    /// ``normalized(_:in:)``).
    public static func area(_ rects: [IntRect]) -> Int {
        rects.reduce(0) { $0 + max(0, $1.width) * max(0, $1.height) }
    }
}

/// What each of several framebuffers is missing, so a back buffer is brought up to date.
///
/// With two buffers flipping, the back buffer holds the frame before last: it needs this
/// frame's damage *and* the previous one's. The tracker adds every present's damage to every
/// buffer and hands out (and forgets) a buffer's debt when that buffer is drawn into. A buffer
/// never drawn yet owes the whole panel.
struct DamageTracker {
    private var owed: [[IntRect]]
    private let bounds: IntRect

    /// A tracker for `buffers` framebuffers fed from a canvas of `bounds`, all owing everything.
    init(buffers: Int, bounds: IntRect) {
        self.bounds = bounds
        owed = Array(repeating: [bounds], count: buffers)
    }

    /// Adds `rects` (canvas pixels) to every buffer's debt.
    mutating func add(_ rects: [IntRect]) {
        for i in owed.indices { owed[i] = Damage.normalized(owed[i] + rects, in: bounds) }
    }

    /// Marks every buffer as owing the whole panel (after a modeset or a VT switch).
    mutating func invalidateAll() {
        for i in owed.indices { owed[i] = [bounds] }
    }

    /// The rectangles buffer `index` must receive now; its debt is then cleared.
    mutating func take(_ index: Int) -> [IntRect] {
        defer { owed[index] = [] }
        return owed[index]
    }
}
