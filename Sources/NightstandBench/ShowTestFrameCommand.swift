import ArgumentParser
import Dispatch
import Display
import NightstandProgram
import Raster
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `nightstand show-test-frame`: shows a fixed test pattern on a backend until SIGTERM.
///
/// It handles VT switches as `run` does (SIGUSR1 releases the display, SIGUSR2 takes it back
/// and presents the pattern whole) and, with `--commands`, blanks and unblanks on request.
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

    @OptionGroup var display: DisplayOptions
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
    @Option(
        help: """
            After presenting, move a box across the pattern for this many frames, each when \
            the display's pacing says (as the command animate N does).
            """)
    var animate: Int?
    @Flag(
        help: """
            Read commands from standard input, one a line: blank, unblank, animate N; each is \
            answered on standard output (blanked, unblanked, animated …) once done.
            """)
    var commands = false

    func run() throws {
        var config = try configuration()
        // Take over the stop and VT switch signals before opening: the sink asks the kernel
        // for the VT signals, whose default action would end the program.
        let inbox = Inbox()
        let signals = try SignalHandlers([
            SIGINT: { inbox.post(.stop) }, SIGTERM: { inbox.post(.stop) },
            VTSwitchSignals.standard.release: { inbox.post(.release) },
            VTSwitchSignals.standard.acquire: { inbox.post(.acquire) },
        ])
        defer { signals.cancel() }
        config.vtSwitchSignals = .standard

        let sink: any FrameSink
        do {
            sink = try config.openSink { message in
                writeLine(message, to: 2)
            }
        } catch {
            writeLine("nightstand: \(error)", to: 2)
            throw ExitCode(2)
        }
        defer { sink.close() }
        let canvas = Raster.Canvas(size: sink.size)
        TestPattern.draw(on: canvas)
        try sink.present(canvas)
        let box = TestPattern.changeBox(on: canvas)
        try sink.present(canvas, damage: [box])
        writeLine("presented \(sink.size.width)x\(sink.size.height) on \(sink)", to: 1)
        if let animate {
            guard (1...10_000).contains(animate) else {
                throw ValidationError("--animate takes a number of frames, 1 to 10000")
            }
            writeLine(try TestAnimation(sink: sink, canvas: canvas).run(frames: animate), to: 1)
        }
        if once { return }
        if commands {
            DetachedThread.start(name: "commands") {
                var input = LineReader(descriptor: STDIN_FILENO)
                while let line = input.next() { inbox.post(.command(line)) }
            }
        }
        while true {
            switch inbox.next() {
            case .stop:
                writeLine("nightstand: stop signal, closing the display", to: 2)
                return
            case .release:
                sink.releaseDisplay()
                writeLine("released", to: 1)
            case .acquire:
                sink.acquireDisplay()
                try sink.present(canvas)
                writeLine("acquired", to: 1)
            case .command("blank"):
                try sink.blank(true)
                writeLine("blanked", to: 1)
            case .command("unblank"):
                try sink.blank(false)
                writeLine("unblanked", to: 1)
            case .command(let line) where line.hasPrefix("animate "):
                guard let frames = Int(line.dropFirst("animate ".count)),
                    (1...10_000).contains(frames)
                else {
                    writeLine("nightstand: animate takes a number of frames, 1 to 10000", to: 2)
                    continue
                }
                writeLine(try TestAnimation(sink: sink, canvas: canvas).run(frames: frames), to: 1)
            case .command(let other):
                writeLine("nightstand: unknown command \(other) (blank, unblank, animate N)", to: 2)
            }
        }
    }

    private func configuration() throws -> DisplayConfiguration {
        guard let turn = Rotation(degrees: rotation) else {
            throw ValidationError("rotation must be 0, 90, 180 or 270")
        }
        var config = DisplayConfiguration(connector: connector)
        display.apply(to: &config)
        config.rotation = turn
        config.pageFlips = !noPageFlip
        config.headlessImagePath = output
        if let mode {
            guard let m = VideoMode(parsing: mode) else {
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
        guard let s = PixelSize(parsing: size), DisplayConfiguration.fits(s) else {
            throw ValidationError(
                "--size \(size): expected WxH, each side from 1 to \(DisplayConfiguration.largestSide)"
            )
        }
        config.headlessSize = s
        return config
    }
}

/// What show-test-frame waits for: signals and commands, from any thread.
private final class Inbox: Sendable {
    enum Event: Sendable {
        case stop, release, acquire
        case command(String)
    }

    private let events = Mutex<[Event]>([])
    private let arrived = DispatchSemaphore(value: 0)

    func post(_ event: Event) {
        events.withLock { $0.append(event) }
        arrived.signal()
    }

    /// The next event, waiting for one.
    func next() -> Event {
        while true {
            arrived.wait()
            if let event = events.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                return event
            }
        }
    }
}
