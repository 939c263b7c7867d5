import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// `Tests/WidgetUITests/Fixtures/Catalog`, a bundle holding `Assets.xcassets` as SwiftPM
/// copies it into a resource bundle.
private let catalogBundle = Bundle(path: ImageTestContext.fixtures + "/Catalog") ?? .main

@Suite("Asset catalogs")
struct AssetCatalogTests {
    private func components(_ color: Color) -> [Float] {
        [color.rgba.red, color.rgba.green, color.rgba.blue, color.rgba.alpha]
    }

    private func near(_ a: [Float], _ b: [Float]) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) < 0.001 }
    }

    @Test("a colorset draws its dark appearance (normal contrast) before any, any before light")
    func appearances() {
        #expect(components(Color("Adaptive", bundle: catalogBundle)) == [0, 0, 1, 1])
        #expect(components(Color("Grass", bundle: catalogBundle)) == [0, 1, 0, 1])
    }

    @Test("components written as 0x hexadecimal, 8-bit integers and floating point are one color")
    func componentForms() {
        let hex = components(Color("AnyOnly", bundle: catalogBundle))
        let eightBit = components(Color("EightBit", bundle: catalogBundle))
        let floating = components(Color("Floating", bundle: catalogBundle))
        #expect(near(hex, [Float(10) / 255, Float(132) / 255, 1, 1]))
        #expect(near(eightBit, [Float(10) / 255, Float(132) / 255, 1, 0.5]))
        #expect(near(floating, [0.039, 0.518, 1, 1]))
    }

    @Test("display-p3 components are converted to sRGB; gray-gamma-22 to an sRGB gray")
    func colorSpaces() {
        // P3 (0.8, 0.3, 0.2): linear, P3 → sRGB matrix, encoded (computed in Python).
        #expect(
            near(components(Color("P3", bundle: catalogBundle)), [0.866_73, 0.250_12, 0.146_18, 1]))
        #expect(near(components(Color(.displayP3, white: 0.25)), components(Color(white: 0.25))))
        #expect(
            near(
                components(Color("Gray", bundle: catalogBundle)), [0.503_87, 0.503_87, 0.503_87, 1])
        )
    }

    @Test("a group that provides a namespace prefixes its sets' names; a plain group does not")
    func namespaces() {
        #expect(components(Color("Weather/Rain", bundle: catalogBundle)) == [0, 0.5, 1, 1])
        let catalogs = AssetCatalogs(logger: LogRecorder().logger(label: "t"))
        let catalog = catalogs.catalogs(bundle: catalogBundle)
        #expect(catalog.count == 1)
        #expect(catalog.first?.colors["Rain"] == nil)
        #expect(catalog.first?.colors["Grass"] != nil)
    }

    @Test("a missing name draws clear and is logged once, naming the catalog; so is a broken set")
    func missingAndBroken() throws {
        let log = LogRecorder()
        let catalogs = AssetCatalogs(logger: log.logger(label: "nightstand.widgetui"))
        for _ in 0..<3 { #expect(catalogs.color(named: "Nope", bundle: catalogBundle) == .clear) }
        #expect(catalogs.color(named: "Broken", bundle: catalogBundle) == .clear)
        #expect(log.messages.count == 2)
        let path = ImageTestContext.fixtures + "/Catalog/Assets.xcassets"
        #expect(
            log.messages.first
                == "warning: Color(\"Nope\"): no color set named Nope in Assets.xcassets (\(path))"
                + ". Drawing clear.")
        let broken = try #require(log.messages.last)
        #expect(broken.contains("Broken.colorset/Contents.json: unknown color-space \"cmyk\""))
        let none = AssetCatalogs(logger: log.logger(label: "t"))
        _ = none.color(named: "X", bundle: Bundle(path: "/tmp")!)
        #expect(
            log.messages.last?.contains("no asset catalog (no *.xcassets folder in /tmp)") == true)
    }

    @Test("a generated resource names its set: Color(.x) and Image(.x) are Color and Image by name")
    func resources() {
        let resource = ColorResource(name: "AnyOnly", bundle: catalogBundle)
        #expect(Color(resource) == Color("AnyOnly", bundle: catalogBundle))
        let image = Image(ImageResource(name: "Flag", bundle: catalogBundle))
        #expect(image.source == .named("Flag", bundle: catalogBundle))
    }
}

