import ArgumentParser
import Foundation
import Raster
import Standby
import SystemSupport
import Widgets

/// `previews`: draw the program's `#Preview`s to PNG files, each entry by day and at night.
struct PreviewsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "previews",
        abstract: "Draw the program's #Preview declarations to PNG files.",
        discussion: """
            Writes one PNG per preview and timeline entry, by day and at night, into --out \
            (made if missing), named after the preview's file, name, family and entry: \
            TideWidget-spring-tide-systemSmall-1-day.png. A widget's entries are drawn as of \
            their own dates; a view, and a timeline provider's timeline, as of --at. \
            --list prints the previews instead.
            """)

    @Option(help: "The folder to write the PNGs into.")
    var out: String?

    @Option(help: "The instant for views and providers, e.g. 2026-11-21T09:45. Default: now.")
    var at: String?

    @Flag(help: "List the previews (file:line name) without drawing them.")
    var list = false

    func run() async throws {
        let previews = Preview.all
        if list {
            for preview in previews {
                printForTerminal("\(preview.fileID):\(preview.line) \(preview.name ?? "")")
            }
            return
        }
        guard let out else { throw ValidationError("--out: expected the folder to write into") }
        guard !previews.isEmpty else {
            writeStandardError("nightstand previews: this program declares no #Preview")
            throw ExitCode(1)
        }
        let date = try SnapshotCommand.instant(at)
        let pictures = await Preview.pictures(of: previews, at: date, fonts: try FontDatabase())
        try writingOutput("previews") {
            try FileManager.default.createDirectory(
                atPath: out, withIntermediateDirectories: true)
            for picture in pictures {
                try PNGEncoder.write(picture.canvas, to: "\(out)/\(picture.name).png")
            }
        }
        printForTerminal(
            "wrote \(pictures.count) pictures of \(previews.count) previews to "
                + URL(fileURLWithPath: out).path)
    }
}
