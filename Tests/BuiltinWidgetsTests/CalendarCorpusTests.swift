import Foundation
import NightstandTesting
import Testing
import Widgets

@testable import BuiltinWidgets

/// The calendars of `Fixtures/Calendars/`, each with the occurrences and problems it should
/// give (`<name>.expected`), checked against Nightstand and against a reference expansion
/// (python-icalendar with recurring-ical-events, which `scripts/deps --test` installs).
///
/// An expected file: `#` comments saying what the calendar covers; `window START DAYS ZONE`;
/// the occurrences as `nightstand events` prints them (start, end, title, split by tabs);
/// `problem LINE: MESSAGE` for each problem; and where the reference differs on purpose,
/// `reference-only LINE` and `nightstand-only LINE` (the comments say why), or
/// `reference refuses` for a file it can't read.
@Suite("CalendarCorpus")
struct CalendarCorpusTests {
    /// One calendar and what it should give.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var start: String
        var days: Int
        var zone: String
        var occurrences: [String] = []
        var problems: [String] = []
        var referenceOnly: [String] = []
        var nightstandOnly: [String] = []
        var referenceRefuses = false

        var path: String { fixture("Calendars/\(name).ics") }
        var testDescription: String { name }

        init(name: String) throws {
            self.name = name
            let text = try String(
                contentsOfFile: fixture("Calendars/\(name).expected"), encoding: .utf8)
            var window: [Substring] = []
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let (word, rest) = Self.split(line)
                switch word {
                case "window": window = rest.split(separator: " ")
                case "problem": problems.append(String(rest))
                case "reference-only": referenceOnly.append(String(rest))
                case "nightstand-only": nightstandOnly.append(String(rest))
                case "reference": referenceRefuses = rest == "refuses"
                default: occurrences.append(String(line))
                }
            }
            guard window.count == 3, let days = Int(window[1]) else {
                throw CorpusError(message: "\(name).expected: expected a window line")
            }
            (start, self.days, zone) = (String(window[0]), days, String(window[2]))
        }

        private static func split(_ line: Substring) -> (Substring, Substring) {
            guard let space = line.firstIndex(of: " "), line.first?.isLetter == true else {
                return ("", line)
            }
            return (line[..<space], line[line.index(after: space)...])
        }
    }

    struct CorpusError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let cases: [Case] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: fixture("Calendars")))?
            .filter { $0.hasSuffix(".ics") }.map { String($0.dropLast(4)) }.sorted() ?? []
        return names.compactMap { try? Case(name: $0) }
    }()

    @Test("every calendar has its expected file")
    func complete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture("Calendars"))
        #expect(files.filter { $0.hasSuffix(".ics") }.count == Self.cases.count)
        #expect(Self.cases.count >= 6)
    }

    @Test("Nightstand gives each calendar's expected occurrences and problems", arguments: cases)
    func expected(_ test: Case) async throws {
        let parsed = try? Date(test.start, strategy: .iso8601)
        let start = try #require(parsed)
        let listing = try await CalendarListing.load(
            options: WidgetOptions([
                "files": .array([.string(test.path)]), "time_zone": .string(test.zone),
            ]), from: start, days: test.days)
        #expect(listing.occurrences.map(listing.line) == test.occurrences)
        #expect(listing.problems == test.problems.map { "\(test.path):\($0)" })
    }

    @Test(
        "the reference expansion agrees, but for the differences the expected files explain",
        .enabled(
            if: CalendarReference.hasPython,
            "no python3 on this machine, so no reference to compare with"),
        arguments: cases)
    func reference(_ test: Case) throws {
        let (status, theirs) = try CalendarReference.occurrences(
            file: test.path, at: test.start, days: test.days, zone: test.zone)
        if test.referenceRefuses {
            #expect(status != 0)
            return
        }
        try #require(status == 0, "the reference failed on \(test.name)")
        let expected =
            test.occurrences.filter { !test.nightstandOnly.contains($0) }
            + test.referenceOnly
        #expect(theirs.sorted() == expected.sorted())
        #expect(test.nightstandOnly.allSatisfy(test.occurrences.contains))
    }
}
