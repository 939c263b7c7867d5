import Localization
import Raster
import Settings

extension DisplayConfiguration: ConfigurationSection {
    /// `[display]`.
    public static let sectionName = "display"

    /// The keys of `[display]`, in the order the reference lists them.
    public static let keys = [
        "backend", "device", "connector", "wait", "mode", "rotation", "pixel_format", "page_flips",
        "size", "output", "raw_output", "locale",
    ]

    /// The longest side of a screen, in pixels: a mode or canvas beyond it is refused where it
    /// is read, so no size asks for more memory than a board has (8192 × 8192 × 4 bytes is
    /// 256 MiB).
    public static let largestSide = 8192

    /// What `wait` may be: up to ten minutes.
    public static let waits = NumberRange.duration(0...600)

    /// The highest refresh rate a mode may ask for, in Hz.
    public static let highestRefresh = 1000

    /// Reads `[display]`: every key optional, each checked where it is read (unknown keys are
    /// the reader's: see ``Settings/ConfigurationSection``).
    ///
    /// ```toml
    /// [display]
    /// backend = "drm"
    /// mode = "800x480@60"
    /// rotation = 180
    /// locale = "de_DE"
    /// ```
    public init(section: SettingsTable) throws(ConfigurationError) {
        self.init()
        backend = try section.choice("backend", Backend.self) ?? backend
        device = try section.string("device").flatMap { $0 == "auto" ? nil : $0 } ?? device
        connector = try section.string("connector") ?? connector
        wait = try section.duration("wait", in: Self.waits) ?? wait
        let side = "each side from 1 to \(Self.largestSide) pixels"
        mode =
            try section.parsed(
                "mode",
                expected: "WIDTHxHEIGHT or WIDTHxHEIGHT@HZ such as \"1920x1080@60\", \(side) "
                    + "and at most \(Self.highestRefresh) Hz"
            ) { text in
                VideoMode(parsing: text).flatMap { mode in
                    Self.fits(PixelSize(width: mode.width, height: mode.height))
                        && (mode.refresh ?? 1) <= Self.highestRefresh ? mode : nil
                }
            } ?? mode
        if let degrees = try section.int("rotation", oneOf: [0, 90, 180, 270]) {
            rotation = Rotation(degrees: degrees) ?? rotation
        }
        let formats = PixelFormat.allCases.map(\.rawValue).joined(separator: ", ")
        format =
            try section.parsed("pixel_format", expected: "one of \(formats)") {
                PixelFormat(name: $0)
            } ?? format
        pageFlips = try section.bool("page_flips") ?? pageFlips
        headlessSize =
            try section.parsed(
                "size",
                expected: "WIDTHxHEIGHT with positive integers such as \"800x480\", \(side)"
            ) { text in PixelSize(parsing: text).flatMap { Self.fits($0) ? $0 : nil } }
            ?? headlessSize
        headlessImagePath = try section.string("output") ?? headlessImagePath
        headlessRawPath = try section.string("raw_output") ?? headlessRawPath
        locale =
            try section.parsed(
                "locale",
                expected: "a locale such as \"de_DE\", \"ja\" or \"zh-Hant\" (a language of 2 or 3 "
                    + "letters, then a script or region after _ or -)"
            ) { text in
                let identifier = String(text.prefix { $0 != "." && $0 != "@" })
                return LanguageTag.isLocaleIdentifier(identifier) ? identifier : nil
            } ?? locale
    }

    /// Whether a screen of `size` is within ``largestSide``.
    public static func fits(_ size: PixelSize) -> Bool {
        (1...largestSide).contains(size.width) && (1...largestSide).contains(size.height)
    }
}
