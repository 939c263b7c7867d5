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
/// Technical notes: the ioctls that change a VT need the caller to own it (its controlling
/// tty) or `CAP_SYS_TTY_CONFIG`; a service gets that with systemd's `TTYPath=`. Without it,
/// the backend runs on without the console (logged), as it does under a login manager that
/// hands DRM master over itself.
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
        let console: FileDescriptor
        switch FileDescriptor.open("/dev/tty0", flags: O_RDWR) {
        case .failure(let f):
            log("\(backend): cannot open /dev/tty0: \(DeviceNode.describe(f.errno)); \(without)")
            return nil
        case .success(let fd):
            console = fd
        }
        var active: UInt16 = 0
        guard nightstand_vt_active(console.raw, &active) == 0,
            case .success(let tty) = FileDescriptor.open("/dev/tty\(active)", flags: O_RDWR)
        else {
            log("\(backend): cannot open the active VT: \(DeviceNode.describe(errno)); \(without)")
            return nil
        }
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
