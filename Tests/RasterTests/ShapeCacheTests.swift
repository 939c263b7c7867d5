import CAllocationCounter
import Testing

@testable import Raster

/// Shapes drawn again come from the shape cache (`ShapeCache`): the pixels must be those of
/// scanning them, whatever changed around them (paint, clip mask, place on the screen), and a
/// shape whose key changes must be scanned anew.
@Suite("Shape cache")
struct ShapeCacheTests {
    /// A canvas that keeps no shapes: every fill and stroke scanned.
    static func uncached(_ size: PixelSize) -> Canvas {
        let canvas = Canvas(size: size)
        canvas.shapeCacheLimit = 0
        return canvas
    }

    @Test(
        "random drawing repeated frame after frame gives the bytes of scanning every shape",
        arguments: 0..<16)
    func randomFramesMatchScanning(seed: UInt64) throws {
        let face = try FontDatabase().face()
        let size = PixelSize(width: 360, height: 240)
        let cached = Canvas(size: size)
        let scanned = Self.uncached(size)
        for frame in 0..<4 {
            DeferredClearTests.drawRandom(seed: seed, on: [cached, scanned], face: face)
            #expect(ParallelFillTests.same(cached, scanned), "seed \(seed), frame \(frame)")
        }
        #expect(scanned.shapes.count == 0 && scanned.shapes.hits == 0)
    }

    @Test("the reference ring and tiles replay the same bytes, on one thread and on three")
    func sceneReplays() {
        for threads in [1, 3] {
            let cached = Canvas(width: 330, height: 320)
            cached.drawingThreads = threads
            let scanned = Self.uncached(cached.size)
            for _ in 0..<3 {
                ParallelFillTests.scene(on: cached)
                ParallelFillTests.scene(on: scanned)
                #expect(ParallelFillTests.same(cached, scanned), "\(threads) threads")
            }
            // Tile, track, progress and star: recorded on the second frame, replayed on the third.
            #expect(cached.shapes.count == 4)
            #expect(cached.shapes.hits == 4)
        }
    }

    @Test("a shape is scanned the first time, recorded the second, replayed from the third")
    func recordsOnSecondDraw() {
        let canvas = Canvas(width: 64, height: 64)
        let disc = Path(ellipseIn: Rect(x: 4.5, y: 6, width: 50, height: 40))
        let paint = Paint(color: .systemBlue)
        canvas.fill(disc, with: paint)
        #expect(canvas.shapes.count == 0)
        canvas.fill(disc, with: paint)
        #expect(canvas.shapes.count == 1 && canvas.shapes.hits == 0)
        canvas.fill(disc, with: paint)
        #expect(canvas.shapes.hits == 1)
        #expect(canvas.shapes.byteCount > ShapeCache.entryOverhead)
    }

    @Test("a stored shape drawn in another paint, under another clip mask, is that paint's pixels")
    func replayTakesTodaysPaintAndClip() {
        let size = PixelSize(width: 120, height: 90)
        let cached = Canvas(size: size)
        let scanned = Self.uncached(size)
        var ring = Path()
        ring.addArc(
            center: Point(x: 60.3, y: 44.8), radius: 30, startAngle: 0, endAngle: 2 * .pi,
            clockwise: false)
        let style = StrokeStyle(lineWidth: 9)
        let gradient = LinearGradient(
            stops: [
                GradientStop(color: .systemRed, location: 0),
                GradientStop(color: .systemTeal.opacity(0.5), location: 1),
            ], start: Point(x: 20, y: 0), end: Point(x: 100, y: 90))
        let paints = [
            Paint(color: .systemGreen), Paint(color: .systemGreen),
            Paint(color: .systemOrange.opacity(0.6)), Paint(shader: .linearGradient(gradient)),
        ]
        for (k, paint) in paints.enumerated() {
            for canvas in [cached, scanned] {
                canvas.clear(.black)
                canvas.withSavedState {
                    if k == 3 {
                        // The whole canvas less a stripe through the ring: the clip bounds (in
                        // the key) stay the same, the mask cuts the ring.
                        var mask = Path(Rect(x: 0, y: 0, width: 120, height: 90))
                        mask.addRect(Rect(x: 50.5, y: 0, width: 20, height: 90))
                        canvas.clip(to: mask, rule: .evenOdd)
                    }
                    canvas.stroke(ring, with: paint, style: style)
                }
            }
            #expect(ParallelFillTests.same(cached, scanned), "paint \(k)")
        }
        #expect(cached.shapes.hits == 2)
    }

