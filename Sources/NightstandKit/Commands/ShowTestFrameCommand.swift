import ArgumentParser
import Dispatch
import Display
import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// `nightstand show-test-frame`: shows a fixed test pattern on a backend until SIGTERM.
///
/// For bring-up and for the QEMU end-to-end test: the same pattern rendered headless and
/// scanned out by a real kernel must give the same pixels. The pattern is drawn twice: once
/// whole, then a box changes and only its damage rectangle is presented, so partial copies
/// (and double buffering) are part of what is compared.
struct ShowTestFrameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show-test-frame",
        abstract: "Show a deterministic test pattern on a display backend until SIGTERM.",
        shouldDisplay: false
    )

    @Option(help: "auto, drm, fbdev or headless.")
    var backend: String = "auto"
    @Option(help: "/dev/dri/cardN or /dev/fbN.")
    var device: String?
    @Option(help: "DRM connector name, e.g. HDMI-A-1.")
    var connector: String?
    @Option(help: "Mode as WxH or WxH@Hz.")
    var mode: String?
    @Option(help: "Pixel format: xrgb8888, xbgr8888, rgb888, bgr888, rgb565, bgr565.")
    var format: String?
    @Option(help: "Rotation in degrees: 0, 90, 180, 270.")
    var rotation: Int = 0
    @Option(help: "Headless canvas size WxH.")
    var size: String = "800x480"
    @Option(help: "Headless image output (.ppm).")
    var output: String?
    @Flag(help: "Disable DRM page flips (single buffer + DirtyFB).")
    var noPageFlip = false
    @Flag(help: "Exit after presenting instead of waiting for SIGTERM.")
    var once = false

    func run() throws {
        let config = try configuration()
        // Take over the stop signals before opening, for every thread of the process (a
        // thread's signal mask would not cover the concurrency runtime's threads).
        let stop = DispatchSemaphore(value: 0)
        let signals = SignalHandlers { stop.signal() }
        defer { signals.cancel() }

        let sink: any FrameSink
        do {
            sink = try config.openSink { message in
                writeLine(message, to: 2)
            }
        } catch {
            writeLine("nightstand: \(error)", to: 2)
            throw ExitCode(2)
        }
        let canvas = Canvas(size: sink.size)
        TestPattern.draw(on: canvas)
        try sink.present(canvas)
        let box = TestPattern.changeBox(on: canvas)
        try sink.present(canvas, damage: [box])
        writeLine("presented \(sink.size.width)x\(sink.size.height) on \(sink)", to: 1)
        if !once {
            stop.wait()
            writeLine("nightstand: stop signal, closing the display", to: 2)
        }
        sink.close()
    }

    private func configuration() throws -> DisplayConfiguration {
        guard let kind = DisplayConfiguration.Backend(rawValue: backend) else {
            throw ValidationError("unknown backend \(backend)")
        }
        guard let turn = Rotation(degrees: rotation) else {
            throw ValidationError("rotation must be 0, 90, 180 or 270")
        }
        var config = DisplayConfiguration(backend: kind, device: device, connector: connector)
        config.rotation = turn
        config.pageFlips = !noPageFlip
        config.headlessImagePath = output
        if let mode {
            guard let m = DisplayMode(parsing: mode) else {
                throw ValidationError("bad mode \(mode)")
            }
            config.mode = m
        }
        if let format {
            guard let f = PixelFormat(name: format) else {
                throw ValidationError("bad format \(format)")
            }
            config.format = f
        }
        guard let s = PixelSize(parsing: size) else { throw ValidationError("bad size \(size)") }
        config.headlessSize = s
        return config
    }
}

/// Writes `text` and a newline to file descriptor `fd` at once (unbuffered: the line is out
/// before the process waits for a signal).
private func writeLine(_ text: String, to fd: Int32) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
}
