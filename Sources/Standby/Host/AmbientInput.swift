import Ambient
import DisplayCommands
import EventCore
import FoundationEssentials
import SystemSupport

/// The ambient side of the host: the controller (sensor, schedule, backlight), when to ask it
/// next, and the reading widgets see.
///
/// Without a controller (`nightstand snapshot`, tests) the host shows day unless told
/// otherwise.
struct AmbientInput {
    /// The sensor, schedule and backlight; nil when the host decides nothing by itself.
    private(set) var controller: AmbientController?
    /// The bands and levels widgets see.
    private(set) var configuration: AmbientConfiguration
    /// What widgets see as `ambientReading`.
    private(set) var reading: AmbientReading
    /// When to ask the controller next.
    private var due = Due.nextTurn
    /// The number of the slow reading under way on its thread, if one is; a result of any
    /// other number (one started before an override or a reload) is dropped.
    private var readingUnderWay: Int?
    /// The number the next slow reading gets.
    private var readings = 0
    /// Whether the controller decided anything yet.
    private var decided = false
    /// The mode `nightstand mode` set; ``DisplayCommands/DisplayMode/auto`` when none.
    var mode = DisplayMode.auto
    /// The wake-up light's share of the way from night's backlight to day's, while it rises.
    private var rising: Double?

    init(controller: AmbientController?, configuration: AmbientConfiguration) {
        self.controller = controller
        self.configuration = configuration
        reading = AmbientReading(
            .day, source: .schedule, sensorName: nil, configuration: configuration)
    }

    /// Whether a backlight does the dimming (so pixels stay bright).
    var backlightDims: Bool { controller.map { !$0.dimsPixels } ?? false }

    /// When the controller wants to be asked again; nil when no instant is due (it is asked
    /// on the next turn, or only when an event asks).
    var nextDue: Date? {
        guard controller != nil, case .at(let date) = due else { return nil }
        return date
    }

    /// Whether a slow reading is under way on its thread (a simulated clock gives it time).
    var isReading: Bool { readingUnderWay != nil }

    /// Whether the configured sensor is a device that a device event may bring.
    var waitsForDevices: Bool { controller?.sensorIsADevice ?? false }

    /// The controller's decision when one is due at `now` (nil otherwise), noted as the
    /// reading.
    ///
    /// A sensor that may take long (a command, up to its timeout) is never read here: its
    /// reading runs on a thread of its own and comes back through `events`, as an event that
    /// hands it to ``finishReading(_:number:at:)``; until the first one, the clock schedule
    /// decides. The loop goes on meanwhile, and a stop does not wait for it.
    mutating func update(at now: Date, events: Mailbox<HostEvent>) -> AmbientDecision? {
        guard var controller, due.isDue(at: now) else { return nil }
        guard let read = controller.slowReading else {
            return decide(controller.update(at: now), controller)
        }
        var decision: AmbientDecision?
        if !decided { decision = decide(controller.scheduledDecision(at: now), controller) }
        // The reading's event asks again.
        due = .whenAsked
        if readingUnderWay == nil {
            readings += 1
            let number = readings
            readingUnderWay = number
            let started = DetachedThread.start(name: "nightstand lux") {
                let reading = read()
                events.post(
                    HostEvent(internal: "light sensor reading") { host in
                        host.finishAmbientReading(reading, number: number)
                    })
            }
            if !started {
                readingUnderWay = nil
                due = .at(now.addingTimeInterval(AmbientPolicy.retryInterval))
            }
        }
        return decision
    }

    /// Decides with the slow reading numbered `number` (see ``update(at:events:)``); nil when
    /// it is one started before an override or a reload, which is dropped.
    mutating func finishReading(
        _ reading: Result<Double, LightSensorError>, number: Int, at now: Date
    ) -> AmbientDecision? {
        guard var controller, number == readingUnderWay else { return nil }
        readingUnderWay = nil
        return decide(controller.update(at: now, reading: reading), controller)
    }

    /// Keeps `controller` (after it decided) and notes its `decision`.
    private mutating func decide(_ decision: AmbientDecision, _ controller: AmbientController)
        -> AmbientDecision
    {
        self.controller = controller
        decided = true
        // No next evaluation: nothing changes by itself (an override; a missing sensor whose
        // device event will say when it appears, and no schedule boundary).
        due = decision.nextEvaluation.map(Due.at) ?? .whenAsked
        note(decision.appearance, source: decision.source, sensorName: controller.sensorName)
        return decision
    }

    /// Keeps what widgets see as `ambientReading`.
    mutating func note(_ appearance: Appearance, source: AmbientSource, sensorName: String?) {
        reading = AmbientReading(
            appearance, source: source, sensorName: sensorName, configuration: configuration)
    }

    /// Holds `forced` (nil: auto); returns whether the controller decides on the next turn.
    ///
    /// False when there is no controller: the host shows it itself.
    mutating func override(_ forced: Appearance?) -> Bool {
        guard var controller else { return false }
        controller.manualOverride = forced
        self.controller = controller
        due = .nextTurn
        readingUnderWay = nil
        return true
    }

    /// Device events reach the host: an absent IIO sensor is looked for on
    /// ``devicesChanged()``, not every 30 s.
    mutating func watchDevices(_ watching: Bool) {
        controller?.watchesDevices = watching
    }

    /// Shows `appearance` instead of the decision (nil: the decision): the backlight follows
    /// what the panel shows (a wake, idleness).
    mutating func showInstead(_ appearance: Appearance?) {
        controller?.showInstead(appearance)
    }

    /// A wake-up light rises by `share` of the way from night's backlight level to day's;
    /// nil: it does not (``Ambient/AmbientController/rise(_:)``).
    mutating func rise(_ share: Double?) {
        guard share != rising else { return }
        rising = share
        controller?.rise(share)
    }

    /// Devices changed: look for the sensor again on the next turn.
    mutating func devicesChanged() {
        controller?.devicesChanged()
        due = .nextTurn
    }

    /// Uses new settings (a reloaded `[ambient]`): a new controller, asked on the next turn.
    mutating func reconfigure(_ configuration: AmbientConfiguration, controller: AmbientController?)
    {
        let watching = self.controller?.watchesDevices ?? false
        let forced = self.controller?.manualOverride
        let instead = self.controller?.shownInstead
        self.configuration = configuration
        self.controller = controller
        self.controller?.watchesDevices = watching
        self.controller?.manualOverride = forced
        if let instead { self.controller?.showInstead(instead) }
        due = .nextTurn
        readingUnderWay = nil
    }
}

extension AmbientInput {
    /// When the controller is to be asked next.
    enum Due: Equatable {
        /// On the next turn: at start, after an override, a reload or a device event.
        case nextTurn
        /// Once the clock reaches this instant.
        case at(Date)
        /// Only when something asks: a slow reading's event, a device event, an override.
        case whenAsked

        /// Whether the controller is to be asked at `now`.
        func isDue(at now: Date) -> Bool {
            switch self {
            case .nextTurn: true
            case .at(let date): now >= date
            case .whenAsked: false
            }
        }
    }
}
