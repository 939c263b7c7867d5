import FoundationEssentials
import FoundationInternationalization
import Raster
import SystemSupport
import WidgetUI

/// StandBy's photos view: the photos of a folder one after another, full screen, each for
/// the interval, cross-fading into the next, with the time and date over them.
///
/// Reading the folder and decoding photos happen on a thread of the view's own (the run loop
/// never waits on a disk or a decoder): each photo is decoded straight to the screen's size
/// (``PhotoDecoder``) while the one before it shows, and held until its turn. A file that
/// cannot be shown (corrupt, cut short, too large, not a photo) is skipped with a log line
/// naming it, and not tried again; the folder is read again after each pass through it, so
/// new photos join.
///
/// The host calls ``update(at:)`` on its thread when `notify` said work finished (and at the
/// instants ``nextChange(after:)`` gives), and ``draw(on:at:colorTransform:)`` when
/// ``needsDrawing(at:)`` says the picture changed. A cross-fade is motion: while
/// ``isMoving(at:)`` the host draws it every refresh.
///
/// ```swift
/// var settings = PhotosConfiguration()
/// settings.folder = "/srv/photos"
/// let photos = PhotosView(configuration: settings, screen: canvas.size, fonts: fonts,
///                         notify: { events.post(.photos) })
/// photos.start()
/// // … when the event arrives:
/// photos.update(at: now)
/// let damage = photos.draw(on: canvas, at: now, colorTransform: .identity)
/// ```
public final class PhotosView {
    /// The settings.
    public let configuration: PhotosConfiguration
    /// The screen size photos are decoded for.
    public let screen: PixelSize

    private let library: PhotoLibrary?
    private let loader: SlideLoader?
    private var slideshow: Slideshow
    private let overlay: PhotoOverlay
    private let fonts: FontDatabase?
    private let log: Logger

    /// The photo showing (the one fading in, during a fade), and since when.
    private var current: (name: String, slide: Bitmap)?
    /// The photo fading out, and when the fade began.
    private var fading: (slide: Bitmap, since: Date)?
    /// The next photo, decoded, waiting for its turn.
    private var upcoming: (name: String, slide: Bitmap)?
    /// When the next photo is due.
    private var due: Date?
    /// The photo being decoded.
    private var decoding: String?
    private var scanning = false
    /// What shows without a photo: why there is none.
    private var problem: String?
    /// What the last ``draw(on:at:colorTransform:)`` showed, to draw only what changed.
    private var drawn: (photo: String?, problem: String?, minute: Date, transform: ColorTransform)?
    /// A fade's two photos as shown (``finished(_:_:minute:_:)``), for the photos, minute and
    /// color transform they were made from.
    private var finishedPair:
        (
            source: (from: Bitmap, to: Bitmap), from: Bitmap, to: Bitmap, minute: Date,
            transform: ColorTransform
        )?
    /// The time and date as last laid out, for the minute and color transform they show.
    private var text:
        (
            minute: Date, transform: ColorTransform,
            layer: (picture: Bitmap, origin: (x: Int, y: Int))?
        )?

    /// A photos view for a screen of `screen` pixels.
    ///
    /// `notify` is called from the view's thread when a scan or a decode finished; the host
    /// then calls ``update(at:)`` on its own thread. `timeZone` and `locale` are the time's
    /// and date's; `seed` orders the shuffle (default: from the clock).
    public init(
        configuration: PhotosConfiguration, screen: PixelSize, fonts: FontDatabase?,
        log: Logger = Logger(label: "nightstand.photos"), timeZone: TimeZone = .current,
        locale: Locale = Locale(identifier: "en_US"),
        seed: UInt64 = UInt64(truncatingIfNeeded: Int(Date().timeIntervalSince1970 * 1000)),
        limits: PhotoDecoder.Limits = PhotoDecoder.Limits(),
        notify: @escaping @Sendable () -> Void
    ) {
        self.configuration = configuration
        self.screen = screen
        self.fonts = fonts
        self.log = log
        slideshow = Slideshow(order: configuration.order, seed: seed)
        overlay = PhotoOverlay(
            corner: configuration.overlay, hour24: configuration.hour24, timeZone: timeZone,
            locale: locale)
        if let folder = configuration.folder {
            let library = PhotoLibrary(folder: folder)
            self.library = library
            loader = SlideLoader(
                library: library, screen: screen, mode: configuration.scale.contentMode,
                limits: limits, finish: { [overlay] in overlay.shade($0) }, notify: notify)
        } else {
            library = nil
            loader = nil
            problem = "No photos: set [photos] folder"
        }
    }

    deinit { loader?.stop() }

