import FoundationEssentials
import SystemSupport

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
    /// Sends a request within a timeout (``HTTPFetch/send(_:timeout:)``; tests replace it).
    package let send: HTTPFetch.Send

    package init(options: CalendarSources, send: @escaping HTTPFetch.Send = HTTPFetch.send) {
        self.options = options
        self.send = send
    }

    /// Every source read now, the URL's events for the days from `now` on.
    package func load(now: Date = Date()) async -> Outcome {
        var outcome = Outcome()
        for path in options.files {
            do {
                outcome.add(try parse(try Self.read(path), source: path))
            } catch {
                outcome.fail(error.description)
            }
        }
        if let url = options.url, let cache = options.cache {
            await loadURL(url, cache: cache, now: now, into: &outcome)
        }
        return outcome
    }

    /// Fetches the URL (``CalendarRemote``) and keeps it in the cache, with the state that
    /// tells next time whether it changed; reads the cache when it is unchanged, and on
    /// failure.
    private func loadURL(_ url: URL, cache: String, now: Date, into outcome: inout Outcome) async {
        let failure: String
        let statePath = cache + ".state"
        do {
            let remote = CalendarRemote(
                url: url, credentials: try options.credentials(), timeout: options.timeout,
                send: send)
            let known =
                FileManager.default.fileExists(atPath: cache)
                ? (try? Self.read(statePath)).flatMap {
                    RemoteState(text: String(decoding: $0, as: UTF8.self))
                } : nil
            let fetched = try await remote.fetch(
                from: now.addingTimeInterval(-86_400),
                to: now.addingTimeInterval(TimeInterval(options.days + 1) * 86_400), state: known)
            switch fetched {
            case .unchanged:
                outcome.add(try parse(try Self.read(cache), source: cache))
            case .calendar(let data, let state):
                guard data.count <= Self.sizeLimit else {
                    throw ICalendarProblem(
                        source: CalendarSources.name(url), line: nil, message: Self.tooLarge)
                }
                outcome.add(try parse(data, source: CalendarSources.name(url)))
                if let problem = CacheFile.store(data, at: cache) {
                    outcome.problems.append(problem)
                } else if let problem = CacheFile.store(Data(state.text.utf8), at: statePath) {
                    outcome.problems.append(problem)
                }
            }
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
