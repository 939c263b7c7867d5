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
    /// Everything a shape's coverage depends on.
    ///
    /// Its hash is computed once, at creation: a lookup and the doorkeeper both use it.
    struct Key: Hashable {
        let path: Path
        let transform: Transform
        /// The stroke's style, or nil for a fill.
        let stroke: StrokeStyle?
        let rule: FillRule
        let clip: IntRect
        let antiAlias: Bool
        let hash: Int

        init(
            path: Path, transform: Transform, stroke: StrokeStyle?, rule: FillRule, clip: IntRect,
            antiAlias: Bool
        ) {
            self.path = path
            self.transform = transform
            self.stroke = stroke
            self.rule = rule
            self.clip = clip
            self.antiAlias = antiAlias
            var hasher = QuickHasher()
            // Indexed, not `for … in`: an unoptimized build allocates an iterator per element.
            let elements = path.elements
            for i in elements.indices {
                switch elements[i] {
                case .move(let p):
                    hasher.mix(UInt64(1))
                    hasher.mix(p)
                case .line(let p):
                    hasher.mix(UInt64(2))
                    hasher.mix(p)
                case .quadCurve(let p, let c):
                    hasher.mix(UInt64(3))
                    hasher.mix(p)
                    hasher.mix(c)
                case .curve(let p, let c1, let c2):
                    hasher.mix(UInt64(4))
                    hasher.mix(p)
                    hasher.mix(c1)
                    hasher.mix(c2)
                case .closeSubpath:
                    hasher.mix(UInt64(5))
                }
            }
            hasher.mix(transform.a)
            hasher.mix(transform.b)
            hasher.mix(transform.c)
            hasher.mix(transform.d)
            hasher.mix(transform.tx)
            hasher.mix(transform.ty)
            if let stroke {
                hasher.mix(stroke.lineWidth)
                hasher.mix(stroke.miterLimit)
                hasher.mix(stroke.dashPhase)
                for i in stroke.dash.indices { hasher.mix(stroke.dash[i]) }
                hasher.mix(
                    UInt64(stroke.dash.count) << 8 | UInt64(stroke.lineCap.ordinal) << 4
                        | UInt64(stroke.lineJoin.ordinal))
            }
            hasher.mix(UInt64(rule == .evenOdd ? 1 : 0) << 1 | (antiAlias ? 1 : 0))
            hasher.mix(
                UInt64(UInt32(truncatingIfNeeded: clip.x)) << 32
                    | UInt64(UInt32(truncatingIfNeeded: clip.y)))
            hasher.mix(
                UInt64(UInt32(truncatingIfNeeded: clip.width)) << 32
                    | UInt64(UInt32(truncatingIfNeeded: clip.height)))
            hash = Int(truncatingIfNeeded: hasher.state)
        }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.clip == b.clip && a.rule == b.rule
                && a.antiAlias == b.antiAlias && a.transform == b.transform
                && a.stroke == b.stroke && a.path == b.path
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

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

/// A quick hash of the numbers a ``ShapeCache/Key`` holds: each 64-bit word xor-ed in, then a
/// multiply by an odd constant and a shift-xor that carries the high bits down.
///
/// Swift's `Hasher` (SipHash) is built to withstand keys chosen to collide; a shape cache, whose
/// keys come from the app's own drawing and are compared in full on every lookup, does not
/// need that, and hashing a rounded rectangle's path (some fifty numbers) cost a frame of the
/// reference scene about as much as two C calls blending a ring.
struct QuickHasher {
    private(set) var state: UInt64 = 0x243F_6A88_85A3_08D3

    mutating func mix(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    /// A number's bits; 0 and −0 (equal) alike.
    mutating func mix(_ value: Double) {
        mix(value == 0 ? 0 : value.bitPattern)
    }

    mutating func mix(_ point: Point) {
        mix(point.x)
        mix(point.y)
    }
}

extension LineCap {
    /// The case's place in the declaration, for ``QuickHasher``.
    fileprivate var ordinal: Int {
        switch self {
        case .butt: 0
        case .round: 1
        case .square: 2
        }
    }
}

extension LineJoin {
    /// The case's place in the declaration, for ``QuickHasher``.
    fileprivate var ordinal: Int {
        switch self {
        case .miter: 0
        case .round: 1
        case .bevel: 2
        }
    }
}
