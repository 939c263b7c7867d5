import Foundation
import NightstandTesting
import SystemSupport
import Testing
import Widgets

@testable import BuiltinWidgets
@testable import Calendars
@testable import WidgetUI

/// The calendar widget around the reader: options, loading files and the URL with its disk
/// cache, the timeline, the days marked, and the words for when events are.
@Suite("Calendar")
struct CalendarTests {
    private let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    /// 08:30 on Thursday 15 January 2026 in Berlin.
    private let now = berlin(2026, 1, 15, 8, 30)

    private func options(
        _ values: [String: WidgetOptions.Value], environment: [String: String] = [:]
    )
        throws -> CalendarOptions
    {
        var values = values
        values["time_zone"] = values["time_zone"] ?? .string("Europe/Berlin")
        return try CalendarOptions(WidgetOptions(values), environment: environment)
    }

    private func optionError(_ values: [String: WidgetOptions.Value]) -> String? {
        do {
            _ = try options(values)
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: Options

    @Test(
        "defaults: no sources, 14 days, 15 min refresh, 8 s timeout, the month, the locale's week")
    func defaults() throws {
        let options = try CalendarOptions(WidgetOptions(), environment: [:])
        #expect(!options.hasSources && options.days == 14 && options.refresh == 900)
        #expect(options.timeout == 8 && options.style == .month && options.firstWeekday == nil)
        #expect(options.timeZone == .current)
    }

    @Test("a webcal URL is read as https, cached under XDG_CACHE_HOME by a hash of the URL")
    func urlAndCache() throws {
        let options = try options(
            ["url": .string("webcal://example.com/private-token/basic.ics")],
            environment: ["XDG_CACHE_HOME": "/var/cache/x"])
        #expect(options.url?.absoluteString == "https://example.com/private-token/basic.ics")
        #expect(options.cache == "/var/cache/x/nightstand/calendar-32905b49a83833bd.ics")
        let url = try #require(options.url)
        #expect(CalendarSources.name(url) == "https://example.com/…")
        let weekdays = try self.options(
            ["first_weekday": .string("saturday"), "style": .string("events"), "days": .int(30)])
        #expect(weekdays.firstWeekday == 7 && weekdays.style == .events && weekdays.days == 30)
    }

    @Test("bad options name their key and what was expected")
    func badOptions() {
        #expect(
            optionError(["files": .string("a.ics")])
                == "files: expected an array of paths of .ics files, such as "
                + "[\"/home/pi/family.ics\"], found \"a.ics\"")
        #expect(optionError(["files": .array([.int(1)])])?.hasPrefix("files: expected") == true)
        #expect(
            optionError(["url": .string("ftp://example.com/a.ics")])
                == "url: expected an http, https or webcal URL, found \"ftp://example.com/a.ics\"")
        #expect(
            optionError(["cache": .string("/tmp/c.ics")])
                == "cache: expected no cache without a url (files are read as they are), "
                + "found \"/tmp/c.ics\"")
        #expect(
            optionError(["days": .int(0)])
                == "days: expected a number of days from 1 to 366, found 0")
        #expect(
            optionError(["days": .string("two weeks")])
                == "days: expected an integer, found \"two weeks\"")
        #expect(
            optionError(["style": .string("week")])
                == "style: expected one of \"month\", \"events\", found \"week\"")
        #expect(
            optionError(["first_weekday": .string("mon")])?.hasPrefix(
                "first_weekday: expected one of \"sunday\"") == true)
        #expect(optionError(["refresh": .string("soon")])?.hasPrefix("refresh: expected") == true)
        #expect(
            optionError(["time_zone": .string("Mars/Base")])?.hasPrefix("time_zone: expected")
                == true)
        #expect(
            optionError(["file": .string("a.ics")])?.hasPrefix("file: expected one of the options")
                == true)
    }

    // MARK: Loading

    @Test("a missing file: no calendar, and a reason naming the file, logged once")
    func missingFile() async throws {
        let path = try temporaryDirectory() + "/missing.ics"
        let recorder = LogRecorder()
        let options = try options(["files": .array([.string(path)])])
        let descriptor = CalendarWidget.descriptor(
            options: options, loader: CalendarLoader(options: options.sources),
            log: ProblemLog(subject: "calendar widget (\(path))", logger: recorder.logger))
        for _ in 0..<2 {
            let entry = try await firstEntry(descriptor, now: now) as? CalendarEntry
            #expect(entry?.content == .unavailable(reason: "\(path): no such file"))
        }
        #expect(recorder.messages == ["warning: calendar widget (\(path)): \(path): no such file"])
    }

    @Test("one file missing of two: the other's events show, with the problem noted")
    func oneOfTwo() async throws {
        let missing = try temporaryDirectory() + "/missing.ics"
        let options = try options([
            "files": .array([.string(missing), .string(fixture("calendar-berlin.ics"))])
        ])
        let outcome = await CalendarLoader(options: options.sources).load()
        #expect(outcome.calendars.count == 1 && outcome.hasFailedSource)
        let (timeline, problems) = CalendarProvider.timeline(outcome, now: now, options: options)
        #expect(problems == ["\(missing): no such file"])
        guard case .agenda(let agenda) = timeline.entries.first?.content else {
            Issue.record("expected an agenda")
            return
        }
        #expect(agenda.hasProblems && agenda.upcoming(at: now).first?.title == "Team sync (moved)")
        #expect(timeline.policy == .after(now.addingTimeInterval(5 * 60)), "retries soon")
    }

    /// Options for a URL with the cache in a fresh directory.
    private func urlOptions() throws -> CalendarOptions {
        try options([
            "url": .string("https://calendar.example.com/private-abc/basic.ics"),
            "cache": .string(try temporaryDirectory() + "/sub/calendar.ics"),
        ])
    }

    @Test("a download is shown and cached; offline, the cache is shown with its age")
    func cacheFallback() async throws {
        let options = try urlOptions()
        let cache = try #require(options.cache)
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture("calendar-berlin.ics")))
        let online = await CalendarLoader(options: options.sources) { _, _ in
            HTTPResponse(status: 200, body: data)
        }.load()
        #expect(online.problems.isEmpty && online.calendars.first?.events.count == 7)
        #expect(online.cachedAt == nil && !online.hasFailedSource)
        #expect(FileManager.default.contents(atPath: cache) == data)

        let saved = now.addingTimeInterval(-3 * 3600)
        try FileManager.default.setAttributes([.modificationDate: saved], ofItemAtPath: cache)
        let offline = await CalendarLoader(options: options.sources) { url, timeout in
            throw FetchError.timedOut(host: url.url.host ?? "", seconds: timeout)
        }.load()
        #expect(offline.calendars.first?.events.count == 7)
        #expect(
            offline.problems
                == ["calendar.example.com did not answer within 8 s; showing the cached calendar"])
        #expect(offline.cachedAt == saved)
        let (timeline, _) = CalendarProvider.timeline(offline, now: now, options: options)
        guard case .agenda(let agenda) = timeline.entries.first?.content else {
            Issue.record("expected an agenda")
            return
        }
        #expect(agenda.updated == saved && agenda.occurrences.count > 3)
        // Fresher than twice the refresh (an hour at least), it doesn't say its age.
        var recent = offline
        recent.cachedAt = now.addingTimeInterval(-600)
        guard
            case .agenda(let fresh) = CalendarProvider.timeline(recent, now: now, options: options)
                .0.entries.first?.content
        else {
            Issue.record("expected an agenda from the recent cache")
            return
        }
        #expect(fresh.updated == nil)
    }

    @Test("an answer that is not a calendar is a failure and leaves the cache as it was")
    func notCalendarAnswer() async throws {
        let options = try urlOptions()
        let cache = try #require(options.cache)
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture("calendar-berlin.ics")))
        _ = await CalendarLoader(options: options.sources) { _, _ in
            HTTPResponse(status: 200, body: data)
        }.load()
        let login = await CalendarLoader(options: options.sources) { _, _ in
            HTTPResponse(status: 200, body: Data("<html>Sign in</html>".utf8))
        }
        .load()
        #expect(
            login.problems == [
                "https://calendar.example.com/… answered a login page, not a calendar: check the "
                    + "URL or the password; showing the cached calendar"
            ])
        #expect(login.calendars.count == 1)
        #expect(FileManager.default.contents(atPath: cache) == data)
    }

    @Test("offline with no cache: no calendar, and the reason")
    func noCache() async throws {
        let options = try urlOptions()
        let outcome = await CalendarLoader(options: options.sources) { url, _ in
            throw FetchError.status(host: url.url.host ?? "", code: 404)
        }.load()
        let (timeline, _) = CalendarProvider.timeline(outcome, now: now, options: options)
        #expect(
            timeline.entries.map(\.content) == [
                .unavailable(
                    reason: "calendar.example.com answered HTTP 404; expected 200; "
                        + "no cached calendar yet")
            ])
    }

    // MARK: Timeline

    @Test("entries now, at each midnight and at each start and end; reload at the refresh")
    func timeline() async throws {
        let options = try options([
            "files": .array([.string(fixture("calendar-berlin.ics"))]), "days": .int(3),
        ])
        let outcome = await CalendarLoader(options: options.sources).load()
        let (timeline, problems) = CalendarProvider.timeline(outcome, now: now, options: options)
        #expect(problems.isEmpty)
        #expect(
            timeline.entries.map(\.date) == [
                now, berlin(2026, 1, 15, 11), berlin(2026, 1, 15, 11, 30), berlin(2026, 1, 16),
                berlin(2026, 1, 16, 14), berlin(2026, 1, 16, 15), berlin(2026, 1, 17),
                berlin(2026, 1, 18),
            ])
        #expect(timeline.policy == .after(now.addingTimeInterval(15 * 60)))
        guard case .agenda(let agenda) = timeline.entries.last?.content else {
            Issue.record("expected an agenda")
            return
        }
        #expect(
            agenda.occurrences.map(\.title) == ["Team sync (moved)", "Dentist", "Alex's birthday"])
        #expect(
            agenda.upcoming(at: berlin(2026, 1, 15, 11, 30)).map(\.title) == [
                "Dentist", "Alex's birthday",
            ])
    }

    @Test("without sources the widget shows the month and no events, and reads nothing")
    func noSources() async throws {
        let options = try options([:])
        let (timeline, problems) = CalendarProvider.timeline(
            await CalendarLoader(options: options.sources).load(), now: now, options: options)
        #expect(problems.isEmpty)
        #expect(
            timeline.entries.first?.content == .agenda(CalendarAgenda(occurrences: [], days: 14)))
    }

    @Test("days marked: each day an event touches; an end at midnight doesn't mark the next day")
    func eventDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let agenda = CalendarAgenda(
            occurrences: [
                CalendarOccurrence(
                    title: "Trip", start: berlin(2026, 1, 23), end: berlin(2026, 1, 26),
                    isAllDay: true),
                CalendarOccurrence(
                    title: "Late", start: berlin(2026, 1, 28, 22), end: berlin(2026, 1, 29, 1),
                    isAllDay: false),
                CalendarOccurrence(
                    title: "Alarm", start: berlin(2026, 1, 30, 7), end: berlin(2026, 1, 30, 7),
                    isAllDay: false),
            ], days: 14)
        #expect(
            agenda.eventDays(in: calendar)
                == Set([23, 24, 25, 28, 29, 30].map { CivilDate(year: 2026, month: 1, day: $0) }))
    }

    @Test("a month's weeks start on the first weekday asked for")
    func weeks() {
        let january = CivilDate(year: 2026, month: 1, day: 15)
        let monday = CalendarMonthView.weeks(of: january, firstWeekday: 2)
        #expect(monday.count == 5 && monday[0].prefix(3) == [nil, nil, nil])
        #expect(monday[0][3] == CivilDate(year: 2026, month: 1, day: 1))
        #expect(monday[4].compactMap { $0?.day } == [26, 27, 28, 29, 30, 31])
        let sunday = CalendarMonthView.weeks(
            of: CivilDate(year: 2026, month: 8, day: 1), firstWeekday: 1)
        #expect(
            sunday.count == 6 && sunday[0][6]?.day == 1
                && sunday[5].compactMap { $0?.day } == [30, 31])
    }

    // MARK: Words

    @Test("when events are, in words: today, tomorrow, this week, later, all day, under way")
    func words() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.locale = Locale(identifier: "en_US")
        let text = CalendarText(calendar: calendar)
        let event = { (start: Date, end: Date, allDay: Bool) in
            CalendarOccurrence(title: "E", start: start, end: end, isAllDay: allDay)
        }
        let thin = { (text: String) in
            text.replacingOccurrences(of: "\u{202F}", with: " ")
                .replacingOccurrences(of: "\u{2009}", with: " ")
        }
        #expect(
            thin(
                text.when(
                    event(berlin(2026, 1, 15, 11), berlin(2026, 1, 15, 11, 30), false), now: now))
                == "11:00 – 11:30 AM")
        #expect(
            thin(
                text.when(event(berlin(2026, 1, 16, 14), berlin(2026, 1, 16, 15), false), now: now))
                == "Tomorrow, 2:00 PM")
        #expect(
            text.when(event(berlin(2026, 1, 17), berlin(2026, 1, 18), true), now: now)
                == "Saturday, all day")
        #expect(
            text.when(event(berlin(2026, 1, 23), berlin(2026, 1, 26), true), now: now)
                == "Fri, Jan 23, all day")
        #expect(
            text.when(event(berlin(2026, 1, 15), berlin(2026, 1, 16), true), now: now) == "All day")
        #expect(
            text.when(event(berlin(2026, 1, 14), berlin(2026, 1, 17), true), now: now)
                == "All day, until tomorrow")
        #expect(
            text.when(event(berlin(2026, 1, 14), berlin(2026, 1, 18), true), now: now)
                == "All day, until Saturday")
        #expect(
            thin(text.when(event(berlin(2026, 1, 14, 20), berlin(2026, 1, 16, 9), false), now: now))
                == "Until tomorrow, 9:00 AM")
        #expect(
            thin(text.when(event(berlin(2026, 1, 15, 8), berlin(2026, 1, 15, 9), false), now: now))
                == "Until 9:00 AM")
        #expect(
            thin(
                text.short(event(berlin(2026, 1, 16, 14), berlin(2026, 1, 16, 15), false), now: now)
            ) == "Tomorrow 2:00 PM")
        #expect(
            text.short(event(berlin(2026, 1, 15, 8), berlin(2026, 1, 15, 9), false), now: now)
                == "Now")
        #expect(text.month(now) == "JANUARY" && text.weekday(now) == "THURSDAY")
        #expect(text.weekdaySymbols == ["S", "M", "T", "W", "T", "F", "S"])
        var english = EnvironmentValues()
        english.locale = Locale(identifier: "en_US")
        #expect(
            CalendarEventsView.nothingAhead(days: 1).string(in: english)
                == "Nothing in the next day")
        #expect(
            CalendarEventsView.nothingAhead(days: 14).string(in: english)
                == "Nothing in the next 14 days")
    }

    @Test("the same words in the calendar's language: German and Japanese")
    func wordsTranslated() {
        let event = { (start: Date, end: Date, allDay: Bool) in
            CalendarOccurrence(title: "E", start: start, end: end, isAllDay: allDay)
        }
        let text = { (locale: String) in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            calendar.locale = Locale(identifier: locale)
            return CalendarText(calendar: calendar)
        }
        let german = text("de_DE")
        #expect(
            german.when(event(berlin(2026, 1, 16, 14), berlin(2026, 1, 16, 15), false), now: now)
                == "Morgen, 14:00")
        #expect(
            german.when(event(berlin(2026, 1, 17), berlin(2026, 1, 18), true), now: now)
                == "Samstag, ganztägig")
        #expect(
            german.when(event(berlin(2026, 1, 15), berlin(2026, 1, 16), true), now: now)
                == "Ganztägig")
        #expect(
            german.when(event(berlin(2026, 1, 14), berlin(2026, 1, 17), true), now: now)
                == "Ganztägig, bis morgen")
        #expect(
            german.when(event(berlin(2026, 1, 14, 20), berlin(2026, 1, 16, 9), false), now: now)
                == "Bis morgen, 9:00")
        #expect(
            german.short(event(berlin(2026, 1, 15, 8), berlin(2026, 1, 15, 9), false), now: now)
                == "Jetzt")
        #expect(
            german.short(event(berlin(2026, 1, 15), berlin(2026, 1, 16), true), now: now)
                == "Heute")
        let japanese = text("ja_JP")
        #expect(
            japanese.when(event(berlin(2026, 1, 15, 8), berlin(2026, 1, 15, 9), false), now: now)
                == "9:00まで")
        #expect(
            japanese.when(event(berlin(2026, 1, 15), berlin(2026, 1, 16), true), now: now)
                == "終日")
    }

    // MARK: Locale

    @Test("the locale: the option, else LC_ALL, LC_TIME or LANG (codeset dropped), else none")
    func locale() throws {
        let of = { (environment: [String: String]) in
            CalendarOptions.locale(environment: environment)?.identifier
        }
        #expect(of([:]) == nil && of(["LANG": "C.UTF-8"]) == nil && of(["LANG": "POSIX"]) == nil)
        #expect(of(["LANG": "de_DE.UTF-8"]) == "de_DE")
        #expect(of(["LANG": "de_DE.UTF-8@euro", "LC_TIME": "en_GB.UTF-8"]) == "en_GB")
        #expect(of(["LANG": "de_DE", "LC_TIME": "en_GB", "LC_ALL": "fr_FR.UTF-8"]) == "fr_FR")
        #expect(of(["LANG": "de_DE", "LC_ALL": ""]) == "de_DE")
        #expect(of(["LANG": "../../etc"]) == nil)
        let chosen = try options(
            ["locale": .string("en_US")], environment: ["LANG": "en_GB.UTF-8"])
        #expect(chosen.locale?.identifier == "en_US")
        let fromLang = try options([:], environment: ["LANG": "en_GB.UTF-8"])
        #expect(fromLang.locale?.identifier == "en_GB")
        #expect(
            optionError(["locale": .string("en GB")])
                == "locale: expected a locale such as \"en_GB\" or \"de_DE\", found \"en GB\"")
    }

    @Test(
        "dates follow the locale: the week starts on Monday and days read \"23 Jan\" in en_GB",
        arguments: [
            ("en_US", 1, "Jan 23", "2:00 PM", ["S", "M", "T", "W", "T", "F", "S"]),
            ("en_GB", 2, "23 Jan", "14:00", ["M", "T", "W", "T", "F", "S", "S"]),
            ("de_DE", 2, "23. Jan", "14:00", ["M", "D", "M", "D", "F", "S", "S"]),
        ])
    func localeForms(
        identifier: String, firstWeekday: Int, day: String, time: String, symbols: [String]
    ) throws {
        // The order of day and month, not the punctuation, which changes with ICU's data
        // ("Fri 23 Jan" in Swift 6.3, "Fri, 23 Jan" in 6.0).
        let options = try options([:], environment: ["LANG": identifier + ".UTF-8"])
        let text = CalendarWidget.text(options: options, environment: Locale(identifier: "en_001"))
        #expect(text.calendar.firstWeekday == firstWeekday)
        #expect(text.day(berlin(2026, 1, 23), now: now)?.contains(day) == true)
        #expect(
            text.time(berlin(2026, 1, 16, 14)).replacingOccurrences(of: "\u{202F}", with: " ")
                == time)
        #expect(text.weekdaySymbols == symbols)
    }

    @Test("the fixture reads without problems")
    func fixtureReads() throws {
        let text = try String(contentsOfFile: fixture("calendar-berlin.ics"), encoding: .utf8)
        let calendar = try ICalendar(text: text, source: "calendar-berlin.ics", timeZone: zone)
        #expect(calendar.problems.isEmpty)
        #expect(calendar.events.count == 7)
        #expect(calendar.events.first?.exceptions.instants == [berlin(2026, 1, 22, 10)])
    }
}
