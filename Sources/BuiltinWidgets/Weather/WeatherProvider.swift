import FoundationEssentials
import SystemSupport
import Vehicle
import Widgets

/// Loads the weather widget's forecast: downloads it from Open-Meteo and keeps a copy on disk,
/// falling back on that copy when the download fails; or reads a local file.
struct WeatherLoader: Sendable {
    /// A forecast, and what went wrong on the way, if anything.
    struct Outcome: Sendable {
        var forecast: OpenMeteoForecast?
        var problem: String?
    }

    let options: WeatherOptions
    /// Downloads a URL within a timeout (``HTTPFetch/data(from:timeout:)``; tests replace it).
    let download: HTTPFetch.Download
    /// Where the car is, for `follow_gps` (the GPS board's position; tests replace it).
    let position: @Sendable () -> (latitude: Double, longitude: Double)?

    init(
        options: WeatherOptions,
        download: @escaping HTTPFetch.Download = HTTPFetch.data,
        position: @escaping @Sendable () -> (latitude: Double, longitude: Double)? = {
            GPSBoard.shared.position
        }
    ) {
        self.options = options
        self.download = download
        self.position = position
    }

    /// The place to forecast: the receiver's position to a tenth of a degree (about 11 km, so
    /// a moving car asks again only when the forecast would differ) with `follow_gps` and a
    /// fix, else the configured one.
    func place(_ latitude: Double, _ longitude: Double) -> (latitude: Double, longitude: Double) {
        guard options.followsGPS, let here = position() else { return (latitude, longitude) }
        return ((here.latitude * 10).rounded() / 10, (here.longitude * 10).rounded() / 10)
    }

    /// The forecast now: downloaded (and cached), else cached, else none; and the problem.
    func load() async -> Outcome {
        switch options.source {
        case .file(let path):
            do {
                return Outcome(forecast: try read(path), problem: nil)
            } catch {
                return Outcome(forecast: nil, problem: "\(error)")
            }
        case .openMeteo(let configuredLatitude, let configuredLongitude, let cache):
            let (latitude, longitude) = place(configuredLatitude, configuredLongitude)
            guard
                let url = WeatherOptions.url(
                    latitude: latitude, longitude: longitude, units: options.units)
            else {
                return Outcome(
                    forecast: nil, problem: "no Open-Meteo URL for \(latitude), \(longitude)")
            }
            let failure: String
            do {
                let data = try await download(url, options.timeout)
                let forecast: OpenMeteoForecast
                do {
                    forecast = try OpenMeteoForecast(json: data)
                } catch {
                    throw WeatherFileError(path: url.host ?? "Open-Meteo", problem: "\(error)")
                }
                return Outcome(forecast: forecast, problem: CacheFile.store(data, at: cache))
            } catch {
                failure = "\(error)"
            }
            do {
                let cached = try read(cache)
                return Outcome(forecast: cached, problem: failure + "; showing the cached forecast")
            } catch let error as WeatherFileError where error.isMissing {
                return Outcome(forecast: nil, problem: failure + "; no cached forecast yet")
            } catch {
                return Outcome(forecast: nil, problem: failure + "; ignoring the cache \(error)")
            }
        }
    }

    /// Reads a forecast file (a regular file of at most ``HTTPFetch/bodyLimit`` bytes, read
    /// without blocking: ``SystemSupport/BoundedFile``).
    private func read(_ path: String) throws -> OpenMeteoForecast {
        let data: [UInt8]
        switch BoundedFile.read(path, limit: HTTPFetch.bodyLimit) {
        case .success(let bytes): data = bytes
        case .failure(let error):
            throw WeatherFileError(
                path: path,
                problem: error.isMissing ? "no such file" : "unreadable (\(error.reason))",
                isMissing: error.isMissing)
        }
        do {
            return try OpenMeteoForecast(json: Data(data))
        } catch {
            throw WeatherFileError(path: path, problem: "\(error)")
        }
    }
}

/// A forecast file or answer that can't be used: where, and why.
struct WeatherFileError: Error, CustomStringConvertible {
    let path: String
    let problem: String
    var isMissing = false

    var description: String { "\(path): \(problem)" }
}

/// The weather widget's provider: a load now, then an entry for now and for each hour of the
/// next day from the hourly forecast, so the widget moves on even if loads keep failing.
struct WeatherProvider: AsyncTimelineProvider {
    let options: WeatherOptions
    let loader: WeatherLoader
    let log: ProblemLog

    /// How soon to try again after a problem: at most 5 minutes.
    static let retryInterval: TimeInterval = 5 * 60

    func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry(
            date: context.date, location: options.location, content: .unavailable(reason: nil))
    }

    func snapshot(in context: Context) async -> WeatherEntry {
        let timeline = await makeTimeline(now: context.date)
        return timeline.entries.first ?? placeholder(in: context)
    }

    func timeline(in context: Context) async throws -> Timeline<WeatherEntry> {
        await makeTimeline(now: context.date)
    }

    private func makeTimeline(now: Date) async -> Timeline<WeatherEntry> {
        let outcome = await loader.load()
        log.update(outcome.problem)
        return Self.timeline(outcome, now: now, options: options)
    }

    /// The timeline of a load's outcome at `now`.
    static func timeline(_ outcome: WeatherLoader.Outcome, now: Date, options: WeatherOptions)
        -> Timeline<WeatherEntry>
    {
        let reload = now.addingTimeInterval(
            outcome.problem == nil ? options.refresh : min(options.refresh, retryInterval))
        guard let forecast = outcome.forecast else {
            let entry = WeatherEntry(
                date: now, location: options.location,
                content: .unavailable(reason: outcome.problem))
            return Timeline(entries: [entry], policy: .after(reload))
        }
        let staleAfter = max(2 * options.refresh, 3600)
        let dayLater = now.addingTimeInterval(24 * 3600)
        let dates = [now] + forecast.hours.map(\.time).filter { $0 > now && $0 <= dayLater }
        let entries = dates.map { date in
            WeatherEntry(
                date: date, location: options.location,
                content: .report(
                    WeatherReport(
                        forecast: forecast, at: date, unit: options.units, staleAfter: staleAfter)))
        }
        return Timeline(entries: entries, policy: .after(reload))
    }
}
