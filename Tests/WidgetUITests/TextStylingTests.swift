import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `Text + Text`, the modifiers on `Text`, fonts and text styles, `minimumScaleFactor`.
@Suite("Text styling")
struct TextStylingTests {
    private let fonts = try? FontDatabase()

    private func runs(
        _ view: some View, in size: Size = Size(width: 400, height: 400)
    ) -> [TextRun] {
        layout(view, in: size, environment: textEnvironment(fonts: fonts)).all("Text").compactMap {
            guard case .text(let run) = $0.drawing.first else { return nil }
            return run
        }
    }

    private func faces(_ view: some View) -> [FontFace] {
        runs(view).flatMap { run in run.layout.runs.map(\.face) }
    }

    @Test("joined texts are one text whose pieces keep their sizes and colors")
    func joined() throws {
        let text =
            Text("72").font(.largeTitle).bold() + Text("°F").font(.caption).foregroundColor(.gray)
        let run = try #require(runs(text).first)
        #expect(runs(text).count == 1)
        #expect(run.layout.text == "72°F")
        #expect(run.layout.runs.map(\.size) == [34, 12])
        #expect(run.shadings == [.color(.label), .color(Color.gray.rgba)])
        #expect(run.layout.runs[0].face.styleName == "Bold")
        #expect(run.layout.lines.count == 1)
        let big = run.layout.runs[0].face.metrics(size: 34)
        #expect(run.layout.size.height == big.lineHeight)
        #expect(run.layout.glyphs.allSatisfy { $0.position.y == big.ascent })
    }

    @Test("a joined text's first baseline lines up with a neighbour's in an HStack")
    func baselineInStack() throws {
        let view = HStack(alignment: .firstTextBaseline) {
            Text("72").font(.largeTitle) + Text("°").font(.caption)
            Text("High").font(.caption)
        }
        let placed = runs(view)
        #expect(placed.count == 2)
        let baselines = placed.map { $0.origin.y + $0.layout.firstBaseline }
        #expect(abs(baselines[0] - baselines[1]) < 1e-9)
        #expect(placed[1].origin.y > placed[0].origin.y)
    }

