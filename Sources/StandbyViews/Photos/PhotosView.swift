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
/// (``PhotoDecoder``) shortly before its turn (``decodeLead``), so the view holds one photo
/// between fades, and none while it is hidden (``update(at:advancing:)``). A file that
/// cannot be shown (corrupt, cut short, too large, not a photo, gone) is skipped with a log
/// line naming it, and not tried again until the file changes.
///
/// An Immich album (``PhotosConfiguration/immich``) is a folder too: before each reading,
/// ``ImmichAlbum`` brings the album's folder up to date on the same thread, so a server that
/// is away leaves the photos already downloaded showing.
///
/// The folder is read again when a pass through it is over, at most once a minute
/// (``rescanInterval``: a pass shorter than that starts again from the photos at hand), so
/// new photos join and removed ones leave. A folder that is missing, unreadable or without a
/// photo that shows is read again once a minute, on the minute: the wake-up the time over
/// the photos needs anyway.
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
    let loader: SlideLoader?
    private(set) var slideshow: Slideshow
    let overlay: PhotoOverlay
    let fonts: FontDatabase?
    private let log: Logger

    /// The photo showing (the one fading in, during a fade), and since when.
    private(set) var current: (name: PhotoPath, slide: Bitmap)?
    /// The photo fading out, and when the fade began.
    private(set) var fading: (slide: Bitmap, since: Date)?
    /// The next photo, decoded, waiting for its turn (for at most ``decodeLead``).
    private(set) var upcoming: (name: PhotoPath, slide: Bitmap)?
    /// When the next photo is due.
    private(set) var due: Date?
    /// Whether the view is hidden behind another: it holds no photo then.
    private(set) var hidden = false
    /// The photo being decoded.
    private var decoding: PhotoPath?
    private(set) var scanning = false
    /// When the last scan's result was taken: the folder is read at most once a minute.
    private var lastScan: Date?
    /// What the last scan said that is worth a log line once: symbolic links passed over,
    /// a folder cut short.
    private var scanNotes: (links: Int, truncated: Bool) = (0, false)
    /// What shows without a photo: why there is none.
    private(set) var problem: String?
    /// What the last ``draw(on:at:colorTransform:)`` showed, to draw only what changed.
    var drawn: (photo: Bitmap?, problem: String?, minute: Date, transform: ColorTransform)?
    /// A fade's two photos as shown (`finished(_:_:minute:_:)`), for the photos, minute and
    /// color transform they were made from.
    var finishedPair:
        (
            source: (from: Bitmap, to: Bitmap), from: Bitmap, to: Bitmap, minute: Date,
            transform: ColorTransform
        )?
    /// The time and date as last laid out, for the minute and color transform they show.
    var text:
        (
            minute: Date, transform: ColorTransform,
            layer: (picture: Bitmap, origin: (x: Int, y: Int))?
        )?

    /// The most often the folder is read: once a minute, on the minute.
    public static let rescanInterval: TimeInterval = 60

    /// How long before its turn the next photo is decoded (a screen-sized photo takes a
    /// fraction of a second to decode, a few on the slowest boards): until then the view holds
    /// only the photo showing.
    public static let decodeLead: TimeInterval = 5

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
        let album = configuration.immich.map { ImmichAlbum(settings: $0, log: log) }
        if let folder = configuration.folder ?? album?.settings.cache {
            let library = PhotoLibrary(folder: folder)
            self.library = library
            loader = SlideLoader(
                library: library, album: album, screen: screen,
                mode: configuration.scale.contentMode, limits: limits,
                finish: { [overlay] in overlay.shade($0) }, notify: notify)
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

    /// The view comes on screen at `now`, from behind another.
    ///
    /// The whole screen is drawn again, and the next ``update(at:advancing:)`` asks for the
    /// next photo, which shows at once without a fade (until it is decoded, the time shows over
    /// black). A photo still held whose turn passed meanwhile gets its full interval from now.
    public func resume(at now: Date) {
        hidden = false
        if let due, due < now { self.due = now.addingTimeInterval(configuration.interval) }
        invalidate()
    }

    /// The photo showing, as a path relative to the folder (escaped where it is not text:
    /// ``PhotoPath/description``).
    public var photo: String? { current?.name.description }

    /// Whether the first photo is still on its way: the folder is being read or a photo
    /// decoded, and nothing shows yet (neither a photo nor why there is none).
    public var isLoading: Bool {
        current == nil && problem == nil && isWorking
    }

    /// Whether the view's thread has work of the view's: a scan or a decode.
    var isWorking: Bool { scanning || decoding != nil }

    // MARK: Work

    /// Takes the work the view's thread finished, and moves the slideshow along at `now`: a
    /// decoded photo whose turn has come starts fading in, a finished fade ends, the next
    /// photo is asked for.
    ///
    /// While the view is hidden behind another (`advancing` false) it only takes the work,
    /// lets go of its photos (a photo decoded meanwhile too) and decodes nothing: a hidden
    /// view holds no screen-sized picture. The slideshow keeps its place; it goes on with the
    /// next photo when the view shows again (``resume(at:)``).
    public func update(at now: Date, advancing: Bool = true) {
        if !advancing { hide() }
        for finished in loader?.take() ?? [] {
            switch finished {
            case .scanned(let result, let remote): scanned(result, remote: remote, at: now)
            case .decoded(let name, let result): decoded(name, result, at: now)
            }
        }
        guard advancing else { return }
        hidden = false
        if let fading, now.timeIntervalSince(fading.since) >= configuration.fade {
            self.fading = nil
            finishedPair = nil
        }
        if let upcoming, let due, now >= due {
            fading = current.map { ($0.slide, now) }
            current = upcoming
            self.upcoming = nil
            self.due = now.addingTimeInterval(configuration.interval)
            if configuration.fade == 0 { fading = nil }
        }
        requestNext(at: now)
    }

    /// Lets go of every picture: the view is hidden.
    private func hide() {
        hidden = true
        (current, upcoming, fading, due) = (nil, nil, nil, nil)
        (finishedPair, text, drawn) = (nil, nil, nil)
    }

    private func scanned(
        _ result: Result<PhotoLibrary.Scan, PhotoError>, remote: String?, at now: Date
    ) {
        scanning = false
        lastScan = now
        switch result {
        case .failure(let error):
            let why = remote.map { noPhotos($0) } ?? "\(error)"
            if problem != why, remote == nil {
                log.warning("photos: cannot read the folder: \(error)")
            }
            problem = why
            slideshow.replace(with: PhotoLibrary.Scan())
        case .success(let scan):
            note(scan)
            slideshow.replace(with: scan)
            problem = slideshow.photos.isEmpty ? noPhotos(remote) : nil
        }
    }

    /// What shows without a photo: the folder or album has none, and why, if the album's
    /// server said.
    private func noPhotos(_ remote: String?) -> String {
        guard let immich = configuration.immich else {
            return "No photos in \(configuration.folder ?? "")"
        }
        return "No photos from Immich \"\(immich.album)\"" + (remote.map { ": Immich " + $0 } ?? "")
    }

    /// Logs what a scan passed over, when it differs from the last scan's.
    private func note(_ scan: PhotoLibrary.Scan) {
        guard let library, (scan.links, scan.truncated) != scanNotes else { return }
        if scan.truncated && !scanNotes.truncated {
            let (folder, limit) = (library.folder, library.maxEntries)
            log.warning("photos: \(folder): only the first \(limit) entries were read")
        }
        if scan.links > 0 && scan.links != scanNotes.links {
            log.info("photos: \(scan.links) symbolic links in \(library.folder) not followed")
        }
        scanNotes = (scan.links, scan.truncated)
    }

    private func decoded(_ name: PhotoPath, _ result: Result<Bitmap, PhotoError>, at now: Date) {
        if decoding == name { decoding = nil }
        switch result {
        case .failure(let error):
            log.warning("photos: skipping \(error)")
            slideshow.fail(name)
            if slideshow.photos.isEmpty, !scanning {
                problem = noPhotos(nil) + " could be shown"
            }
        case .success(let slide):
            if hidden {
                // Decoded for a view that hid meanwhile: not kept.
                return
            } else if current == nil {
                // The first photo shows at once, without a fade.
                current = (name, slide)
                due = now.addingTimeInterval(configuration.interval)
            } else {
                upcoming = (name, slide)
            }
        }
    }

    /// Asks for the next photo's decoding when none is waiting or on its way and its turn is
    /// at most ``decodeLead`` away; reads the folder again when a pass is over and a minute
    /// began since the last scan.
    private func requestNext(at now: Date) {
        guard let loader, !hidden, upcoming == nil, decoding == nil, !scanning else { return }
        if slideshow.wantsScan, nextScan.map({ now >= $0 }) ?? true {
            scan()
            return
        }
        if let start = decodeStart, now < start { return }
        // Without a scan due: the next pass from the photos at hand, if there are any.
        guard let next = slideshow.next() else { return }
        decoding = next
        loader.submit(.decode(next))
    }

    private func scan() {
        guard let loader, !scanning else { return }
        scanning = true
        loader.submit(.scan)
    }

    /// The earliest the folder may be read again: the minute after the last scan.
    var nextScan: Date? {
        lastScan.map { minute(of: $0).addingTimeInterval(Self.rescanInterval) }
    }
}
