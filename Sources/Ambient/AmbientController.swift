import FoundationEssentials
import SystemSupport

/// The ambient input wired to the hardware: reads the sensor, runs the policy, sets the
/// backlight.
///
/// The host calls ``update(at:)`` at start, at each decision's ``AmbientDecision/nextEvaluation``
/// and after changing ``manualOverride``; it renders the returned appearance and, where
/// ``dimsPixels`` is true (no usable backlight), scales content by ``pixelBrightness(for:)``.
///
/// ```swift
/// var ambient = AmbientController(configuration: configuration, logger: logger)
/// let decision = ambient.update(at: clock.now)
/// render(appearance: decision.appearance, brightness: ambient.pixelBrightness(for: decision.appearance))
/// sleep(until: decision.nextEvaluation)
/// ```
///
/// A sensor that fails is resolved again before the next reading (an IIO device that comes
/// back under another number is found by name). A backlight write that fails is logged once
/// and the controller reports ``dimsPixels`` until a later write succeeds.
public struct AmbientController: Sendable {
    /// The settings.
    public let configuration: AmbientConfiguration
    /// Where sysfs is mounted (`/sys`; a fake tree in tests).
    public let sysfsRoot: String
    /// The backlight in use; nil when there is none (or the configured one is missing).
    public let backlight: Backlight?
    /// The manual override; nil is auto.
    ///
    /// Takes effect at the next ``update(at:)``.
    public var manualOverride: Appearance? {
        get { policy.manualOverride }
        set { policy.manualOverride = newValue }
    }

    /// Whether the host hears when devices appear (a `Uevent` source of subsystem `iio`): then
    /// an IIO sensor that is not there is not looked for every 30 s, but on
    /// ``devicesChanged()``.
    ///
    /// Default: false.
    public var watchesDevices = false

    /// The appearance the panel shows instead of the decision, while the host overrides it
    /// (``showInstead(_:)``); nil: the decision shows.
    public private(set) var shownInstead: Appearance?

    private var policy: AmbientPolicy
    private let logger: Logger
    private var sensor: (any LightSensor)?
    /// The last decision's appearance.
    private var decided: Appearance?
    /// The appearance whose level the backlight was last set to.
    private var lit: Appearance?
    private var backlightWorks = true

    /// A controller for `configuration` reading sysfs under `sysfsRoot`.
    ///
    /// A configured backlight that is missing or unreadable is logged as a warning, an absent
    /// one as a notice; either way the controller dims pixels instead.
    public init(
        configuration: AmbientConfiguration, sysfsRoot: String = "/sys",
        logger: Logger = Logger(label: "nightstand.ambient")
    ) {
        self.configuration = configuration
        self.sysfsRoot = sysfsRoot
        self.logger = logger
        self.policy = AmbientPolicy(configuration: configuration, logger: logger)
        do {
            backlight = try Backlight.find(named: configuration.backlight, sysfsRoot: sysfsRoot)
            if backlight == nil {
                logger.notice("no backlight under \(sysfsRoot)/class/backlight; dimming pixels")
            }
        } catch {
            logger.warning("\(error); dimming pixels instead")
            backlight = nil
        }
    }

    /// The light sensor in use, by a short name: the IIO driver's (`bh1750`), else the
    /// configured source's (``LuxSource/shortName``); nil while none is configured, found or
    /// reading.
    public var sensorName: String? {
        guard let sensor, let source = configuration.sensor else { return nil }
        if let iio = sensor as? IIOLightSensor, !iio.name.isEmpty { return iio.name }
        return source.shortName
    }

    /// Whether the host must dim content itself: no backlight, or it cannot be written.
    public var dimsPixels: Bool { backlight == nil || !backlightWorks }

    /// The factor (0…1) by which to scale content brightness for `appearance`: 1 while the
    /// backlight does the dimming, else the configured percentage (0 for `off`).
    public func pixelBrightness(for appearance: Appearance) -> Double {
        guard dimsPixels else { return 1 }
        return (configuration.brightnessPercent(for: appearance) ?? 0) / 100
    }

    /// Whether the configured sensor is an IIO device, which a device event can bring.
    public var sensorIsADevice: Bool {
        switch configuration.sensor {
        case .iio, .iioDevice: true
        case .file, .command, nil: false
        }
    }

    /// Devices changed (a sensor may have appeared or gone): the next ``update(at:)`` looks
    /// for the sensor again.
    public mutating func devicesChanged() {
        sensor = nil
    }

    /// Shows `appearance` instead of the decision (nil: the decision again), and sets the
    /// backlight for it at once.
    ///
    /// The host overrides what the panel shows for a while: a wake lights a panel the policy
    /// keeps dark at night's level, idleness turns it off. Meanwhile decisions go on (the
    /// policy still decides day, dim or night), but the backlight stays at the level of what
    /// is shown, so the two never fight; when the override ends, the backlight goes to the
    /// decision's level.
    ///
    /// ```swift
    /// controller.showInstead(.night)   // woken at night: the light at night's level
    /// controller.showInstead(nil)      // the wake is over: the decision's level again
    /// ```
    public mutating func showInstead(_ appearance: Appearance?) {
        shownInstead = appearance
        light()
    }

