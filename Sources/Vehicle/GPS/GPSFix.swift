import FoundationEssentials

/// What a GPS receiver says now, as gpsd reports it: the fix's quality, position, altitude,
/// speed and heading (its `TPV` reports) and the satellites (its `SKY` reports).
///
/// Every number is checked where it enters (``GPSDReport``): a value out of its range is left
/// out, never shown.
public struct GPSFix: Sendable, Equatable {
    /// How good the fix is: gpsd's `mode`.
    public enum Quality: Int, Sendable, Comparable {
        /// gpsd has not said yet.
        case unknown = 0
        /// The receiver has no fix.
        case none = 1
        /// Latitude and longitude, no altitude.
        case twoD = 2
        /// Latitude, longitude and altitude.
        case threeD = 3

        /// Worse first.
        public static func < (a: Quality, b: Quality) -> Bool { a.rawValue < b.rawValue }
    }

    /// The fix's quality.
    public var quality = Quality.unknown
    /// The receiver's time of the fix (UTC), when it gave one.
    public var time: Date?
    /// Degrees north, −90 to 90.
    public var latitude: Double?
    /// Degrees east, −180 to 180.
    public var longitude: Double?
    /// Metres above mean sea level (a 3D fix).
    public var altitude: Double?
    /// Metres per second over the ground.
    public var speed: Double?
    /// Degrees clockwise from true north, 0 to 360: where the receiver moves.
    public var track: Double?
    /// Satellites used in the fix.
    public var satellitesUsed: Int?
    /// Satellites seen.
    public var satellitesSeen: Int?

    /// An empty fix: nothing known yet.
    public init() {}

    /// Whether there is a position: a 2D or 3D fix with latitude and longitude.
    public var hasFix: Bool {
        quality >= .twoD && latitude != nil && longitude != nil
    }

    /// Takes one of gpsd's reports: a `TPV` replaces the position (all of it, so a field
    /// gpsd no longer sends is gone), a `SKY` the satellites.
    public mutating func apply(_ report: GPSDReport) {
        switch report {
        case .position(let position):
            let satellites = (satellitesUsed, satellitesSeen)
            self = position
            (satellitesUsed, satellitesSeen) = satellites
            if quality < .twoD {
                (latitude, longitude, altitude, speed, track) = (nil, nil, nil, nil, nil)
            }
        case .sky(let used, let seen):
            satellitesUsed = used
            satellitesSeen = seen
        case .other, .problem:
            break
        }
    }
}
