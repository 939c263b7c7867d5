import Settings

extension PhotosConfiguration: ConfigurationSection {
    /// `[photos]`.
    public static let sectionName = "photos"

    /// The keys of `[photos]`.
    public static let keys = [
        "folder", "immich", "interval", "scale", "order", "fade", "night", "overlay", "24h",
    ]

    /// How long a photo shows: from 5 seconds to a day.
    public static let intervals = NumberRange.duration(5...86_400)
    /// How long a cross-fade takes: up to 10 seconds (0 cuts).
    public static let fades = NumberRange.duration(0...10)

    /// Reads `[photos]`, each key checked where it is read.
    ///
    /// ```toml
    /// [photos]
    /// folder = "/srv/photos"
    /// interval = "1m"
    /// ```
    public init(section: SettingsTable) throws(ConfigurationError) {
        self.init()
        if let folder = try section.string("folder") {
            guard !folder.isEmpty else {
                throw section.error("folder", expected: "a folder", found: .string(folder))
            }
            self.folder = folder
        }
        if let table = try section.table("immich") {
            guard folder == nil else {
                throw section.error("immich", "expected either folder or immich, not both")
            }
            immich = try ImmichSettings(table: table)
        }
        interval = try section.duration("interval", in: Self.intervals) ?? interval
        scale = try section.choice("scale", Scale.self) ?? scale
        order = try section.choice("order", Order.self) ?? order
        fade = try section.duration("fade", in: Self.fades) ?? fade
        guard fade < interval else {
            throw section.error(
                "fade", "expected a fade shorter than the interval (\(interval) s), found \(fade) s"
            )
        }
        night = try section.choice("night", Night.self) ?? night
        overlay = try section.choice("overlay", Overlay.self) ?? overlay
        hour24 = try section.bool("24h") ?? hour24
    }
}
