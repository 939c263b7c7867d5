import CDRM

#if canImport(Glibc)
    import Glibc
#endif

/// The active virtual console, taken for the picture and given back when released.
///
/// Taking it switches it to `KD_GRAPHICS`, so the kernel's console (fbcon) stops drawing text
/// and its blinking cursor into the framebuffer we own; the cursor is also hidden with
/// `ESC [ ? 25 l`. With ``VTSwitchSignals`` it also asks the kernel to switch VTs only with our
/// consent (`VT_SETMODE` `VT_PROCESS`): before switching away the kernel sends the release
/// signal and waits for ``allowSwitchAway()``; after switching back it sends the acquire signal,
/// answered by ``acknowledgeSwitchBack()``. Releasing restores the saved switching mode, the
/// console mode and the cursor, so the login prompt comes back when we exit (uapi
/// `linux/kd.h`, `linux/vt.h`).
///
/// The VT is standard input when that is one (`/dev/ttyN`, as a service with systemd's
/// `TTYPath=/dev/tty1` and `StandardInput=tty` gets it), made the active VT if it is not;
/// otherwise the active VT, through `/dev/tty0`.
///
/// Technical notes: the ioctls that change a VT need the caller to own it (its controlling
/// tty) or `CAP_SYS_TTY_CONFIG`; an unprivileged service owns the VT systemd gives it as
/// standard input, and cannot open `/dev/tty0`. Without either, the backend runs on without
/// the console (logged), as it does under a login manager that hands DRM master over itself.
final class VirtualTerminal {
    private let tty: FileDescriptor
    private let savedMode: Int32
    private var savedSwitching: vt_mode?
    private var active = true

    /// Takes the active VT: graphics mode, and process-controlled switching with `signals`.
    ///
    /// Nil, with the reason logged, when there is no VT we may touch (serial console, no
    /// permission, a kernel without VTs). `backend` prefixes the log lines.
    init?(backend: String, signals: VTSwitchSignals?, log: (String) -> Void) {
        let without = "running without the console (no graphics mode, no VT switch handshake)"
        guard
            let tty = VirtualTerminal.standardInput(backend: backend, log: log)
                ?? VirtualTerminal.active(backend: backend, log: { log("\($0); \(without)") })
        else { return nil }
        var mode: Int32 = 0
        guard nightstand_kd_get_mode(tty.raw, &mode) == 0,
            nightstand_kd_set_mode(tty.raw, nightstand_kd_graphics()) == 0
        else {
            log("\(backend): KDSETMODE on \(tty.path): \(DeviceNode.describe(errno)); \(without)")
            return nil
        }
        self.tty = tty
        savedMode = mode
        if let signals {
            var saved = vt_mode()
            if nightstand_vt_set_process_mode(
                tty.raw, signals.release, signals.acquire, &saved) == 0
            {
                savedSwitching = saved
            } else {
                log(
                    "\(backend): VT_SETMODE on \(tty.path) failed: \(DeviceNode.describe(errno)); "
                        + "VT switches will not release the display")
            }
        }
        write("\u{1B}[?25l")
    }

    /// Standard input when it is a VT, made the active one; nil when it is not a VT.
    private static func standardInput(backend: String, log: (String) -> Void) -> FileDescriptor? {
        guard isatty(0) == 1, let name = ttyname(0).map({ String(cString: $0) }),
            let number = number(ofTTYPath: name),
            case .success(let tty) = FileDescriptor.duplicate(0, path: name)
        else { return nil }
        var active: UInt16 = 0
        if nightstand_vt_active(tty.raw, &active) == 0, Int(active) != number {
            log("\(backend): switching from /dev/tty\(active) to \(name), the VT on standard input")
            if nightstand_vt_activate(tty.raw, Int32(number)) != 0 {
                log("\(backend): VT_ACTIVATE \(number): \(DeviceNode.describe(errno))")
            }
        }
        return tty
    }

    /// The active VT, found through `/dev/tty0`; nil with the reason logged.
    private static func active(backend: String, log: (String) -> Void) -> FileDescriptor? {
        let console: FileDescriptor
        switch FileDescriptor.open("/dev/tty0", flags: O_RDWR) {
        case .failure(let f):
            log("\(backend): cannot open /dev/tty0: \(DeviceNode.describe(f.errno))")
            return nil
        case .success(let fd):
            console = fd
        }
        var active: UInt16 = 0
        guard nightstand_vt_active(console.raw, &active) == 0,
            case .success(let tty) = FileDescriptor.open("/dev/tty\(active)", flags: O_RDWR)
        else {
            log("\(backend): cannot open the active VT: \(DeviceNode.describe(errno))")
            return nil
        }
        return tty
    }

    /// The VT number of a terminal path, `/dev/ttyN` with N in 1...63 (the kernel's
    /// `MAX_NR_CONSOLES`); nil for `/dev/tty0` (whichever VT is active), serial ports and
    /// pseudo-terminals.
    static func number(ofTTYPath path: String) -> Int? {
        guard path.hasPrefix("/dev/tty"), let n = Int(path.dropFirst("/dev/tty".count)),
            String(n) == path.dropFirst("/dev/tty".count), (1...63).contains(n)
        else { return nil }
        return n
    }

    /// The VT's path, for the log.
    var path: String { tty.path }

    /// Whether the kernel asks before switching away (process-controlled switching is on).
    var controlsSwitching: Bool { savedSwitching != nil }

    /// Lets a pending switch away go ahead: call after the display was released.
    func allowSwitchAway() {
        guard active, controlsSwitching else { return }
        _ = nightstand_vt_release_display(tty.raw)
    }

    /// Acknowledges the switch back to this VT: call before taking the display again.
    func acknowledgeSwitchBack() {
        guard active, controlsSwitching else { return }
        _ = nightstand_vt_acknowledge_acquire(tty.raw)
    }

    private func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(tty.raw, $0.baseAddress, $0.count) }
    }

    /// Restores the saved switching mode, console mode and cursor (idempotent).
    func release() {
        guard active else { return }
        active = false
        if var saved = savedSwitching { _ = nightstand_vt_restore_mode(tty.raw, &saved) }
        _ = nightstand_kd_set_mode(tty.raw, savedMode)
        write("\u{1B}[?25h")
        tty.close()
    }

    deinit { release() }
}
