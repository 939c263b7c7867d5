import FoundationEssentials
import Glibc

/// A place on Earth in degrees: latitude north positive, longitude east positive.
public struct GeoCoordinate: Sendable, Equatable, CustomStringConvertible {
    /// Degrees north of the equator (−90…90).
    public let latitude: Double
    /// Degrees east of Greenwich (−180…180).
    public let longitude: Double

    /// A coordinate; ``AmbientConfiguration`` checks the ranges.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `51.5074, -0.1278`.
    public var description: String { "\(latitude), \(longitude)" }
}

/// Sunrise, sunset and solar noon of one local calendar day.
public struct SunTimes: Sendable, Equatable {
    /// When the sun is highest (crosses the meridian).
    public let solarNoon: Date
    /// When the sun's upper limb rises, or why it does not that day.
    public let sunrise: SunEvent
    /// When the sun's upper limb sets, or why it does not that day.
    public let sunset: SunEvent
}

/// A sunrise or sunset: a moment, or a polar day without one.
public enum SunEvent: Sendable, Equatable {
    /// The event happens at this moment.
    case at(Date)
    /// The sun stays above the horizon all day (midnight sun): it neither sets nor rises.
    case sunStaysUp
    /// The sun stays below the horizon all day (polar night).
    case sunStaysDown

    /// The moment, when there is one.
    public var date: Date? {
        if case .at(let date) = self { return date }
        return nil
    }
}

/// Sunrise and sunset from latitude and longitude, by NOAA's solar calculator algorithm.
///
/// The formulas are those of the NOAA Global Monitoring Laboratory's solar calculator
/// (after Jean Meeus, *Astronomical Algorithms*): the sun's declination and the equation of
/// time from the Julian century, and the hour angle at which the sun's upper limb touches the
/// horizon, with the standard 0.833° for refraction and the sun's radius. Each event is
/// refined by evaluating the sun's position at the event itself. Accuracy is about a minute
/// between ±72° latitude.
///
/// ```swift
/// let london = SolarCalculator(coordinate: GeoCoordinate(latitude: 51.5074, longitude: -0.1278))
/// let times = london.sunTimes(onDayContaining: .now, in: TimeZone(identifier: "Europe/London")!)
/// print(times.sunset.date as Any)
/// ```
///
/// Days are local calendar days of the given time zone, so DST changes move the clock times
/// and never the moments: the spring-forward day's sunrise is an hour later on the clock than
/// the day before's, not a day apart.
public struct SolarCalculator: Sendable, Equatable {
    /// Where the sun is observed.
    public let coordinate: GeoCoordinate

    /// Zenith of sunrise/sunset: 90° plus 0.833° for refraction and the sun's semidiameter.
    private static let horizonZenith = 90.833

    /// A calculator for `coordinate`.
    public init(coordinate: GeoCoordinate) {
        self.coordinate = coordinate
    }

    /// Sunrise, sunset and solar noon of the local calendar day (in `timeZone`) that contains
    /// `date`.
    public func sunTimes(onDayContaining date: Date, in timeZone: TimeZone) -> SunTimes {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = calendar.startOfDay(for: date)
        let localNoon = calendar.date(byAdding: .hour, value: 12, to: start) ?? start
        // The UTC day whose solar noon at this longitude (≈ 12:00 − longitude/15 h UTC) falls
        // nearest the local noon: far from their zone's meridian (Kiritimati, UTC+14 at
        // 157° W) the local day's sun belongs to a neighboring UTC date.
        let approximateNoonMinutes = 720 - 4 * coordinate.longitude
        let utcDay = ((localNoon.timeIntervalSince1970 - approximateNoonMinutes * 60) / 86400)
            .rounded()
        let julianDay = utcDay + 2_440_587.5
        func moment(_ minutes: Double) -> Date {
            Date(timeIntervalSince1970: utcDay * 86400 + minutes * 60)
        }
        return SunTimes(
            solarNoon: moment(noonMinutes(julianDay: julianDay)),
            sunrise: event(rising: true, julianDay: julianDay).map(moment),
            sunset: event(rising: false, julianDay: julianDay).map(moment))
    }

    /// Solar noon in minutes after 0h UTC of `julianDay`, refined at its own time.
    private func noonMinutes(julianDay: Double) -> Double {
        var minutes = 720 - 4 * coordinate.longitude
        for _ in 0..<2 {
            let sun = SolarPosition(julianCentury: Self.century(julianDay + minutes / 1440))
            minutes = 720 - 4 * coordinate.longitude - sun.equationOfTime
        }
        return minutes
    }

    /// Sunrise (`rising`) or sunset in minutes after 0h UTC of `julianDay`, iterated three
    /// times at the event's own time; or the polar case.
    private func event(rising: Bool, julianDay: Double) -> MinutesOrPolar {
        var minutes = noonMinutes(julianDay: julianDay)
        for _ in 0..<3 {
            let sun = SolarPosition(julianCentury: Self.century(julianDay + minutes / 1440))
            let latitude = coordinate.latitude * .pi / 180
            let declination = sun.declination * .pi / 180
            let cosHourAngle =
                cos(Self.horizonZenith * .pi / 180) / (cos(latitude) * cos(declination))
                - tan(latitude) * tan(declination)
            if cosHourAngle > 1 { return .sunStaysDown }
            if cosHourAngle < -1 { return .sunStaysUp }
            let hourAngle = acos(cosHourAngle) * 180 / .pi
            minutes =
                720 - 4 * (coordinate.longitude + (rising ? hourAngle : -hourAngle))
                - sun.equationOfTime
        }
        return .minutes(minutes)
    }

    /// Julian centuries since J2000.0.
    private static func century(_ julianDay: Double) -> Double {
        (julianDay - 2_451_545) / 36525
    }
}

/// An event time in minutes, or the polar day that has none.
private enum MinutesOrPolar {
    case minutes(Double)
    case sunStaysUp
    case sunStaysDown

    func map(_ moment: (Double) -> Date) -> SunEvent {
        switch self {
        case .minutes(let minutes): .at(moment(minutes))
        case .sunStaysUp: .sunStaysUp
        case .sunStaysDown: .sunStaysDown
        }
    }
}

/// The sun's declination and the equation of time at a Julian century (NOAA's spreadsheet
/// columns G…V, angles in degrees).
private struct SolarPosition {
    /// Degrees north of the celestial equator.
    let declination: Double
    /// Minutes by which apparent solar time runs ahead of mean solar time.
    let equationOfTime: Double

    init(julianCentury t: Double) {
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032))
            .truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let m = radians(meanAnomaly)
        let equationOfCenter =
            sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(2 * m) * (0.019993 - 0.000101 * t) + sin(3 * m) * 0.000289
        let trueLongitude = meanLongitude + equationOfCenter
        let omega = radians(125.04 - 1934.136 * t)
        let apparentLongitude = trueLongitude - 0.00569 - 0.00478 * sin(omega)
        let meanObliquity =
            23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.00256 * cos(omega))
        declination = asin(sin(obliquity) * sin(radians(apparentLongitude))) * 180 / .pi
        let y = pow(tan(obliquity / 2), 2)
        let l0 = radians(meanLongitude)
        let equation =
            y * sin(2 * l0) - 2 * eccentricity * sin(m)
            + 4 * eccentricity * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m)
        equationOfTime = 4 * equation * 180 / .pi
    }
}
