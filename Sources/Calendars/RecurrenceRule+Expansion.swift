import FoundationEssentials

/// A day and a time of day on a zone's wall clock, before the zone makes it an instant.
package struct WallTime: Hashable, Comparable, Sendable {
    package var day: CivilDate
    package var time: TimeOfDay

    package init(day: CivilDate, time: TimeOfDay) {
        self.day = day
        self.time = time
    }

    /// Wall-clock seconds since 1970-01-01 00:00.
    package init(seconds: Int) {
        (day, time) = EventZone.wallClock(seconds: seconds)
    }

    /// Wall-clock seconds since 1970-01-01 00:00.
    package var seconds: Int { day.dayNumber * 86_400 + time.seconds }

    package static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.seconds < rhs.seconds }
}

extension RecurrenceRule {
    /// The instances a rule gives within a range of days, and whether it stopped at a limit.
    package struct Expansion: Equatable {
        package var instances: [WallTime]
        /// Set when ``periodLimit`` periods passed before the range's end: a rule that counts
        /// (`COUNT`) from too long ago to reach the range.
        package var isTruncated = false
        /// Set when more than ``instanceLimit`` instances fell in the range: the rest are left
        /// out (an `FREQ=MINUTELY` rule over weeks).
        package var isCut = false

        /// The instances' days.
        package var days: [CivilDate] { instances.map(\.day) }
    }

    /// How many periods (minutes, hours, days, weeks, months, years) one expansion looks at,
    /// at most.
    ///
    /// A rule without `COUNT` starts at the period before the range, so this bounds only
    /// counted rules, which must be walked from their start: 100 000 days is 270 years.
    package static let periodLimit = 100_000

    /// How many instances one rule gives in a range, at most: as many as the widget keeps of
    /// all its events (``CalendarOccurrence/limit``).
    package static let instanceLimit = 1000

    /// The instances whose day lies in `range`, for a first instance on `start` at `time`
    /// (`nil`: all day, when `BYHOUR`, `BYMINUTE` and `BYSECOND` are left aside), with an
    /// `until` already in the event's wall-clock time.
    ///
    /// The first instance is `start`, whether or not the rule would give it, and counts
    /// towards `COUNT` (RFC 5545, 3.8.5.3). The walk ends at the range's end, at `UNTIL`, at
    /// `COUNT`, after ``periodLimit`` periods or ``instanceLimit`` instances from `limitFrom`
    /// on (default: the range's first midnight), whichever comes first, so a rule with no end
    /// never loops for ever.
    package func days(
        start: CivilDate, time: TimeOfDay?, until: (CivilDate, TimeOfDay)?,
        in range: ClosedRange<CivilDate>, limitFrom: WallTime? = nil
    ) -> Expansion {
        let first = WallTime(day: start, time: time ?? TimeOfDay(seconds: 0))
        let isPastUntil = { (instance: WallTime) -> Bool in
            guard let until else { return false }
            return instance > WallTime(day: until.0, time: until.1)
        }
        var expansion = Expansion(instances: [])
        guard !isPastUntil(first) else { return expansion }
        if range.contains(start) { expansion.instances.append(first) }
        let times = timesOfDay(first.time, isAllDay: time == nil)
        let limitStart = limitFrom ?? WallTime(day: range.lowerBound, time: TimeOfDay(seconds: 0))
        var (counted, limited) = (1, range.contains(start) && first >= limitStart ? 1 : 0)
        var period =
            count == nil ? max(periodIndex(containing: range.lowerBound, from: first) - 1, 0) : 0
        for _ in 0..<Self.periodLimit {
            guard periodStart(period, from: first).day <= range.upperBound else {
                return expansion
            }
            for instance in candidates(period, from: first, times: times) where instance > first {
                if isPastUntil(instance) { return expansion }
                counted += 1
                if let count, counted > count { return expansion }
                guard range.contains(instance.day) else { continue }
                if instance >= limitStart {
                    guard limited < Self.instanceLimit else {
                        expansion.isCut = true
                        return expansion
                    }
                    limited += 1
                }
                expansion.instances.append(instance)
            }
            period += 1
            // A counted rule whose every period gives as many instances jumps to the period
            // before the range, counting what it passes over.
            if period == 1, count != nil, let perPeriod = instancesPerPeriod(first, times: times) {
                let target = periodIndex(containing: range.lowerBound, from: first) - 1
                if target > period {
                    counted += (target - period) * perPeriod
                    period = target
                }
            }
        }
        expansion.isTruncated = true
        return expansion
    }

