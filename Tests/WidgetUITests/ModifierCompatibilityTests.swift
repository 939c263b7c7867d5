import Foundation
import Raster
import Testing

@testable import WidgetUI

/// Modifiers and views ported widget code uses: custom modifiers, links, privacy, shadows,
/// angular gradients, borders, backgrounds in shapes.
@Suite("Modifiers of iOS code")
struct ModifierCompatibilityTests {
    /// A custom modifier that reads the environment, as iOS code writes them.
    private struct Card: ViewModifier {
        @Environment(\.widgetFamily) var family
        var inset: CGFloat

        func body(content: Content) -> some View {
            content
                .padding(family == .systemMedium ? inset * 2 : inset)
                .background(Color.blue)
        }
    }

    @Test("a ViewModifier wraps its content and reads the environment where it is applied")
    func viewModifier() {
        var environment = EnvironmentValues()
        environment.widgetFamily = .systemMedium
        let placed = layout(
            Color.red.frame(width: 10, height: 10).modifier(Card(inset: 5)),
            in: Size(width: 100, height: 100), environment: environment)
        #expect(leafFrames(placed).map(\.1) == [rect(35, 35, 30, 30), rect(45, 45, 10, 10)])
    }

    @Test("Links and the outermost widgetURL are reported with the frame: where a tap leads")
    func links() throws {
        let canvas = Canvas(width: 100, height: 100)
        let home = try #require(URL(string: "app://home"))
        let trip = try #require(URL(string: "app://trip/12"))
        let report = render(
            VStack(spacing: 0) {
                Link(destination: trip) { Color.red.frame(height: 20) }
                Color.blue.widgetURL(URL(string: "app://inner"))
            }
            .widgetURL(home),
            size: Size(width: 100, height: 100), on: canvas, scale: 1)
        #expect(report.widgetURL == home)
        #expect(report.links == [LinkArea(frame: rect(0, 0, 100, 20), destination: trip)])
        #expect(report.destination(at: Point(x: 50, y: 10)) == trip, "on the link")
        #expect(report.destination(at: Point(x: 50, y: 60)) == home, "elsewhere on the widget")
        #expect(RenderReport(nextChange: nil).destination(at: Point(x: 1, y: 1)) == nil)
    }

    @Test("a titled Link draws its title in the tint")
    func linkTitle() throws {
        let url = try #require(URL(string: "app://x"))
        let placed = layout(
            Link("Open", destination: url).tint(.orange),
            in: Size(width: 100, height: 40),
            environment: textEnvironment(fonts: try? FontDatabase()))
        guard case .text(let run) = placed.all("Text").first?.drawing.first else {
            Issue.record("no text")
            return
        }
        #expect(run.shadings == [.color(.systemOrange)])
    }

    @Test("privacySensitive text is redacted only when privacy is asked for")
    func privacy() {
        let view = VStack {
            Text("Balance: 1,204 €").privacySensitive()
            Text("Account")
        }
        func kinds(_ reasons: RedactionReasons) -> [String] {
            var environment = textEnvironment(fonts: try? FontDatabase())
            environment.redactionReasons = reasons
            return layout(view, in: Size(width: 300, height: 100), environment: environment)
                .all("Text").map { node in
                    if case .text = node.drawing.first { "text" } else { "bars" }
                }
        }
        #expect(kinds([]) == ["text", "text"])
        #expect(kinds(.privacy) == ["bars", "text"])
        #expect(kinds(.placeholder) == ["bars", "bars"])
    }

    @Test("contentTransition changes nothing that is drawn")
    func contentTransition() {
        let environment = textEnvironment(fonts: try? FontDatabase())
        let plain = layout(Text("42"), in: Size(width: 50, height: 50), environment: environment)
        let moving = layout(
            Text("42").contentTransition(.numericText(countsDown: true)),
            in: Size(width: 50, height: 50), environment: environment)
        #expect(DisplayListRecorder.record(plain) == DisplayListRecorder.record(moving))
    }

