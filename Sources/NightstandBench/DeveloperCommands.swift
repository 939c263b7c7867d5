import ArgumentParser

/// The commands the `nightstand` program adds for its developers to NightstandKit's command
/// line: `bench` (frame times of the reference scene) and `show-test-frame` (a test pattern
/// on a display backend, for bring-up and the QEMU tests).
///
/// ```swift
/// NightstandCommand.main(widgets: [], commands: DeveloperCommands.all)
/// ```
public enum DeveloperCommands {
    /// `bench` and `show-test-frame`.
    public static let all: [any ParsableCommand.Type] = [
        BenchCommand.self, ShowTestFrameCommand.self,
    ]
}