@Suite("Asset catalog images")
struct AssetCatalogImageTests {
    private let context = ImageTestContext()

    private func drawn(_ view: some View, scale: Double) -> (Canvas, [Rect]) {
        var environment = context.environment
        environment.displayScale = scale
        let size = Size(width: 20, height: 20)
        let canvas = Canvas(width: Int(20 * scale), height: Int(20 * scale))
        canvas.clear(.black)
        render(view, size: size, environment: environment, on: canvas, scale: scale)
        let frames = layout(view, in: size, environment: environment).all("Image").map(\.frame)
        return (canvas, frames)
    }

    @Test("an image set draws the bitmap for the display's scale, sized pixels ÷ scale in points")
    func scales() {
        let flag = Image("Flag", bundle: catalogBundle)
        let (one, oneFrames) = drawn(flag, scale: 1)
        #expect(oneFrames == [rect(5, 7, 10, 6)])
        #expect(one[10, 10] == RGBA(red: 1, green: 0, blue: 0, alpha: 1).premultiplied)
        let (two, twoFrames) = drawn(flag, scale: 2)
        #expect(twoFrames == [rect(5, 7, 10, 6)], "@2x: 20 × 12 pixels are 10 × 6 points")
        #expect(two[20, 20] == RGBA(red: 0, green: 1, blue: 0, alpha: 1).premultiplied)
        let (three, _) = drawn(flag, scale: 3)
        #expect(
            three[30, 30] == RGBA(red: 0, green: 1, blue: 0, alpha: 1).premultiplied,
            "no @3x file: the finest there is")
        #expect(context.log.messages.isEmpty)
    }

    @Test("the dark appearance's JPEG is drawn, at its scale")
    func darkJPEG() {
        let (canvas, frames) = drawn(Image("Night", bundle: catalogBundle), scale: 1)
        #expect(frames == [rect(6, 6, 8, 8)], "16 pixels @2x")
        let pixel = canvas[10, 10].value
        #expect(pixel & 0xFF > 0xF0, "blue")
        #expect((pixel >> 16) & 0xFF < 0x10, "no red")
        #expect(context.log.messages.isEmpty)
    }

    @Test("a vector-only set and a name found nowhere draw placeholders, each logged once")
    func problems() {
        for _ in 0..<2 {
            _ = drawn(Image("Vector", bundle: catalogBundle), scale: 1)
            _ = drawn(Image("Missing", bundle: catalogBundle), scale: 1)
        }
        let path = ImageTestContext.fixtures + "/Catalog/Assets.xcassets"
        #expect(context.log.messages.count == 2)
        #expect(
            context.log.messages.first?.contains(
                "Vector.imageset/Contents.json: vector.pdf is not a bitmap Nightstand draws")
                == true)
        #expect(
            context.log.messages.last?.hasPrefix(
                "warning: Image(\"Missing\"): no image set named Missing in Assets.xcassets "
                    + "(\(path)), and no file Missing.png in /nonexistent/images") == true)
    }

    @Test("UnevenRoundedRectangle rounds only the corners given; Path(roundedRect:cornerRadii:)")
    func unevenCorners() {
        let shape = UnevenRoundedRectangle(topLeadingRadius: 8, bottomTrailingRadius: 8)
        let (canvas, _) = drawn(shape.fill(.white).frame(width: 20, height: 20), scale: 1)
        let white = RGBA.white.premultiplied
        let black = RGBA.black.premultiplied
        #expect(canvas[0, 0] == black && canvas[19, 19] == black, "rounded corners")
        #expect(canvas[19, 0] == white && canvas[0, 19] == white, "square corners")
        #expect(canvas[10, 10] == white)
        let radii = RectangleCornerRadii(topLeading: 8, bottomTrailing: 8)
        let frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(Path(roundedRect: frame, cornerRadii: radii) == shape.path(in: frame))
        #expect(
            Path(roundedRect: frame, cornerRadii: RectangleCornerRadii(), style: .circular)
                == Path(frame), "no radius: a rectangle")
        let even = RectangleCornerRadii(
            topLeading: 5, bottomLeading: 5, bottomTrailing: 5, topTrailing: 5)
        for style in [RoundedCornerStyle.circular, .continuous] {
            #expect(
                Path(roundedRect: frame, cornerRadii: even, style: style)
                    == Path(roundedRect: frame, cornerRadius: 5, style: style),
                "four equal radii: the rounded rectangle")
        }
    }
}
