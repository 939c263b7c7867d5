import CDRM

#if canImport(Glibc)
    import Glibc
#endif

/// What a framebuffer device is, for `nightstand displays`: size, bpp, format, stride.
public struct FbdevReport: Sendable, CustomStringConvertible {
    /// `/dev/fb0`.
    public let path: String
    /// The driver's id string (`bochs-drmdrmfb`, `cirrusdrmfb`), or nil when unreadable.
    public let id: String?
    /// Visible resolution.
    public let width: Int
    /// Visible lines.
    public let height: Int
    /// Virtual height (≥ 2 × height allows panning double buffers).
    public let virtualHeight: Int
    /// Bits per pixel.
    public let bitsPerPixel: Int
    /// The pixel format, nil when Display cannot write it.
    public let format: PixelFormat?
    /// Bytes per row.
    public let stride: Int
    /// Why the device could not be read, if it could not.
    public let problem: String?

    /// Reads every `/dev/fb*`.
    public static func scan() -> [FbdevReport] {
        DeviceNode.numbered("/dev/fb").map(read)
    }

    /// Reads one device's screen info (no mapping, no console change).
    public static func read(_ path: String) -> FbdevReport {
        func failed(_ why: String) -> FbdevReport {
            FbdevReport(
                path: path, id: nil, width: 0, height: 0, virtualHeight: 0, bitsPerPixel: 0,
                format: nil, stride: 0, problem: why)
        }
        let file: FileDescriptor
        switch FileDescriptor.open(path, flags: O_RDONLY) {
        case .failure(let f) where f.isPermission:
            return failed(FbdevError.permissionDenied(path: path, group: f.owningGroup).description)
        case .failure(let f):
            return failed(FbdevError.openFailed(path: path, errno: f.errno).description)
        case .success(let fd):
            file = fd
        }
        var fixed = fb_fix_screeninfo()
        var v = fb_var_screeninfo()
        guard nightstand_fb_get_fscreeninfo(file.raw, &fixed) == 0,
            nightstand_fb_get_vscreeninfo(file.raw, &v) == 0
        else { return failed("screen info ioctls failed: \(DeviceNode.describe(errno))") }
        let id = withUnsafeBytes(of: fixed.id) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        return FbdevReport(
            path: path, id: id, width: Int(v.xres), height: Int(v.yres),
            virtualHeight: Int(v.yres_virtual), bitsPerPixel: Int(v.bits_per_pixel),
            format: try? FbdevSink.format(of: v, path: path), stride: Int(fixed.line_length),
            problem: nil)
    }

    /// `/dev/fb0: bochs-drmdrmfb 1024x768 32 bpp xrgb8888, stride 4096, virtual height 768`.
    public var description: String {
        guard let id else { return "\(path): \(problem ?? "unreadable")" }
        return "\(path): \(id) \(width)x\(height) \(bitsPerPixel) bpp "
            + "\(format.map(\.description) ?? "unsupported layout"), stride \(stride), "
            + "virtual height \(virtualHeight)"
    }
}
