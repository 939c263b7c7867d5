import Foundation
import StandbyViews
import SystemSupport
import Testing

/// `[layout] view_schedule` with entries on some days of the week.
@Suite("The view schedule by weekday")
struct ViewScheduleTests {
    let utc = TimeZone(identifier: "UTC") ?? .current
    /// 2026-05-15 00:00 UTC, a Friday.
    let friday = Date(timeIntervalSince1970: 1_778_803_200)

    private func entry(_ text: String) throws -> ViewSchedule.Entry {
        try #require(ViewSchedule.Entry(parsing: text))
    }

    @Test("a weekend entry turns the views on Saturday and Sunday only")
    func weekend() throws {
        let schedule = ViewSchedule(
            entries: [try entry("07:00 widgets"), try entry("sat,sun 09:00 photos")], timeZone: utc)
        let hour = 3600.0
        #expect(schedule.view(at: friday + 10 * hour) == .widgets)
        // Friday 10:00 → Saturday 07:00 (widgets), then 09:00 (photos).
        let first = try #require(schedule.next(after: friday + 10 * hour))
        #expect(first.date == friday + 31 * hour && first.view == .widgets)
        let second = try #require(schedule.next(after: first.date))
        #expect(second.date == friday + 33 * hour && second.view == .photos)
        #expect(schedule.view(at: friday + 34 * hour) == .photos)
        // Monday 08:00: the weekday's widgets; the next photos are next Saturday's.
        #expect(schedule.view(at: friday + 80 * hour) == .widgets)
        var date = friday + 80 * hour
        while let next = schedule.next(after: date), next.view != .photos { date = next.date }
        #expect(schedule.next(after: date)?.date == friday + (7 * 24 + 33) * hour)
    }

    @Test("entries parse with and without days; bad days or times are refused")
    func parsing() throws {
        #expect(try entry("sat,sun 09:00 photos").days.description == "sat,sun")
        #expect(try entry("22:30 clock").days == .all)
        for bad in ["mon-fry 07:00 clock", "sat 25:00 clock", "sat sun 07:00 clock", "07:00"] {
            #expect(ViewSchedule.Entry(parsing: bad) == nil, "\(bad)")
        }
    }
}
