import CDRM
import Foundation
import Raster
import Testing

@testable import Display

/// A mode as the kernel lists it.
private func mode(_ w: Int, _ h: Int, _ hz: Int, preferred: Bool = false) -> drmModeModeInfo {
    var m = drmModeModeInfo()
    m.hdisplay = UInt16(w)
    m.vdisplay = UInt16(h)
    m.vrefresh = UInt32(hz)
    if preferred { m.type = UInt32(DRM_MODE_TYPE_PREFERRED) }
    return m
}

private let hdmi = DRMConnector(
    id: 31, name: "HDMI-A-1", isConnected: true,
    modes: [
        mode(1280, 720, 60), mode(1920, 1080, 60, preferred: true), mode(1280, 720, 60),
        mode(1280, 720, 50),
    ])
private let dsi = DRMConnector(id: 32, name: "DSI-1", isConnected: false, modes: [])
private let composite = DRMConnector(id: 33, name: "Composite-1", isConnected: true, modes: [])

@Suite("DRM connector, mode and CRTC choice (plain values)")
struct DRMModesetTests {
    @Test("The first connected connector with modes is taken when none is named")
    func firstConnected() throws {
        let chosen = try DRMModeset.pickConnector([dsi, composite, hdmi], named: nil, path: "c0")
        #expect(chosen.name == "HDMI-A-1")
    }

    @Test("A named connector is taken; a missing or unplugged one lists every connector")
    func namedConnector() throws {
        #expect(try DRMModeset.pickConnector([dsi, hdmi], named: "HDMI-A-1", path: "c0").id == 31)
        let all = ["DSI-1 (disconnected)", "HDMI-A-1 (connected)"]
        #expect(throws: DRMError.connectorNotFound(name: "DP-1", available: all)) {
            try DRMModeset.pickConnector([dsi, hdmi], named: "DP-1", path: "c0")
        }
        #expect(throws: DRMError.noConnectedConnector(path: "/dev/dri/card1", available: all)) {
            try DRMModeset.pickConnector([dsi, hdmi], named: "DSI-1", path: "/dev/dri/card1")
        }
        #expect(
            DRMError.noConnectedConnector(path: "/dev/dri/card1", available: all).description
                == "drm: no connected connector on /dev/dri/card1 (connectors: DSI-1 "
                + "(disconnected), HDMI-A-1 (connected))")
        #expect(
            DRMError.noConnectedConnector(path: "/dev/dri/card1", available: []).description
                .hasSuffix("(connectors: none)"))
    }

    @Test("A kind names the connected connector of that kind, whatever its number")
    func connectorKind() throws {
        let dsi2 = DRMConnector(id: 34, name: "DSI-2", isConnected: true, modes: hdmi.modes)
        #expect(try DRMModeset.pickConnector([dsi, hdmi, dsi2], named: "DSI", path: "c0").id == 34)
        #expect(
            throws: DRMError.noConnectedConnector(
                path: "c0", available: ["DSI-1 (disconnected)", "HDMI-A-1 (connected)"])
        ) {
            try DRMModeset.pickConnector([dsi, hdmi], named: "DSI", path: "c0")
        }
    }

    @Test("No mode requested: the preferred one")
    func preferredMode() throws {
        #expect(try DRMModeset.pickMode(hdmi, requested: nil).summary == "1920x1080@60")
    }

    @Test("A requested mode matches size, and refresh within 1 Hz when given")
    func requestedMode() throws {
        #expect(
            try DRMModeset.pickMode(hdmi, requested: VideoMode(width: 1280, height: 720))
                .summary == "1280x720@60")
        #expect(
            try DRMModeset.pickMode(
                hdmi, requested: VideoMode(width: 1280, height: 720, refresh: 49)
            ).summary == "1280x720@50")
    }

    @Test("An unavailable mode lists each available mode once, the preferred first with *")
    func unavailableMode() {
        let expected = DRMError.modeUnavailable(
            requested: "800x480@60",
            available: ["1920x1080@60*", "1280x720@60", "1280x720@50"])
        #expect(throws: expected) {
            try DRMModeset.pickMode(
                hdmi, requested: VideoMode(width: 800, height: 480, refresh: 60))
        }
        #expect(
            expected.description
                == "drm: mode 800x480@60 not available (modes: 1920x1080@60*, 1280x720@60, "
                + "1280x720@50)")
        #expect(throws: DRMError.modeUnavailable(requested: "any", available: [])) {
            try DRMModeset.pickMode(composite, requested: nil)
        }
    }

    @Test("The CRTC already feeding the connector wins; else the first an encoder can drive")
    func crtcChoice() {
        let crtcs: [UInt32] = [40, 41, 42]
        #expect(DRMModeset.pickCRTC(current: 41, possibleMasks: [0b001], crtcs: crtcs) == 41)
        #expect(DRMModeset.pickCRTC(current: 0, possibleMasks: [0, 0b110], crtcs: crtcs) == 41)
        #expect(DRMModeset.pickCRTC(current: 0, possibleMasks: [0b100], crtcs: crtcs) == 42)
        #expect(DRMModeset.pickCRTC(current: 0, possibleMasks: [0, 0], crtcs: crtcs) == nil)
        #expect(DRMModeset.pickCRTC(current: 0, possibleMasks: [0b1000], crtcs: crtcs) == nil)
    }

    @Test("Damage becomes DirtyFB clips with exclusive ends; past 256, one bounding clip")
    func dirtyClips() {
        let clips = DRMKernelOutput.clipRects([
            IntRect(x: 2, y: 3, width: 4, height: 5), IntRect(x: 0, y: 0, width: 0, height: 9),
        ])
        #expect(clips.count == 1)
        #expect(clips.map { [$0.x1, $0.y1, $0.x2, $0.y2] } == [[2, 3, 6, 8]])
        let many = (0..<300).map { IntRect(x: $0 * 2, y: $0, width: 1, height: 1) }
        let merged = DRMKernelOutput.clipRects(many)
        #expect(merged.map { [$0.x1, $0.y1, $0.x2, $0.y2] } == [[0, 0, 599, 300]])
        let exactlyMax = DRMKernelOutput.clipRects(Array(many.prefix(256)))
        #expect(exactlyMax.count == DRMKernelOutput.maximumClips)
    }

    @Test("Permission errors name the device's group and the command that fixes it")
    func permissionMessages() throws {
        let path = NSTemporaryDirectory() + "nightstand-group-\(getpid())"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let group = try #require(getgrgid(getegid())).pointee.gr_name
        let failure = OpenFailure(path: path, errno: EACCES)
        #expect(failure.isPermission)
        let name = try #require(group)
        #expect(failure.owningGroup == String(cString: name))
        #expect(OpenFailure(path: "/nonexistent/card9", errno: EACCES).owningGroup == "video")
        #expect(!OpenFailure(path: path, errno: ENOENT).isPermission)
        #expect(
            DRMError.permissionDenied(path: "/dev/dri/card0", group: "video").description
                == "drm: not allowed to open /dev/dri/card0: add the user to the 'video' group "
                + "(usermod -aG video USER) or run from a session that owns the seat")
        #expect(
            FbdevError.permissionDenied(path: "/dev/fb0", group: "video").description
                .contains("usermod -aG video USER"))
    }
}