    @Test("a shadow darkens what lies under the offset, blurred, and leaves the shape on top")
    func shadow() {
        let canvas = Canvas(width: 60, height: 60)
        canvas.clear(.white)
        render(
            Color.blue.frame(width: 20, height: 20).shadow(color: .black, radius: 4, x: 10, y: 10),
            size: Size(width: 60, height: 60), on: canvas, scale: 1)
        #expect(canvas[30, 30] == RGBA.systemBlue.premultiplied, "the shape on top")
        #expect(canvas[45, 45].r < 128, "under the offset: dark")
        #expect(canvas[52, 52].r > canvas[45, 45].r, "the blur fades outward")
        #expect(canvas[5, 5] == RGBA.white.premultiplied, "far away: untouched")
    }

    @Test("at night a shadow is red like everything else: no green or blue")
    func redShadow() {
        let canvas = Canvas(width: 40, height: 40)
        canvas.clear(.black)
        canvas.colorTransform = .monochrome(tint: RGBA(red: 1, green: 0, blue: 0))
        render(
            Circle().fill(.orange).frame(width: 10, height: 10).shadow(color: .orange, radius: 6),
            size: Size(width: 40, height: 40), on: canvas, scale: 1)
        var litAroundTheCircle = false
        for y in 0..<40 {
            for x in 0..<40 {
                let pixel = canvas[x, y]
                #expect(pixel.g == 0 && pixel.b == 0)
                if (x < 12 || x > 28), pixel.r > 0 { litAroundTheCircle = true }
            }
        }
        #expect(litAroundTheCircle, "the glow reaches beyond the circle")
    }

    @Test("an angular gradient goes round from its start angle; a short span fills the gap")
    func angularGradient() {
        let canvas = Canvas(width: 41, height: 41)
        canvas.clear(.black)
        render(
            Rectangle().fill(
                AngularGradient(
                    colors: [.red, .blue], center: .center, startAngle: .zero,
                    endAngle: .degrees(180))),
            size: Size(width: 41, height: 41), on: canvas, scale: 1)
        // Just below 3 o'clock: location ~0, red; at 9 o'clock: location 1, blue; in the gap
        // (the upper half), blue up to its middle (12 o'clock) and red after it.
        #expect(canvas[38, 22].r > 200 && canvas[38, 22].b < 80)
        #expect(canvas[2, 21].b > 200 && canvas[2, 21].r < 60)
        #expect(canvas[10, 3].b > 200, "gap, before its middle: location 1")
        #expect(canvas[30, 3].r > 200, "gap, after its middle: location 0")
    }

    @Test("strokeBorder keeps the whole line inside the frame")
    func strokeBorder() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.clear(.black)
        render(
            Rectangle().strokeBorder(.white, lineWidth: 4).frame(width: 10, height: 10),
            size: Size(width: 20, height: 20), on: canvas, scale: 1)
        #expect(canvas[5, 10] == RGBA.white.premultiplied, "the border's outer edge")
        #expect(canvas[4, 10] == RGBA.black.premultiplied, "nothing outside the frame")
        #expect(canvas[10, 10] == RGBA.black.premultiplied, "the middle stays empty")
        let inset = Capsule().inset(by: 3).path(in: CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(inset.boundingRect == CGRect(x: 3, y: 3, width: 34, height: 14))
    }

    @Test("background(_:in:) fills a shape of the frame behind; background() is black")
    func backgroundInShape() {
        let placed = layout(
            Color.clear.frame(width: 40, height: 20).background(.fill.secondary, in: Capsule()),
            in: Size(width: 40, height: 20))
        guard case .fill(let path, .color(let color)) = placed.leaves.first?.drawing.first else {
            Issue.record("no background")
            return
        }
        #expect(color == FillShapeStyle.levels[1])
        #expect(path.boundingRect == rect(0, 0, 40, 20))
        let plain = layout(
            Color.clear.frame(width: 4, height: 4).background(), in: Size(width: 4, height: 4))
        guard case .fill(_, .color(let black)) = plain.leaves.first?.drawing.first else {
            Issue.record("no background")
            return
        }
        #expect(black == .black)
    }

    @Test("under fixedSize, a shape beside text grows to the text's height")
    func equalHeights() {
        let placed = layout(
            HStack(spacing: 0) {
                Color.red.frame(width: 4)
                Color.blue.frame(width: 10, height: 30)
            }
            .fixedSize(horizontal: false, vertical: true),
            in: Size(width: 100, height: 200))
        #expect(leafFrames(placed).map(\.1.size.height) == [30, 30])
    }
}
