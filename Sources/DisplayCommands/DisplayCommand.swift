/// Everything a user, a program or another display may ask of a Nightstand display: one
/// value, whichever way it came.
///
/// The control socket (`nightstand mode night`), signals (SIGHUP), keys and touches, the HTTP
/// API, MQTT and Home Assistant all make a `DisplayCommand`; the host applies it in one place
/// and answers with a ``CommandResult``. A command has two spellings: words, as a key map, the
/// command line and logs write it (`mode night`, `view clock`, `next 2`), and JSON on the wire
/// (``DisplayCommand/init(json:)``, docs/commands.md), the same for the control socket, HTTP
/// and MQTT.
///
/// ```swift
/// let command = try DisplayCommand(words: "view clock")   // .showView("clock")
/// host.events.post(.command(command))
/// ```
public enum DisplayCommand: Sendable, Hashable {
    /// Holds an appearance whatever the sensor and the schedule say, or hands the choice back
    /// (``DisplayMode/auto``). Words: `mode night`.
    case setMode(DisplayMode)
    /// Shows the view of this name (`widgets`, `photos`, `clock`), sliding it in. Words:
    /// `view clock`.
    case showView(String)
    /// Shows the view `by` (±1) away, going round past the ends. Words: `view next`,
    /// `view previous`.
    case stepView(by: Int)
    /// Steps the stack of `slot` (0 from the left) to the widget `by` (±1) away and pauses its
    /// rotation for a while. Words: `next`, `previous 2` (slots counted from 1).
    case stepStack(slot: Int, by: Int)
    /// A finger drags the views sideways; they follow it, then settle (a touchscreen's).
    case dragViews(PagerDrag)
    /// A finger drags the stack of `slot` up or down; its widgets follow it, then settle.
    case dragStack(slot: Int, PagerDrag)
    /// Lights the panel for `seconds` (a dark panel shows `night` meanwhile), then lets it go
    /// back; a later wake extends it. Words: `wake 30`.
    case wake(seconds: Double)
    /// Turns the panel off for lack of anyone there (`true`), or back on. Words: `idle on`.
    case setIdle(Bool)
    /// Someone is there (`true`: a presence key held `[input] presence_min`) or went away; the
    /// display reports it (Home Assistant's occupancy sensor). Words: `presence on`.
    case setPresence(Bool)
    /// Asks the providers of every widget of `kind` (nil: of every widget) for a new timeline.
    /// Words: `reload`, `reload weather`.
    case reloadTimelines(kind: String?)
    /// Reads the configuration file again and applies it when it is valid. Words:
    /// `reload-configuration`.
    case reloadConfiguration
    /// Gives the display up: the console is switching to another VT.
    case releaseDisplay
    /// Takes the display back and presents the whole frame: the console switched back.
    case acquireDisplay
    /// Acts on the alarms: snooze, dismiss, test, skip, set (``AlarmCommand``). Words:
    /// `alarm snooze`, `alarm skip work`.
    case alarm(AlarmCommand)
    /// Shows a message as a banner over the views for a while (``DisplayMessage``); a new one
    /// replaces it. Words: `message --for 60 Laundry done`.
    case showMessage(DisplayMessage)
    /// Takes the message's banner away before its time (a tap does). Words: `dismiss-message`.
    case dismissMessage
    /// Sets the backlight's (or the pixels') brightness of an appearance, in percent; nil
    /// goes back to the configuration's. Words: `brightness night 5`, `brightness night default`.
    case setBrightness(String, percent: Double?)
    /// Sets one of the display's settings that people automate (``DisplayControl``) over the
    /// configuration's, or back to it (nil). Words: `idle-off 600`, `night-red 40`,
    /// `photos-interval 30`, `night-red default`.
    case setControl(DisplayControl, Double?)
    /// Ends the display's run loop (SIGTERM).
    case stop
    /// Ends the run loop and the program with ``restartStatus``, which the systemd unit
    /// (`Restart=on-failure`) answers by starting it again. Words: `restart`.
    case restart

