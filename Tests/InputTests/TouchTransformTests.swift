import Display
import Input
import Raster
import Testing

@Suite("Touch transform")
struct TouchTransformTests {
    private static let landscape = PixelSize(width: 800, height: 480)
    private static let portrait = PixelSize(width: 480, height: 800)

    @Test("upright: the panel's fractions scale to the picture")
    func upright() {
        let transform = TouchTransform(pictureSize: Self.landscape)
        #expect(transform.point(x: 0, y: 0) == Point(x: 0, y: 0))
        #expect(transform.point(x: 0.5, y: 0.25) == Point(x: 400, y: 120))
        #expect(transform.point(x: 1, y: 1) == Point(x: 800, y: 480))
    }

    @Test(
        "each rotation maps the panel's corners as Rotation maps the picture onto the panel",
        arguments: Display.Rotation.allCases)
    func rotationsAgreeWithDisplay(rotation: Display.Rotation) {
        let picture = rotation.swapsAxes ? Self.portrait : Self.landscape
        let panel = rotation.panelSize(canvasSize: picture)
        let transform = TouchTransform(pictureSize: picture, rotation: rotation)
        // The picture pixel (x, y) shows on panel pixel p; a touch at p's centre lands in (x, y).
        for (x, y) in [(0, 0), (picture.width - 1, 0), (0, picture.height - 1), (10, 30)] {
            let p = rotation.panelPoint(x: x, y: y, canvasSize: picture)
            let point = transform.point(
                x: (Double(p.x) + 0.5) / Double(panel.width),
                y: (Double(p.y) + 0.5) / Double(panel.height))
            #expect(Int(point.x) == x && Int(point.y) == y, "\(rotation)° (\(x), \(y)) → \(point)")
        }
    }

    @Test("calibration applies before rotation: libinput's 90° matrix turns the touches")
    func calibration() throws {
        let matrix = try #require(CalibrationMatrix([0, -1, 1, 1, 0, 0]))
        let transform = TouchTransform(pictureSize: Self.landscape, calibration: matrix)
        // The panel's top left (0, 0) is the picture's top right.
        #expect(transform.point(x: 0, y: 0) == Point(x: 800, y: 0))
        #expect(transform.point(x: 0, y: 1) == Point(x: 0, y: 0))
    }

    @Test("points the calibration sends off the panel are clamped to its edge")
    func calibrationClamps() throws {
        let matrix = try #require(CalibrationMatrix([1.2, 0, -0.1, 0, 1, 0]))
        let transform = TouchTransform(pictureSize: Self.landscape, calibration: matrix)
        #expect(transform.point(x: 0, y: 0.5) == Point(x: 0, y: 240))
        #expect(transform.point(x: 1, y: 0.5) == Point(x: 800, y: 240))
    }

    @Test("a matrix needs six finite numbers and a map that is not flat")
    func matrixChecks() {
        #expect(CalibrationMatrix([1, 0, 0, 0, 1]) == nil)
        #expect(CalibrationMatrix([1, 0, 0, 0, .nan, 0]) == nil)
        #expect(CalibrationMatrix([1, 2, 0, 2, 4, 0]) == nil)
        #expect(CalibrationMatrix([1, 0, 0, 0, 1, 0]) == .identity)
        #expect(CalibrationMatrix([0, -1, 1, 1, 0, 0])?.description == "[0, -1, 1, 1, 0, 0]")
        #expect(CalibrationMatrix([1.5, 0, 0, 0, 1, 0])?.description == "[1.5, 0, 0, 0, 1, 0]")
    }
}
