import ArgumentParser
import BuiltinWidgets
import Dispatch
import FoundationEssentials
import Glibc
import Standby
import Widgets

/// The `nightstand` command line: a StandBy-style widget display for Linux framebuffers.
///
/// The `nightstand` program runs it with the built-in widgets; a user's `@main` bundle runs
/// it with its own widgets added (``Widgets/WidgetBundle/main()``).
public struct NightstandCommand: AsyncParsableCommand {
    /// The command's name, help and subcommands; `run` is the default.
    public static let configuration = CommandConfiguration(
        commandName: "nightstand",
        abstract: "A StandBy-style widget display drawn straight into the Linux framebuffer.",
        subcommands: [
            RunCommand.self, SnapshotCommand.self, CheckConfigCommand.self, EventsCommand.self,
            BenchCommand.self,
            DisplaysCommand.self, SensorsCommand.self, ReloadCommand.self, ModeCommand.self,
            ViewCommand.self,
            StatusCommand.self, ShowTestFrameCommand.self, InputsCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Creates the command (ArgumentParser does).
    public init() {}

    /// Parses the process's arguments and runs, with `widgets` available by kind next to the
    /// built-in ones; exits the process when done.
    ///
    /// Everything runs on Nightstand's own threads (``Standby/ThreadExecutor``) while the main
    /// thread waits: an `async` main would hand the main queue to a libdispatch worker thread,
    /// and the first such thread arms a timer that wakes the process every second for good.
    public static func main(widgets: [ConfigurableWidget]) -> Never {
        WidgetKinds.extra = widgets
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
