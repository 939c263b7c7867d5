import CEvdev
import Glibc
import SystemSupport

/// An input device node (`/dev/input/eventN`) open for reading through libevdev.
///
/// Opened non-blocking and close-on-exec, its events stamped with the monotonic clock
/// (`EVIOCSCLOCKID`), never grabbed: the console and other programs still see its keys. It
/// closes itself when released.
final class EvdevDevice {
    /// What the device can do.
    let description: InputDeviceDescription
    /// The open node, for the loop to watch.
    let fileDescriptor: Int32
    private let evdev: OpaquePointer
    /// Whether the kernel dropped events and libevdev is replaying the difference.
    private var syncing = false

    // MARK: Lifecycle

    /// Opens the node at `path` and reads what it can do.
    init(path: String) throws(InputDeviceError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .open(path: path, errno: errno) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFCHR else {
            Glibc.close(fd)
            throw .notInputDevice(path: path, reason: "not a character device")
        }
        var handle: OpaquePointer?
        let result = libevdev_new_from_fd(fd, &handle)
        guard result == 0, let handle else {
            Glibc.close(fd)
            throw .notInputDevice(path: path, reason: systemError(-result))
        }
        // Event times from CLOCK_MONOTONIC rather than the wall clock, which can jump.
        _ = libevdev_set_clock_id(handle, CLOCK_MONOTONIC)
        evdev = handle
        fileDescriptor = fd
        description = Self.describe(handle, path: path)
    }

    deinit {
        libevdev_free(evdev)
        Glibc.close(fileDescriptor)
    }

    /// What libevdev read from the kernel about the device.
    private static func describe(_ evdev: OpaquePointer, path: String) -> InputDeviceDescription {
        func codes(_ type: Int32, through last: Int32) -> [UInt16] {
            guard libevdev_has_event_type(evdev, UInt32(type)) != 0 else { return [] }
            return (0...last).compactMap { code in
                libevdev_has_event_code(evdev, UInt32(type), UInt32(code)) != 0
                    ? UInt16(code) : nil
            }
        }
        var axes: [UInt16: InputDeviceDescription.AxisRange] = [:]
        for code in codes(EV_ABS, through: ABS_MAX) {
            guard let info = libevdev_get_abs_info(evdev, UInt32(code)) else { continue }
            axes[code] = .init(minimum: info.pointee.minimum, maximum: info.pointee.maximum)
        }
        let name = libevdev_get_name(evdev).map { String(cString: $0) } ?? ""
        return InputDeviceDescription(
            name: name, path: path,
            isDirect: libevdev_has_property(evdev, UInt32(INPUT_PROP_DIRECT)) != 0,
            keyCodes: codes(EV_KEY, through: KEY_MAX), switchCodes: codes(EV_SW, through: SW_MAX),
            relativeAxes: codes(EV_REL, through: REL_MAX), absoluteAxes: axes,
            touchSlots: max(Int(libevdev_get_num_slots(evdev)), 0))
    }

    // MARK: Reading

    /// How a read ended.
    enum ReadOutcome: Equatable {
        /// Nothing more to read for now.
        case drained
        /// The limit was reached with events left: the fd stays readable.
        case limited
        /// The device is gone (unplugged: `ENODEV`) or failed; the errno.
        case gone(errno: Int32)
    }

    /// Reads at most `limit` events without blocking and hands each to `body`.
    ///
    /// After a `SYN_DROPPED` (the kernel's buffer overflowed) libevdev's replay of the device's
    /// state is handed over like any event, so the caller's view stays consistent.
    func read(limit: Int, _ body: (RawInputEvent) -> Void) -> ReadOutcome {
        var event = input_event()
        var count = 0
        while count < limit {
            let flags = syncing ? LIBEVDEV_READ_FLAG_SYNC : LIBEVDEV_READ_FLAG_NORMAL
            let result = libevdev_next_event(evdev, flags.rawValue, &event)
            switch result {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                break
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
                // In normal mode this is the SYN_DROPPED itself: switch to the replay.
                guard syncing else {
                    syncing = true
                    continue
                }
            case -EAGAIN:
                guard syncing else { return .drained }
                syncing = false
                continue
            case -EINTR:
                continue
            default:
                return .gone(errno: -result)
            }
            count += 1
            body(
                RawInputEvent(
                    type: event.type, code: event.code, value: event.value,
                    time: nightstand_input_event_seconds(&event)))
        }
        return .limited
    }
}

/// Why an input device could not be used.
public enum InputDeviceError: Error, Equatable, CustomStringConvertible {
    /// The node could not be opened.
    case open(path: String, errno: Int32)
    /// The file is no evdev node (libevdev could not read it as one).
    case notInputDevice(path: String, reason: String)

    /// The message, with what to do about a permission problem.
    public var description: String {
        switch self {
        case .open(let path, EACCES):
            "can't open \(path): \(systemError(EACCES)) (the user needs the input group: "
                + "usermod -aG input USER)"
        case .open(let path, let code):
            "can't open \(path): \(systemError(code))"
        case .notInputDevice(let path, let reason):
            "\(path) is not an input device: \(reason)"
        }
    }
}
