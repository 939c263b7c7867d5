import FoundationEssentials
import Raster

/// How the photos view shows a folder: the `[photos]` table.
///
/// ```toml
/// [photos]
/// folder = "/srv/photos"     # JPEG and PNG, subfolders too
/// # or an Immich album: immich = { url = "http://immich.local:2283", album = "Bedside",
/// #                                api_key_file = "/etc/nightstand/immich-key" }
/// interval = "1m"            # each photo shows this long
/// scale = "fill"             # or "fit": the whole photo on black
/// order = "shuffle"          # or "name"
/// fade = "1s"                # the cross-fade; "0s" cuts
/// night = "clock"            # or "photos": keep showing them, red, at night
/// overlay = "top-left"       # where the time and date go, or "none"
/// ```
public struct PhotosConfiguration: Sendable, Equatable {
    /// How a photo fills the screen.
    public enum Scale: String, Sendable, CaseIterable {
        /// Covers the screen, the overflow cropped evenly (StandBy's way).
        case fill
        /// Shows the whole photo, centered on black.
        case fit

        /// The canvas's content mode.
        public var contentMode: ContentMode { self == .fill ? .fill : .fit }
    }

    /// The order photos come in.
    public enum Order: String, Sendable, CaseIterable {
        /// A new random order each time through the folder.
        case shuffle
        /// By path, folders first as the scan found them.
        case name
    }

    /// What the photos view does at night.
    public enum Night: String, Sendable, CaseIterable {
        /// Gives way to the full-screen clock until morning (StandBy's way: photos are bright).
        case clock
        /// Keeps showing photos, in the night's red.
        case photos
    }

    /// Where the time and date show over the photo.
    public enum Overlay: String, Sendable, CaseIterable {
        /// The top-left corner.
        case topLeft = "top-left"
        /// The top-right corner.
        case topRight = "top-right"
        /// The bottom-left corner.
        case bottomLeft = "bottom-left"
        /// The bottom-right corner.
        case bottomRight = "bottom-right"
        /// Nowhere: the photo alone.
        case none
    }

    /// The folder of photos; nil shows a line saying that none is set.
    ///
    /// Default: none.
    public var folder: String?
    /// An Immich album to show instead of a folder (`immich = { url, album, api_key_file }`).
    ///
    /// Default: none.
    public var immich: ImmichSettings?
    /// How long each photo shows, in seconds (5 seconds to a day).
    ///
    /// Default: 60.
    public var interval: TimeInterval = 60
    /// How a photo fills the screen.
    ///
    /// Default: `.fill`.
    public var scale = Scale.fill
    /// The order photos come in.
    ///
    /// Default: `.shuffle`.
    public var order = Order.shuffle
    /// How long the cross-fade from one photo to the next takes, in seconds (0 cuts; at most
    /// 10, and less than the interval).
    ///
    /// Default: 1.
    public var fade: TimeInterval = 1
    /// What the view does at night.
    ///
    /// Default: `.clock`.
    public var night = Night.clock
    /// Where the time and date show.
    ///
    /// Default: `.topLeft`.
    public var overlay = Overlay.topLeft
    /// Whether the time shows in 24-hour form ("21:41"), else 12-hour ("9:41").
    ///
    /// Default: true, as the clock widget.
    public var hour24 = true

    /// The defaults: no folder, no album.
    public init() {}
}