    /// Starts reading the folder (and decoding the first photo once it is read).
    public func start() {
        scan()
    }

    /// The view comes on screen at `now` (it was hidden behind another): a photo whose turn
    /// passed meanwhile gets its full interval from now, rather than being replaced at once,
    /// and the whole screen is drawn again.
    public func resume(at now: Date) {
        if let due, due < now { self.due = now.addingTimeInterval(configuration.interval) }
        invalidate()
    }

    /// The photo showing, as a path relative to the folder.
    public var photo: String? { current?.name }

    /// Whether the first photo is still on its way: the folder is being read or a photo
    /// decoded, and nothing shows yet (neither a photo nor why there is none).
    public var isLoading: Bool {
        current == nil && problem == nil && (scanning || decoding != nil)
    }

    // MARK: Work

    /// Takes the work the view's thread finished, and moves the slideshow along at `now`: a
    /// decoded photo whose turn has come starts fading in, a finished fade ends, the next
    /// photo is asked for.
    ///
    /// While the view is hidden behind another (`advancing` false) it only takes the work and
    /// gets its first photo ready, so that it shows one at once when it comes on screen; the
    /// slideshow does not move on, and nothing more is decoded.
    public func update(at now: Date, advancing: Bool = true) {
        for finished in loader?.take() ?? [] {
            switch finished {
            case .scanned(let result): scanned(result)
            case .decoded(let name, let result): decoded(name, result, at: now)
            }
        }
        guard advancing else {
            if current == nil { requestNext() }
            return
        }
        if let fading, now.timeIntervalSince(fading.since) >= configuration.fade {
            self.fading = nil
        }
        if let upcoming, let due, now >= due {
            fading = current.map { ($0.slide, now) }
            current = upcoming
            self.upcoming = nil
            self.due = now.addingTimeInterval(configuration.interval)
            if configuration.fade == 0 { fading = nil }
        }
        requestNext()
    }

    private func scanned(_ result: Result<PhotoLibrary.Scan, PhotoError>) {
        scanning = false
        switch result {
        case .failure(let error):
            if problem != "\(error)" { log.warning("photos: cannot read the folder: \(error)") }
            problem = "\(error)"
            slideshow.replace(with: [])
        case .success(let scan):
            if scan.truncated, let library {
                let (folder, limit) = (library.folder, library.maxEntries)
                log.warning("photos: \(folder): only the first \(limit) entries were read")
            }
            if scan.links > 0, let library {
                log.info("photos: \(scan.links) symbolic links in \(library.folder) not followed")
            }
            slideshow.replace(with: scan.photos)
            problem =
                slideshow.photos.isEmpty
                ? "No photos in \(configuration.folder ?? "")" : nil
        }
    }

    private func decoded(_ name: String, _ result: Result<Bitmap, PhotoError>, at now: Date) {
        if decoding == name { decoding = nil }
        switch result {
        case .failure(let error):
            log.warning("photos: skipping \(error)")
            slideshow.fail(name)
            if slideshow.photos.isEmpty, !scanning {
                problem = "No photos in \(configuration.folder ?? "") could be shown"
            }
        case .success(let slide):
            if current == nil {
                // The first photo shows at once, without a fade.
                current = (name, slide)
                due = now.addingTimeInterval(configuration.interval)
            } else {
                upcoming = (name, slide)
            }
        }
    }

    /// Asks for the next photo's decoding when none is waiting or on its way; reads the
    /// folder again when a pass is over.
    private func requestNext() {
        guard let loader, upcoming == nil, decoding == nil, !scanning else { return }
        if slideshow.passIsOver && current != nil {
            // Between passes: read the folder again first, then go on.
            scan()
            if scanning { return }
        }
        guard let next = slideshow.next() else { return }
        decoding = next
        loader.submit(.decode(next))
    }

    private func scan() {
        guard let loader, !scanning else { return }
        scanning = true
        loader.submit(.scan)
    }

    // MARK: Drawing

    /// Whether a cross-fade is under way at `now`.
    public func isMoving(at now: Date) -> Bool {
        guard let fading else { return false }
        return now.timeIntervalSince(fading.since) < configuration.fade
    }

    /// Forgets what was drawn: the next ``draw(on:at:colorTransform:)`` draws the whole
    /// screen (the canvas showed something else meanwhile, such as another view).
    public func invalidate() {
        drawn = nil
    }

    /// Whether the picture at `now` differs from the last one drawn through `colorTransform`.
    public func needsDrawing(at now: Date, colorTransform: ColorTransform) -> Bool {
        guard let drawn else { return true }
        return isMoving(at: now) || drawn.photo != current?.name || drawn.problem != problem
            || drawn.minute != minute(of: now) || drawn.transform != colorTransform
    }

