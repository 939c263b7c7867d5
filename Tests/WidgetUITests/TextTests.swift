import Raster
import Testing

@testable import WidgetUI

@Suite("Text")
struct TextTests {
    private let fonts = try? FontDatabase()

    private func environment() -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.fontDatabase = fonts
        return environment
    }

    private func textFrames(_ view: some View, in size: Size) -> [Rect] {
        layout(view, in: size, environment: environment()).all("Text").map(\.frame)
    }

    private func lines(_ view: some View, in size: Size) -> [TextLayout.Line] {
        let placed = layout(view, in: size, environment: environment())
        guard case .text(let run) = placed.all("Text")[0].drawing.first else { return [] }
        return run.layout.lines
    }

    @Test("text with room stays on one line, as tall as a line of the font")
    func oneLine() throws {
        let frame = try #require(textFrames(Text("Sunny"), in: Size(width: 300, height: 100)).first)
        #expect(frame.width > 20 && frame.width < 80)
        #expect(frame.height > 17 && frame.height < 26)
    }

    @Test("text wraps to the proposed width and grows in height")
    func wraps() throws {
        let text = Text("Dentist appointment at the new place on Main Street")
        let wrapped = lines(text, in: Size(width: 100, height: 300))
        #expect(wrapped.count > 2)
        let frame = try #require(textFrames(text, in: Size(width: 100, height: 300)).first)
        #expect(frame.width <= 100)
    }

    @Test("lineLimit cuts the text and ends it with an ellipsis")
    func lineLimit() {
        let text = Text("Dentist appointment at the new place on Main Street").lineLimit(1)
        let cut = lines(text, in: Size(width: 100, height: 300))
        #expect(cut.count == 1)
        #expect(cut[0].isTruncated)
    }

    @Test("a short proposed height holds only the lines that fit")
    func heightLimits() {
        let text = Text("Dentist appointment at the new place on Main Street")
            .frame(width: 100, height: 30)
        #expect(lines(text, in: Size(width: 100, height: 300)).count == 1)
    }

    @Test("text styles have SwiftUI's sizes; larger styles are taller")
    func styles() throws {
        #expect(Font.largeTitle.size == 34)
        #expect(Font.headline == .system(size: 17, weight: .semibold))
        #expect(Font.caption2.size == 11)
        let big = try #require(
            textFrames(Text("A").font(.largeTitle), in: Size(width: 300, height: 100)).first)
        let small = try #require(
            textFrames(Text("A").font(.caption), in: Size(width: 300, height: 100)).first)
        #expect(big.height > small.height)
    }

    @Test("bold text is wider than regular text")
    func bold() throws {
        let regular = try #require(
            textFrames(Text("Wednesday"), in: Size(width: 300, height: 100)).first)
        let bold = try #require(
            textFrames(Text("Wednesday").bold(), in: Size(width: 300, height: 100)).first)
        #expect(bold.width > regular.width)
    }

    @Test("texts around a Spacer sit at the edges of a 200-point HStack")
    func hstackWithSpacer() {
        let frames = textFrames(
            HStack {
                Text("Rain")
                Spacer()
                Text("80 %")
            }, in: Size(width: 200, height: 50))
        #expect(frames.count == 2)
        #expect(frames[0].minX == 0)
        #expect(abs(frames[1].maxX - 200) < 1e-9)
    }
}
