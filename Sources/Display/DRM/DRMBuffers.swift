import CDRM

#if canImport(Glibc)
    import Glibc
#endif

/// A dumb buffer with its mapping and framebuffer object; releases all three in reverse order.
///
/// Dumb buffers (uapi `drm_mode.h`) are plain CPU-writable scanout memory: created with a size
/// and bpp, the kernel picks the pitch; mapped through a fake offset; wrapped in a framebuffer
/// id that a CRTC or a flip can point at.
final class DumbBuffer {
    private let fd: Int32
    private let handle: UInt32
    /// The framebuffer id to scan out.
    private(set) var framebuffer: UInt32 = 0
    /// Bytes per row, as the driver chose (≥ width × bytes per pixel).
    let pitch: Int
    /// The mapped pixels.
    let mapping: MemoryMapping

    /// Creates a `width × height` dumb buffer in `format` on `device`, maps it, zeroes it, and
    /// adds a framebuffer for it.
    init(device: DRMDevice, width: Int, height: Int, format: PixelFormat) throws(DRMError) {
        fd = device.fd
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        let bpp = UInt32(format.bitsPerPixel)
        guard
            nightstand_drm_create_dumb(
                fd, UInt32(width), UInt32(height), bpp, &handle, &pitch, &size) == 0
        else {
            throw .ioctlFailed(path: device.path, step: "DRM_IOCTL_MODE_CREATE_DUMB", errno: errno)
        }
        self.handle = handle
        self.pitch = Int(pitch)
        var offset: UInt64 = 0
        guard nightstand_drm_map_dumb(fd, handle, &offset) == 0 else {
            let e = errno
            _ = nightstand_drm_destroy_dumb(fd, handle)
            throw .ioctlFailed(path: device.path, step: "DRM_IOCTL_MODE_MAP_DUMB", errno: e)
        }
        switch MemoryMapping.map(fd: fd, length: Int(size), offset: Int(offset)) {
        case .failure(let e):
            _ = nightstand_drm_destroy_dumb(fd, handle)
            throw .ioctlFailed(path: device.path, step: "mmap dumb buffer", errno: e.errno)
        case .success(let m):
            mapping = m
        }
        memset(mapping.base, 0, mapping.length)
        var handles: [UInt32] = [handle, 0, 0, 0]
        var pitches: [UInt32] = [pitch, 0, 0, 0]
        var offsets: [UInt32] = [0, 0, 0, 0]
        var fb: UInt32 = 0
        let r = drmModeAddFB2(
            fd, UInt32(width), UInt32(height), DumbBuffer.fourcc(format), &handles, &pitches,
            &offsets,
            &fb, 0)
        if r != 0 {
            // Older drivers only take the legacy depth/bpp call.
            let depth: UInt8 = format == .rgb565 ? 16 : 24
            let legacy = drmModeAddFB(
                fd, UInt32(width), UInt32(height), depth, UInt8(bpp), pitch, handle, &fb)
            guard legacy == 0, format == .xrgb8888 || format == .rgb565 || format == .rgb888 else {
                mapping.unmap()
                _ = nightstand_drm_destroy_dumb(fd, handle)
                let e = drmErrno(r)
                if e == EINVAL { throw .unsupportedFormat(format) }
                throw .ioctlFailed(path: device.path, step: "drmModeAddFB2(\(format))", errno: e)
            }
        }
        framebuffer = fb
    }

    /// The DRM fourcc for a format.
    static func fourcc(_ format: PixelFormat) -> UInt32 {
        switch format {
        case .xrgb8888: nightstand_drm_format_xrgb8888()
        case .xbgr8888: nightstand_drm_format_xbgr8888()
        case .rgb888: nightstand_drm_format_rgb888()
        case .bgr888: nightstand_drm_format_bgr888()
        case .rgb565: nightstand_drm_format_rgb565()
        case .bgr565: nightstand_drm_format_bgr565()
        }
    }

    /// Removes the framebuffer, unmaps, destroys the dumb buffer (idempotent).
    func release() {
        guard framebuffer != 0 else { return }
        _ = drmModeRmFB(fd, framebuffer)
        framebuffer = 0
        mapping.unmap()
        _ = nightstand_drm_destroy_dumb(fd, handle)
    }

    deinit { release() }
}
