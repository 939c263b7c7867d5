import EventCore
import FoundationEssentials
import Glibc
import SystemSupport

/// A client of one way to the car's OBD-II port, on a thread of its own: an ELM327-compatible
/// adapter on a serial device (a path: USB, or Bluetooth RFCOMM as `/dev/rfcomm0`), or a
/// SocketCAN interface (a name: a CAN HAT's `can0`) through the kernel's ISO-TP.
///
/// It opens the link (an adapter: raw at 38400 baud, reset with `ATZ`, echo, line feeds,
/// spaces and headers off, automatic protocol), asks which mode-01 PIDs the car supports
/// (`0100`, `0120`, `0140`), and then polls the PIDs the widgets show: speed and engine speed
/// twice a second, load every second, the others every 5 s; none while no widget shows one.
/// Every answer is read within 1 s and at most 1 KiB (an adapter's) or 64 bytes (an ISO-TP
/// message); garbage is skipped.
///
/// - The engine off (`NO DATA`, `UNABLE TO CONNECT`, no ECU answering on the bus): the board
///   says so, and the client asks again every 5 s.
/// - The link lost (a read or write error: the adapter unplugged, the interface down; or three
///   answers missing): the board says so, and the link is opened again 1 s later, doubling to a
///   minute.
/// - The device gone (no such file: a USB adapter pulled out; no such interface: a USB CAN
///   adapter pulled out): the client sleeps until the kernel announces a new `tty` (or `net`)
///   device (``hotplug``), then opens it 1 s later, once udev has made its links; where the
///   kernel's events cannot be read, it tries as above.
public final class OBDClient: Sendable {
    /// The serial device (a path) or the CAN interface (a name).
    public let device: String
    private let board: OBDBoard
    private let signal = ClientSignal()
    /// Opens the kernel's device events on the client's thread (nil: none, retry by time);
    /// tests hand a monitor on a socket pair.
    private let hotplug: @Sendable () -> UeventMonitor?

    /// A client of the adapter or interface `device`, reporting to `board`, waiting for
    /// `hotplug`'s events while the device is gone (by default the kernel's `tty` events for a
    /// serial device, its `net` events for a CAN interface).
    public init(
        device: String, board: OBDBoard, hotplug: (@Sendable () -> UeventMonitor?)? = nil
    ) {
        self.device = device
        self.board = board
        let subsystem = device.hasPrefix("/") ? "tty" : "net"
        self.hotplug = hotplug ?? { try? UeventMonitor(subsystems: [subsystem]) }
    }

    /// Starts the thread; false when the system has no thread to give.
    @discardableResult
    public func start() -> Bool {
        DetachedThread.start(name: "nightstand obd") { [self] in run() }
    }

    /// Asks the thread to end; it does at once, or after the answer it waits for (1 s at
    /// most).
    public func stop() {
        signal.stop()
    }

    /// Tells the thread the PIDs to poll changed (``OBDBoard/show(_:)``).
    public func wake() {
        signal.poke()
    }

    private var isStopped: Bool { signal.isStopped }

    /// Seconds between two polls of `pid`.
    static func interval(_ pid: UInt8) -> Double {
        switch pid {
        case 0x0C, 0x0D: 0.5
        case 0x04: 1
        default: 5
        }
    }

    private func run() {
        // Opened before the first try, so that no event between a failed open and the wait
        // is missed: the socket keeps them.
        let events = hotplug()
        var retry = 1.0
        while !isStopped {
            switch openLink() {
            case .failure(let failure):
                board.fail(device, failure.description)
                if failure.absent, let events {
                    waitForDevice(events)
                    retry = 1
                    continue
                }
            case .success(var link):
                let (problem, answered) = session(&link)
                close(link.fd)
                if let problem { board.fail(device, problem) }
                // A link that worked is tried again soon; one that never did, ever later.
                if answered { retry = 1 }
            }
            pause(retry)
            retry = min(retry * 2, ClientSignal.longestRetry)
        }
    }

    /// Why a link did not open, and whether its device is absent.
    private struct OpenFailure: Error, CustomStringConvertible {
        let description: String
        let absent: Bool
    }

    /// Opens the serial device or the CAN interface.
    private func openLink() -> Result<any OBDLink, OpenFailure> {
        guard device.hasPrefix("/") else {
            let fd = ISOTPLink.open(device)
            guard fd >= 0 else {
                let code = errno
                let hint =
                    code == EAFNOSUPPORT || code == EPROTONOSUPPORT
                    ? " (the kernel's can and can-isotp modules are needed)" : ""
                return .failure(
                    OpenFailure(
                        description:
                            "cannot open the CAN interface \(device): \(systemError(code))\(hint)",
                        absent: code == ENODEV))
            }
            return .success(ISOTPLink(fd: fd))
        }
        let fd = open(device, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            return .failure(
                OpenFailure(
                    description: "cannot open the OBD adapter \(device): \(systemError(code))",
                    absent: code == ENOENT))
        }
        let line = ELM327Line(fd: fd)
        line.makeRaw()
        return .success(line)
    }

    /// Sleeps until `events` announce a new device (or a stop), then 1 s more for udev's
    /// links (`/dev/serial/by-id/…`).
    private func waitForDevice(_ events: UeventMonitor) {
        while !isStopped {
            if signal.wait(nil, readable: events.fileDescriptor),
                events.receive().contains(where: { $0.action == "add" })
            {
                pause(1)
                return
            }
        }
    }

    /// Waits `seconds` (nil: until woken), or less when stopped or woken.
    private func pause(_ seconds: Double?) {
        signal.wait(seconds)
    }

    /// One opened link: readies it and polls until it fails (the problem) or the client stops
    /// (nil); and whether the car answered meanwhile.
    private func session(_ link: inout any OBDLink) -> (problem: String?, answered: Bool) {
        if let problem = link.setUp() { return ("\(problem) (\(device))", false) }
        var answered = false
        var supported: Set<UInt8>?
        var due: [UInt8: Date] = [:]
        var missing = 0
        while !isStopped {
            if supported == nil {
                switch link.supportedPIDs() {
                case .success(let pids):
                    supported = pids
                    let wanted = board.wanted(device)
                    board.unsupported(wanted.subtracting(pids), from: device)
                case .failure(let problem):
                    if let lost = link.lost { return (lost, answered) }
                    board.fail(device, problem.description)
                    pause(5)
                    continue
                }
            }
            let now = Date()
            let wanted = board.wanted(device).intersection(supported ?? [])
            let ready = wanted.filter { (due[$0] ?? now) <= now }
            guard let pid = ready.min(by: { (due[$0] ?? now) < (due[$1] ?? now) }),
                let known = OBDPID.standard.first(where: { $0.number == pid })
            else {
                // Asleep until the next PID is due, or until a widget shows one.
                pause(wanted.compactMap { due[$0] }.min().map { $0.timeIntervalSince(now) })
                continue
            }
            due[pid] = now.addingTimeInterval(Self.interval(pid))
            guard let answer = link.request(pid, timeout: 1) else {
                if let lost = link.lost { return (lost, answered) }
                missing += 1
                if missing >= 3 {
                    return ("the OBD adapter at \(device) stopped answering", answered)
                }
                continue
            }
            missing = 0
            answered = true
            switch answer {
            case .data(let bytes):
                if let value = known.value(of: bytes), known.range.contains(value) {
                    board.receive(value, of: known, from: device)
                }
            case .noData, .unableToConnect:
                board.fail(device, "no answer from the car: is the engine on?")
                supported = nil
                pause(5)
            case .text, .error:
                break
            }
        }
        return (nil, answered)
    }
}
