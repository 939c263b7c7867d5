import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `EnvironmentValues.textLayoutCache`: text laid out once and reused on later frames, with
/// the layouts made afresh.
@Suite("Text layouts kept across frames")
struct TextCachingTests {
    private let fonts = try? FontDatabase()
    private let size = Size(width: 170, height: 170)

    /// A widget's worth of text: joined styled pieces, a label shrunk by
    /// `minimumScaleFactor` (a search over scales), text wrapped and cut by a short frame.
    private func scene(time: String) -> some View {
        VStack(spacing: 4) {
            Text(time).font(.largeTitle).bold()
                + Text(" PM").font(.caption)
                .foregroundColor(.gray)
            Text("Cupertino, California").font(.title).lineLimit(1).minimumScaleFactor(0.5)
            Text("Dentist appointment at the new place on Main Street")
                .frame(width: 120, height: 40)
        }
    }

    /// The placed text runs of one frame, with their lines.
    private func frame(
        time: String = "10:09", cache: TextLayoutCache?
    ) -> [(run: TextRun, lines: [TextLayout.Line])] {
        var environment = textEnvironment(fonts: fonts)
        environment.textLayoutCache = cache
        return layout(scene(time: time), in: size, environment: environment).all("Text")
            .compactMap {
                guard case .text(let run) = $0.drawing.first else { return nil }
                return (run, run.layout.lines)
            }
    }

    private func same(
        _ a: [(run: TextRun, lines: [TextLayout.Line])],
        _ b: [(run: TextRun, lines: [TextLayout.Line])]
    ) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.run == $1.run && $0.lines == $1.lines }
    }

    @Test("with a cache, text is placed exactly as without one, frame after frame")
    func sameLayoutsAsFresh() throws {
        try #require(fonts != nil)
        let fresh = frame(cache: nil)
        #expect(fresh.count == 3)
        #expect(fresh[1].run.layout.runs[0].size < Font.title.size, "the label was shrunk")
        let cache = TextLayoutCache()
        #expect(same(frame(cache: cache), fresh), "first frame: laid out into the cache")
        #expect(same(frame(cache: cache), fresh), "second frame: from the cache")
    }

    @Test("a second frame of unchanged text lays nothing out; changed text is laid out")
    func unchangedTextHits() throws {
        try #require(fonts != nil)
        let cache = TextLayoutCache()
        _ = frame(cache: cache)
        let (misses, count) = (cache.misses, cache.count)
        #expect(misses > 3, "the scale search laid out several candidates")
        _ = frame(cache: cache)
        #expect(cache.misses == misses)
        #expect(cache.hits >= misses)
        let later = frame(time: "10:10", cache: cache)
        #expect(cache.misses > misses, "the new time is laid out")
        #expect(cache.count > count)
        #expect(later[0].run.layout.text == "10:10 PM")
        #expect(same(later, frame(time: "10:10", cache: nil)))
    }
}
