/// A rectangle of premultiplied pixels to draw on, with a drawing state (transform, clip, color
/// transform, layers).
///
/// Pixels are 32-bit ``PremultipliedPixel`` values, B, G, R, A in memory, rows `stride` pixels
/// apart. A canvas is either the owner of its memory (`init(width:height:)`) or a view of part
/// of another's (``subCanvas(_:)``): a slot of the screen drawn in place. Coordinates are
/// canvas-local pixels, (0, 0) at the top-left of the canvas's own ``bounds``.
///
/// ```swift
/// let canvas = Canvas(width: 800, height: 480)
/// canvas.clear(.black)
/// let slot = canvas.subCanvas(IntRect(x: 32, y: 32, width: 400, height: 400))
/// slot.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 400, height: 400), cornerRadius: 52),
///           with: Paint(color: .systemGray6))
/// ```
///
/// A canvas is not `Sendable`: one thread draws on it at a time.
public final class Canvas {
    let storage: PixelStorage
    /// Where this canvas lies in its storage (storage pixels).
    let origin: (x: Int, y: Int)
    /// The canvas's width in pixels.
    public let width: Int
    /// The canvas's height in pixels.
    public let height: Int
    /// The drawing state stack; the last element is current (see `Canvas+State.swift`).
    var states: [DrawState]
    /// Buffers reused by every drawing call on this canvas.
    let scratch = ScanScratch()
    /// Text laid out by ``drawText(_:face:size:baseline:alignment:options:paint:)``, kept for
    /// the next frame; shared with this canvas's sub-canvases and layers.
    let textLayouts: TextLayoutCache
    /// The coverage of shapes drawn before (``ShapeCache``); shared with this canvas's
    /// sub-canvases and layers.
    let shapes: ShapeCache
    /// How many threads a large fill or stroke may run on.
    ///
    /// With a value above 1, this thread and Raster's helper threads (one fewer than the
    /// CPUs, at most three, started on first use) cut the fill's rows into that many parts
    /// and scan them side by side; the pixels are the same for every value. A sub-canvas or
    /// layer starts with its parent's value. Drawing on several canvases from several threads
    /// at once is fine: a fill that finds the helpers busy draws on its own thread.
    ///
    /// Default: 1, the calling thread alone (as is any value below 1). More threads pay where
    /// the cores share a cache (a Raspberry Pi 4's four cores share one L2): rows one core
    /// wrote and another reads next (the night pass, text, the next frame) must move between
    /// the cores' caches, and on some machines that costs more than the second core saves.
    /// Measure with `nightstand bench --threads N` (docs/performance.md).
    public var drawingThreads = 1

    /// The most bytes this canvas (with its sub-canvases and layers) keeps of the coverage of
    /// shapes it drew, to redraw them without scan-converting them again; 0 keeps none.
    ///
    /// A fill or stroke drawn a second time with the same path, transform, stroke style, fill
    /// rule, clip bounds and anti-aliasing is recorded, and from then on its coverage is
    /// replayed: only the blending is paid, in whatever paint. The pixels are the same either
    /// way. Default: 4 MiB, least recently used shapes evicted first; ``shapeCacheBytes`` says
    /// what a scene's shapes take (`nightstand bench` prints it, docs/performance.md).
    public var shapeCacheLimit: Int {
        get { shapes.byteLimit }
        set { shapes.byteLimit = newValue }
    }

    /// The bytes the shape cache holds now (see ``shapeCacheLimit``).
    public var shapeCacheBytes: Int { shapes.byteCount }

    /// Creates a canvas that owns `width × height` pixels, all transparent black.
    public convenience init(width: Int, height: Int) {
        self.init(
            width: width, height: height, textLayouts: TextLayoutCache(), shapes: ShapeCache())
    }

