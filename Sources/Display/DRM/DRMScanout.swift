import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// The DRM sink's decisions, kept apart from libdrm (``DRMOutput``): what to copy where, when
/// to flip, when DirtyFB, and how to get the picture back after losing master or the
/// connector.
///
/// States it moves between:
/// - **showing**: master, mode set; presents copy the damage and flip (or DirtyFB);
/// - **lost master** (another session took it, a flip or DirtyFB answered EACCES/EPERM): each
///   present tries `SET_MASTER` again, then sets the mode and copies everything;
/// - **unplugged** (the connector's last known state is disconnected, read at most once a
///   second): presents wait until a probe finds a display, then set the mode again;
/// - **released** (the VT switched away, ``release()``): nothing touches the card until
///   ``acquire()``;
/// - **blanked**: DPMS off (or a black frame); presents are remembered and shown on unblank.
///
/// Every way back copies the whole panel, and ``retryInterval`` tells the host to present
/// again soon while the picture is not on the panel for a reason that goes away by itself.
/// Blanking, VT switching and closing are in `DRMScanout+Power.swift`; its state is for
/// these two files only.
final class DRMScanout {
    /// How long after a present that could not show its frame the next one should come.
    static let retrySeconds = 1.0
    /// The least time between two connector reads while presenting.
    static let connectorCheckSeconds = 0.5

    let output: any DRMOutput
    let converter: FrameConverter
    private let connectorName: String
    private let driver: String
    let log: @Sendable (String) -> Void
    var tracker: DamageTracker
    /// The buffer on screen (or, flipping, the one the last flip showed).
    private(set) var front = 0
    /// Whether presents page-flip between two buffers (else one buffer and DirtyFB).
    private(set) var flips: Bool
    private var flipPending = false
    private var dirtyFBNeeded = true
    var isMaster = true
    var needsModeset = false
    var isBlanked = false
    var isReleased = false
    /// Whether the last present left its frame off the panel.
    var unshown = false
    var lastCanvas: Canvas?
    var lastConnectorCheck = -Double.infinity
    var closed = false

    /// Drives `output` and sets the mode on buffer 0.
    ///
    /// Canvases are converted with `converter`; `flips` false means one buffer and DirtyFB
    /// from the start.
    init(
        output: any DRMOutput, converter: FrameConverter, flips: Bool, connectorName: String,
        driver: String, log: @escaping @Sendable (String) -> Void
    ) throws(DRMError) {
        self.output = output
        self.converter = converter
        self.flips = flips
        self.connectorName = connectorName
        self.driver = driver
        self.log = log
        tracker = DamageTracker(buffers: 2, bounds: IntRect(size: converter.canvasSize))
        let e = output.setCRTC(buffer: 0)
        guard e == 0 else {
            if e == EACCES || e == EPERM { throw .notMaster(connector: connectorName) }
            throw .modesetFailed(connector: connectorName, errno: e)
        }
    }

    // MARK: Presenting

    /// Converts the damage into the back buffer and flips to it (or copies into the scanned-out
    /// buffer and sends DirtyFB clips); remembers the frame when it cannot be shown now.
    func present(_ canvas: Canvas, damage: [IntRect]) throws(DRMError) {
        guard !closed else { return }
        tracker.add(Damage.normalized(damage, in: canvas.bounds))
        lastCanvas = canvas
        guard !isReleased, !isBlanked else { return }
        unshown = true
        switch try ensureScanout(canvas) {
        case .unavailable: return
        case .modesetDone:
            // Setting the mode shows the whole buffer; no DirtyFB needed.
            unshown = false
            return
        case .ready: break
        }
        guard connectorStillThere() else { return }
        try waitForPendingFlip()
        if flips {
            let back = 1 - front
            copy(canvas, into: back)
            let e = output.pageFlip(buffer: back)
            if e == 0 {
                flipPending = true
                front = back
                unshown = false
                return
            }
            try flipFailed(errno: e)
            guard !flips else { return }
        }
        let rects = copy(canvas, into: front)
        unshown = !markDirty(rects)
    }

    /// Converts what buffer `index` owes from `canvas`; returns the panel rectangles written.
    @discardableResult
    private func copy(_ canvas: Canvas, into index: Int) -> [IntRect] {
        let buffer = output.buffer(index)
        return converter.copy(
            canvas, rects: tracker.take(index), to: buffer.base, stride: buffer.pitch)
    }