    @Test(
        "changing the path, transform, stroke, rule, clip bounds or anti-aliasing scans anew",
        arguments: 0..<7)
    func keyChangesScan(change: Int) {
        let size = PixelSize(width: 100, height: 80)
        let cached = Canvas(size: size)
        let scanned = Self.uncached(size)
        let star = ParallelFillTests.star(center: Point(x: 50, y: 40), radiusX: 30, radiusY: 30)
        func draw(_ canvas: Canvas, changed: Bool) {
            canvas.clear(.black)
            canvas.withSavedState {
                var path = star
                var rule = FillRule.nonZero
                var paint = Paint(color: .white)
                if changed {
                    switch change {
                    case 0: path.addLine(to: Point(x: 95, y: 75))
                    case 1: canvas.concatenate(Transform(translationX: 0.25, y: 0))
                    case 2: rule = .evenOdd
                    case 3: canvas.clip(to: Rect(x: 0, y: 0, width: 60, height: 80))
                    case 4: paint.antiAlias = false
                    case 5: canvas.concatenate(Transform(scaleX: 1.01, y: 1))
                    default:
                        canvas.stroke(path, with: paint, style: StrokeStyle(lineWidth: 3.5))
                        return
                    }
                }
                canvas.fill(path, with: paint, rule: rule)
            }
        }
        for canvas in [cached, scanned] {
            for _ in 0..<3 { draw(canvas, changed: false) }
            draw(canvas, changed: true)
        }
        #expect(ParallelFillTests.same(cached, scanned))
        #expect(cached.shapes.hits == 1, "only the third unchanged draw replays")
    }

    @Test(
        "a stored shape on pixels already drawn blends its plan in one call: the scan's bytes")
    func planOverDrawnPixels() {
        let size = PixelSize(width: 160, height: 120)
        let cached = Canvas(size: size)
        let scanned = Self.uncached(size)
        let backdrop = LinearGradient(
            stops: [
                GradientStop(color: .systemIndigo, location: 0),
                GradientStop(color: .systemYellow, location: 1),
            ], start: Point(x: 0, y: 0), end: Point(x: 160, y: 120))
        var ring = Path()
        ring.addArc(
            center: Point(x: 70.4, y: 60.7), radius: 38, startAngle: -.pi / 2, endAngle: 3.1,
            clockwise: false)
        // Narrower than a window of eight, at the canvas's right edge: its window moves left.
        let sliver = Path(ellipseIn: Rect(x: 154.3, y: 20.2, width: 5.2, height: 30))
        let paints = [Paint(color: .systemGreen), Paint(color: .systemPink.opacity(0.55))]
        for frame in 0..<4 {
            for canvas in [cached, scanned] {
                canvas.clear(.black)
                canvas.fill(
                    Rect(x: 0, y: 0, width: 160, height: 120),
                    with: Paint(shader: .linearGradient(backdrop)))
                canvas.stroke(
                    ring, with: paints[frame % 2],
                    style: StrokeStyle(lineWidth: 11, lineCap: .round))
                canvas.fill(sliver, with: paints[(frame + 1) % 2])
                // A clip narrower than a window: no plan, row by row.
                canvas.withSavedState {
                    canvas.clip(to: Rect(x: 20, y: 10, width: 6, height: 90))
                    canvas.fill(
                        Path(ellipseIn: Rect(x: 10, y: 30, width: 30, height: 50)), with: paints[0])
                }
                canvas.settlePixels()
            }
            #expect(ParallelFillTests.same(cached, scanned), "frame \(frame)")
        }
        #expect(cached.shapes.hits == 8, "four shapes replayed on frames 2 and 3")
    }

