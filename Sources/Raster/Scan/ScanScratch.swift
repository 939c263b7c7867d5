import CPixelFill

/// Reusable memory for scan conversion and blitting, one per canvas, so steady-state drawing
/// allocates nothing: buffers grow to the largest request and stay.
final class ScanScratch {
    /// Signed area/cover accumulation cells of one band (see ``FillPath``).
    private(set) var accumulation: UnsafeMutablePointer<Float>
    private var accumulationCapacity: Int
    /// One bit per accumulation cell: the cell was written and must be visited by the sweep.
    private(set) var touched: UnsafeMutablePointer<UInt64>
    private var touchedCapacity: Int
    /// A row of shaded source pixels.
    private(set) var span: UnsafeMutablePointer<UInt32>
    /// A row of coverage values.
    private(set) var coverage: UnsafeMutablePointer<UInt8>
    private var rowCapacity: Int
    /// The coverage bytes of the sweep's masks, one per accumulation cell of a row.
    private(set) var sweepCoverage: UnsafeMutablePointer<UInt8>
    /// The spans of one swept row.
    private(set) var spans: UnsafeMutablePointer<pixel_span>
    private var sweepCapacity: Int
    /// Per-row counts for cutting a fill into parts (``FillPath``).
    private var weights: UnsafeMutablePointer<Int32>
    private var weightsCapacity: Int
    var edges: [Edge] = []
    var active: [Int] = []
    /// The rows where a fill's parts begin, and its end.
    var cuts: [Int] = []

    init() {
        accumulationCapacity = 0
        touchedCapacity = 0
        rowCapacity = 0
        sweepCapacity = 0
        weightsCapacity = 0
        weights = .allocate(capacity: 1)
        sweepCoverage = .allocate(capacity: 1)
        spans = .allocate(capacity: 1)
        accumulation = .allocate(capacity: 1)
        touched = .allocate(capacity: 1)
        span = .allocate(capacity: 1)
        coverage = .allocate(capacity: 1)
    }

    deinit {
        accumulation.deallocate()
        touched.deallocate()
        span.deallocate()
        coverage.deallocate()
        sweepCoverage.deallocate()
        spans.deallocate()
        weights.deallocate()
    }

    /// Makes the band buffers hold at least `cells` cells and `words` bit words, zeroed, and
    /// the sweep's buffers a row of `rowCells` cells.
    func reserveBand(cells: Int, words: Int, rowCells: Int) {
        if rowCells > sweepCapacity {
            sweepCoverage.deallocate()
            spans.deallocate()
            sweepCoverage = .allocate(capacity: rowCells)
            spans = .allocate(capacity: rowCells / 2 + 8)
            sweepCapacity = rowCells
        }
        if cells > accumulationCapacity {
            accumulation.deallocate()
            accumulation = .allocate(capacity: cells)
            accumulation.initialize(repeating: 0, count: cells)
            accumulationCapacity = cells
        }
        if words > touchedCapacity {
            touched.deallocate()
            touched = .allocate(capacity: words)
            touched.initialize(repeating: 0, count: words)
            touchedCapacity = words
        }
    }

    /// `count` per-row counts, all zero.
    func rowWeights(_ count: Int) -> UnsafeMutablePointer<Int32> {
        if count > weightsCapacity {
            weights.deallocate()
            weights = .allocate(capacity: count)
            weightsCapacity = count
        }
        weights.initialize(repeating: 0, count: count)
        return weights
    }

    /// Makes the row buffers hold at least `width` pixels.
    func reserveRow(_ width: Int) {
        guard width > rowCapacity else { return }
        span.deallocate()
        coverage.deallocate()
        span = .allocate(capacity: width)
        coverage = .allocate(capacity: width)
        rowCapacity = width
    }
}
