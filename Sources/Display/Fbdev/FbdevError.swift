/// Why the fbdev backend could not open or drive a framebuffer device.
public enum FbdevError: Error, CustomStringConvertible, Equatable {
    /// No `/dev/fb*` node exists.
    case noDevice
    /// The device exists but this user may not open it.
    case permissionDenied(path: String, group: String)
    /// Opening failed for another reason.
    case openFailed(path: String, errno: Int32)
    /// An ioctl or mmap failed.
    case ioctlFailed(path: String, step: String, errno: Int32)
    /// The mode's pixel packing is not one Display writes (palette, grayscale, odd bitfields).
    case unsupportedFormat(path: String, bitsPerPixel: Int, layout: String)
    /// The visible area (at `yoffset`) lies beyond the device's memory (`smem_len`).
    case memoryTooSmall(path: String, needed: Int, available: Int)
    /// A format was requested that differs from the device's and could not be set.
    case formatMismatch(path: String, requested: PixelFormat, actual: PixelFormat)

    /// A sentence for the log, naming the fix where there is one.
    public var description: String {
        switch self {
        case .noDevice:
            return "fbdev: no /dev/fb* (no framebuffer driver; try drm or headless)"
        case .permissionDenied(let path, let group):
            return "fbdev: not allowed to open \(path): add the user to the '\(group)' group "
                + "(usermod -aG \(group) USER)"
        case .openFailed(let path, let errno):
            return "fbdev: cannot open \(path): \(DeviceNode.describe(errno))"
        case .ioctlFailed(let path, let step, let errno):
            return "fbdev: \(step) on \(path) failed: \(DeviceNode.describe(errno))"
        case .unsupportedFormat(let path, let bpp, let layout):
            return "fbdev: \(path) is \(bpp) bpp (\(layout)); supported: 16 (RGB565/BGR565), "
                + "24 and 32 bpp with 8-bit channels"
        case .memoryTooSmall(let path, let needed, let available):
            return "fbdev: \(path) maps \(available) bytes but its visible area needs \(needed)"
        case .formatMismatch(let path, let requested, let actual):
            return "fbdev: \(path) is \(actual), and \(requested) was requested"
        }
    }
}
