import EventCore
import FoundationEssentials
import Glibc
import SystemSupport

/// A client of one ELM327-compatible adapter on a serial device (USB, or Bluetooth RFCOMM as
/// `/dev/rfcomm0`), on a thread of its own.
///
/// It opens the device raw at 38400 baud, resets the adapter (`ATZ`, echo, line feeds,
/// spaces and headers off, automatic protocol), asks which mode-01 PIDs the car supports
/// (`0100`, `0120`, `0140`), and then polls the PIDs the widgets show: speed and engine speed
/// twice a second, load every second, the others every 5 s; none while no widget shows one.
/// Every answer is read up to the
/// adapter's `>` prompt, at most 1 KiB and 1 s; garbage is skipped.
///
/// - The engine off (`NO DATA`, `UNABLE TO CONNECT`): the board says so, and the client asks
///   again every 5 s.
/// - The adapter unplugged (a read or write error, three answers missing): the board says so,
///   and the device is opened again 1 s later, doubling to a minute.
/// - The device gone (no such file: a USB adapter pulled out): the client sleeps until the
///   kernel announces a new `tty` device (``hotplug``), then opens it 1 s later, once udev
///   has made its links; where the kernel's events cannot be read, it tries as above.
public final class ELM327Client: Sendable {
    /// The serial device.
    public let device: String
    private let board: OBDBoard
    private let signal = ClientSignal()
    /// Opens the kernel's `tty` device events on the client's thread (nil: none, retry by
    /// time); tests hand a monitor on a socket pair.
    private let hotplug: @Sendable () -> UeventMonitor?

    /// The kernel's `tty` device events, or nil where the system refuses the socket.
    public static let kernelEvents: @Sendable () -> UeventMonitor? = {
        try? UeventMonitor(subsystems: ["tty"])
    }

    /// A client of the adapter at `device`, reporting to `board`, waiting for `hotplug`'s
    /// events while the device is gone.
    public init(
        device: String, board: OBDBoard,
        hotplug: @escaping @Sendable () -> UeventMonitor? = ELM327Client.kernelEvents
    ) {
        self.device = device
        self.board = board
        self.hotplug = hotplug
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
            let fd = open(device, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 {
                let absent = errno == ENOENT
                board.fail(device, "cannot open the OBD adapter \(device): \(systemError(errno))")
                if absent, let events {
                    waitForDevice(events)
                    retry = 1
                    continue
                }
            } else {
                let problem = session(fd)
                close(fd)
                if let problem { board.fail(device, problem) }
                if problem?.hasPrefix("the OBD adapter") == false { retry = 1 }
            }
            pause(retry)
            retry = min(retry * 2, ClientSignal.longestRetry)
        }
    }

    /// Sleeps until `events` announce a new `tty` device (or a stop), then 1 s more for
    /// udev's links (`/dev/serial/by-id/…`).
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

    /// One opened adapter: resets it and polls until it fails (the problem) or the client
    /// stops (nil).
    private func session(_ fd: Int32) -> String? {
        var line = ELM327Line(fd: fd)
        line.makeRaw()
        for command in ["ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0"] {
            guard line.ask(command, timeout: command == "ATZ" ? 3 : 1) != nil else {
                return line.lost ?? "the OBD adapter at \(device) does not answer as an ELM327"
            }
        }
        var supported: Set<UInt8>?
        var due: [UInt8: Date] = [:]
        var missing = 0
        while !isStopped {
            if supported == nil {
                switch line.supportedPIDs() {
                case .success(let pids):
                    supported = pids
                    let wanted = board.wanted(device)
                    board.unsupported(wanted.subtracting(pids), from: device)
                case .failure(let problem):
                    if let lost = line.lost { return lost }
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
            guard let text = line.ask(known.command, timeout: 1) else {
                if let lost = line.lost { return lost }
                missing += 1
                if missing >= 3 { return "the OBD adapter at \(device) stopped answering" }
                continue
            }
            missing = 0
            switch ELM327Answer(text, pid: pid) {
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
        return nil
    }
}
