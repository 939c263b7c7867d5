import Foundation
import NightstandTesting
import Raster
import Testing

@testable import NightstandBench

@Suite("The reference scene, raw and from views")
struct ReferenceSceneTests {
    /// Draws both scenes at `size`; `NIGHTSTAND_SCENE_DUMP=DIR` also writes them as PNGs.
    private func scenes(_ size: PixelSize) throws -> (raw: Canvas, views: Canvas) {
        let fonts = try FontDatabase()
        let scene = try ReferenceScene(size: size, fonts: fonts)
        let raw = Canvas(size: size)
        scene.draw(on: raw)
        let views = Canvas(size: size)
        ReferenceSceneViews(geometry: scene, fonts: fonts).draw(on: views)
        if let directory = ProcessInfo.processInfo.environment["NIGHTSTAND_SCENE_DUMP"] {
            try PNGEncoder.write(raw, to: "\(directory)/raw-\(size).png")
            try PNGEncoder.write(views, to: "\(directory)/views-\(size).png")
        }
        return (raw, views)
    }

    /// Sizes whose baselines (0.5, 0.58, 0.8 and 0.9 of the tile side from a whole-pixel tile
    /// origin) are not half-way between pixels: Raster rounds baselines to whole pixels, and a
    /// tie would go either way with the last bit of the two computations.
    @Test(
        "the scene built from views draws the raw scene's pixels",
        arguments: [PixelSize(width: 1024, height: 600), PixelSize(width: 1280, height: 720)])
    func viewsMatchRaster(size: PixelSize) throws {
        let (raw, views) = try scenes(size)
        // Tolerance 8: the ring is a trimmed, rotated circle in the views and an arc from 12
        // o'clock in the raw scene, so its edges are different cubic approximations of the same
        // circle, and their coverage differs by a few levels. Tiles and text are exact.
        let difference = ImageDifference(
            actual: views, expected: Bitmap(copying: raw), tolerance: 8)
        #expect(difference.isMatch, "\(difference.summary)")
    }
}
