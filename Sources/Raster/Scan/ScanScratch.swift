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
    var edges: [Edge] = []
    var active: [Int] = []

    init() {
        accumulationCapacity = 0
        touchedCapacity = 0
        rowCapacity = 0
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
    }

    /// Makes the band buffers hold at least `cells` cells and `words` bit words, zeroed.
    func reserveBand(cells: Int, words: Int) {
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
