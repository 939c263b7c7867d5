import Foundation
import Raster
import Testing

@testable import WidgetUI

/// Lines through and under text, the case text is shown in, small capitals.
@Suite("Text decorations, case and small capitals")
struct TextDecorationTests {
    private let fonts = try? FontDatabase()

    /// The drawing of every placed text: its run, then its decorations.
    private func drawing(_ view: some View) -> [[DisplayList.Item]] {
        layout(view, in: Size(width: 300, height: 200), environment: textEnvironment(fonts: fonts))
            .all("Text").map(\.drawing)
    }

    /// The strokes of a text's drawing: (y, x0, x1, width, dash).
    private func strokes(_ items: [DisplayList.Item]) -> [(
        Double, Double, Double, Double, [Double]
    )] {
        items.compactMap { item in
            guard case .stroke(let path, _, let style) = item else { return nil }
            let box = path.boundingRect
            return (box.minY, box.minX, box.maxX, style.lineWidth, style.dash)
        }
    }

    @Test("strikethrough crosses the text at 0.26 of the size above the baseline, 1/17 thick")
    func strikethrough() throws {
        let items = try #require(
            drawing(Text("Airport").font(.system(size: 17)).strikethrough()).first)
        guard case .text(let run) = items.first else {
            Issue.record("no text run")
            return
        }
        let line = try #require(strokes(items).first)
        let baseline = run.origin.y + run.layout.lines[0].baseline
        #expect(abs(line.0 - (baseline - 0.26 * 17)) < 1e-9)
        #expect(abs(line.3 - 1) < 1e-9)
        #expect(abs(line.1 - run.origin.x) < 1e-9)
        #expect(abs(line.2 - (run.origin.x + run.layout.size.width)) < 1)
    }

    @Test("underline runs under the baseline; a pattern dashes it; a color replaces the text's")
    func underline() throws {
        let items = try #require(
            drawing(Text("Details").font(.system(size: 34)).underline(pattern: .dash, color: .red))
                .first)
        guard case .text(let run) = items.first,
            case .stroke(_, .color(let color), _) = items.last
        else {
            Issue.record("no text and line")
            return
        }
        let line = try #require(strokes(items).first)
        #expect(abs(line.0 - (run.origin.y + run.layout.lines[0].baseline + 3.4)) < 1e-9)
        #expect(line.4 == [8, 4])
        #expect(color == .systemRed)
    }

    @Test("only the pieces that ask for it are struck; a view's strikethrough reaches its texts")
    func pieces() throws {
        let joined = Text("12 ") + Text("Downtown").strikethrough()
        let items = try #require(drawing(joined).first)
        guard case .text(let run) = items.first else { return }
        let line = try #require(strokes(items).first)
        let firstGlyphOfSecondPiece = run.layout.glyphs.first { $0.run == 1 }?.position.x ?? 0
        #expect(abs(line.1 - (run.origin.x + firstGlyphOfSecondPiece)) < 1e-9)
        #expect(strokes(items).count == 1)
        let viaView = drawing(
            HStack {
                Text("a"); Text("b").strikethrough(false)
            }.strikethrough())
        #expect(viaView.map { strokes($0).count } == [1, 0])
    }

    @Test("textCase shows text in uppercase or lowercase, in the locale's rules")
    func textCase() {
        let environment = textEnvironment(fonts: fonts, locale: "tr_TR")
        #expect(
            placedStrings(
                Text("Saturday").textCase(.uppercase), environment: textEnvironment(fonts: fonts))
                == ["SATURDAY"])
        #expect(
            placedStrings(Text("istanbul").textCase(.uppercase), environment: environment) == [
                "İSTANBUL"
            ])
        // Turkish lowercases I to a dotless ı.
        #expect(
            placedStrings(Text("MIXED Case").textCase(.lowercase), environment: environment) == [
                "mıxed case"
            ])
    }

    @Test("small capitals: lowercase letters as capitals at the x-height, the rest as written")
    func smallCaps() throws {
        let run = try #require(
            layout(
                Text("Quote #3").font(.system(size: 20).lowercaseSmallCaps()),
                in: Size(width: 300, height: 100), environment: textEnvironment(fonts: fonts)
            ).all("Text").compactMap { node -> TextRun? in
                guard case .text(let run) = node.drawing.first else { return nil }
                return run
            }.first)
        #expect(run.layout.text == "QUOTE #3")
        let sizes = run.layout.runs.map(\.size)
        #expect(sizes.count == 3)
        #expect(sizes[0] == 20 && sizes[2] == 20)
        let face = run.layout.runs[1].face.metrics(size: 20)
        #expect(abs(sizes[1] - 20 * face.xHeight / face.capHeight) < 1e-9)
        let all = try #require(
            placedStrings(
                Text("Ab").font(.caption.smallCaps()), environment: textEnvironment(fonts: fonts)
            )
            .first)
        #expect(all == "AB")
    }
}
