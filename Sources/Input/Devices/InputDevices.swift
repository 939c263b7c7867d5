import CEvdev
import Display
import Glibc
import Raster
import SystemSupport

/// The input devices Nightstand reads, behind one file descriptor for the run loop.
///
/// It opens the selected devices under `/dev/input` (``InputConfiguration/devices``), follows
/// devices plugged in later and drops those unplugged (inotify on the directory, see
/// ``DeviceDirectoryWatch``), and turns their events into ``InputEvent``s. Everything waits in
/// one epoll instance, ``fileDescriptor``: the loop watches it, and when it is readable calls
/// ``handleReadable(_:)``, which reads what is there without blocking and at most
/// ``eventsPerDevice`` events of a device per call. Nothing wakes the loop but events.
///
/// ```swift
/// let devices = try InputDevices(configuration: configuration, pictureSize: size)
/// loop.watch(devices.fileDescriptor) {
///     devices.handleReadable { event in host.handle(event) }
/// }
/// ```
///
/// It lives on one thread (the loop's).
public final class InputDevices {
    /// The most events read from one device per call: a flood of events cannot hold the loop.
    public static let eventsPerDevice = 256

    /// The epoll instance holding the devices and the directory watch: readable when any of
    /// them is.
    public let fileDescriptor: Int32
    /// What the devices are read with.
    public private(set) var configuration: InputConfiguration
    /// How touches map to the picture (its size, the display's rotation, the calibration).
    public private(set) var transform: TouchTransform
    /// The directory of device nodes.
    public let directory: String

    private struct Entry {
        let device: EvdevDevice
        var interpreter: DeviceInterpreter
    }

    private var entries: [Int32: Entry] = [:]
    /// What one `epoll_wait` reports: the descriptors ready, at most 16 at a time (the rest
    /// stay ready for the next turn).
    private var ready = [epoll_event](repeating: epoll_event(), count: 16)
    private let watch: DeviceDirectoryWatch?
    private let logger: Logger
    /// Paths whose failure to open was logged, so that it is said once.
    private var reported: Set<String> = []

