import EventCore
import FoundationEssentials
import Raster
import StandbyViews
import SystemSupport

/// StandBy's views on the display: the screen's canvas, which view shows
/// (``StandbyViews/ViewDeck``), each view (``ScreenView``), and how they move.
///
/// The views draw on the one screen canvas, the one on screen at a time. While something
/// moves (the views under a finger or settling, a stack's widgets), each frame is made from
/// pictures of the pages taken when they first show: the screen as it was for the page that
/// was on it, a drawing on a canvas of their own for the others. At rest the pictures go and
/// the view on screen is drawn anew.
///
/// Nothing outside the screen tells the views apart: the host asks it to draw, to move, and
/// what a point shows.
final class Screen {
    /// A slot's stack in motion: its pages are the stack's widgets, in stack order.
    struct StackMotion {
        /// The pages and their motion.
        var pager: Pager
        /// The runtime index of each page.
        let members: [Int]
        /// Pictures of the pages drawn so far, by page.
        var pictures: [Int: Bitmap] = [:]
    }

    /// The screen as last drawn.
    let canvas: Canvas
    /// The views in order and their motion.
    var deck: ViewDeck
    /// The widgets view: its slots are where stacks move and taps land.
    let widgets: SlotsView
    /// Every view the deck may draw, by name.
    let pages: [ViewName: any ScreenView]
    /// Where the screen says what the view schedule turned to.
    let log: Logger
    /// The view drawn on the screen (after the night rule); nil when the screen must be
    /// drawn anew (at start, after motion, after a new style).
    var onScreen: ViewName?
    /// The style the view on screen was drawn in.
    var style = FrameStyle.day
    /// Pictures of the views in motion, by the view they show.
    var pictures: [ViewName: Bitmap] = [:]
    /// The stacks in motion, by slot.
    var stacks: [Int: StackMotion] = [:]
    /// Until when the loop turns at the display's pace (``HostControl/animate(until:)``).
    var animationEnd: Date?
    /// The display's page-flip events, watched while something moves on a DRM display.
    var flipWatch: FileWatch? {
        didSet { oldValue?.cancel() }
    }
    /// The view a user chose last, kept across restarts.
    let memory: ViewMemory
    /// The alarm ringing: its view covers the screen (``StandbyViews/AlarmFace``); nil when
    /// none rings.
    var alarm: AlarmFace? {
        didSet { if alarm != oldValue { redrawAll() } }
    }
    /// The minute the alarm view on screen shows; nil when it is not on screen.
    var alarmDrawn: Date?
    /// The message's banner over the views, and when it goes; nil without one
    /// (`Screen+Banner`).
    var banner: (face: MessageBanner, until: Date)?

    private init(
        canvas: Canvas, deck: ViewDeck, widgets: SlotsView, pages: [ViewName: any ScreenView],
        memory: ViewMemory, log: Logger
    ) {
        self.canvas = canvas
        self.deck = deck
        self.widgets = widgets
        self.pages = pages
        self.memory = memory
        self.log = log
    }

    deinit { flipWatch?.cancel() }

    /// The widgets view's painter.
    var painter: SlotPainter { widgets.painter }

    /// The view drawn for `view`: the clock for the photos at night, where they give way.
    func drawn(_ view: ViewName, isNight: Bool) -> ViewName {
        deck.drawn(view, isNight: isNight)
    }

    /// Whether a view's first picture is still on its way (a photo being decoded).
    var isLoading: Bool { pages.values.contains { $0.isLoading } }

    /// Draws the whole screen anew on the next turn (a new style, the alarm coming or going).
    func redrawAll() {
        onScreen = nil
        alarmDrawn = nil
    }

    /// Lets every view take the work its thread finished (the photos' first photo, when the
    /// photos view is on screen).
    func prepare(at now: Date) {
        for (name, page) in pages { page.prepare(at: now, shown: name == onScreen) }
    }
}

extension Screen {
    /// The views of `configuration` on a screen of `size`, drawing `widgets`, with the
    /// photos view started (its thread reads the folder; `events` hears when a photo is
    /// ready).
    ///
    /// A screen it replaces (`keeping`: a live reload, a new display) passes on its canvas
    /// when the size is the same, its style, the view shown if it is still listed, and the photos view,
    /// slideshow and all, when neither its settings nor the size changed.
    static func make(
        _ configuration: Configuration, size: PixelSize, widgets: WidgetSet,
        fonts: FontDatabase?, events: Mailbox<HostEvent>, log: Logger, keeping old: Screen? = nil
    ) -> Screen {
        let canvas: Canvas
        if let old, old.canvas.size == size {
            canvas = old.canvas
        } else {
            canvas = Canvas(size: size)
            canvas.clear(.black)
        }
        let layout = configuration.layout
        let schedule =
            layout.viewSchedule.isEmpty ? nil : ViewSchedule(entries: layout.viewSchedule)
        var deck = ViewDeck(
            views: layout.views, width: size.width, schedule: schedule,
            photosGiveWayAtNight: configuration.photos.night == .clock)
        let memory = ViewMemory(directory: configuration.stateDirectory, log: log)
        if let old {
            deck.jump(to: old.deck.current)
        } else if let chosen = memory.load(), layout.views.contains(chosen) {
            deck.jump(to: chosen)
            log.info("view \(chosen) (chosen before the restart)")
        }
        let slots = SlotsView(
            canvas: canvas, layout: layout, count: widgets.stacks.count, fonts: fonts)
        var pages: [ViewName: any ScreenView] = [.widgets: slots]
        if let clock = widgets.clockRuntime {
            pages[.clock] = SlotsView(canvas: canvas, layout: layout, clock: clock, fonts: fonts)
        }
        if layout.views.contains(.photos) {
            let photos: PhotosView
            if let kept = (old?.pages[.photos] as? PhotosPage)?.photos,
                kept.configuration == configuration.photos, kept.screen == size
            {
                photos = kept
            } else {
                photos = PhotosView(
                    configuration: configuration.photos, screen: size, fonts: fonts,
                    log: Logger(label: "nightstand.photos"),
                    notify: {
                        // The loop takes the photo on its next turn; the event only wakes it.
                        events.post(HostEvent(internal: "photo ready") { _ in })
                    })
                photos.start()
            }
            pages[.photos] = PhotosPage(photos, canvas: canvas)
        }
        let screen = Screen(
            canvas: canvas, deck: deck, widgets: slots, pages: pages, memory: memory, log: log)
        screen.style = old?.style ?? .day
        screen.alarm = old?.alarm
        screen.banner = old?.banner
        return screen
    }
}