    /// The next instant the picture changes by itself after `now`: the next minute for the
    /// time, the next photo's turn when it is decoded; nil while the fade runs (it moves
    /// every frame: see ``isMoving(at:)``).
    public func nextChange(after now: Date) -> Date? {
        var next = configuration.overlay == .none ? nil : overlay.nextChange(after: now)
        if let due, upcoming != nil { next = min(next ?? due, due) }
        if let fading {
            let end = fading.since.addingTimeInterval(configuration.fade)
            next = min(next ?? end, end)
        }
        return next
    }

    /// Draws the view at `now` on `canvas` (the whole screen) through `colorTransform`, and
    /// returns the rectangles that changed: only the time's band when only the minute did.
    @discardableResult
    public func draw(on canvas: Canvas, at now: Date, colorTransform: ColorTransform) -> [IntRect] {
        let minute = minute(of: now)
        let moving = isMoving(at: now)
        var area = canvas.bounds
        if let drawn, !moving, drawn.photo == current?.name, drawn.problem == problem,
            drawn.transform == colorTransform
        {
            area = overlay.band(screen: canvas.size)
        }
        drawn = (current?.name, problem, minute, colorTransform)
        if let current, let fading, moving {
            let t = min(1, max(0, now.timeIntervalSince(fading.since) / configuration.fade))
            let pair = finished(fading.slide, current.slide, minute: minute, colorTransform)
            // Smoothstep: the fade starts and ends gently.
            canvas.crossFade(from: pair.from, to: pair.to, progress: t * t * (3 - 2 * t), in: area)
            return [area]
        }
        finishedPair = nil
        if let current {
            canvas.copy(current.slide, to: (0, 0), clippedTo: area)
        } else {
            canvas.withSavedState {
                canvas.clip(to: area.rect)
                canvas.fill(area.rect, with: Paint(color: RGBA(red: 0, green: 0, blue: 0)))
            }
            if let problem { drawProblem(problem, on: canvas) }
        }
        finish(canvas, area: area, minute: minute, colorTransform)
        return [area]
    }

    /// Lays the color transform and the time of `minute` over `area` of a drawn photo.
    private func finish(
        _ canvas: Canvas, area: IntRect, minute: Date, _ colorTransform: ColorTransform
    ) {
        canvas.apply(colorTransform, in: area)
        if let layer = textLayer(minute: minute, colorTransform: colorTransform) {
            canvas.composite(layer.picture, to: layer.origin, clippedTo: area)
        }
    }

    /// The two photos of a fade as the screen shows them (color transform and time laid
    /// over), made on its first frame and again only if the minute or the transform changes:
    /// each frame of the fade is then one blend and nothing else.
    private func finished(
        _ from: Bitmap, _ to: Bitmap, minute: Date, _ colorTransform: ColorTransform
    ) -> (from: Bitmap, to: Bitmap) {
        if let pair = finishedPair, pair.source.from === from, pair.source.to === to,
            pair.minute == minute, pair.transform == colorTransform
        {
            return (pair.from, pair.to)
        }
        let made = [from, to].map { slide in
            let scratch = Canvas(size: slide.size)
            scratch.copy(slide, to: (0, 0))
            finish(scratch, area: scratch.bounds, minute: minute, colorTransform)
            return Bitmap(copying: scratch)
        }
        finishedPair = ((from, to), made[0], made[1], minute, colorTransform)
        return (made[0], made[1])
    }

    /// The time and date for `minute`, laid out once and kept for the frames of that minute
    /// (the photos under them are shaded already).
    private func textLayer(minute: Date, colorTransform: ColorTransform) -> (
        picture: Bitmap, origin: (x: Int, y: Int)
    )? {
        if let text, text.minute == minute, text.transform == colorTransform { return text.layer }
        let layer = overlay.textLayer(
            screen: screen, at: minute, fonts: fonts, colorTransform: colorTransform)
        text = (minute, colorTransform, layer)
        return layer
    }

    /// The minute `now` lies in (what the time shows).
    private func minute(of now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// A line in the middle of the black screen saying why no photo shows (the color
    /// transform applies to the whole frame afterwards).
    private func drawProblem(_ text: String, on canvas: Canvas) {
        let h = Double(canvas.height)
        render(
            Text(text)
                .font(.system(size: h * 0.045, weight: .medium))
                .foregroundStyle(Color(white: 0.6))
                .multilineTextAlignment(.center)
                .padding(h * 0.05),
            size: Size(width: Double(canvas.width), height: h), fonts: fonts, on: canvas,
            scale: 1)
    }
}
