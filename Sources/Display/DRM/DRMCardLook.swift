/// What one look at the DRM cards found: the card that would drive the screen now, or why none.
///
/// A display waiting for its screen looks again on each of the kernel's `drm` device events
/// (``DisplayConfiguration/lookForCard()``).
public struct DRMCardLook: Equatable, Sendable {
    /// The card ``DRMCardChoice`` takes now (`/dev/dri/card1`); nil when none drives a screen.
    public let card: String?
    /// Why no card drives a screen (``DRMError/noCard``, ``DRMError/noUsableCard(cards:)``
    /// naming each card); nil when one does.
    public let problem: DRMError?
    /// Whether a card could not be opened for lack of permission: udev gives a new card its
    /// group (`video`) a moment after the kernel announced it, with no event of its own.
    public let isDenied: Bool

    /// A look that found `card`.
    public init(card: String) {
        self.card = card
        problem = nil
        isDenied = false
    }

    /// A look that found no card, and why.
    public init(problem: DRMError, isDenied: Bool = false) {
        card = nil
        self.problem = problem
        self.isDenied = isDenied
    }

    /// The choice over `cards` for a screen on `connector` (any, when nil).
    static func choosing(_ cards: [DRMCardSummary], connector: String?) -> DRMCardLook {
        do {
            return DRMCardLook(card: try DRMCardChoice.choose(cards, connector: connector).path)
        } catch {
            return DRMCardLook(problem: error, isDenied: cards.contains(where: \.isDenied))
        }
    }
}

extension DisplayConfiguration {
    /// Whether this display waits for a DRM card when it started without one: `.auto` with
    /// ``wait`` above 0, and no device or a DRM card (`/dev/dri/…`) as ``device``.
    public var waitsForCard: Bool {
        backend == .auto && wait > 0 && (device.map { $0.contains("/dri/") } ?? true)
    }

    /// The DRM card `.auto` would take now for ``connector``: reads ``device`` or every
    /// `/dev/dri/card*` without modesetting (their connectors are probed, as a modeset would).
    public func lookForCard() -> DRMCardLook {
        let cards = device.map { [DRMCardSummary.read($0)] } ?? DRMCardSummary.readAll()
        return DRMCardLook.choosing(cards, connector: connector)
    }
}
