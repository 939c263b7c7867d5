import Foundation
import NightstandTesting
import Synchronization
import SystemSupport
import Testing
import Widgets

@testable import BuiltinWidgets

/// The weather widget's model: reading Open-Meteo JSON, WMO codes, reports at an instant,
/// options, the download with its disk cache, and the timeline.
@Suite("Weather")
struct WeatherTests {
    private let afternoon = berlin(2026, 1, 15, 14, 10)

    private func berlinForecast() throws -> OpenMeteoForecast {
        try OpenMeteoForecast(
            json: Data(contentsOf: URL(fileURLWithPath: fixture("open-meteo-berlin.json"))))
    }

    /// A forecast document with `current` and optional extra top-level fields.
    private func document(current: String, extra: String = "") -> Data {
        Data(#"{"utc_offset_seconds": 3600, "current": \#(current)\#(extra)}"#.utf8)
    }

    private func formatError(_ json: Data) -> ForecastFormatError? {
        do {
            _ = try OpenMeteoForecast(json: json)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reading the JSON

    @Test("the fixture reads: current conditions, 48 hours, 7 days, °C, Berlin's zone")
    func readsFixture() throws {
        let forecast = try berlinForecast()
        #expect(forecast.current.time == berlin(2026, 1, 15, 14))
        #expect(forecast.current.temperature == 4.6)
        #expect(forecast.current.code == 2 && forecast.current.isDay)
        #expect(forecast.hours.count == 48 && forecast.days.count == 7)
        #expect(forecast.hours[17].time == berlin(2026, 1, 15, 17) && !forecast.hours[17].isDay)
        #expect(forecast.days[1].start == berlin(2026, 1, 16))
        #expect(forecast.days[1].high == 3.0 && forecast.days[1].low == -6.0)
        #expect(forecast.unit == .celsius)
        #expect(forecast.timeZone.identifier == "Europe/Berlin")
    }

    @Test("a missing field, a wrong type or a bad time names the field and what was expected")
    func formatErrors() {
        let missing = formatError(
            document(current: #"{"time": "2026-01-15T14:00", "weather_code": 2}"#))
        #expect(missing?.description == "current.temperature_2m: missing; expected a value")
        let wrongType = formatError(
            document(
                current:
                    #"{"time": "2026-01-15T14:00", "temperature_2m": "warm", "weather_code": 2}"#))
        #expect(wrongType?.description == "current.temperature_2m: expected a number")
        let badTime = formatError(
            document(current: #"{"time": "yesterday", "temperature_2m": 3, "weather_code": 2}"#))
        #expect(
            badTime?.description
                == "current.time: expected a local time such as \"2026-01-15T14:00\", found \"yesterday\""
        )
        let noCurrent = formatError(Data(#"{"hourly": {}}"#.utf8))
        #expect(noCurrent?.description == "current: missing; expected a value")
        #expect(
            formatError(Data("<html>".utf8))?.description
                == "not JSON; expected an Open-Meteo forecast object")
        let badUnit = formatError(
            document(
                current: #"{"time": "2026-01-15T14:00", "temperature_2m": 3, "weather_code": 2}"#,
                extra: #", "current_units": {"temperature_2m": "K"}"#))
        #expect(
            badUnit?.description
                == "current_units.temperature_2m: expected \"°C\" or \"°F\", found \"K\"")
    }

    @Test("hourly columns must have a value per time; null values leave their hour out")
    func hourlyColumns() throws {
        let current = #"{"time": "2026-01-15T14:00", "temperature_2m": 3, "weather_code": 2}"#
        let short = formatError(
            document(
                current: current,
                extra:
                    #", "hourly": {"time": ["2026-01-15T14:00", "2026-01-15T15:00"], "temperature_2m": [1]}"#
            ))
        #expect(
            short?.description == "hourly.temperature_2m: expected 2 values, one per time, found 1")
        let withNull = try OpenMeteoForecast(
            json: document(
                current: current,
                extra: #", "hourly": {"time": ["2026-01-15T14:00", "2026-01-15T15:00"], "#
                    + #""temperature_2m": [1, null], "weather_code": [3, 3]}"#))
        #expect(withNull.hours.map(\.temperature) == [1])
        #expect(withNull.timeZone.secondsFromGMT() == 3600)
    }

    @Test("WMO codes map to symbols the symbol table has, by day and night")
    func conditions() {
        #expect(WeatherCondition(code: 0).symbol(isDay: true) == "sun.max.fill")
        #expect(WeatherCondition(code: 0).symbol(isDay: false) == "moon.stars.fill")
        #expect(WeatherCondition(code: 2).text == "Partly Cloudy")
        #expect(WeatherCondition(code: 45).symbol(isDay: true) == "cloud.fog.fill")
        #expect(WeatherCondition(code: 53).symbol(isDay: true) == "cloud.drizzle.fill")
        #expect(WeatherCondition(code: 65).symbol(isDay: true) == "cloud.heavyrain.fill")
        #expect(WeatherCondition(code: 75).text == "Heavy Snow")
        #expect(WeatherCondition(code: 99).symbol(isDay: false) == "cloud.bolt.rain.fill")
        #expect(WeatherCondition(code: 42).text == "Unknown")
    }

    // MARK: Reports

    @Test("while the observation is fresh the report shows it, with today's range and what comes")
    func freshReport() throws {
        let report = WeatherReport(
            forecast: try berlinForecast(), at: afternoon, unit: .celsius, staleAfter: 3600)
        #expect(report.temperature == 4.6 && report.condition.text == "Partly Cloudy")
        #expect(report.high == 5.5 && report.low == -3.5)
        #expect(report.hours.map(\.time) == (15...19).map { berlin(2026, 1, 15, $0) })
        #expect(report.days.first?.start == berlin(2026, 1, 15) && report.days.count == 5)
        #expect(!report.isStale)
    }

    @Test("hours later the report moves on through the hourly forecast and is stale")
    func staleReport() throws {
        let evening = berlin(2026, 1, 15, 17, 40)
        let forecast = try berlinForecast()
        let report = WeatherReport(
            forecast: forecast, at: evening, unit: .celsius, staleAfter: 3600)
        #expect(report.temperature == forecast.hours[17].temperature)
        #expect(!report.isDay && report.isStale)
        #expect(report.observed == berlin(2026, 1, 15, 14))
    }

    @Test("temperatures convert to the unit asked for")
    func units() throws {
        let report = WeatherReport(
            forecast: try berlinForecast(), at: afternoon, unit: .fahrenheit, staleAfter: 3600)
        #expect(abs(report.temperature - 40.28) < 1e-9)
        #expect(TemperatureUnit.celsius.convert(212, from: .fahrenheit) == 100)
        #expect(WeatherText.degrees(-0.4) == "0°" && WeatherText.degrees(21.5) == "22°")
    }

    // MARK: Options

    private func optionError(_ values: [String: WidgetOptions.Value]) -> WidgetOptionError? {
        do {
            _ = try WeatherOptions(WidgetOptions(values), environment: [:])
            return nil
        } catch {
            return error as? WidgetOptionError
        }
    }

    @Test("bad options name their key and what was expected")
    func badOptions() {
        #expect(optionError(["latitude": .double(91), "longitude": .int(13)])?.key == "latitude")
        #expect(
            optionError(["latitude": .double(91), "longitude": .int(13)])?.expected
                == "a latitude in degrees from -90 to 90 (or a `file`)")
        #expect(optionError(["latitude": .double(52.5)])?.key == "longitude")
        #expect(
            optionError(["latitude": .int(52), "longitude": .double(-181)])?.key == "longitude")
        #expect(optionError([:])?.key == "latitude")
        #expect(
            optionError(["latitude": .string("north"), "longitude": .int(1)])?.key == "latitude")
        #expect(optionError(["file": .string("/f.json"), "latitude": .int(1)])?.key == "latitude")
        #expect(
            optionError(["file": .string("/f.json"), "units": .string("kelvin")])?.key == "units")
        #expect(
            optionError(["file": .string("/f.json"), "refresh": .string("soon")])?.key == "refresh")
        #expect(optionError(["file": .string("/f.json"), "lat": .int(1)])?.key == "lat")
    }

    @Test(
        "defaults: celsius, 30 min refresh, 8 s timeout, the cache under XDG_CACHE_HOME or ~/.cache"
    )
    func defaults() throws {
        let values: [String: WidgetOptions.Value] = [
            "latitude": .double(52.52), "longitude": .double(13.41),
        ]
        let xdg = try WeatherOptions(
            WidgetOptions(values), environment: ["XDG_CACHE_HOME": "/var/cache/x"])
        #expect(xdg.units == .celsius && xdg.refresh == 1800 && xdg.timeout == 8)
        #expect(
            xdg.source
                == .openMeteo(
                    latitude: 52.52, longitude: 13.41,
                    cache: "/var/cache/x/nightstand/weather-52.52,13.41.json"))
        let home = try WeatherOptions(WidgetOptions(values), environment: ["HOME": "/home/pi"])
        #expect(
            home.source
                == .openMeteo(
                    latitude: 52.52, longitude: 13.41,
                    cache: "/home/pi/.cache/nightstand/weather-52.52,13.41.json"))
    }

    @Test("the request asks Open-Meteo for current, hourly and daily fields in the unit")
    func requestURL() throws {
        let url = try #require(
            WeatherOptions.url(latitude: 52.52, longitude: -0.1, units: .fahrenheit))
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(url.host == "api.open-meteo.com" && url.path == "/v1/forecast")
        #expect(query["latitude"] == "52.52" && query["longitude"] == "-0.1")
        #expect(query["current"] == "temperature_2m,weather_code,is_day")
        #expect(query["daily"] == "weather_code,temperature_2m_max,temperature_2m_min")
        #expect(query["timezone"] == "auto" && query["temperature_unit"] == "fahrenheit")
    }

    // MARK: Loading and the cache

    /// Options for Berlin with the cache in a fresh directory.
    private func networkOptions() throws -> WeatherOptions {
        try WeatherOptions(
            WidgetOptions([
                "latitude": .double(52.52), "longitude": .double(13.41),
                "cache": .string(try temporaryDirectory() + "/sub/weather.json"),
            ]), environment: [:])
    }

    private func cachePath(_ options: WeatherOptions) -> String {
        if case .openMeteo(_, _, let cache) = options.source { return cache }
        return ""
    }

    @Test("a download is shown and cached; offline, the cache is shown with its age")
    func cacheFallback() async throws {
        let options = try networkOptions()
        let fixtureData = try Data(
            contentsOf: URL(fileURLWithPath: fixture("open-meteo-berlin.json")))
        let online = WeatherLoader(options: options) { _, _ in fixtureData }
        let fresh = await online.load()
        #expect(fresh.problem == nil && fresh.forecast?.current.temperature == 4.6)
        #expect(FileManager.default.contents(atPath: cachePath(options)) == fixtureData)

        let offline = WeatherLoader(options: options) { url, timeout in
            throw FetchError.timedOut(host: url.host ?? "", seconds: timeout)
        }
        let cached = await offline.load()
        #expect(cached.forecast == fresh.forecast)
        #expect(
            cached.problem
                == "api.open-meteo.com did not answer within 8 s; showing the cached forecast")

        let evening = berlin(2026, 1, 15, 17, 40)
        let timeline = WeatherProvider.timeline(cached, now: evening, options: options)
        guard case .report(let report) = timeline.entries.first?.content else {
            Issue.record("expected a report")
            return
        }
        #expect(report.isStale && report.observed == berlin(2026, 1, 15, 14))
        #expect(timeline.policy == .after(evening.addingTimeInterval(5 * 60)), "retries soon")
    }

    @Test("follow_gps: the forecast is for the receiver's position, to a tenth of a degree")
    func followsGPS() async throws {
        let options = try WeatherOptions(
            WidgetOptions([
                "latitude": .double(52.52), "longitude": .double(13.41),
                "follow_gps": .bool(true),
                "cache": .string(try temporaryDirectory() + "/gps/weather.json"),
            ]), environment: [:])
        #expect(options.followsGPS)
        let fixtureData = try Data(
            contentsOf: URL(fileURLWithPath: fixture("open-meteo-berlin.json")))
        let asked = Mutex<[String]>([])
        func loader(at position: (latitude: Double, longitude: Double)?) -> WeatherLoader {
            WeatherLoader(
                options: options,
                download: { url, _ in
                    asked.withLock { $0.append(url.query ?? "") }
                    return fixtureData
                }, position: { position })
        }
        _ = await loader(at: (48.1372, 11.5756)).load()
        _ = await loader(at: nil).load()
        let queries = asked.withLock { $0 }
        #expect(queries.count == 2)
        #expect(queries.first?.hasPrefix("latitude=48.1&longitude=11.6&") == true)
        #expect(queries.last?.hasPrefix("latitude=52.52&longitude=13.41&") == true, "no fix")
        #expect(throws: WidgetOptionError.self) {
            try WeatherOptions(
                WidgetOptions(["file": .string("/tmp/w.json"), "follow_gps": .bool(true)]),
                environment: [:])
        }
    }

    @Test("offline with no cache: no forecast, and the reason")
    func noData() async throws {
        let options = try networkOptions()
        let offline = WeatherLoader(options: options) { url, _ in
            throw FetchError.transport(host: url.host ?? "", reason: "Network is unreachable")
        }
        let outcome = await offline.load()
        #expect(outcome.forecast == nil)
        #expect(
            outcome.problem
                == "could not reach api.open-meteo.com: Network is unreachable; no cached forecast yet"
        )
        let entry = WeatherProvider.timeline(outcome, now: afternoon, options: options).entries
        #expect(entry.map(\.content) == [.unavailable(reason: outcome.problem)])
    }

