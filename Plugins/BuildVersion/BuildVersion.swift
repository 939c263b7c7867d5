import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` (the package version and the git commit) before every build of
/// the target it is applied to, through `scripts/build-version`.
@main
struct BuildVersionPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let script = context.package.directoryURL.appending(path: "scripts/build-version")
        return [
            .prebuildCommand(
                displayName: "Version of the build", executable: URL(filePath: "/bin/sh"),
                arguments: [script.path, "--swift", output.path], outputFilesDirectory: output)
        ]
    }
}
