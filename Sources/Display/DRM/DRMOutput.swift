import CDRM
import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// What ``DRMScanout`` asks of the kernel: the seam between its decisions (when to flip,
/// modeset, send DirtyFB, retry) and the libdrm calls, so the decisions are tested with a fake.
///
/// Calls that can fail return 0 or the errno, as the kernel answered.
protocol DRMOutput: AnyObject {
    /// Buffer `index`'s mapped pixels and bytes per row.
    func buffer(_ index: Int) -> (base: UnsafeMutableRawPointer, pitch: Int, length: Int)
    /// Points the CRTC at buffer `index` with the chosen mode on the chosen connector.
    func setCRTC(buffer index: Int) -> Int32
    /// Queues a page flip to buffer `index`, with an event when it is done.
    func pageFlip(buffer index: Int) -> Int32
    /// Waits for the queued flip's event, up to `milliseconds`; false when none came.
    func waitForFlip(milliseconds: Int) throws(DRMError) -> Bool
    /// Takes the queued flip's event if it has arrived, without waiting; whether it had.
    func takeFlipEvent() -> Bool
    /// Tells the driver which panel rectangles of buffer `index` changed.
    func dirtyFB(buffer index: Int, clips: [IntRect]) -> Int32
    /// Whether a display is attached (`probe`: ask the driver to detect again, else its last
    /// known state); nil when the connector cannot be read.
    func isConnected(probe: Bool) -> Bool?
    /// Becomes DRM master.
    func setMaster() -> Int32
    /// Gives up DRM master.
    func dropMaster()
    /// Sets the connector's DPMS property; nil when it has none.
    func setDPMS(on: Bool) -> Int32?
    /// Seconds on a monotonic clock.
    func monotonicSeconds() -> Double
}

/// The real ``DRMOutput``: libdrm calls on an open card with its modeset and dumb buffers.
final class DRMKernelOutput: DRMOutput {
    let device: DRMDevice
    let modeset: DRMModeset
    private(set) var buffers: [DumbBuffer]
    /// Where the page-flip handler reports the event (libdrm's `user_data`).
    private let flipDone = UnsafeMutablePointer<Bool>.allocate(capacity: 1)

    /// Wraps `device` driving `modeset` from `buffers`.
    init(device: DRMDevice, modeset: DRMModeset, buffers: [DumbBuffer]) {
        self.device = device
        self.modeset = modeset
        self.buffers = buffers
        flipDone.initialize(to: true)
    }

    func buffer(_ index: Int) -> (base: UnsafeMutableRawPointer, pitch: Int, length: Int) {
        let b = buffers[index]
        return (b.mapping.base, b.pitch, b.mapping.length)
    }

    func setCRTC(buffer index: Int) -> Int32 {
        var connector = modeset.connector.id
        var mode = modeset.mode
        let r = drmModeSetCrtc(
            device.fd, modeset.crtc, buffers[index].framebuffer, 0, 0, &connector, 1, &mode)
        return r == 0 ? 0 : drmErrno(r)
    }

    func pageFlip(buffer index: Int) -> Int32 {
        flipDone.pointee = false
        let r = drmModePageFlip(
            device.fd, modeset.crtc, buffers[index].framebuffer,
            UInt32(DRM_MODE_PAGE_FLIP_EVENT), UnsafeMutableRawPointer(flipDone))
        if r != 0 { flipDone.pointee = true }
        return r == 0 ? 0 : drmErrno(r)
    }

    /// Polls the DRM fd in 100 ms steps (EINTR retried) and dispatches its events.
    func waitForFlip(milliseconds: Int) throws(DRMError) -> Bool {
        var context = Self.eventContext()
        var waited = 0
        while !flipDone.pointee && waited < milliseconds {
            var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&pfd, 1, 100)
            if r < 0 && errno == EINTR { continue }
            if r < 0 { throw .ioctlFailed(path: device.path, step: "poll", errno: errno) }
            if r == 0 {
                waited += 100
                continue
            }
            _ = drmHandleEvent(device.fd, &context)
        }
        let arrived = flipDone.pointee
        flipDone.pointee = true
        return arrived
    }

    /// Polls the DRM fd without waiting and dispatches an event that is there.
    func takeFlipEvent() -> Bool {
        guard !flipDone.pointee else { return true }
        var context = Self.eventContext()
        var pfd = pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)
        if poll(&pfd, 1, 0) > 0 { _ = drmHandleEvent(device.fd, &context) }
        return flipDone.pointee
    }

    /// The libdrm event context whose page-flip handler marks the flip done (its `user_data`
    /// is ``flipDone``).
    private static func eventContext() -> drmEventContext {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, _, _, data in
            data?.assumingMemoryBound(to: Bool.self).pointee = true
        }
        return context
    }

    func dirtyFB(buffer index: Int, clips rects: [IntRect]) -> Int32 {
        var clips = DRMKernelOutput.clipRects(rects)
        let r = drmModeDirtyFB(
            device.fd, buffers[index].framebuffer, &clips, UInt32(clips.count))
        return r == 0 ? 0 : drmErrno(r)
    }

    /// The most clips one DirtyFB takes (uapi `drm_mode.h`, `DRM_MODE_FB_DIRTY_MAX_CLIPS`).
    static let maximumClips = 256

    /// Panel rectangles as DirtyFB clips (`x2`, `y2` exclusive, 16-bit); more than
    /// ``maximumClips`` become their bounding box.
    static func clipRects(_ rects: [IntRect]) -> [drm_clip_rect] {
        var rects = rects.filter { !$0.isEmpty }
        if rects.count > maximumClips, let first = rects.first {
            rects = [rects.dropFirst().reduce(first) { $0.union($1) }]
        }
        func clamp(_ v: Int) -> UInt16 { UInt16(clamping: v) }
        return rects.map {
            drm_clip_rect(x1: clamp($0.x), y1: clamp($0.y), x2: clamp($0.maxX), y2: clamp($0.maxY))
        }
    }

    func isConnected(probe: Bool) -> Bool? {
        DRMConnector(fd: device.fd, id: modeset.connector.id, probe: probe)?.isConnected
    }

    func setMaster() -> Int32 { device.acquireMaster() ?? 0 }

    func dropMaster() { device.dropMaster() }

    func setDPMS(on: Bool) -> Int32? {
        guard let dpms = dpmsProperty() else { return nil }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        let r = drmModeConnectorSetProperty(device.fd, modeset.connector.id, dpms, value)
        return r == 0 ? 0 : drmErrno(r)
    }

    /// The connector's `DPMS` property id, if it has one.
    private func dpmsProperty() -> UInt32? {
        guard
            let props = drmModeObjectGetProperties(
                device.fd, modeset.connector.id, UInt32(DRM_MODE_OBJECT_CONNECTOR))
        else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(device.fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "DPMS" { return prop.pointee.prop_id }
        }
        return nil
    }

    func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Frees the buffers (framebuffers, mappings, dumb buffers) in reverse order; idempotent.
    func releaseBuffers() {
        for buffer in buffers.reversed() { buffer.release() }
        buffers = []
    }

    deinit {
        releaseBuffers()
        flipDone.deallocate()
    }
}
