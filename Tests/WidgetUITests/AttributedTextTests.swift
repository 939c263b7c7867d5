import Foundation
import Raster
import Testing

@testable import WidgetUI

@Suite("Text(AttributedString)")
struct AttributedTextTests {
    private let fonts = try? FontDatabase()

    private func pixels(_ view: some View) -> [UInt32] {
        let canvas = Canvas(width: 240, height: 60)
        canvas.clear(.black)
        render(view, size: Size(width: 240, height: 60), fonts: fonts, on: canvas, scale: 1)
        return (0..<60).flatMap { y in (0..<240).map { canvas[$0, y].value } }
    }

    private var styled: AttributedString {
        var red = AttributedString("Red")
        red.foregroundColor = .red
        red.font = .title
        var underlined = AttributedString(" under")
        underlined.underlineStyle = .single
        var struck = AttributedString(" struck")
        struck.strikethroughStyle = Text.LineStyle(pattern: .dot, color: .blue)
        return red + underlined + struck
    }

    @Test("each run draws as a piece in its font, color, underline and strikethrough")
    func runs() throws {
        try #require(fonts != nil, "needs the fonts scripts/deps installs")
        let joined =
            Text(verbatim: "Red").foregroundColor(.red).font(.title)
            + Text(verbatim: " under").underline()
            + Text(verbatim: " struck").strikethrough(pattern: .dot, color: .blue)
        let attributed = pixels(Text(styled))
        #expect(attributed == pixels(joined))
        #expect(attributed != pixels(Text(verbatim: "Red under struck")))
        #expect(attributed.contains(RGBA.systemRed.premultiplied.value), "the red run")
        #expect(
            attributed.contains { $0 & 0xFF > 0x80 && ($0 >> 16) & 0xFF < 0x40 },
            "the blue dotted line")
    }

    @Test("modifiers on the Text style what the runs leave open; an empty string draws nothing")
    func modifiersAndEmpty() throws {
        try #require(fonts != nil, "needs the fonts scripts/deps installs")
        let attributed = pixels(Text(styled).foregroundColor(.green).font(.caption))
        let joined = pixels(
            (Text(verbatim: "Red").foregroundColor(.red).font(.title)
                + Text(verbatim: " under").underline()
                + Text(verbatim: " struck").strikethrough(pattern: .dot, color: .blue))
                .foregroundColor(.green).font(.caption))
        #expect(attributed == joined)
        #expect(attributed.contains(RGBA.systemRed.premultiplied.value), "the run keeps its red")
        let black = RGBA.black.premultiplied.value
        #expect(pixels(Text(AttributedString())).allSatisfy { $0 == black })
    }
}
