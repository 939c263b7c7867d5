import CPixelFill

/// Rendered glyphs kept for reuse, bounded by bytes, least recently used evicted first.
///
/// Keys name the face, the pixel size (in 1/64 px), the glyph index and the quarter-pixel
/// horizontal offset the glyph was rendered at. A hit is a dictionary lookup and a stamp on the
/// entry: no FreeType call and no allocation, so redrawing the same text every frame costs only
/// blending. Each coverage glyph is kept with its blending plan (``GlyphImage/plan``), made once
/// when it is rendered.
///
/// ```swift
/// fonts.library.glyphCache.byteLimit = 8 << 20   // big clock digits on a 4K panel
/// ```
///
/// Technical notes: eviction is by "least recent stamp". When the bytes held pass
/// ``byteLimit``, entries are sorted by their last use and the oldest dropped until the cache
/// is at three quarters of its limit, so the sort is paid once per quarter of the budget, not
/// per insertion.
public final class GlyphCache {
    /// Which rendered glyph.
    struct Key: Hashable {
        var face: UInt32
        /// Pixel size in 26.6 fixed point (1/64 px).
        var size: Int32
        var glyph: UInt32
        /// Horizontal offset in quarter pixels, 0…3.
        var subpixel: UInt8
    }

    /// The most bytes of rendered glyphs held at once.
    ///
    /// Default: 4 MiB.
    public var byteLimit: Int {
        get { store.byteLimit }
        set { store.byteLimit = newValue }
    }
    /// Bytes now held (pixel and plan bytes plus a fixed overhead per entry).
    public var byteCount: Int { store.byteCount }
    /// Lookups answered from the cache.
    public var hits: Int { store.hits }
    /// Lookups that had to render.
    public var misses: Int { store.misses }
    /// Glyphs now held.
    public var count: Int { store.count }

    private var store: BoundedCache<Key, GlyphImage>

    /// Bookkeeping bytes charged per entry besides its pixels.
    static let entryOverhead = 96

    /// Creates an empty cache holding at most `byteLimit` bytes.
    public init(byteLimit: Int = 4 << 20) {
        store = BoundedCache(byteLimit: byteLimit, entryOverhead: Self.entryOverhead)
    }

    /// The cached glyph for `key`, rendering it with `render` on a miss.
    func glyph(_ key: Key, render: () -> GlyphImage) -> GlyphImage {
        if let hit = store.lookup(key) { return hit }
        let image = render()
        store.insert(image, for: key)
        return image
    }

    /// Drops every glyph.
    public func removeAll() {
        store.removeAll()
    }
}

/// One rendered glyph: an 8-bit coverage mask or a color bitmap, placed relative to the pen.
final class GlyphImage: BoundedCacheEntry {
    /// Columns of the mask.
    let width: Int
    /// Rows of the mask.
    let height: Int
    /// Mask columns from the pen position to the mask's left edge (FreeType `bitmap_left`).
    let left: Int
    /// Rows from the baseline up to the mask's top edge (FreeType `bitmap_top`).
    let top: Int
    /// Coverage, `width × height`, rows packed (pitch = width); empty for color glyphs.
    let coverage: [UInt8]
    /// The coverage as `pixel_mask_plan` steps, for blending a solid color a whole glyph at a
    /// time (``PaintBlitter/blitPlan(_:x:y:width:height:)``); empty for color glyphs and masks
    /// narrower than eight pixels, which blend row by row.
    let plan: [pixel_mask_step]
    /// The color picture for color glyphs (emoji), at the strike's own size.
    let color: Bitmap?
    /// For color glyphs: the pixel size of the bitmap strike they come from.
    let strikeSize: Double
    /// The clock value of the last lookup (for eviction).
    var lastUse: UInt64 = 0

    init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
        plan = Self.plan(coverage, width: width, height: height)
        color = nil
        strikeSize = 0
    }

    init(color: Bitmap, left: Int, top: Int, strikeSize: Double) {
        width = color.width
        height = color.height
        self.left = left
        self.top = top
        coverage = []
        plan = []
        self.color = color
        self.strikeSize = strikeSize
    }

    /// An empty glyph (a space, or one that failed to render).
    static func empty() -> GlyphImage {
        GlyphImage(width: 0, height: 0, left: 0, top: 0, coverage: [])
    }

    /// Where a color glyph's picture lands for text of em size `size` with its pen at `pen`,
    /// in the same units as both (the strike's pixels scaled to `size`).
    func colorBox(pen: Point, size: Double) -> Rect {
        let k = size / strikeSize
        return Rect(
            x: pen.x + Double(left) * k, y: pen.y - Double(top) * k,
            width: Double(width) * k, height: Double(height) * k)
    }

    /// Pixel and plan bytes held.
    var byteCount: Int {
        color == nil
            ? coverage.count + plan.count * MemoryLayout<pixel_mask_step>.stride
            : width * height * 4
    }

    /// The steps of `coverage` (see ``plan``): counted, then written.
    private static func plan(_ coverage: [UInt8], width: Int, height: Int) -> [pixel_mask_step] {
        guard width > 0, height > 0, coverage.count == width * height else { return [] }
        return coverage.withUnsafeBufferPointer { mask -> [pixel_mask_step] in
            guard let base = mask.baseAddress else { return [] }
            let count = pixel_mask_plan(base, width, height, nil)
            return [pixel_mask_step](unsafeUninitializedCapacity: count) { steps, initialized in
                initialized = pixel_mask_plan(base, width, height, steps.baseAddress)
            }
        }
    }
}