    /// A failed flip: lost master (take it back later), busy (try again), a driver without
    /// flips (fall back to one buffer + DirtyFB), or anything else (set the mode again).
    private func flipFailed(errno e: Int32) throws(DRMError) {
        tracker.invalidateAll()
        switch e {
        case EACCES, EPERM:
            lostMaster()
        case EBUSY:
            break
        case EINVAL, ENOSYS, EOPNOTSUPP:
            log("drm: page flip refused (\(DeviceNode.describe(e))); single buffer + DirtyFB")
            flips = false
            try setCRTC(front)
        default:
            needsModeset = true
            log("drm: page flip failed: \(DeviceNode.describe(e)); will set the mode again")
        }
    }

    /// Sends the written rectangles as DirtyFB clips.
    ///
    /// Returns false when the frame did not reach the panel (master lost). A driver answering
    /// ENOSYS needs none: logged once, not sent again.
    func markDirty(_ rects: [IntRect]) -> Bool {
        guard dirtyFBNeeded, !rects.isEmpty else { return true }
        switch output.dirtyFB(buffer: front, clips: rects) {
        case 0:
            return true
        case ENOSYS, EOPNOTSUPP:
            log("drm: \(driver) answers DirtyFB with ENOSYS: not needed, not sent again")
            dirtyFBNeeded = false
            return true
        case EACCES, EPERM:
            lostMaster()
            return false
        case let e:
            log("drm: drmModeDirtyFB failed: \(DeviceNode.describe(e))")
            return true
        }
    }

    private func lostMaster() {
        if isMaster { log("drm: lost DRM master (another session?); waiting to get it back") }
        isMaster = false
        needsModeset = true
        flipPending = false
        tracker.invalidateAll()
    }

    /// Takes the page-flip event of the last present if it has arrived, without waiting;
    /// returns whether no flip is still on its way (the next present will not wait).
    func takeFlipEvents() -> Bool {
        guard flipPending else { return true }
        if output.takeFlipEvent() { flipPending = false }
        return !flipPending
    }

    /// Waits for the previous present's flip (up to a second: flips are not assumed to come
    /// at any rate, but a lost event must not hang the host).
    func waitForPendingFlip() throws(DRMError) {
        guard flipPending else { return }
        flipPending = false
        if !(try output.waitForFlip(milliseconds: 1000)) {
            log("drm: no page-flip event within 1 s; going on")
        }
    }

    /// What ``ensureScanout(_:)`` found.
    private enum Scanout {
        /// Nothing can be shown now (no master, no display, or too soon to look again).
        case unavailable
        /// The mode was just set on the front buffer, which holds the whole frame.
        case modesetDone
        /// The CRTC shows our buffers as before.
        case ready
    }

    /// Makes sure the CRTC scans out our buffer.
    ///
    /// Takes master back when it was lost, and sets the mode again (on the front buffer,
    /// with `canvas` copied in whole first) once the connector has a display, read at most
    /// every ``connectorCheckSeconds``.
    private func ensureScanout(_ canvas: Canvas) throws(DRMError) -> Scanout {
        if !isMaster {
            guard output.setMaster() == 0 else { return .unavailable }
            isMaster = true
            needsModeset = true
            log("drm: DRM master back")
        }
        guard needsModeset else { return .ready }
        let now = output.monotonicSeconds()
        guard now - lastConnectorCheck >= Self.connectorCheckSeconds else { return .unavailable }
        lastConnectorCheck = now
        guard output.isConnected(probe: true) == true else { return .unavailable }
        flipPending = false
        tracker.invalidateAll()
        copy(canvas, into: front)
        guard try setCRTC(front) else { return .unavailable }
        log("drm: mode set again on \(connectorName)")
        return .modesetDone
    }

    /// Sets the mode on buffer `index`; false when master turned out to be lost.
    @discardableResult
    private func setCRTC(_ index: Int) throws(DRMError) -> Bool {
        let e = output.setCRTC(buffer: index)
        switch e {
        case 0:
            front = index
            needsModeset = false
            return true
        case EACCES, EPERM:
            lostMaster()
            return false
        default:
            throw .modesetFailed(connector: connectorName, errno: e)
        }
    }

    /// Reads the connector's last known status (no probe) at most every
    /// ``connectorCheckSeconds``; when it went away, stops until it comes back.
    private func connectorStillThere() -> Bool {
        let now = output.monotonicSeconds()
        guard now - lastConnectorCheck >= Self.connectorCheckSeconds else { return true }
        lastConnectorCheck = now
        guard output.isConnected(probe: false) == false else { return true }
        log("drm: \(connectorName) unplugged; will set the mode again when it returns")
        needsModeset = true
        flipPending = false
        tracker.invalidateAll()
        return false
    }

    /// How soon the host should present again: while a frame is off the panel for a reason
    /// that goes away by itself (not while released, blanked or closed).
    var retryInterval: Double? {
        unshown && !isReleased && !isBlanked && !closed ? Self.retrySeconds : nil
    }
}
