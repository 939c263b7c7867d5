import Raster
import Testing

@testable import WidgetUI

@Suite("Widget container and rendering modes")
struct WidgetContainerTests {
    /// Renders `view` in 20x20 points at scale 1 on black and returns the canvas.
    private func draw(_ view: some View, _ environment: EnvironmentValues = EnvironmentValues())
        -> Canvas
    {
        let canvas = Canvas(width: 20, height: 20)
        canvas.clear(.black)
        render(
            view, size: Size(width: 20, height: 20), environment: environment, on: canvas, scale: 1)
        return canvas
    }

    @Test("containerBackground fills the whole widget, behind content that is smaller")
    func backgroundFillsContainer() {
        let view = Color.white.frame(width: 4, height: 4)
            .containerBackground(Color.blue, for: .widget)
        let canvas = draw(view)
        #expect(canvas[0, 0] == RGBA.systemBlue.premultiplied)
        #expect(canvas[19, 19] == RGBA.systemBlue.premultiplied)
        #expect(canvas[10, 10] == RGBA.white.premultiplied)
    }

    @Test("a removed container background draws nothing")
    func backgroundRemoved() {
        var environment = EnvironmentValues()
        environment.showsWidgetContainerBackground = false
        let view = Color.white.frame(width: 4, height: 4)
            .containerBackground(Color.blue, for: .widget)
        let canvas = draw(view, environment)
        #expect(canvas[0, 0] == RGBA.black.premultiplied)
        #expect(canvas[10, 10] == RGBA.white.premultiplied)
    }

    @Test(
        "accented and vibrant replace the container background with the system backdrop",
        arguments: [WidgetRenderingMode.accented, .vibrant])
    func backgroundReplacedByBackdrop(mode: WidgetRenderingMode) {
        var environment = EnvironmentValues()
        environment.widgetRenderingMode = mode
        let widget = draw(Color.clear.containerBackground(Color.yellow, for: .widget), environment)
        let backdrop = draw(AccessoryWidgetBackground(), environment)
        #expect(widget[10, 10] == backdrop[10, 10])
        #expect(widget[10, 10].r == widget[10, 10].b, "gray, not the yellow background")
        #expect(widget[10, 10].r > 0)
    }

    @Test("the outermost container background wins, wherever it is declared")
    func outermostBackground() {
        let view = VStack {
            Color.clear.frame(width: 2, height: 2)
                .containerBackground(Color.red, for: .widget)
        }
        .containerBackground(Color.green, for: .widget)
        #expect(draw(view)[0, 0] == RGBA.systemGreen.premultiplied)
    }

    @Test("full color leaves colors alone and adds no effect")
    func fullColor() {
        let placed = layout(Color.orange.widgetAccentable(), in: Size(width: 2, height: 2))
        #expect(placed.effect == nil)
        #expect(placed.all("widgetAccentable").isEmpty)
    }

    @Test("accented: the accent group takes the accent tint, the rest turns white by luminance")
    func accented() {
        var environment = EnvironmentValues()
        environment.widgetRenderingMode = .accented
        environment.widgetAccentTint = Color(red: 1, green: 0.5, blue: 0)
        let view = HStack(spacing: 0) {
            Color.white.widgetAccentable()
            Color.white
        }
        let canvas = draw(view, environment)
        let accent = canvas[5, 10]
        let rest = canvas[15, 10]
        #expect(accent.r == 255 && (127...128).contains(accent.g) && accent.b == 0)
        #expect(rest == RGBA.white.premultiplied)
    }

    @Test("vibrant: the accent group is brighter than the rest, and both are gray")
    func vibrant() {
        var environment = EnvironmentValues()
        environment.widgetRenderingMode = .vibrant
        let view = HStack(spacing: 0) {
            Color.blue.widgetAccentable()
            Color.blue
            HStack { Color.blue.widgetAccentable(false) }.widgetAccentable()
        }
        let canvas = draw(view, environment)
        let accent = canvas[2, 10]
        let rest = canvas[10, 10]
        #expect(accent.r == accent.g && accent.g == accent.b)
        #expect(rest.r == rest.g && rest.g == rest.b)
        #expect(accent.r > rest.r)
        #expect(canvas[18, 10] == rest, "the innermost widgetAccentable(false) wins")
    }

    @Test("a canvas color transform (night's red tint) applies after the rendering mode")
    func redTintAfterMode() {
        var environment = EnvironmentValues()
        environment.widgetRenderingMode = .vibrant
        let canvas = Canvas(width: 4, height: 4)
        canvas.clear(.black)
        canvas.colorTransform = .monochrome(tint: RGBA(red: 1, green: 0, blue: 0))
        render(
            Color.white.widgetAccentable(), size: Size(width: 4, height: 4),
            environment: environment, on: canvas, scale: 1)
        #expect(canvas[1, 1].r == 255 && canvas[1, 1].g == 0 && canvas[1, 1].b == 0)
    }
}
