import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// `truncationMode`, `allowsTightening` and `fontWidth`: how they change the text drawn.
@Suite("TextFitting")
struct TextFittingTests {
    private let line = "Dentist appointment at the new place"

    /// The laid-out text of the only `Text` in a view proposed `width` points.
    private func laidOut(_ view: some View, width: Double) -> (layout: TextLayout, frame: Rect)? {
        let placed = layout(view, in: Size(width: width, height: 100))
        guard let text = placed.all("Text").first else { return nil }
        for case .text(let run) in text.drawing { return (run.layout, text.frame) }
        return nil
    }

    /// The glyph the layout's first face uses for a character.
    private func glyph(_ character: Unicode.Scalar, in layout: TextLayout) -> UInt32? {
        layout.faces.first?.glyphIndex(for: character)
    }

    @Test("truncationMode puts the ellipsis at the end, the start or the middle")
    func truncationModes() throws {
        func glyphs(_ mode: Text.TruncationMode) throws -> (TextLayout, [UInt32]) {
            let view = Text(line).lineLimit(1).truncationMode(mode)
            let found = try #require(laidOut(view, width: 150))
            #expect(found.layout.isTruncated)
            #expect(found.layout.size.width <= 150)
            return (found.layout, found.layout.glyphs.map(\.glyph))
        }
        let (tailLayout, tail) = try glyphs(.tail)
        let ellipsis = try #require(glyph("…", in: tailLayout))
        let d = try #require(glyph("D", in: tailLayout))
        let e = try #require(glyph("e", in: tailLayout))
        #expect(tail.first == d && tail.last == ellipsis)
        let (_, head) = try glyphs(.head)
        #expect(head.first == ellipsis && head.last == e, "…the new place")
        let (_, middle) = try glyphs(.middle)
        #expect(middle.first == d && middle.last == e)
        let at = try #require(middle.firstIndex(of: ellipsis))
        #expect(at > 2 && at < middle.count - 3)
    }

    @Test("allowsTightening fits a line that is slightly too wide, instead of cutting it")
    func tightening() throws {
        let natural = try #require(laidOut(Text("Alexanderplatz"), width: 1_000)).layout.size.width
        let width = natural * 0.96
        let cut = try #require(laidOut(Text("Alexanderplatz").lineLimit(1), width: width))
        #expect(cut.layout.isTruncated)
        let tight = try #require(
            laidOut(Text("Alexanderplatz").lineLimit(1).allowsTightening(true), width: width))
        #expect(!tight.layout.isTruncated)
        #expect(tight.layout.size.width <= width + 1e-9)
        // Far too narrow: tightened as far as allowed, then cut.
        let narrow = try #require(
            laidOut(Text("Alexanderplatz").lineLimit(1).allowsTightening(true), width: natural / 2))
        #expect(narrow.layout.isTruncated)
    }

    @Test("fontWidth narrows and widens the letters")
    func widths() throws {
        func width(_ view: some View) throws -> Double {
            try #require(laidOut(view, width: 1_000)).frame.width
        }
        let standard = try width(Text("97,420"))
        #expect(abs(try width(Text("97,420").fontWidth(.condensed)) - standard * 0.9) < 1e-6)
        #expect(abs(try width(Text("97,420").fontWidth(.compressed)) - standard * 0.8) < 1e-6)
        #expect(abs(try width(Text("97,420").fontWidth(.expanded)) - standard * 1.15) < 1e-6)
        // Wrapping happens at the narrower letters' width.
        let wrapped = try #require(laidOut(Text(line).fontWidth(.condensed), width: 120))
        #expect(wrapped.frame.width <= 120 + 1e-9)
    }

    @Test("the sheet: truncation modes, tightening and widths as drawn")
    func sheet() {
        func row(_ label: String, _ text: some View) -> some View {
            HStack(spacing: 6) {
                Text(label).font(.caption2).foregroundStyle(.secondary).frame(
                    width: 72, alignment: .leading)
                text.lineLimit(1).frame(width: 150, alignment: .leading)
            }
        }
        let view = VStack(alignment: .leading, spacing: 4) {
            row("tail", Text(line))
            row("head", Text(line).truncationMode(.head))
            row("middle", Text(line).truncationMode(.middle))
            row("cut", Text("Alexanderplatz Hbf").font(.title3))
            row("tightened", Text("Alexanderplatz Hbf").font(.title3).allowsTightening(true))
            row("compressed", Text("BTC 97,420").fontWidth(.compressed))
            row("condensed", Text("BTC 97,420").fontWidth(.condensed))
            row("standard", Text("BTC 97,420"))
            row("expanded", Text("BTC 97,420").fontWidth(.expanded))
        }
        .padding(6)
        // Text: FreeType versions differ by a level here and there.
        assertGolden(
            renderSheet(view, size: Size(width: 240, height: 230)), named: "text-fitting",
            tolerance: 2)
    }
}
