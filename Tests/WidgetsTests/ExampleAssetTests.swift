import Foundation
import Raster
import Testing
import WidgetUI

@testable import ExampleWidgets

/// The example's asset catalog (`Examples/MyDisplay/Sources/MyDisplay/Resources/
/// Assets.xcassets`) as its tide widget reads it.
@Suite("Example asset catalog")
struct ExampleAssetTests {
    @Test("the generated symbols name the example's colorsets and image set")
    func symbols() {
        #expect(ColorResource.sea.name == "Sea Color")
        #expect(ColorResource.seaFoam.name == "SeaFoam")
        #expect(ColorResource.deepWater.name == "DeepWater")
        #expect(ImageResource.tideWave.name == "tide-wave")
        #expect(Color.seaFoam == Color(.seaFoam), "Xcode's shorthand")
    }

    @Test("8-bit hexadecimal and integer components; display-p3's dark appearance in sRGB")
    func colors() {
        #expect(Color(.seaFoam) == Color(red: 0x9A / 255, green: 0xE6 / 255, blue: 0xDC / 255))
        #expect(Color(.deepWater) == Color(red: 6 / 255, green: 26 / 255, blue: 48 / 255))
        #expect(
            Color(.sea) == Color(.displayP3, red: 0.18, green: 0.47, blue: 0.78), "the dark one")
        #expect(Color(.sea) != Color(red: 0.18, green: 0.47, blue: 0.78), "converted from P3")
    }

    @Test("the image set draws its @2x bitmap at scale 2, 18 points square")
    func image() {
        let canvas = Canvas(width: 36, height: 36)
        render(Image(.tideWave), size: Size(width: 18, height: 18), on: canvas, scale: 2)
        #expect((0..<36).contains { x in canvas[x, 13].value != 0 }, "the upper wave is drawn")
    }
}