    /// The exit status of a ``restart``: 75, `EX_TEMPFAIL` of sysexits.h ("try again").
    public static let restartStatus: Int32 = 75

    /// The longest wake, a day.
    public static let longestWake = 86_400.0
    /// The most slots a display has.
    public static let slotLimit = 64
    /// The longest name of a view or a widget kind.
    public static let nameLimit = 64
}

extension DisplayCommand: CustomStringConvertible {
    /// The command in words, as ``init(words:)`` reads them: `mode night`, `next 2`.
    public var description: String {
        switch self {
        case .setMode(let mode): "mode \(mode.rawValue)"
        case .showView(let name): "view \(name)"
        case .stepView(let by): by < 0 ? "view previous" : "view next"
        case .stepStack(let slot, let by):
            (by < 0 ? "previous" : "next") + (slot == 0 ? "" : " \(slot + 1)")
        case .dragViews(let phase): "drag views \(Self.words(phase))"
        case .dragStack(let slot, let phase): "drag stack \(slot + 1) \(Self.words(phase))"
        case .wake(let seconds): "wake \(Self.number(seconds))"
        case .setIdle(let idle): idle ? "idle on" : "idle off"
        case .setPresence(let there): there ? "presence on" : "presence off"
        case .reloadTimelines(let kind?): "reload \(kind)"
        case .reloadTimelines(nil): "reload"
        case .reloadConfiguration: "reload-configuration"
        case .releaseDisplay: "release-display"
        case .acquireDisplay: "acquire-display"
        case .alarm(let command): "alarm \(command.words)"
        case .showMessage(let message): "message \(message.words)"
        case .dismissMessage: "dismiss-message"
        case .setBrightness(let name, let percent):
            "brightness \(name) \(percent.map(Self.number) ?? "default")"
        case .setControl(let control, let value):
            "\(control.rawValue) \(value.map(Self.number) ?? "default")"
        case .stop: "stop"
        case .restart: "restart"
        }
    }

    /// A drag's phase in words: `began`, `changed -120 -800`, `ended -300 -900 1`, `cancelled`.
    static func words(_ phase: PagerDrag) -> String {
        switch phase {
        case .began: "began"
        case .changed(let t, let v): "changed \(number(t)) \(number(v))"
        case .ended(let t, let v, let d?): "ended \(number(t)) \(number(v)) \(d)"
        case .ended(let t, let v, nil): "ended \(number(t)) \(number(v))"
        case .cancelled: "cancelled"
        }
    }

    /// The command's first word, such as `mode`, `view` or `next`.
    public var verb: String { String(description.prefix { $0 != " " }) }

    /// `30` rather than `30.0`.
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}

