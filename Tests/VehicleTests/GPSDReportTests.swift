import Foundation
import Testing

@testable import Vehicle

/// gpsd's JSON reports as gpsd 3.22 (Debian 12) writes them, read and range-checked.
@Suite("gpsd reports")
struct GPSDReportTests {
    /// A TPV and a SKY as gpsd 3.22 wrote them for Fixtures/drive.nmea (gpsfake, loopback).
    static let tpv =
        #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-28T08:00:03.000Z","ept":0.005,"lat":52.520000000,"lon":13.405000000,"altHAE":73.5000,"altMSL":34.5000,"alt":34.5000,"track":90.0000,"magtrack":94.0590,"magvar":4.1,"speed":13.890,"climb":0.000,"geoidSep":39.000,"eph":17.100}"#
    static let sky =
        #"{"class":"SKY","device":"/dev/pts/1","hdop":0.90,"nSat":8,"uSat":8,"satellites":[{"PRN":2,"el":45.0,"az":120.0,"ss":40.0,"used":true},{"PRN":5,"el":30.0,"az":200.0,"ss":38.0,"used":false}]}"#

    private func report(_ text: String) -> GPSDReport {
        GPSDReport(line: Array(text.utf8))
    }

    @Test("a TPV is a fix: position, altitude above sea level, speed, track, time")
    func position() throws {
        guard case .position(let fix) = report(Self.tpv) else {
            Issue.record("not a position")
            return
        }
        #expect(fix.quality == .threeD && fix.hasFix)
        #expect(fix.latitude == 52.52 && fix.longitude == 13.405)
        #expect(fix.altitude == 34.5 && fix.speed == 13.89 && fix.track == 90)
        #expect(fix.time == Date(timeIntervalSince1970: 1_795_852_803))
    }

    @Test("a SKY counts satellites used and seen from its list")
    func sky() {
        #expect(report(Self.sky) == .sky(used: 1, seen: 2))
        #expect(report(#"{"class":"SKY","uSat":7,"nSat":9}"#) == .sky(used: 7, seen: 9))
    }

    @Test("numbers out of range are left out; the rest of the report stays")
    func outOfRange() throws {
        let line =
            #"{"class":"TPV","mode":3,"lat":200,"lon":13.4,"speed":-3,"track":720,"alt":1e9}"#
        guard case .position(let fix) = report(line) else {
            Issue.record("not a position")
            return
        }
        #expect(fix.latitude == nil && fix.longitude == 13.4)
        #expect(fix.speed == nil && fix.track == nil && fix.altitude == nil)
        #expect(!fix.hasFix)
        guard case .position(let odd) = report(#"{"class":"TPV","mode":9}"#) else {
            Issue.record("not a position")
            return
        }
        #expect(odd.quality == .unknown)
    }

    @Test("what is not a report is a problem that says what was expected; other classes pass")
    func hostile() {
        for line in ["", "garbage", "[1,2]", #"{"mode":3}"#, #"{"class":3}"#, "{\"class\":\"TPV\""]
        {
            #expect(
                report(line)
                    == .problem(
                        "expected a JSON object with a \"class\", found something else"), "\(line)")
        }
        let long =
            "{\"class\":\"TPV\",\"device\":\"" + String(repeating: "x", count: 20_000) + "\"}"
        #expect(report(long) == .problem("a line of 20027 bytes, longer than 16384"))
        #expect(report(#"{"class":"VERSION","release":"3.22"}"#) == .other("VERSION"))
    }

    @Test("a fix applies reports: a TPV without a fix clears the position, a SKY the satellites")
    func applying() {
        var fix = GPSFix()
        fix.apply(report(Self.sky))
        fix.apply(report(Self.tpv))
        #expect(fix.hasFix && fix.satellitesUsed == 1)
        fix.apply(report(#"{"class":"TPV","mode":1,"time":"2026-11-28T08:00:09.000Z","speed":2}"#))
        #expect(!fix.hasFix && fix.quality == .none)
        #expect(fix.speed == nil && fix.latitude == nil, "no fix, no speed")
        #expect(fix.satellitesSeen == 2)
    }

    @Test("gpsd's address: host, host:port, [v6]:port; anything else is refused")
    func addresses() {
        #expect(GPSDAddress(parsing: "localhost") == .local)
        #expect(GPSDAddress(parsing: "10.0.0.2:2948") == GPSDAddress(host: "10.0.0.2", port: 2948))
        #expect(GPSDAddress(parsing: "[::1]:2947") == GPSDAddress(host: "::1", port: 2947))
        #expect(GPSDAddress(parsing: "[::1]:2947")?.description == "[::1]:2947")
        for bad in ["", ":2947", "host:0", "host:70000", "a b", "::1", "[::1", "host:x"] {
            #expect(GPSDAddress(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("lines come whole from pieces; a line over the limit is skipped, memory stays bounded")
    func lines() {
        var splitter = LineSplitter(limit: 8)
        var lines: [String] = []
        var skipped: [Int] = []
        for piece in ["ab", "c\r\nde", "f\n0123456789abc", "def\nxy\n"] {
            splitter.take(Array(piece.utf8)) {
                lines.append(String(decoding: $0, as: UTF8.self))
            } overlong: {
                skipped.append($0)
            }
        }
        #expect(lines == ["abc", "def", "xy"])
        #expect(skipped == [16])
    }
}