    @Test("an answer that is not a forecast falls back on the cache and says what was wrong")
    func badAnswer() async throws {
        let options = try networkOptions()
        let fixtureData = try Data(
            contentsOf: URL(fileURLWithPath: fixture("open-meteo-berlin.json")))
        _ = await WeatherLoader(options: options) { _, _ in fixtureData }.load()
        let outcome = await WeatherLoader(options: options) { _, _ in Data("{}".utf8) }.load()
        #expect(outcome.forecast?.current.temperature == 4.6)
        #expect(
            outcome.problem
                == "api.open-meteo.com: current: missing; expected a value; showing the cached forecast"
        )
    }

    @Test(
        "a temperature or weather code out of range names the field and its range",
        arguments: [
            (
                #"{"time": "2026-01-15T14:00", "temperature_2m": 1e300, "weather_code": 2}"#, "",
                "current.temperature_2m: expected a temperature from -150 to 150, found 1e+300"
            ),
            (
                #"{"time": "2026-01-15T14:00", "temperature_2m": 3, "weather_code": 123456789}"#,
                "",
                "current.weather_code: expected a WMO weather code from 0 to 99, found 123456789"
            ),
            (
                #"{"time": "2026-01-15T14:00", "temperature_2m": 3, "weather_code": 2}"#,
                #", "hourly": {"time": ["2026-01-15T15:00"], "temperature_2m": [-1e200], "#
                    + #""weather_code": [1]}"#,
                "hourly.temperature_2m[0]: expected a temperature from -150 to 150, found -1e+200"
            ),
            (
                #"{"time": "2026-01-15T14:00", "temperature_2m": 3, "weather_code": 2}"#,
                #", "daily": {"time": ["2026-01-15"], "weather_code": [1], "#
                    + #""temperature_2m_max": [4], "temperature_2m_min": [-400]}"#,
                "daily.temperature_2m_min[0]: expected a temperature from -150 to 150, found -400"
            ),
        ])
    func valuesOutOfRange(current: String, extra: String, message: String) {
        #expect(formatError(document(current: current, extra: extra))?.description == message)
    }

    @Test("a forecast with a value out of range is not cached, and a poisoned cache is ignored")
    func poisonedCache() async throws {
        let options = try networkOptions()
        let poisoned = document(
            current: #"{"time": "2026-01-15T14:00", "temperature_2m": 1e300, "weather_code": 2}"#)
        // A download that does not validate keeps the cache as it was (here: none).
        let answer = await WeatherLoader(options: options) { _, _ in poisoned }.load()
        #expect(answer.forecast == nil)
        #expect(!FileManager.default.fileExists(atPath: cachePath(options)))
        // A cache written by an older version, or by hand: read, refused, said.
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: cachePath(options)).deletingLastPathComponent(),
            withIntermediateDirectories: true)
        try poisoned.write(to: URL(fileURLWithPath: cachePath(options)))
        let offline = await WeatherLoader(options: options) { url, _ in
            throw FetchError.transport(host: url.host ?? "", reason: "Network is unreachable")
        }.load()
        #expect(offline.forecast == nil)
        #expect(
            offline.problem
                == "could not reach api.open-meteo.com: Network is unreachable; ignoring the "
                + "cache \(cachePath(options)): current.temperature_2m: expected a temperature from "
                + "-150 to 150, found 1e+300")
    }

    @Test("a file source is read as it is; a missing one says so")
    func fileSource() async throws {
        let good = try WeatherOptions(
            WidgetOptions(["file": .string(fixture("open-meteo-berlin.json"))]), environment: [:])
        #expect(await WeatherLoader(options: good).load().forecast?.days.count == 7)
        let missing = try WeatherOptions(
            WidgetOptions(["file": .string("/nonexistent/weather.json")]), environment: [:])
        let outcome = await WeatherLoader(options: missing).load()
        #expect(
            outcome.forecast == nil && outcome.problem == "/nonexistent/weather.json: no such file")
    }

    @Test(
        "a timeline has an entry now and one per forecast hour of the next day, reloading after refresh"
    )
    func timeline() throws {
        let options = try WeatherOptions(
            WidgetOptions([
                "file": .string(fixture("open-meteo-berlin.json")), "refresh": .string("15m"),
            ]),
            environment: [:])
        let outcome = WeatherLoader.Outcome(forecast: try berlinForecast(), problem: nil)
        let timeline = WeatherProvider.timeline(outcome, now: afternoon, options: options)
        #expect(timeline.entries.first?.date == afternoon)
        #expect(timeline.entries.dropFirst().first?.date == berlin(2026, 1, 15, 15))
        #expect(timeline.entries.last?.date == berlin(2026, 1, 16, 14))
        #expect(timeline.policy == .after(afternoon.addingTimeInterval(15 * 60)))
    }

    @Test("problems are logged once per change, and the recovery once")
    func logsOncePerChange() async throws {
        let options = try networkOptions()
        let recorder = LogRecorder()
        let log = ProblemLog(subject: "weather widget (52.52, 13.41)", logger: recorder.logger)
        let failing = WeatherProvider(
            options: options,
            loader: WeatherLoader(options: options) { url, timeout in
                throw FetchError.timedOut(host: url.host ?? "", seconds: timeout)
            }, log: log)
        let context = TimelineProviderContext(family: .systemSmall, date: afternoon)
        _ = try await failing.timeline(in: context)
        _ = try await failing.timeline(in: context)
        let fixtureData = try Data(
            contentsOf: URL(fileURLWithPath: fixture("open-meteo-berlin.json")))
        let working = WeatherProvider(
            options: options, loader: WeatherLoader(options: options) { _, _ in fixtureData },
            log: log)
        _ = try await working.timeline(in: context)
        #expect(
            recorder.messages == [
                "warning: weather widget (52.52, 13.41): api.open-meteo.com did not answer within "
                    + "8 s; no cached forecast yet",
                "notice: weather widget (52.52, 13.41): working again",
            ])
    }
}