extension DisplayCommand {
    /// Reads a command from its words, as a key map, the command line and the wire write it:
    /// `mode night`, `view clock`, `view next`, `next`, `previous 2`, `wake 30`, `idle on`,
    /// `reload`, `reload weather`, `reload-configuration`, `drag views changed -120 -800`,
    /// `message --for 60 Laundry done`.
    ///
    /// Numbers are checked where they enter: a slot from 1 to ``slotLimit``, a wake from 0 to
    /// ``longestWake`` seconds, names of at most ``nameLimit`` letters, digits, `-` and `_`.
    public init(words text: String) throws(CommandError) {
        var words = Words(text)
        let verb = words.next()
        switch verb {
        case "mode":
            let name = words.next()
            guard let mode = name.flatMap(DisplayMode.init(rawValue:)) else {
                throw CommandError(text, expected: "mode \(DisplayMode.choices)")
            }
            self = .setMode(mode)
        case "view":
            switch words.next() {
            case "next": self = .stepView(by: 1)
            case "previous": self = .stepView(by: -1)
            case let name? where Self.isName(name): self = .showView(name)
            default:
                throw CommandError(text, expected: "view next, view previous or view NAME")
            }
        case "next", "previous":
            let slot = try words.nextSlot(in: text, after: verb, default: 0)
            self = .stepStack(slot: slot, by: verb == "next" ? 1 : -1)
        case "wake":
            guard let seconds = words.next().flatMap(Double.init),
                (0...Self.longestWake).contains(seconds)
            else {
                throw CommandError(
                    text, expected: "wake SECONDS, from 0 to \(Int(Self.longestWake))")
            }
            self = .wake(seconds: seconds)
        case "idle":
            switch words.next() {
            case "on": self = .setIdle(true)
            case "off": self = .setIdle(false)
            default: throw CommandError(text, expected: "idle on or idle off")
            }
        case "presence":
            switch words.next() {
            case "on": self = .setPresence(true)
            case "off": self = .setPresence(false)
            default: throw CommandError(text, expected: "presence on or presence off")
            }
        case "reload":
            let kind = words.next()
            if let kind, !Self.isName(kind) {
                throw CommandError(text, expected: "reload, or reload KIND (a widget kind)")
            }
            self = .reloadTimelines(kind: kind)
        case "drag":
            self = try Self.drag(&words, text)
        case "alarm":
            self = try Self.alarm(&words, text)
        case "message":
            self = .showMessage(try DisplayMessage.read(&words, text))
        case "dismiss-message": self = .dismissMessage
        case "brightness": self = try Self.brightness(&words, text)
        case let verb? where DisplayControl(rawValue: verb) != nil:
            self = try Self.control(verb, &words, text)
        case "reload-configuration": self = .reloadConfiguration
        case "release-display": self = .releaseDisplay
        case "acquire-display": self = .acquireDisplay
        case "stop": self = .stop
        case "restart": self = .restart
        default:
            throw CommandError(text, expected: "a command: \(Self.verbs)")
        }
        guard words.isAtEnd else {
            throw CommandError(text, expected: "nothing after \"\(self)\"")
        }
    }

    /// The first words of every command.
    public static let verbList = [
        "mode", "view", "next", "previous", "wake", "idle", "presence", "reload",
        "reload-configuration",
        "drag", "alarm", "message", "dismiss-message", "brightness", "idle-off", "night-red",
        "photos-interval", "release-display",
        "acquire-display", "stop",
        "restart",
    ]

    /// The first words of every command, for messages.
    public static var verbs: String {
        verbList.dropLast().joined(separator: ", ") + " or " + (verbList.last ?? "")
    }

    /// `drag views PHASE…` or `drag stack SLOT PHASE…`.
    private static func drag(_ words: inout Words, _ text: String) throws(CommandError) -> Self {
        let target = words.next()
        let slot =
            target == "stack" ? try words.nextSlot(in: text, after: "stack", default: nil) : nil
        guard target == "views" || target == "stack" else {
            throw CommandError(text, expected: "drag views PHASE or drag stack SLOT PHASE")
        }
        let phase: PagerDrag
        switch words.next() {
        case "began": phase = .began
        case "cancelled": phase = .cancelled
        case "changed":
            let (translation, velocity) = try (
                words.nextPixels(in: text), words.nextPixels(in: text)
            )
            phase = .changed(translation: translation, velocity: velocity)
        case "ended":
            let (translation, velocity) = try (
                words.nextPixels(in: text), words.nextPixels(in: text)
            )
            let direction = words.next().flatMap { Int($0) }.map { max(-1, min(1, $0)) }
            phase = .ended(translation: translation, velocity: velocity, direction: direction)
        default:
            throw CommandError(
                text,
                expected: "a drag's phase: began, changed T V, ended T V [DIRECTION] or cancelled")
        }
        return slot.map { .dragStack(slot: $0, phase) } ?? .dragViews(phase)
    }

    /// Whether `name` can name a view or a widget kind.
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= nameLimit
            && name.unicodeScalars.allSatisfy {
                ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
                    && $0.isASCII
            }
    }
}
