import Testing

@testable import Raster

@Suite("Trims remembered")
struct PathTrimMemoTests {
    /// A circle of radius r at (x, x).
    private func circle(_ x: Double, _ r: Double) -> Path {
        Path(ellipseIn: Rect(x: x - r, y: x - r, width: 2 * r, height: 2 * r))
    }

    @Test("a remembered trim belongs to its own path and fractions, never another's")
    func keyedByPathAndFractions() {
        let a = circle(50, 30)
        let b = circle(50, 31)
        let ta = a.trimmedPath(from: 0, to: 0.72)
        let tb = b.trimmedPath(from: 0, to: 0.72)
        #expect(ta != tb)
        #expect(b.trimmedPath(from: 0, to: 0.72) == tb)
        #expect(a.trimmedPath(from: 0, to: 0.72) == ta)
        let half = a.trimmedPath(from: 0, to: 0.5)
        #expect(half != ta)
        #expect(a.trimmedPath(from: 0.1, to: 0.72) != ta)
        #expect(half.currentPoint != ta.currentPoint)
    }

    @Test("past the capacity, older trims are cut again with the same result")
    func evictionKeepsResults() {
        let paths = (0..<20).map { circle(100, 10 + Double($0)) }
        let first = paths.map { $0.trimmedPath(from: 0.25, to: 0.9) }
        let again = paths.map { $0.trimmedPath(from: 0.25, to: 0.9) }
        #expect(first == again)
        #expect(Set(first).count == paths.count)
    }
}
