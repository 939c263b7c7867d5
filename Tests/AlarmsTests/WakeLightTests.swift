import Alarms
import Foundation
import Testing

@Suite("Wake-up light")
struct WakeLightTests {
    let berlin = calendar("Europe/Berlin")

    @Test("no rise before light_before; red only at its start; white at the alarm")
    func rise() {
        var alarm = Alarm(id: "work", hour: 7, minute: 0)
        alarm.lightBefore = 1200
        let clock = AlarmClock(
            alarms: [alarm], calendar: berlin, store: nil, sound: nil, log: quiet,
            at: at(2026, 11, 24, 1, in: berlin))
        #expect(WakeLight.progress(of: clock, at: at(2026, 11, 24, 6, 39, in: berlin)) == nil)
        #expect(WakeLight.progress(of: clock, at: at(2026, 11, 24, 6, 40, in: berlin)) == 0)
        #expect(WakeLight.progress(of: clock, at: at(2026, 11, 24, 6, 50, in: berlin)) == 0.5)
        let start = WakeLight.tint(0)
        #expect(start.r == 1 && start.g == 0 && start.b == 0)
        let end = WakeLight.tint(1)
        #expect(end.r == 1 && end.g == 1 && end.b == 1)
        // Warm on the way: green before blue, both rising.
        var last = WakeLight.tint(0)
        for step in 1...20 {
            let t = WakeLight.tint(Double(step) / 20)
            #expect(t.g >= last.g && t.b >= last.b && t.g >= t.b)
            last = t
        }
        #expect(WakeLight.level(0, night: 0.1, day: 1) == 0.1)
        #expect(WakeLight.level(1, night: 0.1, day: 1) == 1)
        // The host is woken during the rise, every step, and at its start before.
        #expect(
            clock.nextDeadline(after: at(2026, 11, 24, 6, in: berlin))
                == at(2026, 11, 24, 6, 40, in: berlin))
        let during = at(2026, 11, 24, 6, 45, in: berlin)
        #expect(clock.nextDeadline(after: during) == during.addingTimeInterval(WakeLight.step))
    }
}
