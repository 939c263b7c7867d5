import Ambient
import ArgumentParser
import Dispatch
import Display
import FoundationEssentials
import Glibc
import Raster
import Standby
import SystemSupport

/// The `run` command, the default: shows the display until stopped.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the widgets on the display until stopped (the default command).",
        discussion: """
            Opens the configured display (or, with backend auto, the first DRM card with a \
            connected screen, else /dev/fb0, else the headless backend, which writes the screen \
            to a PNG each time it changes), and keeps every widget current. SIGINT or SIGTERM \
            restores the display and exits. Switching to another VT (Ctrl+Alt+F2) releases the \
            display (SIGUSR1) and switching back redraws it (SIGUSR2). `nightstand reload`, \
            `mode` and `status` reach it through its control socket (owner-only); when another \
            nightstand is live on that socket, it exits with status 73 before touching the \
            display.
            """)

    @OptionGroup var config: ConfigurationOptions

    @OptionGroup var control: ControlOptions

    @Option(help: "auto, drm, fbdev or headless (overrides [display] backend).")
    var backend: String?

    @Option(help: "The device: /dev/dri/cardN or /dev/fbN (overrides [display] device).")
    var device: String?

    @Option(help: "Start the display's clock at this instant, e.g. 2026-11-21T23:30 or 23:30.")
    var at: String?

    @Option(help: "Where the headless backend writes the screen (overrides [display] output).")
    var out: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"

    func run() async throws {
        let log = try bootstrapLogging(level: logLevel)
        try await exitingOnConfigurationError {
            var configuration = try config.load()
            if let backend {
                guard let value = DisplayConfiguration.Backend(rawValue: backend) else {
                    throw ValidationError(
                        "--backend \(backend): expected auto, drm, fbdev or headless")
                }
                configuration.display.backend = value
            }
            if let device { configuration.display.device = device }
            if let out { configuration.display.headlessImagePath = out }
            if configuration.display.headlessImagePath == "none" {
                // Frames kept in memory only: for measuring the host without file writes.
                configuration.display.headlessImagePath = nil
            } else if configuration.display.headlessImagePath == nil
                && configuration.display.headlessRawPath == nil
            {
                configuration.display.headlessImagePath = "out/screen.png"
            }
            let clock: SystemClock
            if let at {
                guard let start = DateTimeText.parse(at) else {
                    throw ValidationError(
                        "--at \(at): expected a date-time such as 2026-11-21T23:30 or a time such as 23:30"
                    )
                }
                clock = SystemClock(startingAt: start)
            } else {
                clock = SystemClock()
            }
            try await Self.show(configuration, clock: clock, control: control, log: log)
        }
    }

    private static func show(
        _ configuration: Configuration, clock: SystemClock, control: ControlOptions, log: Logger
    ) async throws {
        let registry = WidgetKinds.registry
        // Check what check-config checks before touching the display.
        try configuration.check(registry: registry)
        // And that no other instance runs, before touching the display.
        try control.prepareServer()
        if let path = configuration.display.headlessImagePath,
            configuration.display.backend != .drm,
            configuration.display.backend != .fbdev
        {
            try FileManager.default.createDirectory(
                atPath: Paths.directory(of: path).isEmpty ? "." : Paths.directory(of: path),
                withIntermediateDirectories: true)
        }
        if let failure = HugePages.disable() { log.debug("huge pages stay on: \(failure)") }
        // Signals first: the sink asks the kernel for VT switch signals, whose default action
        // would end the program. They wait in the queue until the loop runs.
        let events = EventQueue()
        var display = configuration.display
        display.vtSwitchSignals = .standard
        let signals = try SignalHandlers([
            SIGINT: { events.post(.stop) }, SIGTERM: { events.post(.stop) },
            VTSwitchSignals.standard.release: { events.post(.releaseDisplay) },
            VTSwitchSignals.standard.acquire: { events.post(.acquireDisplay) },
        ])
        defer { signals.cancel() }
        let sink = try display.openSink { log.info("\($0)") }
        defer { sink.close() }
        let host = try StandbyHost(
            configuration: configuration, registry: registry, sink: sink, clock: clock,
            fonts: try FontDatabase(), log: log, notifier: SystemdNotifier(),
            ambient: AmbientController(
                configuration: configuration.ambient,
                logger: Logger(label: "nightstand.ambient")),
            events: events)
        let server = try control.startServer(handler: host.controlHandler, log: log)
        defer { server.stop() }
        if sink is HeadlessSink, let path = configuration.display.headlessImagePath {
            log.notice(
                "no display device in use: the screen goes to \(URL(fileURLWithPath: path).path), replaced each time it changes"
            )
        }
        log.info("running: \(configuration.slots.count) slot(s) on \(sink.size)")
        await host.run()
        log.info("stopped")
    }
}

/// Sends log lines to standard error at a level; returns the program's logger.
func bootstrapLogging(level: String) throws -> Logger {
    guard let value = Logger.Level(rawValue: level) else {
        throw ValidationError(
            "--log-level \(level): expected trace, debug, info, notice, warning, error or critical")
    }
    Logger.bootstrap(level: value)
    return Logger(label: "nightstand")
}