    // MARK: Periods

    /// The first day of the week (by ``weekStart``) that holds `day`.
    func weekBeginning(_ day: CivilDate) -> CivilDate {
        day.adding(days: -((day.weekday - weekStart + 7) % 7))
    }

    /// Seconds in one step of a rule of hours or minutes.
    private var clockStep: Int? {
        switch frequency {
        case .hourly: 3600 * interval
        case .minutely: 60 * interval
        default: nil
        }
    }

    /// The start of a rule of hours or minutes' first period: `first`'s hour or minute.
    private func clockBase(_ first: WallTime) -> Int {
        first.seconds - first.seconds % (frequency == .hourly ? 3600 : 60)
    }

    /// The start of period `index` (0: the one holding `first`).
    private func periodStart(_ index: Int, from first: WallTime) -> WallTime {
        if let clockStep { return WallTime(seconds: clockBase(first) + index * clockStep) }
        let start = first.day
        let step = index * interval
        let day: CivilDate
        switch frequency {
        case .daily: day = start.adding(days: step)
        case .weekly: day = weekBeginning(start).adding(days: 7 * step)
        case .monthly:
            let month = start.year * 12 + start.month - 1 + step
            day = CivilDate(year: month / 12, month: month % 12 + 1, day: 1)
        case .yearly, .hourly, .minutely: day = CivilDate(year: start.year + step, month: 1, day: 1)
        }
        return WallTime(day: day, time: TimeOfDay(seconds: 0))
    }

    /// The index of the period that holds `day`'s start (negative before `first`'s).
    private func periodIndex(containing day: CivilDate, from first: WallTime) -> Int {
        let start = first.day
        let (distance, step) =
            switch frequency {
            case .hourly, .minutely:
                (day.dayNumber * 86_400 - clockBase(first), clockStep ?? 1)
            case .daily: (day.dayNumber - start.dayNumber, interval)
            case .weekly:
                ((weekBeginning(day).dayNumber - weekBeginning(start).dayNumber) / 7, interval)
            case .monthly: ((day.year - start.year) * 12 + day.month - start.month, interval)
            case .yearly: (day.year - start.year, interval)
            }
        return distance >= 0 ? distance / step : -((-distance + step - 1) / step)
    }

