import Ambient
import Display
import Foundation
import NightstandTesting
import Raster
import Standby
import Testing
import Widgets

@testable import BuiltinWidgets

/// The repository's root, from this file's path.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// One picture of the widget catalogue: `docs/widgets/<name>.png`.
struct CataloguePicture: CustomTestStringConvertible, Sendable {
    /// The file name without `.png`.
    var name: String
    /// The widget kind.
    var kind: String
    /// The `[[widget]]` table's options, as TOML lines.
    var options = ""
    /// The instant shown, as `nightstand snapshot --at` reads it (local time unless it has an
    /// offset).
    var at = "2026-11-21T09:41:00"
    var appearance = Ambient.Appearance.day
    /// The light level a sensor reads, for the `light` widget.
    var lux: Double?

    init(
        _ name: String, kind: String? = nil, options: String = "",
        at: String = "2026-11-21T09:41:00", appearance: Ambient.Appearance = .day,
        lux: Double? = nil
    ) {
        self.name = name
        self.kind = kind ?? name
        self.options = options
        self.at = at
        self.appearance = appearance
        self.lux = lux
    }

    var testDescription: String { name }
}

/// The pictures of docs/widgets.md and the README's widget table: every built-in widget in
/// the small family at StandBy's scale (as on the default 800x480 display), by day, and the
/// clock at night, drawn by the host from fixtures: the weather from the Berlin forecast
/// file, the system widget from a fake board, the command widget from a JSON file.
///
/// They are goldens kept in docs/widgets: `scripts/docs-pictures` records them
/// (`NIGHTSTAND_RECORD_GOLDENS=1 swift test --filter CatalogueTests`), and this suite fails
/// when a widget no longer looks like its picture. Tolerance 2 per channel, as for the
/// default display's goldens (text across FreeType builds).
@Suite("Catalogue pictures")
struct CatalogueTests {
    /// Every picture.
    ///
    /// A new built-in widget adds its line here (and to docs/widgets.md and the README's
    /// table).
    static let pictures: [CataloguePicture] = [
        CataloguePicture("clock"),
        CataloguePicture("clock-analog", kind: "clock", options: #"style = "analog""#),
        CataloguePicture(
            "clock-night", kind: "clock", at: "2026-11-21T23:30:00", appearance: .night),
        CataloguePicture("date"),
        CataloguePicture(
            "calendar", options: #"files = ["\#(fixture("calendar-berlin.ics"))"]"#,
            at: "2026-01-15T08:30:00+01:00"),
        CataloguePicture(
            "calendar-events", kind: "calendar",
            options: """
                files = ["\(fixture("calendar-berlin.ics"))"]
                style = "events"
                """, at: "2026-01-15T08:30:00+01:00"),
        CataloguePicture(
            "weather",
            options: """
                file = "\(fixture("open-meteo-berlin.json"))"
                location = "Berlin"
                """, at: "2026-01-15T14:10:00+01:00"),
        CataloguePicture("system"),
        CataloguePicture(
            "countdown",
            options: """
                target = "2026-12-24T18:00"
                title = "Christmas Eve"
                """),
        CataloguePicture("command", options: #"file = "\#(fixture("greenhouse.json"))""#),
        CataloguePicture("light", lux: 250),
    ]

    /// The picture's size: one slot as wide as each of the default display's two, with a
    /// 12-pixel margin.
    static let size = PixelSize(width: 388, height: 388)

    @Test("each picture in docs/widgets is what the widget draws", arguments: pictures)
    func picture(_ picture: CataloguePicture) async throws {
        let configuration = try Configuration.parse(
            """
            [ambient]
            sensor = "none"
            [layout]
            margin = 12
            burn_in_shift = 0
            [[widget]]
            kind = "\(picture.kind)"
            \(picture.options)
            [[slot]]
            widgets = ["\(picture.kind)"]
            """, file: "\(picture.name).toml")
        var registry = WidgetRegistry(BuiltinWidgets.all)
        let board = try FakeBoard()
        registry.add(
            ConfigurableWidget(kind: "system") { _ in
                SystemWidget.descriptor(reader: board.reader(), refresh: 60)
            })
        let start = try #require(DateTimeText.parse(picture.at))
        let host = try testHost(
            configuration, registry: registry,
            sink: memorySink(width: Self.size.width, height: Self.size.height),
            clock: SimulatedClock(start: start), fonts: try FontDatabase())
        if let lux = picture.lux {
            host.setAppearance(
                picture.appearance, source: .sensor(lux: lux), sensorName: "bh1750")
        } else {
            host.setAppearance(picture.appearance)
        }
        host.drawSettledFrame()
        assertGolden(
            host.screen,
            at: GoldenLocation(package: root, path: "docs/widgets/\(picture.name).png"),
            tolerance: 2)
    }
}
