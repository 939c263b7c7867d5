import FoundationEssentials

/// The days of a period: the filters of daily and weekly rules, the days of a month and a
/// year, and weeks numbered as RFC 5545 numbers them (`BYWEEKNO`).
extension RecurrenceRule {
    /// Whether a day passes `BYMONTH`, `BYMONTHDAY`, `BYDAY` (weekdays only), `BYYEARDAY` and
    /// `BYWEEKNO`: the filters of daily, weekly, hourly and minutely rules.
    func passesFilters(_ day: CivilDate) -> Bool {
        let length = CivilDate.days(inMonth: day.month, year: day.year)
        return (byMonth.isEmpty || byMonth.contains(day.month))
            && (byMonthDay.isEmpty
                || byMonthDay.contains { ($0 > 0 ? $0 : length + 1 + $0) == day.day })
            && (byDay.isEmpty || byDay.contains { $0.weekday == day.weekday })
            && isInYearSets(day)
    }

    /// Whether a day is one of `BYYEARDAY`'s days of its year and in one of `BYWEEKNO`'s
    /// weeks (each, without it, every day).
    func isInYearSets(_ day: CivilDate) -> Bool {
        if !byYearDay.isEmpty {
            let newYear = CivilDate(year: day.year, month: 1, day: 1).dayNumber
            let length = CivilDate(year: day.year + 1, month: 1, day: 1).dayNumber - newYear
            let number = day.dayNumber - newYear + 1
            guard byYearDay.contains(where: { ($0 > 0 ? $0 : length + 1 + $0) == number }) else {
                return false
            }
        }
        guard !byWeekNumber.isEmpty else { return true }
        let (number, weeks) = week(of: day)
        return byWeekNumber.contains { ($0 > 0 ? $0 : weeks + 1 + $0) == number }
    }

    /// The number of the week that holds `day`, and how many weeks its year has: weeks begin
    /// on ``weekStart``, and week 1 is the first with at least four days in the year (the one
    /// holding 4 January), so a week belongs to the year of most of its days (RFC 5545,
    /// 3.3.10).
    func week(of day: CivilDate) -> (number: Int, weeks: Int) {
        let beginning = weekBeginning(day)
        let year = beginning.adding(days: 3).year
        let firstWeek = weekBeginning(CivilDate(year: year, month: 1, day: 4))
        let nextYear = weekBeginning(CivilDate(year: year + 1, month: 1, day: 4))
        return (
            (beginning.dayNumber - firstWeek.dayNumber) / 7 + 1,
            (nextYear.dayNumber - firstWeek.dayNumber) / 7
        )
    }

    /// The days of the month that begins on `first`: by `BYMONTHDAY` and `BYDAY` (both:
    /// the days in both), else `start`'s day of the month if the month has it.
    func monthDays(_ first: CivilDate, _ start: CivilDate) -> [CivilDate] {
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
    ///
    /// With `BYWEEKNO` or `BYYEARDAY`, the days of the year that pass every filter given
    /// (`BYDAY`'s weekdays, without ordinals), as python-dateutil reads them.
    func yearDays(_ year: Int, _ start: CivilDate) -> [CivilDate] {
        if !byWeekNumber.isEmpty || !byYearDay.isEmpty {
            let first = CivilDate(year: year, month: 1, day: 1)
            let length = CivilDate(year: year + 1, month: 1, day: 1).dayNumber - first.dayNumber
            return (0..<length).map { first.adding(days: $0) }.filter(passesFilters)
        }
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
}
