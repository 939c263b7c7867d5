import FoundationEssentials
import Glibc
import WidgetUI
import Widgets

@testable import Ambient
@testable import BuiltinWidgets
@testable import Calendars
@testable import NightstandProgram
@testable import Raster
@testable import Standby
@testable import SystemSupport

/// A parser of outside input, and what the program does next with what it reads.
enum FuzzTarget: String, CaseIterable {
    /// A configuration file: `Configuration.parse` (every section and its ranges), then what
    /// `check-config` and `run` check (every widget made from its options, the layout).
    case config
    /// An iCalendar file: read, expanded into a timeline of 14 days, drawn.
    case ics
    /// An Open-Meteo forecast: read, turned into a timeline and a report, drawn.
    case weather
    /// A command widget's JSON: read and drawn.
    case command
    /// A PNG file: decoded and drawn.
    case png
    /// A photo (JPEG or PNG): decoded for a small screen, filled and fitted, as the photos view
    /// does.
    case photo
    /// A light sensor's file or command output: read as lux, smoothed by the policy, shown.
    case lux

    /// Runs one input through the target.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .config: Self.config(bytes)
        case .ics: Self.ics(bytes)
        case .weather: Self.weather(bytes)
        case .command: Self.command(bytes)
        case .png: Self.png(bytes)
        case .photo: Self.photo(bytes)
        case .lux: Self.lux(bytes)
        }
    }

    private static func config(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let configuration = try? Configuration.parse(text, file: "fuzz.toml") else { return }
        _ = try? configuration.check(registry: WidgetKinds.registry)
    }

    private static func ics(_ bytes: [UInt8]) {
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        guard
            let calendar = try? ICalendar(
                text: String(decoding: bytes, as: UTF8.self), source: "fuzz.ics", timeZone: zone),
            let options = try? CalendarOptions(
                WidgetOptions(["files": .array([.string("fuzz.ics")]), "style": .string("events")]),
                environment: [:])
        else { return }
        let outcome = CalendarLoader.Outcome(calendars: [calendar])
        let (timeline, _) = CalendarProvider.timeline(outcome, now: now, options: options)
        let descriptor = CalendarWidget.descriptor(
            options: options,
            loader: CalendarLoader(options: options.sources) { _, _ in
                HTTPResponse(status: 200, body: Data())
            })
        for entry in timeline.entries.prefix(2) { draw(descriptor, entry, .systemSmall) }
    }

    private static func weather(_ bytes: [UInt8]) {
        guard let forecast = try? OpenMeteoForecast(json: Data(bytes)),
            let options = try? WeatherOptions(
                WidgetOptions(["file": .string("fuzz.json")]), environment: [:])
        else { return }
        let timeline = WeatherProvider.timeline(
            WeatherLoader.Outcome(forecast: forecast), now: forecast.current.time, options: options)
        let descriptor = WeatherWidget.descriptor(
            options: options,
            loader: WeatherLoader(options: options) { _, _ in Data() })
        for entry in timeline.entries.prefix(2) { draw(descriptor, entry, .systemMedium) }
    }

    private static func command(_ bytes: [UInt8]) {
        guard let output = try? CommandOutput(json: Data(bytes)) else { return }
        let descriptor = CommandWidget.descriptor(
            source: .file("fuzz.json"), refresh: 60, timeout: 5)
        let entry = CommandEntry(date: now, content: .output(output))
        draw(descriptor, entry, .systemSmall)
        draw(descriptor, entry, .accessoryCircular)
    }

    private static func png(_ bytes: [UInt8]) {
        guard let bitmap = try? PNGDecoder.decode(data: bytes) else { return }
        let canvas = Raster.Canvas(width: 64, height: 64)
        canvas.draw(bitmap, in: Rect(x: 0, y: 0, width: 64, height: 64), mode: .fit)
    }

    private static func photo(_ bytes: [UInt8]) {
        // The decoder reads a file: the input goes into one unlinked file, rewritten each time.
        guard let fd = photoFile, ftruncate(fd, 0) == 0 else { return }
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        guard written == bytes.count else { return }
        for mode in [ContentMode.fill, .fit] {
            _ = try? PhotoDecoder.decode(
                fileDescriptor: fd, name: "fuzz.jpg", screen: PixelSize(width: 64, height: 48),
                mode: mode)
        }
    }

    /// The file ``photo(_:)`` writes each input to, unlinked at once.
    private static let photoFile: Int32? = {
        let path = NSTemporaryDirectory() + "/nightstand-fuzz-photo-\(getpid())"
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        unlink(path)
        return fd >= 0 ? fd : nil
    }()

    private static func lux(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? LuxText.number(text, source: "fuzz")
        guard let lux = try? LuxText.firstLux(in: text, source: "fuzz") else { return }
        _ = LightText.lux(lux)
        _ = LightText.compactLux(lux)
        guard let ambient else { return }
        var policy = AmbientPolicy(configuration: ambient)
        for step in 0..<3 {
            _ = policy.update(at: now.addingTimeInterval(Double(step)), reading: .success(lux))
        }
    }

    /// The instant every timeline starts at.
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The `[ambient]` settings of a board with a light sensor and a median.
    private static let ambient = try? Configuration.parse(
        "[ambient]\nsensor_file = \"/run/lux\"\nsmoothing = \"median 10s\"\n", file: "fuzz.toml"
    ).ambient

    /// The fonts every drawing uses, loaded once.
    nonisolated(unsafe) private static let fonts = try? FontDatabase()

    /// Draws an entry as the host does, at scale 1.
    private static func draw(
        _ descriptor: WidgetDescriptor, _ entry: any TimelineEntry, _ family: WidgetFamily
    ) {
        let canvas = Raster.Canvas(width: Int(family.size.width), height: Int(family.size.height))
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "en_US")
        environment.imageCache = ImageCache()
        _ = descriptor.render(
            entry: entry, family: family, environment: environment, fonts: fonts, now: now,
            on: canvas, scale: 1)
    }
}
