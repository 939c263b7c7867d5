import FoundationEssentials
import Input
import Standby
import SystemSupport

/// Touch, buttons and presence for `nightstand run`: the `Input` module's devices on the host's
/// loop, their gestures and actions sent to the host as display commands.
///
/// The devices wait in one epoll descriptor (the touchscreens, keys and encoders `[input]
/// devices` selects, and the inotify watch of `/dev/input` that picks up devices plugged in
/// later); the loop watches it, so input wakes the loop only when an event arrives. The idle
/// timer (`[input] idle_off`) is one wake at the host's clock, moved as activity comes. A
/// reload hands the new `[input]` section to the devices (keys, calibration, which devices)
/// and to the controller (idle, wake, links).
///
/// ```swift
/// host.add(InputSource())
/// ```
final class InputSource: EventSource {
    private let directory: String
    /// The devices open while the loop runs.
    private(set) var devices: InputDevices?
    private var controller: InputController?
    private var watch: FileWatch?
    private var idleWake: ScheduledWake?
    private var context: SourceContext?

    /// A source reading the device nodes in `directory` (tests: a directory of their own).
    init(directory: String = "/dev/input") {
        self.directory = directory
    }

    /// Opens the devices `[input]` selects and watches them; throws when the epoll instance
    /// cannot be made (the host runs without input then).
    func start(_ context: SourceContext) throws {
        let input = context.configuration.section(InputConfiguration.self) ?? InputConfiguration()
        let logger = Logger(label: "nightstand.input")
        let devices = try InputDevices(
            configuration: input, pictureSize: context.pictureSize, rotation: context.rotation,
            directory: directory, logger: logger)
        let controller = InputController(
            configuration: input, display: context.control,
            now: Self.seconds(context.now), logger: logger)
        self.devices = devices
        self.controller = controller
        self.context = context
        watch = context.watch(devices.fileDescriptor) { [unowned self] _ in self.read() }
        scheduleIdle()
    }

    /// Closes the devices and cancels the idle wake.
    func stop() {
        watch?.cancel()
        idleWake?.cancel()
        watch = nil
        idleWake = nil
        devices = nil
        controller = nil
        context = nil
    }

    /// Takes the reloaded `[input]` section.
    func configurationChanged(_ configuration: Configuration) {
        let input = configuration.section(InputConfiguration.self) ?? InputConfiguration()
        devices?.update(input)
        controller?.update(input)
        scheduleIdle()
    }

    /// Reads what the devices have (bounded per device) and acts on it.
    private func read() {
        guard let devices, let controller, let context else { return }
        // Onto the picture shown now: the display may have changed (a reload's new display,
        // a screen that came late).
        devices.setPicture(size: context.pictureSize, rotation: context.rotation)
        let now = Self.seconds(context.now)
        devices.handleReadable { event in controller.handle(event, at: now) }
        scheduleIdle()
    }

    /// Asks the loop to wake at the controller's deadline (idleness, a presence held long
    /// enough), when there is one and it moved.
    private func scheduleIdle() {
        guard let context, let deadline = controller?.deadline else {
            idleWake?.cancel()
            idleWake = nil
            return
        }
        let date = Date(timeIntervalSince1970: deadline)
        guard idleWake?.date != date else { return }
        idleWake?.cancel()
        idleWake = context.wake(at: date) { [unowned self] _ in
            self.idleWake = nil
            self.controller?.deadlineReached(at: Self.seconds(context.now))
            self.scheduleIdle()
        }
    }

    /// The host clock's `date` as the controller's seconds.
    private static func seconds(_ date: Date) -> Double {
        date.timeIntervalSince1970
    }
}
