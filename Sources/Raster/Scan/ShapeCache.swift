import CPixelFill

/// The coverage of shapes drawn before, kept so that drawing one again blends its stored spans
/// instead of flattening, stroking and scan-converting it anew.
///
/// A StandBy frame redraws mostly the same shapes: the tiles, a ring's track, an arc that moves
/// when its value does. A shape's coverage depends only on what the key holds: the path, the
/// transform, the stroke style (nil for a fill), the fill rule, the clip bounds and
/// anti-aliasing. The paint, the clip mask and the color transform act later, in the blitter,
/// so a shape drawn in a new color, or dimmed, still comes from here; the pixels are the same
/// as scanning it, byte for byte, because the stored spans are the ones the scan made.
///
/// A shape is recorded the second time it is drawn (the first time only its key's hash is
/// noted), so a shape that changes every frame costs a hash, never a recording; from the third
/// time on it is replayed. Entries are kept under a byte budget, least recently used evicted
/// first (``BoundedCache``).
///
/// ```swift
/// canvas.fill(tile, with: Paint(color: .systemGray6))   // scanned; its key noted
/// canvas.fill(tile, with: Paint(color: .systemGray6))   // scanned and recorded
/// canvas.fill(tile, with: Paint(color: .systemGray5))   // replayed: same shape, other paint
/// ```
///
/// Each ``Canvas`` has one, shared with its sub-canvases and layers, all in canvas-local
/// coordinates: a slot drawn at another place on the screen is another key only if its
/// clip bounds or transform differ. Not `Sendable`: one thread uses it at a time.
final class ShapeCache {
    /// Rows `y..<y + count` all have the spans `first_span..<first_span + span_count`.
    typealias Band = pixel_span_band

    /// One shape's coverage: its bands of spans, the masks' bytes packed, in memory of its own
    /// (a replay is a plain loop over it: no array access, no closure), and the same coverage
    /// as one blend plan.
    final class Coverage: BoundedCacheEntry {
        let bands: UnsafeMutableBufferPointer<Band>
        /// Columns relative to the key's clip; a mask's `coverage` is its offset in `bytes`.
        let spans: UnsafeMutableBufferPointer<pixel_span>
        /// The masks' coverage bytes, back to back (at least one, so there is an address).
        let bytes: UnsafeMutableBufferPointer<UInt8>
        /// The coverage as `pixel_mask_plan` steps over its bounding box, for a solid color
        /// drawn in one C call (``PaintBlitter/replay(_:x:)``); nil for a box wider or taller
        /// than 65535 pixels or a clip narrower than 8.
        let plan: Plan?
        let byteCount: Int
        var lastUse: UInt64 = 0

        /// The steps of a shape's plan and where they lie.
        struct Plan {
            /// The steps; step (0, 0) is the box's top-left pixel.
            let steps: UnsafeMutableBufferPointer<pixel_mask_step>
            /// The box's left column, relative to the key's clip, and its width.
            let x: Int
            let width: Int
            /// The box's rows (canvas rows).
            let rows: Range<Int>
        }

        init(bands: [Band], spans: [pixel_span], bytes: [UInt8], key: Key) {
            self.bands = .allocate(capacity: bands.count)
            _ = self.bands.initialize(from: bands)
            self.spans = .allocate(capacity: spans.count)
            _ = self.spans.initialize(from: spans)
            self.bytes = .allocate(capacity: max(1, bytes.count))
            _ = self.bytes.initialize(from: bytes)
            plan = Self.plan(self.bands, self.spans, self.bytes, clipWidth: key.clip.width)
            byteCount =
                bands.count * MemoryLayout<Band>.stride + spans.count
                * MemoryLayout<pixel_span>.stride + bytes.count + key.path.elements.count
                * MemoryLayout<Path.Element>.stride + (plan?.steps.count ?? 0)
                * MemoryLayout<pixel_mask_step>.stride
        }

        deinit {
            bands.deallocate()
            spans.deallocate()
            bytes.deallocate()
            plan?.steps.deallocate()
        }

        /// Sends every stored band through `blitter`, columns counted from `x`.
        func replay<B: Blitter>(x: Int, through blitter: inout B) {
            guard let spanBase = spans.baseAddress, let byteBase = bytes.baseAddress else { return }
            for band in bands {
                let y = Int(band.y)
                blitter.blitSpans(
                    spanBase + Int(band.first_span), count: Int(band.span_count),
                    coverage: byteBase, x: x, rows: y..<(y + Int(band.count)))
            }
        }

        /// The plan of the bands' bounding box (at least 8 columns wide, inside the clip), by
        /// `pixel_span_plan`.
        private static func plan(
            _ bands: UnsafeMutableBufferPointer<Band>,
            _ spans: UnsafeMutableBufferPointer<pixel_span>,
            _ bytes: UnsafeMutableBufferPointer<UInt8>, clipWidth: Int
        ) -> Plan? {
            guard let top = bands.map({ Int($0.y) }).min(),
                let bottom = bands.map({ Int($0.y + $0.count) }).max(),
                let left = spans.map({ Int($0.x) }).min(),
                let right = spans.map({ Int($0.x + $0.count) }).max(), clipWidth >= 8
            else { return nil }
            let x = min(left, clipWidth - 8)
            let width = max(right, x + 8) - x
            guard width <= Int(UInt16.max), bottom - top <= Int(UInt16.max) else { return nil }
            let row = UnsafeMutablePointer<UInt8>.allocate(capacity: width)
            defer { row.deallocate() }
            row.initialize(repeating: 0, count: width)
            func plan(into steps: UnsafeMutablePointer<pixel_mask_step>?) -> Int {
                pixel_span_plan(
                    bands.baseAddress, bands.count, spans.baseAddress, bytes.baseAddress,
                    Int32(x), Int32(top), width, row, steps)
            }
            let steps = UnsafeMutableBufferPointer<pixel_mask_step>.allocate(
                capacity: plan(into: nil))
            _ = plan(into: steps.baseAddress)
            return Plan(steps: steps, x: x, width: width, rows: top..<bottom)
        }
    }