    /// How many instances each period after the first gives, when that is the same for every
    /// period; nil when it varies (a month with five Mondays, the 31st, a filter by month).
    private func instancesPerPeriod(_ first: WallTime, times: [TimeOfDay]) -> Int? {
        guard bySetPosition.isEmpty, byMonth.isEmpty, byWeekNumber.isEmpty, byYearDay.isEmpty
        else { return nil }
        let start = first.day
        switch frequency {
        case .hourly, .minutely:
            let filtered =
                frequency == .hourly ? !byHour.isEmpty : !byHour.isEmpty || !byMinute.isEmpty
            guard byDay.isEmpty, byMonthDay.isEmpty, !filtered else { return nil }
            return max(bySecond.count, 1) * (frequency == .hourly ? max(byMinute.count, 1) : 1)
        case .daily:
            return byMonthDay.isEmpty && byDay.isEmpty ? times.count : nil
        case .weekly:
            return byMonthDay.isEmpty
                ? Set(byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)).count * times.count
                : nil
        case .monthly:
            // Every month has days 1 to 28 and four of each weekday; counted from one end
            // only, no two entries can name the same day.
            if byDay.isEmpty {
                let days = byMonthDay.isEmpty ? [start.day] : byMonthDay
                return days.allSatisfy({ (1...28).contains($0) })
                    ? Set(days).count * times.count : nil
            }
            guard byMonthDay.isEmpty else { return nil }
            let ordinals = byDay.map { $0.ordinal ?? 0 }
            let sameEnd =
                ordinals.allSatisfy({ (1...4).contains($0) })
                || ordinals.allSatisfy({ (-4...(-1)).contains($0) })
            return sameEnd ? Set(byDay).count * times.count : nil
        case .yearly:
            return nil  // Few periods to walk: one a year.
        }
    }

    /// The instances period `index` gives, ascending, after `BYSETPOS`.
    private func candidates(_ index: Int, from first: WallTime, times: [TimeOfDay])
        -> [WallTime]
    {
        let period = periodStart(index, from: first)
        let start = first.day
        var days: [CivilDate]
        switch frequency {
        case .hourly, .minutely:
            return selectPositions(clockInstances(period, from: first))
        case .daily:
            days = passesFilters(period.day) ? [period.day] : []
        case .weekly:
            let weekdays = byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)
            days = (0..<7).map { period.day.adding(days: $0) }.filter {
                weekdays.contains($0.weekday) && passesFilters($0)
            }
        case .monthly:
            days =
                byMonth.isEmpty || byMonth.contains(period.day.month)
                ? monthDays(period.day, start).filter(isInYearSets) : []
        case .yearly:
            days = yearDays(period.day.year, start)
        }
        return selectPositions(days.flatMap { day in times.map { WallTime(day: day, time: $0) } })
    }

    /// The instances of an hour or a minute that begins at `period`: the minutes and seconds
    /// of `BYMINUTE` and `BYSECOND` (else `first`'s), if the day, hour and minute pass the
    /// filters.
    private func clockInstances(_ period: WallTime, from first: WallTime) -> [WallTime] {
        let (hour, minute) = (period.time.hour, period.time.minute)
        guard passesFilters(period.day), byHour.isEmpty || byHour.contains(hour) else {
            return []
        }
        let seconds = bySecond.isEmpty ? [first.time.second] : bySecond.sorted()
        let minutes: [Int]
        if frequency == .hourly {
            minutes = byMinute.isEmpty ? [first.time.minute] : byMinute.sorted()
        } else {
            guard byMinute.isEmpty || byMinute.contains(minute) else { return [] }
            minutes = [minute]
        }
        return minutes.flatMap { minute in
            seconds.map {
                WallTime(day: period.day, time: TimeOfDay(hour: hour, minute: minute, second: $0))
            }
        }
    }

    /// The times of day of each day's instances: `BYHOUR`, `BYMINUTE` and `BYSECOND` (each,
    /// without it, `first`'s), ascending; midnight alone for an all-day event.
    private func timesOfDay(_ first: TimeOfDay, isAllDay: Bool) -> [TimeOfDay] {
        guard !isAllDay, !(byHour.isEmpty && byMinute.isEmpty && bySecond.isEmpty) else {
            return [first]
        }
        let hours = byHour.isEmpty ? [first.hour] : byHour
        let minutes = byMinute.isEmpty ? [first.minute] : byMinute
        let seconds = bySecond.isEmpty ? [first.second] : bySecond
        return Set(
            hours.flatMap { hour in
                minutes.flatMap { minute in
                    seconds.map { TimeOfDay(hour: hour, minute: minute, second: $0) }
                }
            }
        ).sorted()
    }

    /// The instances at the `BYSETPOS` positions of a period's sorted instances (all without
    /// it).
    private func selectPositions(_ instances: [WallTime]) -> [WallTime] {
        guard !bySetPosition.isEmpty else { return instances }
        let chosen = bySetPosition.compactMap { position -> WallTime? in
            let index = position > 0 ? position - 1 : instances.count + position
            return instances.indices.contains(index) ? instances[index] : nil
        }
        return Set(chosen).sorted()
    }
}
