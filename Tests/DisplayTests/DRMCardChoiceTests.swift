import Testing

@testable import Display

/// The cards of a Raspberry Pi, as `DRMCardSummary.read` would find them (driver names from
/// the Raspberry Pi kernel: `drivers/gpu/drm/v3d`, `vc4`, `rp1/rp1-dsi/rp1_dsi.c`).
private func card(
    _ number: Int, _ driver: String, dumb: Bool = true, _ connectors: [(String, Bool)] = []
) -> DRMCardSummary {
    DRMCardSummary(
        path: "/dev/dri/card\(number)", driver: driver, hasDumbBuffers: dumb,
        connectors: connectors.map { .init(name: $0.0, isConnected: $0.1, hasModes: $0.1) })
}

private func v3d(_ n: Int) -> DRMCardSummary { card(n, "v3d", dumb: false) }
private func vc4HDMIOff(_ n: Int) -> DRMCardSummary {
    card(n, "vc4", [("HDMI-A-1", false), ("HDMI-A-2", false)])
}
private func vc4HDMIOn(_ n: Int) -> DRMCardSummary {
    card(n, "vc4", [("HDMI-A-1", true), ("HDMI-A-2", false)])
}
private func rp1DSI(_ n: Int, _ name: String) -> DRMCardSummary {
    card(n, "drm-rp1-dsi", [(name, true)])
}

@Suite("DRM card choice: by what a card drives, not by its number")
struct DRMCardChoiceTests {
    @Test("A render-only card first and the display card second: the display card")
    func renderOnlyFirst() throws {
        let chosen = try DRMCardChoice.choose([v3d(0), vc4HDMIOn(1)], connector: nil)
        #expect(chosen.path == "/dev/dri/card1")
        // The same whatever the numbering.
        #expect(try DRMCardChoice.choose([vc4HDMIOn(0), v3d(1)], connector: nil).driver == "vc4")
    }

    @Test("A Pi 5: the DSI panel's card whatever its number, and a kind matches DSI-1 or DSI-2")
    func pi5Panel() throws {
        for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0]] {
            let cards = [v3d(order[0]), vc4HDMIOn(order[1]), rp1DSI(order[2], "DSI-2")]
                .sorted { $0.path < $1.path }
            #expect(try DRMCardChoice.choose(cards, connector: "DSI").driver == "drm-rp1-dsi")
            // Unset: the built-in panel before the HDMI screen.
            #expect(try DRMCardChoice.choose(cards, connector: nil).driver == "drm-rp1-dsi")
            // Named: the HDMI screen.
            #expect(try DRMCardChoice.choose(cards, connector: "HDMI-A-1").driver == "vc4")
        }
    }

    @Test("When no card fits, the error says of each card what it is and why it was not used")
    func noneFits() {
        let cards = [
            v3d(0), vc4HDMIOff(1),
            DRMCardSummary(
                path: "/dev/dri/card2",
                problem:
                    "drm: not allowed to open /dev/dri/card2: add the user to the 'video' group"),
        ]
        let error = DRMError.noUsableCard(cards: [
            "/dev/dri/card0 (v3d): no dumb buffers (render-only)",
            "/dev/dri/card1 (vc4): no connected connector (HDMI-A-1 disconnected, HDMI-A-2 "
                + "disconnected)",
            "/dev/dri/card2: drm: not allowed to open /dev/dri/card2: add the user to the "
                + "'video' group",
        ])
        #expect(throws: error) { try DRMCardChoice.choose(cards, connector: nil) }
        #expect(
            error.description.hasPrefix(
                "drm: no card drives a connected screen: /dev/dri/card0 (v3d): no dumb buffers "
                    + "(render-only); /dev/dri/card1 (vc4): no connected connector"))
        #expect(throws: DRMError.noCard) { try DRMCardChoice.choose([], connector: nil) }
    }

    @Test("A connector asked for by kind that is not connected is named in the reason")
    func wantedKindMissing() {
        #expect(
            throws: DRMError.noUsableCard(cards: [
                "/dev/dri/card0 (vc4): no connected DSI connector (HDMI-A-1 connected, HDMI-A-2 "
                    + "disconnected)"
            ])
        ) {
            try DRMCardChoice.choose([vc4HDMIOn(0)], connector: "DSI")
        }
    }

    @Test("Connector names: a full name or a kind followed by the number")
    func names() {
        #expect(DRMConnectorName.matches("DSI-2", wanted: "DSI"))
        #expect(DRMConnectorName.matches("HDMI-A-1", wanted: "HDMI-A"))
        #expect(DRMConnectorName.matches("HDMI-A-1", wanted: "HDMI-A-1"))
        #expect(!DRMConnectorName.matches("HDMI-A-1", wanted: "HDMI"))
        #expect(!DRMConnectorName.matches("HDMI-A-10", wanted: "HDMI-A-1"))
        #expect(
            DRMConnectorName.isBuiltInPanel("SPI-1") && !DRMConnectorName.isBuiltInPanel("HDMI-A-1")
        )
    }
}

@Suite("A look at the cards for a display that waits for its screen")
struct DRMCardLookTests {
    @Test("None while the card is render-only or its screen off; the card once it is connected")
    func looks() {
        #expect(
            DRMCardLook.choosing([v3d(0)], connector: nil)
                == DRMCardLook(
                    problem: .noUsableCard(cards: [
                        "/dev/dri/card0 (v3d): no dumb buffers (render-only)"
                    ])))
        let off = DRMCardLook.choosing([v3d(0), vc4HDMIOff(1)], connector: nil)
        #expect(off.card == nil && !off.isDenied)
        #expect(
            DRMCardLook.choosing([v3d(0), vc4HDMIOn(1)], connector: nil)
                == DRMCardLook(card: "/dev/dri/card1"))
        #expect(DRMCardLook.choosing([], connector: nil) == DRMCardLook(problem: .noCard))
        // A DSI panel asked for: the HDMI screen does not end the wait.
        #expect(DRMCardLook.choosing([vc4HDMIOn(0)], connector: "DSI").card == nil)
    }

    @Test("A card this user may not open yet is said to be denied, to be looked at again")
    func denied() {
        let denied = DRMCardSummary(
            path: "/dev/dri/card1", problem: "drm: not allowed to open /dev/dri/card1",
            isDenied: true)
        #expect(DRMCardLook.choosing([v3d(0), denied], connector: nil).isDenied)
        #expect(!DRMCardLook.choosing([v3d(0)], connector: nil).isDenied)
    }

    @Test("Only auto waits, with a wait and no device or a DRM card as its device")
    func waits() {
        #expect(DisplayConfiguration().waitsForCard)
        #expect(DisplayConfiguration(device: "/dev/dri/card1").waitsForCard)
        #expect(!DisplayConfiguration(device: "/dev/fb1").waitsForCard)
        #expect(!DisplayConfiguration(wait: 0).waitsForCard)
        #expect(!DisplayConfiguration(backend: .drm).waitsForCard)
        #expect(!DisplayConfiguration(backend: .fbdev).waitsForCard)
    }
}
