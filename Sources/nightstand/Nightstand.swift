import ArgumentParser

/// The `nightstand` command: a StandBy-style widget display for Linux framebuffers.
@main
struct Nightstand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightstand",
        abstract: "A StandBy-style widget display drawn straight into the Linux framebuffer.",
        subcommands: [
            SnapshotCommand.self, BenchCommand.self, DisplaysCommand.self,
            ShowTestFrameCommand.self, SensorsCommand.self,
        ]
    )
}
