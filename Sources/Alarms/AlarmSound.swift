import FoundationEssentials

/// What the alarm asks of the sound: start playing, stop.
///
/// The program adapts its audio player
/// to it; a display without sound has none and the alarm still rings on the screen.
///
/// Both are called on the host's loop and must return at once (the player decodes and plays
/// on a thread of its own).
public protocol AlarmSound: AnyObject {
    /// Starts playing `request`, replacing whatever plays.
    func start(_ request: AlarmSoundRequest)
    /// Stops playing; nothing happens when nothing plays.
    func stop()
}

/// What to play when an alarm rings.
public struct AlarmSoundRequest: Sendable, Equatable {
    /// A sound file; nil plays the built-in ``tone``.
    public var file: String?
    /// The built-in tone, also played when the file cannot be.
    public var tone: String
    /// The loudness after the fade-in, 0 to 1.
    public var volume: Double
    /// Seconds from silent to ``volume``.
    public var fadeIn: TimeInterval

    /// A request.
    public init(file: String?, tone: String, volume: Double, fadeIn: TimeInterval) {
        self.file = file
        self.tone = tone
        self.volume = volume
        self.fadeIn = fadeIn
    }

    /// What `alarm` plays.
    public init(_ alarm: Alarm) {
        self.init(file: alarm.sound, tone: alarm.tone, volume: alarm.volume, fadeIn: alarm.fadeIn)
    }
}