    @Test("equal keys hash alike (0 and −0 too); a change to any number the key holds rehashes")
    func keyHash() {
        func key(
            _ x: Double = 1, translate: Double = 0, width: Double = 2, dash: [Double] = [],
            clip: IntRect = IntRect(x: 0, y: 0, width: 50, height: 40)
        ) -> ShapeCache.Key {
            var path = Path()
            path.move(to: Point(x: x, y: 0))
            path.addQuadCurve(to: Point(x: 9, y: 9), control: Point(x: 9, y: 0))
            path.addCurve(
                to: Point(x: 0, y: 9), control1: Point(x: 5, y: 12), control2: Point(x: 2, y: 12))
            path.closeSubpath()
            var style = StrokeStyle(lineWidth: width)
            style.dash = dash
            return ShapeCache.Key(
                path: path, transform: Transform(translationX: translate, y: 0), stroke: style,
                rule: .nonZero, clip: clip, antiAlias: true)
        }
        #expect(key(0) == key(-0.0) && key(0).hash == key(-0.0).hash)
        #expect(key(translate: 0).hash == key(translate: -0.0).hash)
        let base = key()
        let changed = [
            key(1.0000001), key(translate: 0.5), key(width: 2.5), key(dash: [3, 1]),
            key(clip: IntRect(x: 0, y: 0, width: 50, height: 41)),
            key(clip: IntRect(x: 1, y: 0, width: 50, height: 40)),
        ]
        for (k, other) in changed.enumerated() {
            #expect(other != base && other.hash != base.hash, "change \(k)")
        }
    }

    @Test("slots at different places share a stored shape, each drawn where it is")
    func slotsShareShapes() {
        let size = PixelSize(width: 200, height: 100)
        let cached = Canvas(size: size)
        let scanned = Self.uncached(size)
        let tile = Path(
            roundedRect: Rect(x: 2, y: 3, width: 80, height: 80), cornerRadius: 18,
            style: .continuous)
        for canvas in [cached, scanned] {
            canvas.clear(.black)
            for x in [0, 100, 40] {
                let slot = canvas.subCanvas(IntRect(x: x, y: 10, width: 90, height: 90))
                slot.fill(tile, with: Paint(color: x == 40 ? .systemIndigo : .systemGray5))
            }
        }
        #expect(ParallelFillTests.same(cached, scanned))
        #expect(cached.shapes.hits == 1)
    }

    @Test("replaying a stored fill and stroke allocates nothing")
    func replayAllocatesNothing() {
        let canvas = Canvas(width: 200, height: 200)
        let tile = Path(roundedRect: Rect(x: 4, y: 4, width: 190, height: 190), cornerRadius: 25)
        var arc = Path()
        arc.addArc(
            center: Point(x: 100, y: 90), radius: 60, startAngle: -.pi / 2, endAngle: 2,
            clockwise: false)
        let gray = Paint(color: .systemGray6)
        let green = Paint(color: .systemGreen)
        let style = StrokeStyle(lineWidth: 14, lineCap: .round)
        func frame() {
            canvas.clear(.black)
            canvas.fill(tile, with: gray)
            canvas.stroke(arc, with: green, style: style)
            canvas.settlePixels()
        }
        for _ in 0..<3 { frame() }
        allocation_counter_start()
        frame()
        allocation_counter_stop()
        let allocations = allocation_counter_allocations()
        #expect(canvas.shapes.hits == 4, "replayed on the third frame and this one")
        #expect(allocations == 0)
    }

    @Test("the cache stays within its byte limit, and a limit of 0 empties it")
    func budget() {
        let canvas = Canvas(width: 300, height: 300)
        canvas.shapeCacheLimit = 128 << 10
        for k in 0..<40 {
            let disc = Path(ellipseIn: Rect(x: 5, y: 5, width: 200 + Double(k), height: 280))
            for _ in 0..<2 { canvas.fill(disc, with: Paint(color: .systemPink)) }
            #expect(canvas.shapes.byteCount <= 128 << 10)
        }
        #expect(canvas.shapes.count > 1)
        canvas.shapeCacheLimit = 0
        #expect(canvas.shapes.count == 0 && canvas.shapes.byteCount == 0)
        let disc = Path(ellipseIn: Rect(x: 5, y: 5, width: 200, height: 280))
        for _ in 0..<3 { canvas.fill(disc, with: Paint(color: .systemPink)) }
        #expect(canvas.shapes.count == 0)
    }
}
