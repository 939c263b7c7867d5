import FoundationEssentials

/// One line of gpsd's JSON protocol, read and checked: a position (`TPV`), the satellites
/// (`SKY`), another class the display does not use, or a line that is not a report.
///
/// gpsd writes one JSON object per line (`{"class":"TPV","mode":3,"lat":52.52,…}`). Each
/// number is range-checked: one out of range (a latitude of 200, a negative speed) is left
/// out with a problem, the rest of the report kept.
public enum GPSDReport: Sendable, Equatable {
    /// A `TPV` report, as a fix without satellites.
    case position(GPSFix)
    /// A `SKY` report: satellites used and seen.
    case sky(used: Int?, seen: Int?)
    /// A report of another class (`VERSION`, `DEVICES`, `WATCH`, …).
    case other(String)
    /// A line that is not a report: what was expected.
    case problem(String)

    /// The longest line read: gpsd's longest reports (a `SKY` with many satellites) are a few
    /// kilobytes.
    public static let maximumLine = 16 * 1024

    /// The report of `line` (without its newline).
    public init(line: some Collection<UInt8>) {
        guard line.count <= Self.maximumLine else {
            self = .problem("a line of \(line.count) bytes, longer than \(Self.maximumLine)")
            return
        }
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(line))
        } catch {
            self = .problem("expected a JSON object with a \"class\", found something else")
            return
        }
        switch fields.class {
        case "TPV": self = .position(fields.fix)
        case "SKY":
            let used = fields.satellites.map { $0.filter { $0.used == true }.count } ?? fields.uSat
            let seen = fields.satellites?.count ?? fields.nSat
            self = .sky(used: used.flatMap(Self.count), seen: seen.flatMap(Self.count))
        default: self = .other(String(fields.class.prefix(32)))
        }
    }

    /// A count of satellites, 0 to 255; nil otherwise.
    private static func count(_ value: Int) -> Int? {
        (0...255).contains(value) ? value : nil
    }

    /// The fields the display reads, all optional but the class.
    private struct Fields: Decodable {
        struct Satellite: Decodable {
            var used: Bool?
        }
        var `class`: String
        var mode: Int?
        var time: String?
        var lat: Double?
        var lon: Double?
        var altMSL: Double?
        var alt: Double?
        var speed: Double?
        var track: Double?
        var satellites: [Satellite]?
        var uSat: Int?
        var nSat: Int?

        /// The position of a `TPV`, each number kept only within its range.
        var fix: GPSFix {
            var fix = GPSFix()
            fix.quality = mode.flatMap(GPSFix.Quality.init(rawValue:)) ?? .unknown
            fix.time = time.flatMap(Self.date)
            fix.latitude = lat.flatMap { within($0, -90...90) }
            fix.longitude = lon.flatMap { within($0, -180...180) }
            fix.altitude = (altMSL ?? alt).flatMap { within($0, -1000...100_000) }
            // 0 to 1,000 m/s: a car, a plane; more is a receiver's error.
            fix.speed = speed.flatMap { within($0, 0...1000) }
            fix.track = track.flatMap { within($0, 0...360) }
            return fix
        }

        /// gpsd's time, `2026-11-28T08:00:03.000Z` (fractions optional).
        private static func date(_ text: String) -> Date? {
            (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
                ?? (try? Date.ISO8601FormatStyle().parse(text))
        }

        private func within(_ value: Double, _ range: ClosedRange<Double>) -> Double? {
            value.isFinite && range.contains(value) ? value : nil
        }
    }
}
