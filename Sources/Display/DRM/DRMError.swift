#if canImport(Glibc)
    import Glibc
#endif

/// Why the DRM/KMS backend could not open or drive a display.
///
/// Each case carries what a user needs to fix it: the path, the step that failed and its errno,
/// the group to join, the connectors or modes that do exist.
public enum DRMError: Error, CustomStringConvertible, Equatable {
    /// No `/dev/dri/card*` node exists (no KMS driver loaded).
    case noCard
    /// No card drives a connected screen (of the kind asked for); `cards` says of each card
    /// why: `/dev/dri/card0 (v3d): no dumb buffers (render-only)`.
    case noUsableCard(cards: [String])
    /// The card exists but this user may not open it.
    case permissionDenied(path: String, group: String)
    /// Opening the card failed for another reason.
    case openFailed(path: String, errno: Int32)
    /// The card is not a modesetting device (render-only, or no dumb buffers).
    case notModesetting(path: String, reason: String)
    /// No connector has a display attached; `available` lists each with its status.
    case noConnectedConnector(path: String, available: [String])
    /// The configured connector name does not exist on the card.
    case connectorNotFound(name: String, available: [String])
    /// The configured mode is not among the connector's modes.
    case modeUnavailable(requested: String, available: [String])
    /// No CRTC can drive the chosen connector.
    case noCRTC(connector: String)
    /// Setting the mode was refused because another program (a desktop session, a compositor)
    /// is DRM master of the card.
    case notMaster(connector: String)
    /// Setting the mode on the connector failed for another reason.
    case modesetFailed(connector: String, errno: Int32)
    /// The requested pixel format cannot be scanned out from a dumb buffer.
    case unsupportedFormat(PixelFormat)
    /// A libdrm call failed.
    case ioctlFailed(path: String, step: String, errno: Int32)

    /// A sentence for the log, naming the fix where there is one.
    public var description: String {
        switch self {
        case .noCard:
            return "drm: no /dev/dri/card* (no KMS driver loaded; try fbdev or headless)"
        case .noUsableCard(let cards):
            return "drm: no card drives a connected screen: " + cards.joined(separator: "; ")
        case .permissionDenied(let path, let group):
            return "drm: not allowed to open \(path): add the user to the '\(group)' group "
                + "(usermod -aG \(group) USER) or run from a session that owns the seat"
        case .openFailed(let path, let errno):
            return "drm: cannot open \(path): \(DeviceNode.describe(errno))"
        case .notModesetting(let path, let reason):
            return "drm: \(path) cannot drive a display: \(reason)"
        case .noConnectedConnector(let path, let available):
            return "drm: no connected connector on \(path) (connectors: "
                + "\(available.isEmpty ? "none" : available.joined(separator: ", ")))"
        case .connectorNotFound(let name, let available):
            return
                "drm: no connector named \(name) (connectors: \(available.joined(separator: ", ")))"
        case .modeUnavailable(let requested, let available):
            return
                "drm: mode \(requested) not available (modes: \(available.joined(separator: ", ")))"
        case .noCRTC(let connector):
            return "drm: no CRTC can drive connector \(connector)"
        case .notMaster(let connector):
            return "drm: cannot set the mode on \(connector): another program (a desktop "
                + "session or compositor) is DRM master; stop it, or run on a VT of its own"
        case .modesetFailed(let connector, let errno):
            return "drm: setting the mode on \(connector) failed: \(DeviceNode.describe(errno))"
        case .unsupportedFormat(let format):
            return "drm: the driver refuses \(format) framebuffers; leave pixel_format unset "
                + "(xrgb8888)"
        case .ioctlFailed(let path, let step, let errno):
            return "drm: \(step) on \(path) failed: \(DeviceNode.describe(errno))"
        }
    }
}

/// The errno of a libdrm result: most `drmMode*` calls return `-errno`, `drmIoctl` returns -1
/// and sets `errno`.
func drmErrno(_ result: Int32) -> Int32 {
    result == -1 ? errno : -result
}
