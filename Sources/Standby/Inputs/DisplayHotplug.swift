import Display
import EventCore
import FoundationEssentials

/// A screen that comes after the display started.
///
/// With `[display] backend = "auto"` the service may start before its card does (`vc4` still
/// probing, a `drm-rp1-dsi` card that appears when its panel attaches) or before its screen is
/// on (an HDMI TV off at boot reads as disconnected). `auto` then starts on fbdev or headless,
/// and this source listens to the
/// kernel's `drm` device events for `[display] wait`: on each it chooses the card again
/// (``Display/DisplayConfiguration/lookForCard()``), and as soon as a card drives a connected
/// screen the host closes the fallback and draws on that card.
///
/// It does nothing when the display opened on a DRM card, for any other backend, or when
/// `wait` is 0. It never polls: between events it costs nothing but a socket, except that a
/// card this user was not allowed to open yet (udev gives a new node its group a moment after
/// the kernel's event, with no event of its own) is looked at again a second later.
///
/// ```swift
/// host.add(DisplayHotplug(open: { try $0.openSink { print($0) } }))
/// ```
public final class DisplayHotplug: EventSource {
    /// How soon a card this user was not allowed to open is looked at again, in seconds.
    static let deniedRetry = 1.0

    private let makeMonitor: () throws -> UeventMonitor
    private let look: (DisplayConfiguration) -> DRMCardLook
    private let open: (DisplayConfiguration) throws -> any FrameSink
    private let isOnCard: (any FrameSink) -> Bool
    private var monitor: UeventMonitor?
    private var watch: FileWatch?
    private var deadline: ScheduledWake?
    private var again: ScheduledWake?
    private var context: SourceContext?
    /// When the first run of the loop started waiting: the wait is counted from there.
    private var began: Date?
    /// Whether the wait is over (a card drew, or the time ran out), for good.
    private var over = false
    /// Whether the last look found a card this user was not allowed to open.
    private var denied = false
    /// How many times the cards were looked at.
    private(set) var looks = 0

    /// Listens to the kernel, and opens a card that drives a screen with `open` (the
    /// program's way of opening a display, given `[display]` with `backend = "drm"` and the
    /// card as `device`).
    public convenience init(open: @escaping (DisplayConfiguration) throws -> any FrameSink) {
        self.init(
            monitor: { try UeventMonitor(subsystems: ["drm"]) }, look: { $0.lookForCard() },
            open: open)
    }

    /// Listens to the monitor `make` opens, looks at the cards with `look` and tells a DRM
    /// sink by `isOnCard` (tests: a socket pair, made-up cards, any sink).
    init(
        monitor make: @escaping () throws -> UeventMonitor,
        look: @escaping (DisplayConfiguration) -> DRMCardLook,
        open: @escaping (DisplayConfiguration) throws -> any FrameSink,
        isOnCard: @escaping (any FrameSink) -> Bool = { $0 is DRMSink }
    ) {
        makeMonitor = make
        self.look = look
        self.open = open
        self.isOnCard = isOnCard
    }

    /// Starts waiting, when `auto` started without a card and `[display] wait` is above 0.
    public func start(_ context: SourceContext) throws {
        let display = context.configuration.display
        guard !over, display.waitsForCard, !isOnCard(context.host.sink) else { return }
        let monitor = try makeMonitor()
        self.monitor = monitor
        self.context = context
        let began = self.began ?? context.now
        if self.began == nil {
            self.began = began
            context.log.notice(
                "display: on \(context.host.sink) until a DRM card drives a screen; waiting up "
                    + "to \(Self.seconds(display.wait)) for one (drm device events)")
        }
        // On the next turn: a card that came between the display's opening and the monitor's,
        // or one this user was not allowed to open yet.
        if began == context.now || denied { lookSoon(at: context.now) }
        watch = context.watch(monitor.fileDescriptor) { [unowned self] _ in
            guard let events = self.monitor?.receive(), !events.isEmpty else { return }
            let names = events.map {
                "\($0.action) \($0.devicePath.split(separator: "/").last ?? "")"
                    + ($0.properties["HOTPLUG"] == "1" ? " (hot-plug)" : "")
            }
            self.lookAgain(after: names.joined(separator: ", "))
        }
        deadline = context.wake(at: began + display.wait) { [unowned self] _ in self.giveUp() }
    }

    /// Stops listening, as the loop ends.
    public func stop() {
        watch?.cancel()
        deadline?.cancel()
        again?.cancel()
        watch = nil
        deadline = nil
        again = nil
        monitor = nil
        context = nil
    }

    /// Chooses the card again (`events`: the device events that asked for it) and switches to
    /// one that drives a screen.
    private func lookAgain(after events: String?) {
        guard let context else { return }
        let host = context.host
        let display = host.configuration.display
        // A reload opened a card meanwhile, or asked for a display that does not wait.
        guard !isOnCard(host.sink), display.waitsForCard else { return end() }
        looks += 1
        let found = look(display)
        guard let card = found.card else {
            if let events, let problem = found.problem {
                host.log.info("display: drm devices changed (\(events)); still none: \(problem)")
            }
            denied = found.isDenied
            if denied { lookSoon(at: context.now + Self.deniedRetry) }
            return
        }
        var settings = display
        settings.backend = .drm
        settings.device = card
        let was = host.sink.description
        do {
            try host.reopenDisplay(settings, new: host.configuration, open: open)
        } catch {
            host.log.warning(
                "display: \(card) drives a screen but did not open; on \(host.sink) still: \(error)"
            )
            return
        }
        host.log.notice(
            "display: a screen came \(Self.seconds(context.now.timeIntervalSince(began ?? context.now))) after "
                + "the start\(events.map { " (\($0))" } ?? ""): now on \(host.sink), "
                + "\(host.sink.size) (was \(was))")
        host.status.publish(host.currentStatus(at: context.now))
        end()
    }

    /// Looks at the cards at `date` without an event, unless a look is due already.
    private func lookSoon(at date: Date) {
        guard again == nil, let context else { return }
        again = context.wake(at: date) { [unowned self] _ in
            self.again = nil
            self.lookAgain(after: nil)
        }
    }

    /// The wait is over for good.
    private func end() {
        over = true
        stop()
    }

    /// The wait is over without a screen.
    private func giveUp() {
        guard let context else { return }
        let display = context.configuration.display
        context.log.notice(
            "display: no DRM card drove a screen within \(Self.seconds(display.wait)); staying "
                + "on \(context.host.sink) (restart nightstand to look again)")
        end()
    }

    /// `60 s`, `1.5 s`: to a tenth of a second.
    private static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard abs(tenths) < 1e12 else { return "\(value) s" }
        let whole = Int(tenths) / 10
        return Int(tenths) % 10 == 0 ? "\(whole) s" : "\(whole).\(abs(Int(tenths)) % 10) s"
    }
}
