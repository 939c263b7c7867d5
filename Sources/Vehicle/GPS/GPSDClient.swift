import FoundationEssentials
import Glibc
import SystemSupport

/// A client of one gpsd, on a thread of its own: it connects, asks for JSON reports
/// (`?WATCH={"enable":true,"json":true};`), and hands each line to the board; when gpsd is not
/// there or goes away it says so on the board and tries again, 1 s after the first failure,
/// doubling to a minute.
///
/// Reads are bounded: a line longer than ``GPSDReport/maximumLine`` is skipped whole, and the
/// thread never holds more than one such line. Nothing runs on the host's loop: the board asks
/// it to reload the widgets.
///
/// ```swift
/// let client = GPSDClient(address: .local, board: .shared)
/// client.start()
/// client.stop()   // the thread ends within a second
/// ```
public final class GPSDClient: Sendable {
    /// The address read.
    public let address: GPSDAddress
    private let board: GPSBoard
    private let signal = ClientSignal()

    /// How long a connection attempt may take.
    static let step: Double = 1

    /// A client reading `address` into `board`.
    public init(address: GPSDAddress, board: GPSBoard) {
        self.address = address
        self.board = board
    }

    /// Starts the thread; false when the system has no thread to give.
    @discardableResult
    public func start() -> Bool {
        DetachedThread.start(name: "nightstand gps") { [self] in run() }
    }

    /// Asks the thread to end; it does at once (or within a connection attempt).
    public func stop() {
        signal.stop()
    }

    private var isStopped: Bool { signal.isStopped }

    private func run() {
        var retry = 1.0
        while !isStopped {
            switch session() {
            case .ended(let problem):
                board.fail(address, problem)
            case .stopped:
                return
            case .read(let problem):
                board.fail(address, problem)
                retry = 1
            }
            signal.wait(retry)
            retry = min(retry * 2, ClientSignal.longestRetry)
        }
    }

    private enum SessionEnd {
        /// Never connected, or gpsd refused the watch.
        case ended(String)
        /// Read reports, then lost gpsd.
        case read(String)
        /// ``stop()`` was called.
        case stopped
    }

    /// One connection: connects, watches, reads until gpsd goes or the client stops.
    private func session() -> SessionEnd {
        let fd: Int32
        switch Self.connect(to: address, timeout: Self.step) {
        case .success(let descriptor): fd = descriptor
        case .failure(let problem): return .ended("cannot reach gpsd at \(address): \(problem)")
        }
        defer { close(fd) }
        let watch = Array(#"?WATCH={"enable":true,"json":true};"#.utf8) + [10]
        guard
            watch.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == watch.count
        else { return .ended("gpsd at \(address) did not take the watch request") }
        var lines = LineSplitter(limit: GPSDReport.maximumLine)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var readAny = false
        while !isStopped {
            // Asleep until gpsd writes or the client stops: no wake-up of its own.
            guard signal.wait(nil, readable: fd) else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else {
                let why = count == 0 ? "closed the connection" : systemError(errno)
                return readAny
                    ? .read("gpsd at \(address) \(why)") : .ended("gpsd at \(address) \(why)")
            }
            readAny = true
            lines.take(buffer[0..<count]) { line in
                board.receive(GPSDReport(line: line), from: address)
            } overlong: { length in
                board.receive(
                    .problem("a line longer than \(GPSDReport.maximumLine) bytes"), from: address)
            }
        }
        return .stopped
    }

    /// A TCP connection to `address`, trying each of its addresses within `timeout`.
    private static func connect(to address: GPSDAddress, timeout: Double) -> Connection {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let found = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard found == 0, let first = list else {
            return .failure("no such host (\(String(cString: gai_strerror(found))))")
        }
        defer { freeaddrinfo(list) }
        var problem = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(
                info.pointee.ai_family,
                info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue)
                    | Int32(SOCK_NONBLOCK.rawValue), info.pointee.ai_protocol)
            guard fd >= 0 else {
                problem = systemError(errno)
                continue
            }
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
                || (errno == EINPROGRESS && finishes(fd, timeout: timeout, problem: &problem))
            {
                return .success(fd)
            }
            if errno != EINPROGRESS { problem = systemError(errno) }
            close(fd)
        }
        return .failure(problem)
    }

    /// A connected descriptor, or why there is none.
    private enum Connection {
        case success(Int32)
        case failure(String)
    }

    /// Whether a connection under way on `fd` completes within `timeout`.
    private static func finishes(_ fd: Int32, timeout: Double, problem: inout String) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else {
            problem = "no answer within \(Int(timeout)) s"
            return false
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        if error != 0 { problem = systemError(error) }
        return error == 0
    }
}
