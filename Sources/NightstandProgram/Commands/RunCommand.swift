import Ambient
import ArgumentParser
import Dispatch
import Display
import DisplayCommands
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
            to a PNG each time it changes; a DRM card or screen that comes within [display] \
            wait, 60 s by default, is then switched to), and keeps every widget current. SIGINT or SIGTERM \
            restores the display and exits (within a second, whatever the display is doing). \
            SIGHUP reads the configuration file again and applies it without restarting; a \
            file check-config refuses is refused with its message and the display keeps the \
            old one. Switching to another VT (Ctrl+Alt+F2) releases the display (SIGUSR1) and \
            switching back redraws it (SIGUSR2). `nightstand reload`, `mode` and `status` \
            reach it through its control socket (owner-only); when another nightstand is live \
            on that socket, it exits with status 73 before touching the display.
            """)

    @OptionGroup var config: ConfigurationOptions

    @OptionGroup var control: ControlOptions

    @OptionGroup var display: DisplayOptions

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
            let adjust = overrides
            adjust(&configuration)
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
            try Self.show(
                configuration, clock: clock, control: control, log: log,
                reloading: config.file, adjust: adjust)
        }
    }

    /// What the command line says over every version of the configuration file (the first,
    /// and each reloaded one).
    private var overrides: @Sendable (inout Configuration) -> Void {
        { [display, out] configuration in
            display.apply(to: &configuration.display)
            if let out { configuration.display.headlessImagePath = out }
            if configuration.display.headlessImagePath == "none" {
                // Frames kept in memory only: for measuring the host without file writes.
                configuration.display.headlessImagePath = nil
            } else if configuration.display.headlessImagePath == nil
                && configuration.display.headlessRawPath == nil
            {
                configuration.display.headlessImagePath = "out/screen.png"
            }
        }
    }

    private static func show(
        _ configuration: Configuration, clock: SystemClock, control: ControlOptions, log: Logger,
        reloading file: String?, adjust: @escaping @Sendable (inout Configuration) -> Void
    ) throws {
        let registry = WidgetKinds.registry
        // Check what check-config checks before touching the display.
        try configuration.check(registry: registry)
        // And that no other instance runs, before touching the display.
        try control.prepareServer()
        try makeOutputDirectory(for: configuration.display)
        if let failure = HugePages.disable() { log.debug("huge pages stay on: \(failure)") }
        if !LargeBlocks.fixThreshold() { log.debug("malloc keeps its own mmap threshold") }
        // Signals first: the sink asks the kernel for VT switch signals, whose default action
        // would end the program. They wait in the mailbox until the loop runs.
        let events = try Mailbox<HostEvent>()
        let displays = OpenDisplay()
        let socket = control.serverPath
        let deadline = StopDeadline(stop: { events.post(.command(.stop)) }) {
            writeStandardError(
                "nightstand: the run loop did not stop within 1 s; restoring the console and "
                    + "exiting")
            displays.restoreConsoleForExit()
            unlink(socket)
            _exit(70)
        }
        let signals = try SignalHandlers([
            SIGINT: { deadline.requestStop() }, SIGTERM: { deadline.requestStop() },
            SIGHUP: { events.post(.command(.reloadConfiguration)) },
            VTSwitchSignals.standard.release: { events.post(.command(.releaseDisplay)) },
            VTSwitchSignals.standard.acquire: { events.post(.command(.acquireDisplay)) },
        ])
        defer { signals.cancel() }
        let open: @Sendable (DisplayConfiguration) throws -> any FrameSink = { settings in
            var settings = settings
            settings.vtSwitchSignals = .standard
            try makeOutputDirectory(for: settings)
            let sink = try settings.openSink { log.info("\($0)") }
            displays.set(sink)
            return sink
        }
        let reloader = file.map {
            ConfigurationReloader(
                file: $0, sections: Assembly.sections, adjust: adjust, openDisplay: open,
                layering: FleetLayering.layering())
        }
        // With [fleet] accept_config: the configuration last taken from the broker.
        let configuration =
            reloader.map {
                FleetLayering.starting(configuration, reloader: $0, log: log, registry: registry)
            } ?? configuration
        let sink = try open(configuration.display)
        defer { displays.close() }
        let host = try StandbyHost(
            configuration: configuration, registry: registry, sink: sink, clock: clock,
            fonts: try FontDatabase(), log: log, notifier: SystemdNotifier(),
            ambient: AmbientController(
                configuration: configuration.ambient,
                logger: Logger(label: "nightstand.ambient")),
            events: events, reloader: reloader)
        host.alarmBoard = .shared
        for source in Assembly.sources(log: log, open: open) { host.add(source) }
        let server = try control.startServer(handler: host.controlHandler, log: log)
        defer { server.stop() }
        if sink is HeadlessSink, let path = configuration.display.headlessImagePath {
            log.notice(
                "no display device in use: the screen goes to \(URL(fileURLWithPath: path).path), replaced each time it changes"
            )
        }
        log.info("running: \(configuration.slots.count) slot(s) on \(sink.size)")
        ResidentPages.isTrimming = true
        host.run()
        deadline.finished()
        if host.restartRequested {
            log.notice(
                "restarting: exiting with status \(DisplayCommand.restartStatus) for systemd to "
                    + "start nightstand again (Restart=on-failure)")
            throw ExitCode(DisplayCommand.restartStatus)
        }
        log.info("stopped")
    }

    /// Creates the directory of the headless backend's output, when the display may be
    /// headless.
    private static func makeOutputDirectory(for display: DisplayConfiguration) throws {
        guard let path = display.headlessImagePath, display.backend != .drm,
            display.backend != .fbdev
        else { return }
        let directory = Paths.directory(of: path)
        try FileManager.default.createDirectory(
            atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
    }
}

/// The display the program has open (a reload may open another), for closing it at the end
/// and for the stop deadline's emergency exit on another thread.
private final class OpenDisplay: @unchecked Sendable {
    // Guarded by `lock`: set on the loop's thread, read on the signal thread at an emergency.
    private let lock = Condition()
    private var sink: (any FrameSink)?

    func set(_ sink: any FrameSink) {
        lock.lock()
        self.sink = sink
        lock.unlock()
    }

    func close() {
        lock.lock()
        let current = sink
        lock.unlock()
        current?.close()
    }

    func restoreConsoleForExit() {
        lock.lock()
        let current = sink
        lock.unlock()
        current?.restoreConsoleForExit()
    }
}

/// Sends log lines to standard error at a level, keeping the last problem for Home
/// Assistant (``LastProblem``); returns the program's logger.
func bootstrapLogging(level: String) throws -> Logger {
    guard let value = Logger.Level(rawValue: level) else {
        throw ValidationError(
            "--log-level \(level): expected trace, debug, info, notice, warning, error or critical")
    }
    Logger.bootstrap(
        level: value, handler: ProblemRecordingLogHandler(next: StandardErrorLogHandler()))
    return Logger(label: "nightstand")
}