    @Test("the innermost modifier wins; outer ones style only pieces that set nothing")
    func innermostWins() throws {
        let text = (Text("a").foregroundColor(.blue).font(.title) + Text("b")).foregroundColor(.red)
            .font(.caption)
        let run = try #require(runs(text).first)
        #expect(run.shadings == [.color(Color.blue.rgba), .color(Color.red.rgba)])
        #expect(run.layout.runs.map(\.size) == [28, 12])
        let inherited = try #require(
            runs((Text("a") + Text("b").bold()).font(.caption2).foregroundStyle(.orange)).first)
        #expect(inherited.shadings == [.color(Color.orange.rgba), .color(Color.orange.rgba)])
        let fromView = try #require(
            runs(
                VStack { Text("a") + Text("b").foregroundStyle(.secondary) }
                    .foregroundStyle(.green).font(.footnote)
            ).first)
        #expect(fromView.layout.runs.map(\.size) == [13, 13])
        #expect(
            fromView.shadings == [
                .color(Color.green.rgba), .color(Color.green.rgba.opacity(0.6)),
            ])
    }

    @Test("text modifiers return Text, so they chain and join")
    func modifiersReturnText() {
        let styled: Text = Text("a").font(.title).bold().italic().monospacedDigit()
            .fontDesign(.rounded).fontWeight(.light).foregroundStyle(.secondary)
            .foregroundColor(nil)
        #expect((styled + Text("b")).segments.count == 2)
        #expect(styled.segments[0].attributes.weight == .bold)
        #expect(styled.segments[0].attributes.design == .rounded)
    }

    @Test("text styles have iOS's sizes and weights")
    func textStyles() {
        let expected: [(Font.TextStyle, Double, FontWeight?)] = [
            (.largeTitle, 34, nil), (.title, 28, nil), (.title2, 22, nil), (.title3, 20, nil),
            (.headline, 17, .semibold), (.subheadline, 15, nil), (.body, 17, nil),
            (.callout, 16, nil), (.footnote, 13, nil), (.caption, 12, nil), (.caption2, 11, nil),
        ]
        #expect(expected.count == Font.TextStyle.allCases.count)
        for (style, size, weight) in expected {
            #expect(Font.system(style).size == size, "\(style)")
            #expect(Font.system(style).weight == weight, "\(style)")
        }
        #expect(Font.headline == .system(size: 17, weight: .semibold))
        #expect(Font.system(.largeTitle, design: .rounded, weight: .bold).design == .rounded)
        #expect(Font.system(.headline, weight: .light).weight == .light)
    }

    @Test("italic, design and weight choose the face")
    func faceChoice() throws {
        #expect(faces(Text("a").italic()).first?.styleName == "Italic")
        #expect(faces(Text("a").font(.body.italic().bold())).first?.styleName == "Bold Italic")
        #expect(faces(Text("a").italic(false)).first?.styleName == "Regular")
        #expect(faces(VStack { Text("a") }.italic()).first?.styleName == "Italic")
        #expect(faces(Text("a").fontDesign(.monospaced)).first?.familyName == "DejaVu Sans Mono")
        #expect(faces(Text("a").font(.body.monospaced())).first?.familyName == "DejaVu Sans Mono")
        #expect(faces(VStack { Text("a") }.fontDesign(.serif)).first?.familyName == "DejaVu Serif")
        let ownFont = VStack { Text("a").font(.system(size: 12, design: .monospaced)) }
            .fontDesign(.serif)
        #expect(faces(ownFont).first?.familyName == "DejaVu Sans Mono", "the text's own font wins")
        #expect(faces(Text("a").font(.headline)).first?.styleName == "Semi Bold")
        #expect(
            faces(VStack { Text("a").font(.headline) }.fontWeight(.black)).first?.styleName
                == "Semi Bold")
        #expect(
            faces(VStack { Text("a") }.font(.headline).fontWeight(.black)).first?.styleName
                == "Black")
    }

    @Test("monospacedDigit gives every digit one width, on Text, on views and in fonts")
    func monospacedDigits() throws {
        func width(_ view: some View) -> Double { runs(view).first?.layout.size.width ?? 0 }
        #expect(width(Text("1111")) < width(Text("8888")))
        #expect(width(Text("1111").monospacedDigit()) == width(Text("8888").monospacedDigit()))
        #expect(
            width(VStack { Text("1111") }.monospacedDigit())
                == width(Text("8888").monospacedDigit()))
        #expect(
            width(Text("1111").font(.body.monospacedDigit()))
                == width(Text("8888").monospacedDigit()))
    }

    @Test("minimumScaleFactor shrinks a line that doesn't fit, as little as needed")
    func minimumScaleFactor() throws {
        let natural = try #require(runs(Text("Cupertino").font(.largeTitle)).first).layout.size
        let room = Size(width: natural.width * 0.7, height: 100)
        let shrunk = try #require(
            runs(Text("Cupertino").font(.largeTitle).lineLimit(1).minimumScaleFactor(0.5), in: room)
                .first)
        #expect(!shrunk.layout.isTruncated)
        #expect(shrunk.layout.size.width <= room.width)
        let size = shrunk.layout.runs[0].size
        #expect(size <= 34 * 0.7 + 1e-9 && size > 34 * 0.69, "size \(size)")
        let limited = try #require(
            runs(Text("Cupertino").font(.largeTitle).lineLimit(1).minimumScaleFactor(0.9), in: room)
                .first)
        #expect(limited.layout.isTruncated, "at its minimum it is cut")
        #expect(limited.layout.runs[0].size == 34 * 0.9)
        let fits = try #require(
            runs(Text("Cupertino").font(.largeTitle).minimumScaleFactor(0.5)).first)
        #expect(fits.layout.runs[0].size == 34, "text that fits keeps its size")
    }

    @Test("minimumScaleFactor shrinks a long word rather than breaking it, and fits a height")
    func shrinkBeforeBreaking() throws {
        let natural = try #require(runs(Text("Wednesday").font(.title)).first).layout.size
        let narrow = Size(width: natural.width * 0.8, height: 400)
        let broken = try #require(runs(Text("Wednesday").font(.title), in: narrow).first)
        #expect(broken.layout.lines.count == 2, "without a factor the word breaks")
        let shrunk = try #require(
            runs(Text("Wednesday").font(.title).minimumScaleFactor(0.5), in: narrow).first)
        #expect(shrunk.layout.lines.count == 1)
        let short = Size(width: 400, height: natural.height * 0.6)
        let squeezed = try #require(
            runs(Text("Wednesday").font(.title).minimumScaleFactor(0.5), in: short).first)
        #expect(squeezed.layout.size.height <= short.height)
        #expect(squeezed.layout.runs[0].size < 28 * 0.6 + 0.1)
        let joined = try #require(
            runs(
                (Text("72").font(.largeTitle) + Text("°F").font(.caption)).lineLimit(1)
                    .minimumScaleFactor(0.25),
                in: Size(width: 30, height: 100)
            ).first)
        let sizes = joined.layout.runs.map(\.size)
        #expect(abs(sizes[0] / sizes[1] - 34.0 / 12) < 1e-9, "pieces shrink together")
        #expect(!joined.layout.isTruncated)
    }
}
