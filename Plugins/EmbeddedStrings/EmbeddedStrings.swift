import Foundation
import PackagePlugin

/// Compiles Nightstand's English words into the program (`NightstandStrings.english`), so a
/// binary without its catalogs folder still shows English rather than keys: it writes
/// `EnglishStrings.swift` from `Sources/Localization/Strings/en.xcstrings` through
/// `scripts/embed-strings`, again whenever the catalog or the script changes.
@main
struct EmbeddedStringsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let script = root.appending(path: "scripts/embed-strings")
        let catalog = root.appending(path: "Sources/Localization/Strings/en.xcstrings")
        let output = context.pluginWorkDirectoryURL.appending(path: "EnglishStrings.swift")
        return [
            .buildCommand(
                displayName: "English words compiled in", executable: URL(filePath: "/bin/sh"),
                arguments: [script.path, catalog.path, output.path],
                inputFiles: [script, catalog], outputFiles: [output])
        ]
    }
}
