import ArgumentParser
import Display
import SystemSupport

/// `nightstand displays`: the DRM cards and framebuffer devices of this machine.
///
/// The first thing to run on a new board: which card, which connector is connected, which
/// modes, and what `/dev/fb*` offers, so the board config can name them.
///
/// ```
/// $ nightstand displays
/// /dev/dri/card0: driver vc4
///   HDMI-A-1: connected
///     modes: 1920x1080@60* 1280x720@60 …
/// /dev/fb0: vc4drmfb 1920x1080 32 bpp xrgb8888, stride 7680, virtual height 1080
/// ```
struct DisplaysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "displays",
        abstract: "List DRM cards (driver, connectors, modes) and framebuffer devices."
    )

    func run() throws {
        let cards = DRMCardReport.scan()
        let framebuffers = FbdevReport.scan()
        print("DRM/KMS:")
        if cards.isEmpty { print("  no /dev/dri/card* (no KMS driver loaded)") }
        for card in cards { printForTerminal(indent(card.description)) }
        print("fbdev:")
        if framebuffers.isEmpty { print("  no /dev/fb*") }
        for fb in framebuffers { printForTerminal(indent(fb.description)) }
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n")
    }
}