    /// What to do with a shape about to be drawn.
    enum Plan {
        /// Replay its stored coverage.
        case replay(Coverage)
        /// Scan it and record what the scan makes (``Recorder``), for ``insert(_:for:)``.
        case record
        /// Scan it; nothing to keep.
        case scan
    }

    /// Bytes of bookkeeping charged per entry besides its own (the dictionary slot, the key,
    /// the object headers).
    static let entryOverhead = 256

    private var entries: BoundedCache<Key, Coverage>
    /// Hashes of keys drawn once and not recorded (the doorkeeper); emptied when it reaches
    /// ``seenLimit``.
    private var seen: Set<Int> = []
    private static let seenLimit = 4096

    /// An empty cache holding at most `byteLimit` bytes (0: it keeps nothing).
    init(byteLimit: Int = 4 << 20) {
        entries = BoundedCache(byteLimit: byteLimit, entryOverhead: Self.entryOverhead)
    }

    /// The most bytes held at once; 0 turns the cache off (every shape is scanned).
    var byteLimit: Int {
        get { entries.byteLimit }
        set {
            entries.byteLimit = max(0, newValue)
            if newValue <= 0 {
                entries.removeAll()
                seen.removeAll()
            }
        }
    }

    /// Bytes now held.
    var byteCount: Int { entries.byteCount }
    /// Shapes now held.
    var count: Int { entries.count }
    /// Draws replayed from here.
    var hits: Int { entries.hits }

    /// What to do with the shape `key`.
    func plan(_ key: Key) -> Plan {
        guard entries.byteLimit > 0 else { return .scan }
        if let coverage = entries.lookup(key) { return .replay(coverage) }
        if seen.remove(key.hash) != nil { return .record }
        if seen.count >= Self.seenLimit { seen.removeAll(keepingCapacity: true) }
        seen.insert(key.hash)
        return .scan
    }

    /// Keeps `coverage` for the shape `key`.
    func insert(_ coverage: Coverage, for key: Key) {
        entries.insert(coverage, for: key)
    }

    /// A blitter that hands everything on to `inner` and keeps a copy: the coverage of one
    /// shape as it is scanned, on one thread (it has no parts to give other threads).
    struct Recorder<Inner: Blitter>: Blitter {
        var inner: Inner
        /// The clip's left column: recorded columns are relative to it.
        let x: Int
        private(set) var bands: [Band] = []
        private(set) var spans: [pixel_span] = []
        private(set) var bytes: [UInt8] = []

        init(inner: Inner, x: Int) {
            self.inner = inner
            self.x = x
        }

        /// What was recorded, as an entry for `key`.
        func coverage(for key: Key) -> Coverage {
            Coverage(bands: bands, spans: spans, bytes: bytes, key: key)
        }

        func copy(using scratch: ScanScratch) -> Self {
            preconditionFailure("a shape is recorded on one thread (ShapeCache.Recorder)")
        }

        mutating func blitSpans(
            _ spans: UnsafePointer<pixel_span>, count: Int, coverage: UnsafePointer<UInt8>,
            x: Int, rows: Range<Int>
        ) {
            inner.blitSpans(spans, count: count, coverage: coverage, x: x, rows: rows)
            let first = self.spans.count
            for k in 0..<count {
                var span = spans[k]
                span.x += Int32(x - self.x)
                if span.kind == UInt32(PIXEL_SPAN_MASK) {
                    let from = coverage + Int(span.coverage)
                    span.coverage = UInt32(bytes.count)
                    bytes.append(
                        contentsOf: UnsafeBufferPointer(start: from, count: Int(span.count)))
                }
                self.spans.append(span)
            }
            bands.append(
                Band(
                    y: Int32(rows.lowerBound), count: Int32(rows.count), first_span: Int32(first),
                    span_count: Int32(count)))
        }

        mutating func blitH(x: Int, y: Int, count: Int, coverage: UInt8) {
            var span = pixel_span(
                x: 0, count: Int32(count), coverage: UInt32(coverage), kind: UInt32(PIXEL_SPAN_RUN))
            blitSpans(&span, count: 1, coverage: [0], x: x, rows: y..<(y + 1))
        }

        mutating func blitAntiH(x: Int, y: Int, coverage: UnsafePointer<UInt8>, count: Int) {
            var span = pixel_span(
                x: 0, count: Int32(count), coverage: 0, kind: UInt32(PIXEL_SPAN_MASK))
            blitSpans(&span, count: 1, coverage: coverage, x: x, rows: y..<(y + 1))
        }
    }
}
