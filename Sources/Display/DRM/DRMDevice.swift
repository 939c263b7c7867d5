import CDRM

#if canImport(Glibc)
    import Glibc
#endif

/// An open DRM card: the file descriptor, its driver name and master state.
final class DRMDevice {
    /// The open card node; closes with the device.
    let file: FileDescriptor
    /// The kernel driver's name (`bochs-drm`, `virtio_gpu`, `vc4`, …).
    let driver: String
    /// Whether the driver allocates dumb buffers (`DRM_CAP_DUMB_BUFFER`): a render-only card
    /// (`v3d`, `vgem`) does not.
    let hasDumbBuffers: Bool

    /// The descriptor for libdrm calls.
    var fd: Int32 { file.raw }
    /// The card's path.
    var path: String { file.path }

    /// Opens `path` read-write and, unless told not to, checks it can do modesetting with dumb
    /// buffers.
    init(path: String, requireDumbBuffers: Bool = true) throws(DRMError) {
        switch FileDescriptor.open(path, flags: O_RDWR | O_NONBLOCK) {
        case .failure(let failure) where failure.isPermission:
            throw .permissionDenied(path: path, group: failure.owningGroup)
        case .failure(let failure):
            throw .openFailed(path: path, errno: failure.errno)
        case .success(let file):
            self.file = file
        }
        driver = DRMDevice.driverName(fd: file.raw)
        var dumb: UInt64 = 0
        hasDumbBuffers = drmGetCap(file.raw, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) == 0 && dumb != 0
        guard hasDumbBuffers || !requireDumbBuffers else {
            file.close()
            throw .notModesetting(path: path, reason: "driver \(driver) has no dumb buffers")
        }
    }

    /// The driver's name from `DRM_IOCTL_VERSION`.
    static func driverName(fd: Int32) -> String {
        guard let version = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    /// Whether the driver asks for 16-bit dumb buffers (`DRM_CAP_DUMB_PREFERRED_DEPTH` 16:
    /// small SPI panels on mipi-dbi).
    var prefersRGB565: Bool {
        var depth: UInt64 = 0
        return drmGetCap(fd, UInt64(DRM_CAP_DUMB_PREFERRED_DEPTH), &depth) == 0 && depth == 16
    }

    /// Becomes DRM master (needed to modeset); false with errno when another process is.
    func acquireMaster() -> Int32? {
        drmSetMaster(fd) == 0 ? nil : errno
    }

    /// Gives up DRM master so another process (a VT switch target) can modeset.
    func dropMaster() {
        _ = drmDropMaster(fd)
    }
}
