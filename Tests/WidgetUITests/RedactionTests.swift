import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

@Suite("Redaction")
struct RedactionTests {
    private let fonts: FontDatabase

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
    }

    private var environment: EnvironmentValues { textEnvironment(fonts: fonts) }

    /// The drawing of every `Text` a view places, in order.
    private func texts(_ view: some View) -> [PlacedView] {
        layout(view, in: Size(width: 120, height: 200), environment: environment).all("Text")
    }

    @Test("placeholder text draws one rounded bar per line, as wide as the line, same frame")
    func barsPerLine() throws {
        let text = Text("Dentist at the new place on Main Street").font(.body).frame(width: 120)
        let plain = try #require(texts(text).first)
        let redacted = try #require(texts(text.redacted(reason: .placeholder)).first)
        #expect(redacted.frame == plain.frame, "redaction does not change layout")
        guard case .text(let run) = plain.drawing.first else {
            Issue.record("unredacted text draws text")
            return
        }
        #expect(run.layout.lines.count > 1)
        #expect(redacted.drawing.count == run.layout.lines.count)
        for (item, line) in zip(redacted.drawing, run.layout.lines) {
            guard case .fill(let path, let shading) = item else {
                Issue.record("a bar is a fill, found \(item)")
                continue
            }
            let bar = path.boundingRect
            #expect(abs(bar.minX - (run.origin.x + line.bounds.minX)) < 1e-9)
            #expect(abs(bar.width - line.bounds.width) < 1e-9)
            #expect(
                abs(bar.height - line.metrics.capHeight * TextRun.placeholderHeightRatio) < 1e-9)
            #expect(bar.minY > run.origin.y + line.bounds.minY)
            #expect(bar.maxY < run.origin.y + line.bounds.maxY, "inside the line's box")
            #expect(shading == .color(RGBA.label.opacity(TextRun.placeholderOpacity)))
        }
    }

    @Test("the environment's placeholder reason redacts the text inside, as the host sets it")
    func environmentReason() throws {
        var environment = environment
        environment.redactionReasons = .placeholder
        let placed = layout(Text("72%"), in: Size(width: 100, height: 40), environment: environment)
        let text = try #require(placed.all("Text").first)
        #expect(text.drawing.allSatisfy { if case .fill = $0 { true } else { false } })
    }

    @Test("unredacted() shows text again inside a redacted view; an empty reason adds nothing")
    func unredacted() {
        let view = VStack {
            Text("Battery").unredacted()
            Text("72%")
        }
        let drawn = texts(view.redacted(reason: .placeholder)).map { $0.drawing.first }
        guard drawn.count == 2, case .text = drawn[0], case .fill = drawn[1] else {
            Issue.record("expected the first text drawn and the second a bar, found \(drawn)")
            return
        }
        let empty = texts(Text("72%").redacted(reason: []))
        #expect(
            empty.first.map { if case .text = $0.drawing.first { true } else { false } } == true)
    }

    @Test("redaction reasons add up; only .placeholder draws bars")
    func reasonsUnion() {
        var seen = RedactionReasons()
        let probe = EnvironmentProbe { seen = $0.redactionReasons }
        _ = layout(
            probe.redacted(reason: .privacy).redacted(reason: .placeholder),
            in: Size(width: 10, height: 10))
        #expect(seen == [.privacy, .placeholder])
        let privacy = texts(Text("secret").redacted(reason: .privacy))
        #expect(
            privacy.first.map { if case .text = $0.drawing.first { true } else { false } } == true)
    }

    @Test("golden: a placeholder card next to the same card unredacted")
    func golden() {
        let card = VStack(alignment: .leading, spacing: 4) {
            Text("Up next").font(.caption).foregroundStyle(.secondary)
            Text("Dentist appointment").font(.headline)
            Text("10:30").font(.title2).foregroundStyle(.orange)
        }
        .frame(width: 90, alignment: .leading)
        let view = HStack(spacing: 10) {
            card
            card.redacted(reason: .placeholder)
        }
        let canvas = Canvas(width: 400, height: 200)
        canvas.clear(.black)
        render(
            view, size: Size(width: 200, height: 100), environment: environment, on: canvas,
            scale: 2)
        assertGolden(canvas, named: "placeholder-card")
    }
}

/// Reads the environment it is resolved in.
private struct EnvironmentProbe: View, PrimitiveView {
    let read: (EnvironmentValues) -> Void

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        read(environment)
    }
}
