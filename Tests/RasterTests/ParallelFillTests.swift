import Dispatch
import Glibc
import Synchronization
import Testing

@testable import Raster

/// Fills cut into parts of rows for several threads (`FillPath`, `ScanWorkers`): the pixels
/// must not depend on how many threads drew them or where the cuts fell.
@Suite("Parallel fills")
struct ParallelFillTests {
    /// The reference scene's ring gauge, a rounded tile and an even-odd star, large enough that
    /// every fill is cut into parts.
    static func scene(on canvas: Canvas) {
        canvas.clear(.black)
        canvas.fill(
            Path(roundedRect: Rect(x: 10.5, y: 8, width: 300, height: 300), cornerRadius: 39),
            with: Paint(color: RGBA(hex: 0x1C1C1E)))
        var track = Path()
        track.addArc(
            center: Point(x: 160.25, y: 150.5), radius: 100, startAngle: 0, endAngle: 2 * .pi,
            clockwise: false)
        canvas.stroke(
            track, with: Paint(color: RGBA(hex: 0x3A3A3C)), style: StrokeStyle(lineWidth: 23))
        var progress = Path()
        progress.addArc(
            center: Point(x: 160.25, y: 150.5), radius: 100, startAngle: -.pi / 2,
            endAngle: -.pi / 2 + 0.72 * 2 * .pi, clockwise: false)
        canvas.stroke(
            progress, with: Paint(color: RGBA(hex: 0x30D158)),
            style: StrokeStyle(lineWidth: 23, lineCap: .round))
        canvas.fill(
            star(center: Point(x: 250, y: 160), radiusX: 60, radiusY: 140),
            with: Paint(color: RGBA(hex: 0x0A84FF).opacity(0.7)), rule: .evenOdd)
    }

    /// A five-pointed star drawn in one stroke (its middle overlaps itself), points on the
    /// ellipse of the given center and radii, the first at the top.
    static func star(center: Point, radiusX: Double, radiusY: Double) -> Path {
        var star = Path()
        for k in 0..<5 {
            let a = Double(k) * 4 * .pi / 5 - .pi / 2
            let p = Point(x: center.x + radiusX * cos(a), y: center.y + radiusY * sin(a))
            if k == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        return star
    }

    /// A canvas's pixels, row after row.
    static func pixels(_ canvas: Canvas) -> [UInt32] {
        (0..<canvas.height).flatMap { y in
            Array(UnsafeBufferPointer(start: canvas.row(y), count: canvas.width))
        }
    }

    /// Whether two canvases of one size hold the same bytes.
    static func same(_ a: Canvas, _ b: Canvas) -> Bool { pixels(a) == pixels(b) }

    @Test(
        "the ring, tile and star come out the same on 1 to 5 threads, and with values below 1",
        arguments: [-1, 0, 2, 3, 4, 5])
    func sceneMatchesOneThread(threads: Int) {
        let one = Canvas(width: 330, height: 320)
        one.drawingThreads = 1
        Self.scene(on: one)
        let many = Canvas(width: 330, height: 320)
        many.drawingThreads = threads
        Self.scene(on: many)
        #expect(Self.same(one, many))
    }

    @Test(
        "random drawing (gradients, clips, layers, slots, images, text) is the same on 1 and 3 threads",
        arguments: 0..<12)
    func randomDrawingMatchesOneThread(seed: UInt64) throws {
        let face = try FontDatabase().face()
        let size = PixelSize(width: 420, height: 300)
        let one = Canvas(size: size)
        one.drawingThreads = 1
        let many = Canvas(size: size)
        many.drawingThreads = 3
        DeferredClearTests.drawRandom(seed: seed, on: [one, many], face: face)
        #expect(Self.same(one, many), "seed \(seed)")
    }

    @Test("canvases drawn on four threads at once all match the one-thread frame")
    func concurrentCanvases() {
        let one = Canvas(width: 330, height: 320)
        one.drawingThreads = 1
        Self.scene(on: one)
        let reference = Self.pixels(one)
        let matches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let canvas = Canvas(width: 330, height: 320)
            canvas.drawingThreads = 2
            for _ in 0..<20 { Self.scene(on: canvas) }
            if Self.pixels(canvas) == reference { matches.add(1, ordering: .relaxed) }
        }
        #expect(matches.load(ordering: .relaxed) == 4)
    }

    @Test(
        "helper threads take parts when the machine has more than one CPU",
        .enabled(if: ScanWorkers.shared.helperCount > 0, "one CPU: there are no helper threads"))
    func helpersTakeParts() {
        let workers = ScanWorkers.shared
        let mine = ScanScratch()
        // Another test may hold the helpers for a moment (its parts then run serially, and so
        // would ours): try until a job reaches them.
        var helped = false
        for _ in 0..<2000 where !helped {
            let others = Atomic<Int>(0)
            workers.run(parts: 2, scratch: mine) { _, scratch in
                if scratch !== mine { others.add(1, ordering: .relaxed) }
                // Long enough for a sleeping helper to wake and claim the other part.
                var x = 0.0
                for i in 0..<20_000 { x += Double(i).squareRoot() }
                #expect(x > 0)
            }
            helped = others.load(ordering: .relaxed) > 0
        }
        #expect(helped)
    }

    @Test("every part of a job runs exactly once, whoever claims it")
    func eachPartOnce() {
        let counts = Mutex([Int](repeating: 0, count: 7))
        for _ in 0..<200 {
            ScanWorkers.shared.run(parts: 7, scratch: ScanScratch()) { part, _ in
                counts.withLock { $0[part] += 1 }
            }
        }
        #expect(counts.withLock { $0 } == [Int](repeating: 200, count: 7))
    }

    @Test("rows are cut where the work halves: the lower rows, with more edges, get fewer rows")
    func cutsBalanceEdges() {
        // Two edges over rows 0..<200, twenty more over rows 100..<200: a row of the upper half
        // weighs 1 + 2, of the lower 1 + 22; half the total (2,600) is reached at row 143.
        var edges = [
            Edge(x0: 1, y0: 0, x1: 1, y1: 200, direction: 1),
            Edge(x0: 9, y0: 0, x1: 9, y1: 200, direction: -1),
        ]
        for k in 0..<20 {
            edges.append(Edge(x0: Float(k), y0: 100, x1: Float(k) + 0.5, y1: 200, direction: 1))
        }
        var cuts: [Int] = []
        FillPath.cutParts(
            edges: edges, rows: 0..<200, parts: 2, scratch: ScanScratch(), into: &cuts)
        #expect(cuts == [0, 144, 200])
        FillPath.cutParts(
            edges: edges, rows: 50..<250, parts: 4, scratch: ScanScratch(), into: &cuts)
        #expect(cuts.first == 50 && cuts.last == 250 && cuts == cuts.sorted())
        #expect(Set(cuts).count == 5)
    }
}