    /// Creates a canvas that owns `width × height` pixels, all transparent black, and lays text
    /// out through `textLayouts` and keeps shapes in `shapes`.
    init(width: Int, height: Int, textLayouts: TextLayoutCache, shapes: ShapeCache) {
        storage = PixelStorage(width: width, height: height, stride: width)
        origin = (0, 0)
        self.width = width
        self.height = height
        self.textLayouts = textLayouts
        self.shapes = shapes
        states = [DrawState(clipBounds: IntRect(x: 0, y: 0, width: width, height: height))]
    }

    /// Creates a canvas of the given size, all transparent black.
    public convenience init(size: PixelSize) {
        self.init(width: size.width, height: size.height)
    }

    private init(
        storage: PixelStorage, origin: (x: Int, y: Int), width: Int, height: Int,
        textLayouts: TextLayoutCache, shapes: ShapeCache
    ) {
        self.storage = storage
        self.origin = origin
        self.width = width
        self.height = height
        self.textLayouts = textLayouts
        self.shapes = shapes
        states = [DrawState(clipBounds: IntRect(x: 0, y: 0, width: width, height: height))]
    }

    /// The canvas's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The canvas's own area, at (0, 0).
    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// Pixels from one row to the next in memory (≥ ``width``; larger for a sub-canvas).
    public var stride: Int { storage.stride }

    /// A canvas viewing `rect` (clipped to this canvas) of the same pixels; drawing on it draws
    /// here.
    ///
    /// Its drawing state starts fresh (identity transform, no clip).
    public func subCanvas(_ rect: IntRect) -> Canvas {
        let r = rect.intersection(bounds)
        let sub = Canvas(
            storage: storage, origin: (origin.x + r.x, origin.y + r.y), width: r.width,
            height: r.height, textLayouts: textLayouts, shapes: shapes)
        sub.drawingThreads = drawingThreads
        return sub
    }

    /// The first pixel of row `y` (0 ≤ y < height); the row has ``width`` pixels.
    ///
    /// For backends copying rows out and for hot loops; valid while the canvas lives. The
    /// row's pixels are written first if a ``clear(_:)`` still owes them, so the pointer is
    /// for this row only: reach other rows through their own `row(_:)`, or call
    /// ``settlePixels()`` before treating the memory as one block.
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        storage.settle(row: origin.y + y, to: origin.x + width)
        return storage.base + (origin.y + y) * storage.stride + origin.x
    }

    /// Writes every pixel a ``clear(_:)`` still owes (in the whole memory this canvas views),
    /// so that all of it holds the frame.
    ///
    /// ``row(_:)`` does this for its row and drawing for what it draws on; call it before
    /// handing the memory on as one block, or to finish a frame's writes where they are timed.
    public func settlePixels() {
        storage.settleAll()
    }

    /// The pixel at (x, y); reading or writing outside the canvas traps.
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        get {
            precondition(x >= 0 && x < width, "column \(x) outside 0..<\(width)")
            return PremultipliedPixel(value: row(y)[x])
        }
        set {
            precondition(x >= 0 && x < width, "column \(x) outside 0..<\(width)")
            row(y)[x] = newValue.value
        }
    }

    /// Sets every pixel to `color`, ignoring clip, transform and color transform.
    ///
    /// A canvas spanning its memory's whole rows (a screen, not a slot of it) defers the
    /// writes: each row is written when something is drawn on it or it is read, and not under
    /// opaque spans drawn over it, so an opaque tile drawn after the clear costs one write
    /// of its pixels instead of two. ``row(_:)``, ``settlePixels()`` and every drawing call
    /// see the cleared pixels as if written at once.
    public func clear(_ color: RGBA = .clear) {
        let v = color.premultiplied.value
        if origin.x == 0 && width == storage.width {
            storage.deferClear(rows: origin.y..<(origin.y + height), value: v)
        } else {
            for y in 0..<height { PixelMath.fill(row(y), v, count: width) }
        }
    }

    /// A copy of the pixels as an owning canvas of the same size.
    public func copy() -> Canvas {
        let c = Canvas(width: width, height: height)
        for y in 0..<height { c.row(y).update(from: row(y), count: width) }
        return c
    }
}
