import EventCore
import FoundationEssentials
import Raster
import StandbyViews
import SystemSupport

/// StandBy's views on the host: which one shows (``StandbyViews/ViewDeck``), the full-screen
/// clock's painter, the photos view, and the pictures moving frames are made of.
///
/// The views draw on the one screen canvas, the one on screen at a time. While something
/// moves (the views under a finger or settling, a stack's widgets), each frame is made from
/// pictures of the pages taken when they first show: the screen as it was for the page that
/// was on it, a drawing on a canvas of their own for the others. At rest the pictures go and
/// the view on screen is drawn anew.
final class ViewStage {
    /// A slot's stack in motion: its pages are the stack's widgets, in stack order.
    struct StackMotion {
        /// The pages and their motion.
        var pager: Pager
        /// The runtime index of each page.
        let members: [Int]
        /// Pictures of the pages drawn so far, by page.
        var pictures: [Int: Bitmap] = [:]
    }

    /// The views in order and their motion.
    var deck: ViewDeck
    /// The view drawn on the screen (after the night rule); nil when the screen must be
    /// drawn anew (at start, after motion, after the night rule changed it).
    var onScreen: ViewName?
    /// The full-screen clock's painter and the index of its runtime, where a view shows it.
    let clock: (painter: SlotPainter, runtime: Int)?
    /// The photos view, where the views include it.
    let photos: PhotosView?
    /// Pictures of the views in motion, by the view they show.
    var pictures: [ViewName: Bitmap] = [:]
    /// The stacks in motion, by slot.
    var stacks: [Int: StackMotion] = [:]
    /// The display's page-flip events, watched while something moves on a DRM display.
    var flipWatch: FileWatch? {
        didSet { oldValue?.cancel() }
    }

    init(
        deck: ViewDeck, clock: (painter: SlotPainter, runtime: Int)?, photos: PhotosView?
    ) {
        self.deck = deck
        self.clock = clock
        self.photos = photos
    }

    /// Whether anything moves at `now`: the views, a stack, or a photo fading into the next
    /// on screen.
    func isMoving(at now: Date) -> Bool {
        deck.isMoving(at: now) || stacks.values.contains { $0.pager.isMoving(at: now) }
            || (onScreen == .photos && photos?.isMoving(at: now) == true)
    }

    /// Whether the views or a stack move at `now`: frames are made from pictures.
    func slides(at now: Date) -> Bool {
        deck.isMoving(at: now) || stacks.values.contains { $0.pager.isMoving(at: now) }
    }
}

extension ViewStage {
    /// The views of `configuration` on `canvas`: the deck, the full-screen clock's painter
    /// (drawing the runtime `clockRuntime`), and the photos view, started (its thread reads
    /// the folder; `events` hears when a photo is ready).
    ///
    /// A live reload passes the views it replaces (`keeping`): the view shown stays if it is
    /// still listed, and so does the photos view, slideshow and all, when neither its settings
    /// nor the screen changed.
    static func make(
        _ configuration: Configuration, canvas: Canvas, clockRuntime: Int?, fonts: FontDatabase?,
        events: Mailbox<HostEvent>, keeping old: ViewStage? = nil
    ) -> ViewStage {
        let layout = configuration.layout
        let schedule =
            layout.viewSchedule.isEmpty ? nil : ViewSchedule(entries: layout.viewSchedule)
        var deck = ViewDeck(
            views: layout.views, width: canvas.width, schedule: schedule,
            photosGiveWayAtNight: configuration.photos.night == .clock)
        if let old { deck.jump(to: old.deck.current) }
        let clock = clockRuntime.map { runtime in
            (SlotPainter(canvas: canvas, layout: layout, count: 1, fonts: fonts), runtime)
        }
        var photos: PhotosView?
        if layout.views.contains(.photos), let kept = old?.photos,
            kept.configuration == configuration.photos, kept.screen == canvas.size
        {
            photos = kept
        } else if layout.views.contains(.photos) {
            let view = PhotosView(
                configuration: configuration.photos, screen: canvas.size, fonts: fonts,
                log: Logger(label: "nightstand.photos"),
                notify: {
                    // The loop takes the photo on its next turn; the event only wakes it.
                    events.post(HostEvent(internal: "photo ready") { _ in })
                })
            view.start()
            photos = view
        }
        return ViewStage(deck: deck, clock: clock, photos: photos)
    }

    /// The index of the full-screen clock's runtime, if a view shows it.
    static func clockRuntime(in runtimes: [WidgetRuntime]) -> Int? {
        runtimes.firstIndex { $0.id == Scene.clockID }
    }
}
