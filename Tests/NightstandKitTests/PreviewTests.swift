import ArgumentParser
import Foundation
import NightstandKit
import NightstandTesting
import Testing

@testable import NightstandProgram

/// A counter's entry: the number shown.
private struct CountEntry: TimelineEntry {
    let date: Date
    let count: Int
}

/// A provider whose timeline is three counts from the context's date.
private struct CountProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: context.date, count: 0) }

    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        let entries = (1...3).map { CountEntry(date: context.date, count: $0) }
        completion(Timeline(entries: entries, policy: .never))
    }
}

/// A green square with the count in it.
private struct CountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "count", provider: CountProvider()) { entry in
            ZStack {
                Color.green
                Text("\(entry.count)").font(.largeTitle)
            }
        }
    }
}

private let noon = Date(timeIntervalSince1970: 1_795_262_400)

// The four forms, as a widget author writes them (the lines are checked below).
#Preview("Counts", as: .systemSmall) {
    CountWidget()
} timeline: {
    CountEntry(date: noon, count: 1)
    for count in [2, 3] { CountEntry(date: noon, count: count) }
    if noon > .distantPast { CountEntry(date: noon, count: 4) }
}

#Preview(as: .systemMedium) {
    CountWidget()
} timelineProvider: {
    CountProvider()
}

#Preview("Blue square") {
    Color.blue.frame(width: 60, height: 60)
}

#Preview {
    Text("unnamed")
}

@Suite("#Preview")
struct PreviewTests {
    private var previews: [Preview] {
        Preview.all.filter { $0.fileID == "NightstandKitTests/PreviewTests.swift" }
    }

    @Test("every form is found with its name, place and family, in line order")
    func found() {
        #expect(previews.map(\.name) == ["Counts", nil, "Blue square", nil])
        #expect(previews.map(\.line) == [44, 52, 58, 62])
        #expect(
            previews.map(\.family) == [.systemSmall, .systemMedium, .systemSmall, .systemSmall])
        #expect(previews.map(\.isWidget) == [true, true, false, false])
        #expect(previews.map(\.title).last == "NightstandKitTests/PreviewTests.swift:62")
    }

    @Test("the timeline builder's statements, the provider's timeline, one entry for a view")
    func entries() async {
        let counts = await previews[0].entries(at: .distantPast).compactMap { $0 as? CountEntry }
        #expect(counts.map(\.count) == [1, 2, 3, 4])
        let provided = await previews[1].entries(at: noon).compactMap { $0 as? CountEntry }
        #expect(provided.map(\.count) == [1, 2, 3])
        #expect(provided.allSatisfy { $0.date == noon })
        let view = await previews[2].entries(at: noon)
        #expect(view.map(\.date) == [noon])
    }

    @Test("each entry by day and at night, named by file, name, family and entry")
    func pictures() async throws {
        let pictures = await Preview.pictures(of: previews, at: noon)
        let names = pictures.map(\.name)
        // Four and three entries, two views: each by day and at night.
        #expect(names.count == 18)
        #expect(
            Array(names.prefix(3)) == [
                "PreviewTests-counts-systemSmall-1-day", "PreviewTests-counts-systemSmall-1-night",
                "PreviewTests-counts-systemSmall-2-day",
            ])
        #expect(names.contains("PreviewTests-2-systemMedium-3-night"))
        #expect(
            Array(names.suffix(4)) == [
                "PreviewTests-blue-square-day", "PreviewTests-blue-square-night",
                "PreviewTests-4-day", "PreviewTests-4-night",
            ])
        // The view is drawn: blue in the middle by day, red only at night.
        let blue = try #require(pictures.first { $0.name == "PreviewTests-blue-square-day" })
        let middle = blue.canvas[blue.canvas.width / 2, blue.canvas.height / 2]
        #expect(middle.b > 200 && middle.r < 60)
        let night = try #require(
            pictures.first { $0.name == "PreviewTests-counts-systemSmall-1-night" })
        let green = night.canvas[night.canvas.width / 4, night.canvas.height / 4]
        #expect(green.g == 0 && green.b == 0 && green.r > 0)
        let medium = try #require(pictures.first { $0.name == "PreviewTests-2-systemMedium-1-day" })
        #expect(medium.canvas.width > medium.canvas.height)
    }

    @Test("`previews --out` writes every picture; --list names the previews")
    func command() async throws {
        let folder = try TemporaryFolder()
        let out = folder.path("pictures")
        try await PreviewsCommand.parse(["--out", out, "--at", "2026-11-21T12:00"]).run()
        let written = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(written.contains("PreviewTests-counts-systemSmall-4-night.png"))
        #expect(written.contains("PreviewTests-blue-square-day.png"))
        let png = try Data(contentsOf: URL(fileURLWithPath: "\(out)/PreviewTests-4-day.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        await #expect(throws: ValidationError.self) {
            try await PreviewsCommand.parse([]).run()
        }
    }
}
