import Foundation
import NightstandKit
import Raster
import Testing

// The widget of the README's "Your own widgets" section, verbatim but for `@main`: this file
// compiling is what keeps the README honest.

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: context.date) }
    func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        completion(SimpleEntry(date: context.date))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
        completion(Timeline(entries: [SimpleEntry(date: context.date)], policy: .atEnd))
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
}

struct Countdown: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "countdown", provider: Provider()) { entry in
            VStack {
                Image(systemName: "airplane").widgetAccentable()
                Text(entry.date.addingTimeInterval(3600), style: .timer)
                    .font(.system(.title, design: .rounded)).monospacedDigit()
            }
            .containerBackground(.indigo.gradient, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

struct MyDisplay: WidgetBundle {
    var body: some Widget {
        Countdown()
    }
}

@Suite("The README's example widget")
struct ReadmeExampleTests {
    @Test("it builds, is found in its bundle, and draws a ticking timer")
    func draws() throws {
        let descriptors = WidgetDescriptor.all(in: MyDisplay())
        #expect(descriptors.map(\.kind) == ["countdown"])
        let canvas = Raster.Canvas(width: 340, height: 340)
        canvas.clear(.black)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let report = descriptors[0].render(
            entry: SimpleEntry(date: now), family: .systemSmall, fonts: try FontDatabase(),
            now: now, on: canvas, scale: 2)
        #expect(report.nextChange == now + 1, "the timer ticks every second")
        #expect(canvas[170, 4] != RGBA.black.premultiplied, "the indigo background shows")
    }
}
