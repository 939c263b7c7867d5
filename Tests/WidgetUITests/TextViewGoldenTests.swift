import Foundation
import NightstandTesting
import Raster
import Testing

@testable import WidgetUI

/// Golden images of `Text` views, 200×200 pixels each.
///
/// The date styles, and joined texts in mixed fonts and colors on visible baselines.
///
/// Tolerance 1 per channel, as for Raster's text goldens: the glyphs come from the FreeType
/// and fonts scripts/deps installs.
@Suite("TextViewGoldens")
struct TextViewGoldenTests {
    private let fonts: FontDatabase
    /// 9:41:00 PM on June 3, 2019 in Cupertino: the instant drawn.
    private let now = wallClock(2019, 6, 3, 21, 41)

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
    }

    private func sheet() -> Canvas {
        let canvas = Canvas(width: 200, height: 200)
        canvas.clear(.black)
        return canvas
    }

    /// One row of the date sheet: what it shows, labelled.
    private func row(_ label: String, _ value: Text) -> some View {
        HStack(alignment: .firstTextBaseline) {
            Text(label).font(.caption2).foregroundStyle(.secondary)
            Spacer(minLength: 4)
            value.font(.footnote).monospacedDigit().layoutPriority(1)
        }
    }

    @Test("every date style at one instant, en_US and en_GB, in a 200-point column")
    func dateStyles() {
        let view = VStack(alignment: .leading, spacing: 1) {
            row(".time", Text(now, style: .time))
            row(".time en_GB", Text(now, style: .time)).environment(
                \.locale, Locale(identifier: "en_GB"))
            row(".date", Text(now, style: .date))
            row(".relative", Text(now.addingTimeInterval(7_514), style: .relative))
            row(".offset", Text(now.addingTimeInterval(-300), style: .offset))
            row(".timer", Text(now.addingTimeInterval(3_725), style: .timer))
            row(".timer past", Text(now.addingTimeInterval(-65), style: .timer))
            row(
                "timerInterval",
                Text(timerInterval: now.addingTimeInterval(-10)...now.addingTimeInterval(290)))
            row(
                "format",
                Text(0.72, format: .percent) + Text(" · ")
                    + Text(21.5, format: .number.precision(.fractionLength(1))))
            row("live clock", Text(.currentDate, format: .dateTime.hour().minute().second()))
        }
        .padding(6)
        let canvas = sheet()
        let report = render(
            view, size: Size(width: 200, height: 200), environment: textEnvironment(fonts: fonts),
            fonts: fonts, now: now, on: canvas, scale: 1)
        #expect(report.nextChange == now.addingTimeInterval(1))
        assertGolden(canvas, named: "date-styles")
    }

    @Test("joined texts in mixed sizes, weights, designs and colors sit on shared baselines")
    func joinedTexts() {
        let view = VStack(alignment: .leading, spacing: 1) {
            Text("72").font(.system(size: 24, weight: .bold, design: .rounded))
                + Text("°F").font(.caption).foregroundColor(.orange)
            Text("Ends in ").font(.caption2)
                + Text(now.addingTimeInterval(3_725), style: .timer)
                .font(.caption.monospacedDigit()).bold().foregroundStyle(.green)
            (Text("Big ").font(.footnote).bold() + Text("and small words, ")
                + Text("italic").italic().foregroundColor(.cyan)
                + Text(" mono").fontDesign(.monospaced))
                .font(.caption2)
            Text("Shrinks to fit").font(.title).lineLimit(1).minimumScaleFactor(0.4)
        }
        .frame(width: 100, height: 100, alignment: .topLeading)
        let environment = textEnvironment(fonts: fonts)
        let canvas = sheet()
        // A guide under every line's baseline, drawn first so that glyphs sit on top of it.
        let placed = RootLayout.layout(
            view, size: Size(width: 100, height: 100), environment: environment)
        for node in placed.all("Text") {
            guard case .text(let run) = node.drawing.first else { continue }
            for line in run.layout.lines {
                let y = ((run.origin.y + line.baseline) * 2).rounded()
                canvas.fill(
                    Rect(x: run.origin.x * 2, y: y, width: run.layout.size.width * 2, height: 1),
                    with: Paint(color: .systemGray4))
            }
        }
        render(
            view, size: Size(width: 100, height: 100), environment: environment, fonts: fonts,
            now: now, on: canvas, scale: 2)
        assertGolden(canvas, named: "joined-texts")
    }
}
