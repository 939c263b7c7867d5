import Raster
import Testing

@testable import Display

@Suite("Damage rectangles")
struct DamageTests {
    private let bounds = IntRect(x: 0, y: 0, width: 100, height: 50)

    @Test("Clipped to the canvas, empty rects dropped")
    func clipAndDrop() {
        let rects = Damage.normalized(
            [
                IntRect(x: -10, y: 40, width: 20, height: 20),
                IntRect(x: 5, y: 5, width: 0, height: 9),
            ],
            in: bounds)
        #expect(rects == [IntRect(x: 0, y: 40, width: 10, height: 10)])
    }

    @Test("Overlapping rects merge, disjoint ones stay apart, sorted top-down")
    func merge() {
        let rects = Damage.normalized(
            [
                IntRect(x: 60, y: 30, width: 10, height: 10),
                IntRect(x: 0, y: 0, width: 10, height: 10),
                IntRect(x: 5, y: 5, width: 10, height: 10),
            ], in: bounds)
        #expect(
            rects == [
                IntRect(x: 0, y: 0, width: 15, height: 15),
                IntRect(x: 60, y: 30, width: 10, height: 10),
            ])
    }

    @Test("A merge that grows into a third rect absorbs it too")
    func transitiveMerge() {
        let rects = Damage.normalized(
            [
                IntRect(x: 0, y: 0, width: 10, height: 10),
                IntRect(x: 12, y: 12, width: 5, height: 5),
                IntRect(x: 8, y: 0, width: 5, height: 14),
            ], in: bounds)
        #expect(rects == [IntRect(x: 0, y: 0, width: 17, height: 17)])
        #expect(Damage.area(rects) == 289)
    }

    @Test("Double buffering: the back buffer receives this frame's and the last frame's damage")
    func trackerOwesPreviousFrames() {
        var tracker = DamageTracker(buffers: 2, bounds: bounds)
        let a = IntRect(x: 0, y: 0, width: 4, height: 4)
        let b = IntRect(x: 50, y: 20, width: 4, height: 4)
        tracker.add([a])
        #expect(tracker.take(0) == [bounds])  // never drawn: everything
        tracker.add([b])
        #expect(tracker.take(1) == [bounds])
        tracker.add([a])
        #expect(tracker.take(0) == [a, b])  // missed b while buffer 1 was shown
        tracker.add([])
        #expect(tracker.take(1) == [a])
        tracker.invalidateAll()
        #expect(tracker.take(0) == [bounds])
    }
}
