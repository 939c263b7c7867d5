import ArgumentParser
import Display
import Glibc
import Input
import Raster
import SystemSupport

/// `nightstand inputs`: the input devices of this machine and what Nightstand would use them
/// for; with `--watch`, what it makes of their events as they come.
///
/// ```
/// $ nightstand inputs
/// input devices:
///   generic ft5x06 (79) at /dev/input/event0
///     touches: swipes, taps (multitouch, 10 contacts)
///   button@11 at /dev/input/event1
///     keys: KEY_NEXTSONG next; other keys wake
/// $ nightstand inputs --watch
/// watching 2 devices (Ctrl-C to stop)
/// swipe up from 400,380
/// action next
/// ```
struct InputsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inputs",
        abstract: "List input devices (touchscreens, keys, encoders) and what they would do.",
        discussion: """
            With --config, the devices and keys of its [input] section. With --watch, prints \
            the gestures, key actions and presence the devices give as they come, touches \
            mapped to a picture of --size turned by --rotation as the display is.
            """
    )

    @Flag(help: "Print what the devices' events mean as they come, until interrupted.")
    var watch = false

    @Option(help: "With --watch: the picture's size WxH that touches map to.")
    var size: String = "800x480"

    @Option(help: "With --watch: the display's rotation in degrees (0, 90, 180, 270).")
    var rotation: Int = 0

    @Option(help: "With --watch: stop after this many events.")
    var count: Int?

    @Option(help: .hidden)
    var directory: String = "/dev/input"

    @OptionGroup var config: ConfigurationOptions

    func run() async throws {
        // The [input] section of --config: its devices and key map; the defaults without.
        let input = try await exitingOnConfigurationError {
            try config.load().section(InputConfiguration.self) ?? InputConfiguration()
        }
        guard watch else {
            printForTerminal(
                InputReport.scan(directory: directory, configuration: input).description)
            return
        }
        guard let picture = PixelSize(parsing: size) else {
            throw ValidationError("--size: expected WIDTHxHEIGHT such as 800x480, found \(size)")
        }
        guard let turn = Display.Rotation(degrees: rotation), rotation % 90 == 0 else {
            throw ValidationError("--rotation: expected 0, 90, 180 or 270, found \(rotation)")
        }
        let devices = try InputDevices(
            configuration: input, pictureSize: picture, rotation: turn, directory: directory)
        writeLine("watching \(devices.devices.count) device(s) (Ctrl-C to stop)", to: STDOUT_FILENO)
        var left = count ?? Int.max
        var ready = pollfd(fd: devices.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while left > 0 {
            guard poll(&ready, 1, -1) > 0 else {
                if errno == EINTR { continue }
                throw ValidationError("poll failed: \(String(cString: strerror(errno)))")
            }
            devices.handleReadable { event in
                guard left > 0 else { return }
                left -= 1
                writeLine(event.description, to: STDOUT_FILENO)
            }
        }
    }
}