    /// Opens the devices `configuration` selects under `directory`.
    ///
    /// Throws only when the epoll instance cannot be made; devices that cannot be opened are
    /// logged and skipped, and hot-plug is off (logged) when inotify is unavailable.
    public init(
        configuration: InputConfiguration, pictureSize: PixelSize,
        rotation: Display.Rotation = .degrees0, directory: String = "/dev/input",
        logger: Logger = Logger(label: "nightstand.input")
    ) throws(InputDeviceError) {
        let epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw .open(path: "epoll", errno: errno) }
        fileDescriptor = epoll
        self.configuration = configuration
        transform = TouchTransform(
            pictureSize: pictureSize, rotation: rotation, calibration: configuration.calibration)
        self.directory = directory
        self.logger = logger
        do {
            let watch = try DeviceDirectoryWatch(directory: directory)
            self.watch = watch
            Self.add(watch.fileDescriptor, to: epoll)
        } catch {
            watch = nil
            logger.warning("input: \(error); devices plugged in later will not be seen")
        }
        scan()
        reportMissing()
    }

    /// Says which named devices are not there (yet): they are used when they appear.
    private func reportMissing() {
        guard case .named(let names) = configuration.devices else { return }
        let open = entries.values.map(\.device.description)
        let paths = namedPaths()
        for name in names
        where !open.contains(where: {
            $0.name == name || (paths.contains($0.path) && name.hasPrefix("/"))
        }) {
            logger.notice(
                "input: no device \(name) in \(directory) yet; it is used when it appears")
        }
    }

    deinit {
        close(fileDescriptor)
    }

    /// The devices open now, by path.
    public var devices: [InputDeviceDescription] {
        entries.values.map(\.device.description).sorted { $0.path < $1.path }
    }

    /// Sets the picture touches map to: its size and the display's rotation.
    public func setPicture(size: PixelSize, rotation: Display.Rotation) {
        transform.pictureSize = size
        transform.rotation = rotation
    }

    /// Takes a new configuration (a reload): keys and calibration at once; the devices it no
    /// longer selects are closed and those it now selects opened.
    public func update(_ configuration: InputConfiguration) {
        self.configuration = configuration
        transform.calibration = configuration.calibration
        let paths = namedPaths()
        for (fd, entry) in entries
        where !configuration.devices.selects(entry.device.description, namedPaths: paths) {
            remove(fd, reason: "no longer selected", emit: { _ in })
        }
        scan()
        reportMissing()
    }

    // MARK: Reading

    /// Reads what the devices and the directory watch have, without blocking, and reports it.
    public func handleReadable(_ emit: (InputEvent) -> Void) {
        let count = epoll_wait(fileDescriptor, &ready, Int32(ready.count), 0)
        guard count > 0 else { return }
        for event in ready.prefix(Int(count)) {
            let fd = event.data.fd
            if let watch, fd == watch.fileDescriptor {
                watch.read { change in self.apply(change, emit: emit) }
            } else {
                read(fd, emit: emit)
            }
        }
    }

    private func read(_ fd: Int32, emit: (InputEvent) -> Void) {
        guard var entry = entries[fd] else { return }
        let keyMap = configuration.keyMap
        let transform = transform
        let outcome = entry.device.read(limit: Self.eventsPerDevice) { event in
            entry.interpreter.handle(event, keyMap: keyMap, transform: transform, emit: emit)
        }
        entries[fd] = entry
        if case .gone(let code) = outcome {
            remove(fd, reason: code == ENODEV ? "disappeared" : systemError(code), emit: emit)
        }
    }

    // MARK: Hot-plug

    private func apply(_ change: DeviceDirectoryWatch.Change, emit: (InputEvent) -> Void) {
        switch change {
        case .appeared(let path):
            guard !entries.values.contains(where: { $0.device.description.path == path }) else {
                return
            }
            // A node is created before udev gives it its group: a refusal now is retried when
            // its attributes change, and only said at the first scan.
            open(path, quietly: true)
        case .removed(let path):
            if let (fd, _) = entries.first(where: { $0.value.device.description.path == path }) {
                remove(fd, reason: "disappeared", emit: emit)
            }
            reported.remove(path)
        case .directoryAppeared:
            scan()
        }
    }

    /// Opens every `eventN` node of the directory that is not open yet.
    private func scan() {
        let open = Set(entries.values.map(\.device.description.path))
        for path in Self.nodes(in: directory) where !open.contains(path) {
            self.open(path, quietly: false)
        }
    }

    /// The `eventN` nodes of `directory`, in number order.
    public static func nodes(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("event"), let number = Int(name.dropFirst(5)) else { continue }
            numbers.append(number)
        }
        return numbers.sorted().map { "\(directory)/event\($0)" }
    }

    /// The real paths of the named devices that are paths.
    private func namedPaths() -> Set<String> {
        Self.realPaths(configuration.devices)
    }

    /// The real paths of a selection's names that are paths (a `/dev/input/by-id/…` link
    /// resolved to its `eventN` node); those that do not exist (yet) are left out.
    static func realPaths(_ selection: InputConfiguration.DeviceSelection) -> Set<String> {
        guard case .named(let names) = selection else { return [] }
        return Set(
            names.filter { $0.hasPrefix("/") }.compactMap { name in
                guard let resolved = realpath(name, nil) else { return nil }
                defer { free(resolved) }
                return String(cString: resolved)
            })
    }

    private func open(_ path: String, quietly: Bool) {
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            if quietly {
                logger.debug("input: \(error) (tried again when its permissions change)")
            } else if reported.insert(path).inserted {
                logger.warning("input: \(error)")
            }
            return
        }
        reported.remove(path)
        let description = device.description
        guard configuration.devices.selects(description, namedPaths: namedPaths()) else {
            logger.debug("input: not using \(description.name) at \(path)")
            return
        }
        Self.add(device.fileDescriptor, to: fileDescriptor)
        entries[device.fileDescriptor] = Entry(
            device: device,
            interpreter: DeviceInterpreter(
                device: description, thresholds: configuration.thresholds))
        let uses = InputDeviceUse.lines(for: description, keyMap: configuration.keyMap)
        logger.info("input: \(description.name) at \(path): \(uses.joined(separator: "; "))")
    }

    private func remove(_ fd: Int32, reason: String, emit: (InputEvent) -> Void) {
        guard var entry = entries.removeValue(forKey: fd) else { return }
        epoll_ctl(fileDescriptor, EPOLL_CTL_DEL, fd, nil)
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        entry.interpreter.cancel(at: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9, emit: emit)
        let description = entry.device.description
        logger.notice("input: \(description.name) at \(description.path) \(reason); dropped")
    }

    private static func add(_ fd: Int32, to epoll: Int32) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fd
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }
}
