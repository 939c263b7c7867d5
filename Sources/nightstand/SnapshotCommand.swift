import ArgumentParser
import Foundation
import Raster

/// `nightstand snapshot`: render a frame to a PNG file.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render the display to a PNG file.",
        discussion: """
            Renders the reference scene of shared/bench/SCENE.md at --size, in the day \
            appearance or, with --appearance night, through the red tint, and writes it to --out.
            """)

    @Option(help: "Where to write the PNG.")
    var out: String = "nightstand.png"

    @Option(help: "Canvas size as WxH.")
    var size: String = "800x480"

    @Option(help: "day or night (red tint).")
    var appearance: String = "day"

    mutating func run() throws {
        guard let s = PixelSize(parsing: size) else {
            throw ValidationError("--size \(size): expected WxH with positive integers, e.g. 800x480")
        }
        guard ["day", "night"].contains(appearance) else {
            throw ValidationError("--appearance \(appearance): expected day or night")
        }
        let canvas = Canvas(size: s)
        try ReferenceScene(size: s, fonts: try FontDatabase()).draw(on: canvas)
        if appearance == "night" { canvas.apply(.monochrome(tint: RGBA(red: 1, green: 0, blue: 0))) }
        try PNGEncoder.write(canvas, to: out)
        print("wrote \(s) \(appearance) frame to \(URL(fileURLWithPath: out).path)")
    }
}
