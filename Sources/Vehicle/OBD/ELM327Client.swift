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
///   and the device is opened again 1 s later, doubling to 30 s.
public final class ELM327Client: Sendable {
    /// The serial device.
    public let device: String
    private let board: OBDBoard
    private let signal = ClientSignal()

    /// A client of the adapter at `device`, reporting to `board`.
    public init(device: String, board: OBDBoard) {
        self.device = device
        self.board = board
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
        var retry = 1.0
        while !isStopped {
            let fd = open(device, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 {
                board.fail(device, "cannot open the OBD adapter \(device): \(systemError(errno))")
            } else {
                let problem = session(fd)
                close(fd)
                if let problem { board.fail(device, problem) }
                if problem?.hasPrefix("the OBD adapter") == false { retry = 1 }
            }
            pause(retry)
            retry = min(retry * 2, 30)
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
