import Foundation
import NightstandTesting
import Raster
import Testing
import WidgetUI
import Widgets
import XCTest

@testable import CompatibilityCorpus

/// The NightstandTesting library as a user's tests call it.
@Suite("Widget snapshots")
struct WidgetSnapshotTests {
    private let now = CorpusSamples.now
    private let entry = SimpleEntry(date: CorpusSamples.now, emoji: "😀")

    @Test("a snapshot is twice the family's points, or the widget fitted and centered in a size")
    func sizes() {
        #expect(
            renderWidget(TemplateWidget(), entry: entry, WidgetSnapshot(date: now)).size
                == PixelSize(width: 340, height: 340))
        let medium = WidgetSnapshot(family: .systemMedium, date: now)
        #expect(medium.pixelSize == PixelSize(width: 728, height: 340))
        let wide = renderWidget(
            TemplateWidget(), entry: entry,
            WidgetSnapshot(date: now, size: PixelSize(width: 400, height: 200)))
        #expect(wide.size == PixelSize(width: 400, height: 200))
        // A 200 × 200 square in the middle: the edges stay black.
        for y in 0..<200 {
            #expect(
                wide[50, y] == RGBA.black.premultiplied && wide[349, y] == RGBA.black.premultiplied)
        }
    }

    @Test("night is monochrome red; dim with a brightness scales the pixels")
    func appearances() {
        let night = renderWidget(
            TemplateWidget(), entry: entry, WidgetSnapshot(date: now, appearance: .night))
        var red = 0
        for y in 0..<night.height {
            for x in 0..<night.width {
                let pixel = night[x, y]
                #expect(pixel.g == 0 && pixel.b == 0)
                red = max(red, Int(pixel.r))
            }
        }
        #expect(red > 100)
        let dim = renderWidget(
            TemplateWidget(), entry: entry,
            WidgetSnapshot(date: now, appearance: .dim(brightness: 0.5)))
        var brightest = 0
        for y in 0..<dim.height {
            for x in 0..<dim.width { brightest = max(brightest, Int(dim[x, y].r)) }
        }
        #expect(brightest <= 128 && brightest > 100)
    }

    @Test("a placeholder draws text as bars")
    func placeholder() {
        let real = renderWidget(TemplateWidget(), entry: entry, WidgetSnapshot(date: now))
        let placeholder = renderWidget(
            TemplateWidget(), entry: entry, WidgetSnapshot(date: now, isPlaceholder: true))
        #expect(!ImageDifference(actual: placeholder, expected: Bitmap(copying: real)).isMatch)
    }

    @Test(
        "a missing golden fails the test with the command that records it",
        .disabled(if: isRecordingGoldens, "would record the golden it checks is missing"))
    func missingGolden() {
        withKnownIssue {
            assertWidgetSnapshot(
                of: TemplateWidget(), entry: entry, as: WidgetSnapshot(date: now),
                named: "never-recorded")
        } matching: { issue in
            "\(issue)".contains("No golden at")
                && "\(issue)".contains("NIGHTSTAND_RECORD_GOLDENS=1")
        }
    }

    @Test("a snapshot matches the corpus golden drawn the same way")
    func matchesGolden() {
        assertWidgetSnapshot(
            of: TemplateWidget(), entry: entry, as: WidgetSnapshot(date: now, appearance: .night),
            named: "template-standby-night", folder: "CorpusGoldenTests")
    }
}

/// The same assertion under XCTest, which reports through `XCTFail`.
final class WidgetSnapshotXCTests: XCTestCase {
    func testSnapshotMatchesTheCorpusGolden() {
        assertWidgetSnapshot(
            of: TemplateWidget(), entry: SimpleEntry(date: CorpusSamples.now, emoji: "😀"),
            as: WidgetSnapshot(date: CorpusSamples.now), named: "template-standby-day",
            folder: "CorpusGoldenTests")
    }
}
