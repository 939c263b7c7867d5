import FoundationEssentials

extension RecurrenceRule {
    /// The days a rule gives within a range, and whether it stopped at the safety limit.
    package struct Expansion: Equatable {
        package var days: [CivilDate]
        /// Set when ``periodLimit`` periods passed before the range's end: a rule that counts
        /// (`COUNT`) from too long ago to reach the range.
        package var isTruncated = false
    }

    /// How many periods (days, weeks, months, years) one expansion looks at, at most.
    ///
    /// A rule without `COUNT` starts at the period before the range, so this bounds only
    /// counted rules, which must be walked from their start: 100 000 days is 270 years.
    package static let periodLimit = 100_000

    /// The days of the instances whose day lies in `range`, for a first instance on `start`
    /// at `time` (`nil`: all day), with an `until` already in the event's wall-clock time.
    ///
    /// The first instance is `start`, whether or not the rule would give it, and counts
    /// towards `COUNT` (RFC 5545, 3.8.5.3). The walk ends at the range's end, at `UNTIL`, at
    /// `COUNT`, or after ``periodLimit`` periods, whichever comes first, so a rule with no end
    /// never loops for ever.
    package func days(
        start: CivilDate, time: TimeOfDay?, until: (CivilDate, TimeOfDay)?,
        in range: ClosedRange<CivilDate>
    ) -> Expansion {
        let startTime = time ?? TimeOfDay(seconds: 0)
        let isPastUntil = { (day: CivilDate) -> Bool in
            guard let until else { return false }
            return (day, startTime) > until
        }
        var expansion = Expansion(days: [])
        guard !isPastUntil(start) else { return expansion }
        if range.contains(start) { expansion.days.append(start) }
        var counted = 1
        var period =
            count == nil ? max(periodIndex(containing: range.lowerBound, from: start) - 1, 0) : 0
        for _ in 0..<Self.periodLimit {
            guard periodStart(period, from: start) <= range.upperBound else { return expansion }
            for day in candidates(period, from: start) where day > start {
                if isPastUntil(day) { return expansion }
                counted += 1
                if let count, counted > count { return expansion }
                if range.contains(day) { expansion.days.append(day) }
            }
            period += 1
            // A counted rule whose every period gives as many instances jumps to the period
            // before the range, counting what it passes over.
            if period == 1, count != nil, let perPeriod = instancesPerPeriod(from: start) {
                let target = periodIndex(containing: range.lowerBound, from: start) - 1
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
    private func weekBeginning(_ day: CivilDate) -> CivilDate {
        day.adding(days: -((day.weekday - weekStart + 7) % 7))
    }

    /// The first day of period `index` (0: the one holding `start`).
    private func periodStart(_ index: Int, from start: CivilDate) -> CivilDate {
        let step = index * interval
        switch frequency {
        case .daily: return start.adding(days: step)
        case .weekly: return weekBeginning(start).adding(days: 7 * step)
        case .monthly:
            let month = start.year * 12 + start.month - 1 + step
            return CivilDate(year: month / 12, month: month % 12 + 1, day: 1)
        case .yearly: return CivilDate(year: start.year + step, month: 1, day: 1)
        }
    }

    /// The index of the period that holds `day` (negative before `start`'s).
    private func periodIndex(containing day: CivilDate, from start: CivilDate) -> Int {
        let distance =
            switch frequency {
            case .daily: day.dayNumber - start.dayNumber
            case .weekly: (weekBeginning(day).dayNumber - weekBeginning(start).dayNumber) / 7
            case .monthly: (day.year - start.year) * 12 + day.month - start.month
            case .yearly: day.year - start.year
            }
        return distance >= 0 ? distance / interval : -((-distance + interval - 1) / interval)
    }

    /// How many instances each period after the first gives, when that is the same for every
    /// period; nil when it varies (a month with five Mondays, the 31st, a filter by month).
    private func instancesPerPeriod(from start: CivilDate) -> Int? {
        guard bySetPosition.isEmpty, byMonth.isEmpty else { return nil }
        switch frequency {
        case .daily:
            return byMonthDay.isEmpty && byDay.isEmpty ? 1 : nil
        case .weekly:
            return byMonthDay.isEmpty
                ? Set(byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)).count : nil
        case .monthly:
            // Every month has days 1 to 28 and four of each weekday; counted from one end
            // only, no two entries can name the same day.
            if byDay.isEmpty {
                let days = byMonthDay.isEmpty ? [start.day] : byMonthDay
                return days.allSatisfy({ (1...28).contains($0) }) ? Set(days).count : nil
            }
            guard byMonthDay.isEmpty else { return nil }
            let ordinals = byDay.map { $0.ordinal ?? 0 }
            let sameEnd =
                ordinals.allSatisfy({ (1...4).contains($0) })
                || ordinals.allSatisfy({ (-4...(-1)).contains($0) })
            return sameEnd ? Set(byDay).count : nil
        case .yearly:
            return nil  // Few periods to walk: one a year.
        }
    }

    /// The days period `index` gives, ascending, after `BYSETPOS`.
    private func candidates(_ index: Int, from start: CivilDate) -> [CivilDate] {
        let first = periodStart(index, from: start)
        var days: [CivilDate]
        switch frequency {
        case .daily:
            days = passesFilters(first) ? [first] : []
        case .weekly:
            let weekdays = byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)
            days = (0..<7).map { first.adding(days: $0) }.filter {
                weekdays.contains($0.weekday) && passesFilters($0)
            }
        case .monthly:
            days = byMonth.isEmpty || byMonth.contains(first.month) ? monthDays(first, start) : []
        case .yearly:
            days = yearDays(first.year, start)
        }
        return selectPositions(days)
    }

    /// Whether a day of a daily or weekly rule passes `BYMONTH`, `BYMONTHDAY` and `BYDAY`
    /// (which limit those frequencies).
    private func passesFilters(_ day: CivilDate) -> Bool {
        let length = CivilDate.days(inMonth: day.month, year: day.year)
        return (byMonth.isEmpty || byMonth.contains(day.month))
            && (byMonthDay.isEmpty
                || byMonthDay.contains { ($0 > 0 ? $0 : length + 1 + $0) == day.day })
            && (byDay.isEmpty || byDay.contains { $0.weekday == day.weekday })
    }

    /// The days of the month that begins on `first`: by `BYMONTHDAY` and `BYDAY` (both:
    /// the days in both), else `start`'s day of the month if the month has it.
    private func monthDays(_ first: CivilDate, _ start: CivilDate) -> [CivilDate] {
        let length = CivilDate.days(inMonth: first.month, year: first.year)
        let last = first.adding(days: length - 1)
        if byMonthDay.isEmpty && byDay.isEmpty {
            return start.day <= length ? [first.adding(days: start.day - 1)] : []
        }
        var days = Set<CivilDate>()
        if !byMonthDay.isEmpty {
            for number in byMonthDay {
                let day = number > 0 ? number : length + 1 + number
                if (1...length).contains(day) { days.insert(first.adding(days: day - 1)) }
            }
        }
        if !byDay.isEmpty {
            let weekdays = Set(weekdayDays(from: first, through: last))
            days = byMonthDay.isEmpty ? weekdays : days.intersection(weekdays)
        }
        return days.sorted()
    }

    /// The days of `year`: `start`'s month and day, or by `BYMONTH` (each month's days as
    /// for a monthly rule), or by `BYMONTHDAY` in every month, or by `BYDAY` counted through
    /// the whole year (`20MO`: the 20th Monday of the year).
    private func yearDays(_ year: Int, _ start: CivilDate) -> [CivilDate] {
        if byMonth.isEmpty && byMonthDay.isEmpty && !byDay.isEmpty {
            return weekdayDays(
                from: CivilDate(year: year, month: 1, day: 1),
                through: CivilDate(year: year, month: 12, day: 31))
        }
        let months =
            byMonth.isEmpty ? (byMonthDay.isEmpty ? [start.month] : Array(1...12)) : byMonth
        let reference = byMonthDay.isEmpty && byDay.isEmpty ? start : nil
        return Set(months).sorted().flatMap { month -> [CivilDate] in
            let first = CivilDate(year: year, month: month, day: 1)
            guard let reference else { return monthDays(first, start) }
            let day = CivilDate(year: year, month: month, day: reference.day)
            return day.isValid ? [day] : []
        }
    }

    /// The days from `first` through `last` that `BYDAY` names, ordinals counted within them.
    private func weekdayDays(from first: CivilDate, through last: CivilDate) -> [CivilDate] {
        var days: [CivilDate] = []
        for entry in byDay {
            let firstOfDay = first.adding(days: (entry.weekday - first.weekday + 7) % 7)
            let lastOfDay = last.adding(days: -((last.weekday - entry.weekday + 7) % 7))
            switch entry.ordinal {
            case nil:
                days += stride(from: firstOfDay.dayNumber, through: last.dayNumber, by: 7).map(
                    CivilDate.init(dayNumber:))
            case let ordinal? where ordinal > 0:
                let day = firstOfDay.adding(days: 7 * (ordinal - 1))
                if day <= last { days.append(day) }
            case let ordinal?:
                let day = lastOfDay.adding(days: 7 * (ordinal + 1))
                if day >= first { days.append(day) }
            }
        }
        return days
    }

    /// The days at the `BYSETPOS` positions of a period's sorted days (all without it).
    private func selectPositions(_ days: [CivilDate]) -> [CivilDate] {
        guard !bySetPosition.isEmpty else { return days }
        let chosen = bySetPosition.compactMap { position -> CivilDate? in
            let index = position > 0 ? position - 1 : days.count + position
            return days.indices.contains(index) ? days[index] : nil
        }
        return Set(chosen).sorted()
    }
}
