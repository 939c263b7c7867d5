import ArgumentParser
import BuiltinWidgets
import Dispatch
import FoundationEssentials
import Glibc
import Standby
import SystemSupport
import Widgets

/// The `nightstand` command line: a StandBy-style widget display for Linux framebuffers.
///
/// The `nightstand` program runs it with the built-in widgets and its developer commands
/// (`bench`, `show-test-frame`); a user's `@main` bundle runs it with its own widgets added
/// (``Widgets/WidgetBundle/main()``).
public struct NightstandCommand: AsyncParsableCommand {
    /// Commands a program added to the line; set once, before the command line is parsed.
    nonisolated(unsafe) private static var extraCommands: [any ParsableCommand.Type] = []

    /// The command's name, help and subcommands; `run` is the default.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "nightstand",
            abstract: "A StandBy-style widget display drawn straight into the Linux framebuffer.",
            version: BuildVersion.words,
            subcommands: [
                RunCommand.self, SnapshotCommand.self, CheckConfigCommand.self,
                EventsCommand.self, DisplaysCommand.self, SensorsCommand.self,
                ReloadCommand.self, ModeCommand.self, ViewCommand.self, SendCommand.self,
                StatusCommand.self, AlarmCLICommand.self, MessageCommand.self,
                InputsCommand.self, SoundsCommand.self, FleetCommand.self, PreviewsCommand.self,
            ] + extraCommands,
            defaultSubcommand: RunCommand.self
        )
    }

    /// Creates the command (ArgumentParser does).
    public init() {}

    /// Parses the process's arguments and runs, with `widgets` available by kind next to the
    /// built-in ones and `commands` next to the command line's own; exits the process when
    /// done.
    ///
    /// Everything runs on Nightstand's own threads (``Standby/ThreadExecutor``) while the main
    /// thread waits: an `async` main would hand the main queue to a libdispatch worker thread,
    /// and the first such thread arms a timer that wakes the process every second for good.
    public static func main(
        widgets: [ConfigurableWidget], commands: [any ParsableCommand.Type] = []
    ) -> Never {
        WidgetKinds.extra = widgets
        extraCommands = commands
        // A write to a closed pipe (a log reader gone) is an error to handle, not the end.
        signal(SIGPIPE, SIG_IGN)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: ThreadExecutor.host) {
            await Self.main()
            done.signal()
        }
        done.wait()
        Glibc.exit(0)
    }
}

/// The widget kinds the commands know.
enum WidgetKinds {
    /// Kinds a bundle added; set once, before the command line is parsed.
    nonisolated(unsafe) static var extra: [ConfigurableWidget] = []

    /// The built-in kinds and the bundle's (a bundle's kind replaces a built-in one).
    static var registry: WidgetRegistry {
        WidgetRegistry(BuiltinWidgets.all + extra)
    }
}
