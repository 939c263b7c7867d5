import ArgumentParser
import DisplayCommands
import FoundationEssentials
import Network
import Standby
import SystemSupport

/// `nightstand fleet`: the operator's side of many displays, through the MQTT broker only.
struct FleetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "List and command the displays of a fleet through the MQTT broker.",
        discussion: """
            Talks to the broker only (docs/fleet.md): its address from --broker, or the [mqtt] \
            section of --config (with its user, password file and CA file). Exits with status \
            0 when every target answered and applied, 1 when one refused or did not answer, \
            69 when the broker can't be reached.
            """,
        subcommands: [
            FleetListCommand.self, FleetSendCommand.self, FleetPushCommand.self,
            FleetScreenshotCommand.self,
        ])
}

/// How the operator reaches the broker.
struct FleetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The broker, such as mqtt://broker.lan.", valueName: "url"))
    var broker: String?

    @Option(help: ArgumentHelp("The user to log in as (with --broker).", valueName: "name"))
    var username: String?

    @Option(
        help: ArgumentHelp(
            "A file whose first line is the password (with --broker).", valueName: "file"))
    var passwordFile: String?

    @Option(help: ArgumentHelp("The fleet's root topic.", valueName: "topic"))
    var topic: String?

    @Option(help: ArgumentHelp("Seconds to wait for the broker and the displays."))
    var timeout: Double = 10

    @OptionGroup var configuration: ConfigurationOptions

    /// Connects an operator, or throws the message and exit status 69 (EX_UNAVAILABLE).
    func connect() throws -> FleetOperator {
        let loaded = try loadConfiguration()
        guard (0.1...600).contains(timeout) else {
            throw ValidationError("--timeout: expected 0.1 to 600 seconds, found \(timeout)")
        }
        let options: MQTTClient.Options
        let clientID = "nightstand-fleet-\(UUID().uuidString.prefix(8).lowercased())"
        if let broker {
            var problem = ""
            guard let address = BrokerAddress(url: broker, problem: &problem) else {
                throw ValidationError("--broker \(broker): \(problem)")
            }
            var password: String?
            if let passwordFile {
                let line = try String(contentsOfFile: passwordFile, encoding: .utf8)
                password = String(line.prefix { $0 != "\n" })
            }
            options = MQTTClient.Options(
                broker: address, username: username, password: password, clientID: clientID)
        } else if let settings = loaded.section(MQTTSection.self)?.settings {
            options = MQTTClient.Options(
                broker: settings.broker, caFile: settings.caFile, username: settings.username,
                password: try settings.readPassword(), clientID: clientID)
        } else {
            throw ValidationError("no broker: give --broker URL, or --config with [mqtt]")
        }
        let root = topic ?? loaded.section(FleetSection.self)?.settings?.root ?? "nightstand"
        // Its connection's comings and goings are not the operator's business; failures are.
        var log = Logger(label: "nightstand.fleet")
        log.logLevel = .warning
        let fleet = FleetOperator(options: options, topics: FleetTopics(root: root), log: log)
        do throws(FleetOperator.Failure) {
            try fleet.connect(timeout: .milliseconds(Int(timeout * 1000)))
        } catch {
            writeStandardError("nightstand fleet: \(error)")
            throw ExitCode(69)
        }
        return fleet
    }

    private func loadConfiguration() throws -> Configuration {
        do throws(ConfigurationError) {
            return try configuration.load()
        } catch {
            writeStandardError("nightstand: \(error)")
            throw ExitCode(ConfigurationError.exitCode)
        }
    }
}

