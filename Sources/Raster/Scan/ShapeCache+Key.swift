extension ShapeCache {
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
