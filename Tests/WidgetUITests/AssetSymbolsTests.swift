import AssetSymbolsFixture
import Foundation
import Raster
import Testing

@testable import WidgetUI

/// The AssetSymbols plugin's output for `Tests/AssetSymbolsFixture/Assets.xcassets`: Xcode's
/// names (checked by that target compiling) for the assets' own names, in its bundle.
@Suite("Asset symbols")
struct AssetSymbolsTests {
    @Test("each symbol names its asset and the target's resource bundle")
    func names() {
        #expect(
            generatedColors.mapValues(\.name) == [
                "brandBlue": "BrandBlueColor", "urlBadge": "URLBadge", "default": "default",
                "_2up": "2up",
            ])
        #expect(
            generatedImages.mapValues(\.name) == [
                "climeClear": "clime_clear", "hero": "HeroImage", "weatherSun": "Weather/Sun",
            ])
        #expect(generatedColors.values.allSatisfy { $0.bundle == fixtureBundle })
        #expect(fixtureBundle.bundlePath.hasSuffix(".resources"))
    }

    @Test("Color(.symbol) is the colorset's color; Image(.symbol) draws the image set")
    func drawn() throws {
        let brandBlue = try #require(generatedColors["brandBlue"])
        #expect(Color(brandBlue) == Color(red: 0, green: 0.4, blue: 1))
        #expect(Color(brandBlue) == Color("BrandBlueColor"), "found without a bundle too")
        let order = ["brandBlue", "urlBadge", "default", "_2up"]
        #expect(shorthandColors == order.compactMap { generatedColors[$0] }.map { Color($0) })
        #expect(shorthandStyle() as? Color == Color(brandBlue), ".brandBlue as a shape style")
        let sun = try #require(generatedImages["weatherSun"])
        let canvas = Canvas(width: 4, height: 4)
        render(Image(sun), size: Size(width: 4, height: 4), on: canvas, scale: 1)
        #expect(canvas[2, 2] == RGBA(red: 1, green: 1, blue: 0, alpha: 1).premultiplied)
    }
}
