import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// The panel's power and the VT: blanking, giving master up and taking it back, closing.
extension DRMScanout {
    // MARK: Blanking

    /// Turns the panel off (DPMS, or black where the connector has no DPMS) or back on.
    ///
    /// Unblanking shows the latest frame. While master is away it is only remembered.
    func blank(_ blanked: Bool) throws(DRMError) {
        guard blanked != isBlanked, !closed else { return }
        isBlanked = blanked
        if !isReleased && isMaster && !needsModeset {
            try waitForPendingFlip()
            applyBlank(blanked)
        }
        if !blanked {
            tracker.invalidateAll()
            if let canvas = lastCanvas { try present(canvas, damage: []) }
        }
    }

    private func applyBlank(_ blanked: Bool) {
        switch output.setDPMS(on: !blanked) {
        case 0?:
            return
        case nil:
            break
        case let e?:
            log("drm: setting DPMS failed: \(DeviceNode.describe(e)); showing black")
        }
        guard blanked else { return }
        let buffer = output.buffer(front)
        memset(buffer.base, 0, buffer.length)
        tracker.invalidateAll()
        _ = markDirty([IntRect(size: converter.panelSize)])
    }

    // MARK: VT switching

    /// Gives up master for a VT switch; nothing touches the card until ``acquire()``.
    func release() {
        guard !closed, !isReleased else { return }
        try? waitForPendingFlip()
        output.dropMaster()
        isReleased = true
        isMaster = false
        needsModeset = true
        tracker.invalidateAll()
    }

    /// Takes master back after a VT switch; the next present sets the mode and copies all.
    func acquire() {
        guard !closed, isReleased else { return }
        isReleased = false
        lastConnectorCheck = -.infinity
        if output.setMaster() == 0 { isMaster = true }
        unshown = true
    }

    // MARK: Teardown

    /// Waits for an outstanding flip and turns DPMS back on; idempotent.
    func close() {
        guard !closed else { return }
        closed = true
        try? waitForPendingFlip()
        if isBlanked && isMaster && !isReleased { _ = output.setDPMS(on: true) }
        lastCanvas = nil
    }
}