/// `nightstand fleet list`: every display the broker knows.
struct FleetListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every display the broker knows: id, groups, state, version, errors.")

    @Flag(help: "Print the displays' state documents as one JSON array.")
    var json = false

    @OptionGroup var options: FleetOptions

    func run() throws {
        let fleet = try options.connect()
        defer { fleet.stop() }
        let displays = fleet.displays
        if json {
            let documents = displays.map { display in
                display.state.map { String(decoding: $0.json, as: UTF8.self) } ?? "null"
            }
            print("[" + documents.joined(separator: ",\n") + "]")
            return
        }
        print(Self.table(displays, now: Date()))
    }

    /// The displays as a table.
    static func table(_ displays: [FleetOperator.Display], now: Date) -> String {
        var rows = [["id", "groups", "state", "mode", "view", "version", "updated", "error"]]
        for display in displays {
            let state = display.state
            let age = state.map { Int(now.timeIntervalSince1970) - $0.updated }
            rows.append([
                display.id, state?.groups.joined(separator: ",") ?? "-",
                (display.availability ?? "?") + (state.map { " (\($0.appearance))" } ?? ""),
                state?.mode ?? "-", state?.view ?? "-",
                (state?.program ?? "-") + (state?.candidate.map { " (\($0) available)" } ?? ""),
                age.map(Self.ago) ?? "-",
                state?.error.map { String($0.prefix(60)) } ?? "",
            ])
        }
        return HostStatus.columns(rows) + "\n\(displays.count) displays"
    }

    /// `12 s ago`, `5 min ago`, `3 h ago`, `2 d ago`.
    static func ago(_ seconds: Int) -> String {
        switch max(0, seconds) {
        case ..<60: "\(max(0, seconds)) s ago"
        case ..<3600: "\(seconds / 60) min ago"
        case ..<86400: "\(seconds / 3600) h ago"
        default: "\(seconds / 86400) d ago"
        }
    }
}

/// `nightstand fleet command`: a command for every display, a group or one.
struct FleetSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "command",
        abstract: "Send a command to every display, a group or one, and wait for the answers.",
        discussion: """
            The words are those `nightstand send` takes (docs/commands.md): `mode night`, \
            `view clock`, `reload`. Prints each target's answer; exits with status 0 when \
            every online target applied it, 1 otherwise.
            """)

    @OptionGroup var target: FleetTargetOptions

    @Argument(help: "The command's words.")
    var words: [String]

    @OptionGroup var options: FleetOptions

    func run() throws {
        let target = try self.target.target()
        let command: DisplayCommand
        do throws(CommandError) {
            command = try DisplayCommand(words: words.joined(separator: " "))
        } catch {
            throw ValidationError(error.description)
        }
        let fleet = try options.connect()
        defer { fleet.stop() }
        let outcomes = fleet.send(
            command, to: target, timeout: .milliseconds(Int(options.timeout * 1000)))
        try FleetTargetOptions.report(outcomes)
    }
}

/// Whom a command or a configuration is for: `--all`, `--group G` or `--device D`.
struct FleetTargetOptions: ParsableArguments {
    @Flag(help: "Every display.") var all = false
    @Option(help: ArgumentHelp("The displays of a group.", valueName: "group")) var group: String?
    @Option(help: ArgumentHelp("One display.", valueName: "id")) var device: String?

    /// The one target given, or a usage error.
    func target() throws -> FleetOperator.Target {
        let targets: [FleetOperator.Target] =
            (all ? [.all] : []) + (group.map { [.group($0)] } ?? [])
            + (device.map { [.device($0)] } ?? [])
        guard targets.count == 1, let target = targets.first else {
            throw ValidationError("give exactly one of --all, --group G, --device D")
        }
        return target
    }

    /// Prints each target's outcome and the count applied; throws exit status 1 unless every
    /// target applied it.
    static func report(_ outcomes: [String: FleetOperator.Outcome]) throws {
        var done = 0
        for (id, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            switch outcome {
            case .done(let message):
                done += 1
                print("\(id): done: \(message)")
            case .refused(let why): print("\(id): refused: \(why)")
            case .noAnswer: print("\(id): no answer")
            case .offline: print("\(id): offline")
            }
        }
        print(outcomes.isEmpty ? "no display to send it to" : "\(done)/\(outcomes.count) applied")
        if done < outcomes.count || outcomes.isEmpty { throw ExitCode(1) }
    }
}

/// `nightstand fleet screenshot D --out F.png`: the frame one display shows.
struct FleetScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot",
        abstract: "Write the frame a display shows, exactly its pixels, to a PNG.",
        discussion: """
            Exits with status 0 when the display answered with its frame, 1 when it did not \
            answer in time or had none.
            """)

    @Argument(help: "The display's id.")
    var device: String

    @Option(help: ArgumentHelp("The PNG to write.", valueName: "file"))
    var out: String

    @OptionGroup var options: FleetOptions

    func run() throws {
        let fleet = try options.connect()
        defer { fleet.stop() }
        switch fleet.screenshot(
            of: device, timeout: .milliseconds(Int(options.timeout * 1000)))
        {
        case .success(let picture):
            try Data(picture).write(to: URL(fileURLWithPath: out))
            print("\(device): \(picture.count) bytes written to \(out)")
        case .failure(let failure):
            writeStandardError("nightstand fleet: \(failure)")
            throw ExitCode(1)
        }
    }
}
