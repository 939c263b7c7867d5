import FoundationEssentials
import SystemSupport

/// Where a calendar's events come from: local files, and a URL kept on disk.
package struct CalendarSources: Sendable, Equatable {
    /// Local `.ics` files, read in this order.
    package var files: [String] = []
    /// An iCalendar subscription, downloaded at each load.
    package var url: URL?
    /// Where the last download of ``url`` is kept.
    package var cache: String?
    /// Seconds a download may take.
    package var timeout: TimeInterval = 8
    /// The zone of floating times and all-day events.
    package var timeZone = TimeZone.current

    package init(
        files: [String] = [], url: URL? = nil, cache: String? = nil, timeout: TimeInterval = 8,
        timeZone: TimeZone = .current
    ) {
        self.files = files
        self.url = url
        self.cache = cache
        self.timeout = timeout
        self.timeZone = timeZone
    }

    /// The URL as messages name it: scheme and host, not the path, which may hold a token.
    package static func name(_ url: URL) -> String {
        "\(url.scheme ?? "https")://\(url.host ?? "")/…"
    }
}

/// Reads a calendar's sources: each local file, and the URL, downloaded and kept on disk,
/// falling back on that copy when the download fails.
package struct CalendarLoader: Sendable {
    /// The calendars read, and what went wrong on the way.
    package struct Outcome: Sendable {
        package var calendars: [ICalendar] = []
        /// Every problem in words, naming the file or URL (and the line, in a file).
        package var problems: [String] = []
        /// Whether a source could not be read at all (a missing file, a failed download).
        package var hasFailedSource = false
        /// When the cached copy shown instead of a failed download was saved.
        package var cachedAt: Date?

        package init(
            calendars: [ICalendar] = [], problems: [String] = [], hasFailedSource: Bool = false,
            cachedAt: Date? = nil
        ) {
            self.calendars = calendars
            self.problems = problems
            self.hasFailedSource = hasFailedSource
            self.cachedAt = cachedAt
        }
    }

    /// Files larger than this are refused, so a wrong path can't fill the memory.
    package static let sizeLimit = 16 << 20

    package let options: CalendarSources
    /// Downloads a URL within a timeout (``HTTPFetch/data(from:timeout:)``; tests replace it).
    package let download: HTTPFetch.Download

    package init(
        options: CalendarSources,
        download: @escaping HTTPFetch.Download = HTTPFetch.data
    ) {
        self.options = options
        self.download = download
    }

    /// Every source read now.
    package func load() async -> Outcome {
        var outcome = Outcome()
        for path in options.files {
            do {
                outcome.add(try parse(try Self.read(path), source: path))
            } catch {
                outcome.fail(error.description)
            }
        }
        if let url = options.url, let cache = options.cache {
            await loadURL(url, cache: cache, into: &outcome)
        }
        return outcome
    }

    /// Downloads the URL and keeps it in the cache; on failure reads the cache.
    private func loadURL(_ url: URL, cache: String, into outcome: inout Outcome) async {
        let failure: String
        do {
            let data = try await download(url, options.timeout)
            guard data.count <= Self.sizeLimit else {
                throw ICalendarProblem(
                    source: CalendarSources.name(url), line: nil, message: Self.tooLarge)
            }
            outcome.add(try parse(data, source: CalendarSources.name(url)))
            if let problem = CacheFile.store(data, at: cache) { outcome.problems.append(problem) }
            return
        } catch {
            failure = "\(error)"
        }
        guard FileManager.default.fileExists(atPath: cache) else {
            outcome.fail(failure + "; no cached calendar yet")
            return
        }
        do {
            outcome.add(try parse(try Self.read(cache), source: cache))
            outcome.cachedAt =
                (try? FileManager.default.attributesOfItem(atPath: cache))?[.modificationDate]
                as? Date
            outcome.fail(failure + "; showing the cached calendar")
        } catch {
            outcome.fail(failure + "; \(error)")
        }
    }

    private func parse(_ data: Data, source: String) throws(ICalendarProblem) -> ICalendar {
        try ICalendar(
            text: String(decoding: data, as: UTF8.self), source: source,
            timeZone: options.timeZone)
    }

    private static let tooLarge = "larger than 16 MiB; expected an iCalendar file"

    /// The bytes of a file, or a problem naming it: a regular file of at most ``sizeLimit``
    /// bytes, read without blocking (``SystemSupport/BoundedFile``).
    private static func read(_ path: String) throws(ICalendarProblem) -> Data {
        switch BoundedFile.read(path, limit: sizeLimit) {
        case .success(let bytes): return Data(bytes)
        case .failure(let error):
            let message: String
            switch error.problem {
            case .tooLarge: message = tooLarge
            case _ where error.isMissing: message = "no such file"
            default: message = "unreadable (\(error.reason))"
            }
            throw ICalendarProblem(source: path, line: nil, message: message)
        }
    }
}

extension CalendarLoader.Outcome {
    /// Adds a calendar read, with its problems.
    fileprivate mutating func add(_ calendar: ICalendar) {
        calendars.append(calendar)
        problems += calendar.problems.map(\.description)
    }

    /// Records a source that could not be read.
    fileprivate mutating func fail(_ problem: String) {
        problems.append(problem)
        hasFailedSource = true
    }
}
