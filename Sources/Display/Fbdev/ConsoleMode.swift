import CDRM

#if canImport(Glibc)
    import Glibc
#endif

/// The active virtual console switched to graphics mode, switched back when released.
///
/// In `KD_GRAPHICS` mode the kernel's console (fbcon) stops drawing text and its blinking
/// cursor into the framebuffer we own; the cursor is also hidden with `ESC [ ? 25 l`. Both are
/// undone on release, so the login prompt comes back when we exit (uapi `linux/kd.h`).
final class ConsoleMode {
    private let tty: FileDescriptor
    private let savedMode: Int32
    private var active = true

    /// Switches the active VT to graphics; nil (with the reason logged) when there is no VT
    /// we may touch (serial console, no permission, a kernel without VTs).
    init?(log: (String) -> Void) {
        guard case .success(let console) = FileDescriptor.open("/dev/tty0", flags: O_RDWR) else {
            log("fbdev: cannot open /dev/tty0; the console may draw over the picture")
            return nil
        }
        var active: UInt16 = 0
        guard nightstand_vt_active(console.raw, &active) == 0,
            case .success(let tty) = FileDescriptor.open("/dev/tty\(active)", flags: O_RDWR)
        else {
            log("fbdev: cannot find the active VT; the console may draw over the picture")
            return nil
        }
        var mode: Int32 = 0
        guard nightstand_kd_get_mode(tty.raw, &mode) == 0,
            nightstand_kd_set_mode(tty.raw, nightstand_kd_graphics()) == 0
        else {
            log("fbdev: KDSETMODE on \(tty.path) failed: \(DeviceNode.describe(errno))")
            return nil
        }
        self.tty = tty
        savedMode = mode
        write("\u{1B}[?25l")
    }

    private func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(tty.raw, $0.baseAddress, $0.count) }
    }

    /// Restores the saved mode and shows the cursor (idempotent).
    func release() {
        guard active else { return }
        active = false
        _ = nightstand_kd_set_mode(tty.raw, savedMode)
        write("\u{1B}[?25h")
        tty.close()
    }

    deinit { release() }
}