    /// Reads the sensor (if one is configured), decides the appearance at `time`, and sets the
    /// backlight when the appearance shown changed (see ``showInstead(_:)``).
    ///
    /// A sensor command is run here and waited for (up to its timeout): a run loop takes its
    /// reading with ``slowReading`` on another thread and decides with
    /// ``update(at:reading:)`` instead.
    public mutating func update(at time: Date) -> AmbientDecision {
        // Under a manual override the reading would be ignored: do not run the sensor.
        update(
            at: time, reading: manualOverride == nil ? configuration.sensor.map { read($0) } : nil)
    }

    /// The reading to take on another thread when it may take long.
    ///
    /// That is a sensor command's, which runs up to its timeout. Nil when ``update(at:)``
    /// reads at once (a file or an IIO attribute, read without blocking), when there is no
    /// sensor, and under a manual override (which ignores readings).
    public var slowReading: (@Sendable () -> Result<Double, LightSensorError>)? {
        guard manualOverride == nil,
            case .command(let arguments, let timeout)? = configuration.sensor
        else { return nil }
        let sensor = CommandLightSensor(arguments: arguments, timeout: timeout)
        return { () -> Result<Double, LightSensorError> in
            do throws(LightSensorError) {
                return .success(try sensor.readLux())
            } catch {
                return .failure(error)
            }
        }
    }

    /// What the clock schedule shows at `time`.
    ///
    /// The appearance until a slow sensor's first reading, which then applies at once.
    /// Changes nothing but the backlight.
    public mutating func scheduledDecision(at time: Date) -> AmbientDecision {
        let decision = policy.scheduledDecision(at: time)
        decided = decision.appearance
        light()
        return decision
    }

    /// Decides the appearance at `time` from `reading` (nil: none, as without a sensor or
    /// under a manual override), and sets the backlight when the appearance shown changed.
    ///
    /// A reading that came from ``slowReading`` makes its sensor the one in use (its
    /// ``sensorName``), or none when it failed.
    public mutating func update(
        at time: Date, reading: Result<Double, LightSensorError>?
    ) -> AmbientDecision {
        if case .command(let arguments, let timeout)? = configuration.sensor, let reading {
            let worked = (try? reading.get()) != nil
            sensor = worked ? CommandLightSensor(arguments: arguments, timeout: timeout) : nil
        }
        var absent = false
        if case .failure(.notFound)? = reading { absent = true }
        if case .failure(.notALightSensor)? = reading { absent = true }
        let decision = policy.update(
            at: time, reading: reading,
            retryingFailures: !(absent && watchesDevices && sensorIsADevice))
        decided = decision.appearance
        light()
        return decision
    }

    /// A wake-up light rises by `share` (0 to 1, in light): the backlight goes from night's
    /// level toward day's; nil: the rise is over, the level of what is shown again.
    ///
    /// ```swift
    /// controller.rise(0.25)   // a quarter of the way from night_brightness to day_brightness
    /// ```
    public mutating func rise(_ share: Double?) {
        guard let share else {
            if lit == nil { light() }
            return
        }
        guard let backlight, backlightWorks else { return }
        let night = configuration.brightnessPercent(for: .night) ?? 0
        let day = configuration.brightnessPercent(for: .day) ?? 100
        lit = nil
        do {
            try backlight.set(percent: night + (day - night) * max(0, min(1, share)))
        } catch {
            logger.warning("\(error); dimming pixels instead")
            backlightWorks = false
        }
    }

    /// Sets the backlight for the appearance shown, when it is not lit already.
    private mutating func light() {
        guard let shown = shownInstead ?? decided, shown != lit else { return }
        lit = shown
        setBacklight(for: shown)
    }

    /// One reading from `source`, resolving it first when there is no working sensor yet.
    private mutating func read(_ source: LuxSource) -> Result<Double, LightSensorError> {
        do throws(LightSensorError) {
            let current: any LightSensor
            if let sensor {
                current = sensor
            } else {
                current = try source.resolve(sysfsRoot: sysfsRoot)
            }
            sensor = current
            return .success(try current.readLux())
        } catch {
            sensor = nil
            return .failure(error)
        }
    }

    private mutating func setBacklight(for appearance: Appearance) {
        guard let backlight else { return }
        do {
            try backlight.set(percent: configuration.brightnessPercent(for: appearance))
            backlightWorks = true
        } catch {
            if backlightWorks { logger.warning("\(error); dimming pixels instead") }
            backlightWorks = false
        }
    }
}
