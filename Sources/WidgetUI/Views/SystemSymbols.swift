import Raster

/// An SF Symbols name and the Material Icons glyph that draws it.
struct SystemSymbol: Hashable, Sendable {
    /// The SF Symbols name, as `Image(systemName:)` takes it.
    let name: String
    /// The Material Icons name of the glyph (its ligature and its name in Google's codepoints
    /// list).
    let material: String
    /// The glyph's character in the Material Icons font (private use area).
    let codepoint: UInt32
    /// The color under ``SymbolRenderingMode/multicolor``: the color iOS gives the symbol's
    /// main part; nil when iOS draws the symbol in the foreground style.
    let multicolor: Color?
    /// Whether the glyph is turned a quarter clockwise, so that Material's upright batteries
    /// and north-pointing airplane lie as iOS draws them.
    let isTurned: Bool

    init(
        _ name: String, _ material: String, _ codepoint: UInt32, _ multicolor: Color? = nil,
        turned: Bool = false
    ) {
        self.name = name
        self.material = material
        self.codepoint = codepoint
        self.multicolor = multicolor
        self.isTurned = turned
    }

    /// The shading the symbol draws with under a rendering mode.
    ///
    /// Material glyphs have one layer, so hierarchical and palette rendering draw it in the
    /// primary (foreground) style, as SF Symbols draw their primary layer; multicolor uses
    /// ``multicolor`` where the symbol has one.
    func shading(mode: SymbolRenderingMode?, foreground: Shading) -> Shading {
        if mode == .multicolor, let multicolor { return .color(multicolor.rgba) }
        return foreground
    }
}

/// The SF Symbols names `Image(systemName:)` knows: the one table of them.
///
/// `Documentation.docc/Symbols.md` lists the same rows for readers; a test keeps the two equal
/// and checks every glyph against the installed font and Google's codepoints list.
enum SystemSymbols {
    /// The symbol for an SF Symbols name, or nil when the name is not in the table.
    static func symbol(named name: String) -> SystemSymbol? {
        byName[name]
    }

    private static let byName: [String: SystemSymbol] = Dictionary(
        all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// Every known symbol, grouped as in the documentation.
    static let all: [SystemSymbol] = [
        // Weather and sky
        SystemSymbol("sun.max", "light_mode", 0xE518, .yellow),
        SystemSymbol("sun.max.fill", "wb_sunny", 0xE430, .yellow),
        SystemSymbol("sun.min", "brightness_low", 0xE1AD, .yellow),
        SystemSymbol("sun.min.fill", "brightness_low", 0xE1AD, .yellow),
        SystemSymbol("sunrise", "wb_twilight", 0xE1C6, .yellow),
        SystemSymbol("sunrise.fill", "wb_twilight", 0xE1C6, .yellow),
        SystemSymbol("sunset", "wb_twighlight", 0xEA02, .yellow),
        SystemSymbol("sunset.fill", "wb_twighlight", 0xEA02, .yellow),
        SystemSymbol("sun.snow", "sunny_snowing", 0xE819, .yellow),
        SystemSymbol("moon", "nightlight_round", 0xEF5E),
        SystemSymbol("moon.fill", "dark_mode", 0xE51C),
        SystemSymbol("moon.stars", "bedtime", 0xEF44),
        SystemSymbol("moon.stars.fill", "bedtime", 0xEF44),
        SystemSymbol("cloud", "cloud_queue", 0xE2C2, .white),
        SystemSymbol("cloud.fill", "cloud", 0xE2BD, .white),
        SystemSymbol("cloud.sun", "filter_drama", 0xE3DD, .white),
        SystemSymbol("cloud.sun.fill", "filter_drama", 0xE3DD, .white),
        SystemSymbol("cloud.moon", "nights_stay", 0xEA46, .white),
        SystemSymbol("cloud.moon.fill", "nights_stay", 0xEA46, .white),
        SystemSymbol("cloud.rain", "umbrella", 0xF1AD, .blue),
        SystemSymbol("cloud.rain.fill", "umbrella", 0xF1AD, .blue),
        SystemSymbol("cloud.drizzle", "umbrella", 0xF1AD, .blue),
        SystemSymbol("cloud.drizzle.fill", "umbrella", 0xF1AD, .blue),
        SystemSymbol("cloud.heavyrain", "umbrella", 0xF1AD, .blue),
        SystemSymbol("cloud.heavyrain.fill", "umbrella", 0xF1AD, .blue),
        SystemSymbol("cloud.bolt", "thunderstorm", 0xEBDB, .white),
        SystemSymbol("cloud.bolt.fill", "thunderstorm", 0xEBDB, .white),
        SystemSymbol("cloud.bolt.rain", "thunderstorm", 0xEBDB, .white),
        SystemSymbol("cloud.bolt.rain.fill", "thunderstorm", 0xEBDB, .white),
        SystemSymbol("cloud.snow", "cloudy_snowing", 0xE810, .white),
        SystemSymbol("cloud.snow.fill", "cloudy_snowing", 0xE810, .white),
        SystemSymbol("cloud.fog", "foggy", 0xE818, .white),
        SystemSymbol("cloud.fog.fill", "foggy", 0xE818, .white),
        SystemSymbol("snowflake", "ac_unit", 0xEB3B),
        SystemSymbol("wind", "air", 0xEFD8),
        SystemSymbol("tornado", "tornado", 0xE199),
        SystemSymbol("hurricane", "storm", 0xF070),
        SystemSymbol("thermometer", "device_thermostat", 0xE1FF),
        SystemSymbol("thermometer.medium", "device_thermostat", 0xE1FF),
        SystemSymbol("humidity", "water_drop", 0xE798),
        SystemSymbol("humidity.fill", "water_drop", 0xE798),
        SystemSymbol("drop", "water_drop", 0xE798),
        SystemSymbol("drop.fill", "water_drop", 0xE798),
        SystemSymbol("umbrella", "umbrella", 0xF1AD),
        SystemSymbol("umbrella.fill", "umbrella", 0xF1AD),
        SystemSymbol("sparkles", "auto_awesome", 0xE65F),
        SystemSymbol("flame", "whatshot", 0xE80E, .orange),
        SystemSymbol("flame.fill", "local_fire_department", 0xEF55, .orange),
        SystemSymbol("leaf", "eco", 0xEA35, .green),
        SystemSymbol("leaf.fill", "eco", 0xEA35, .green),
        SystemSymbol("bolt", "bolt", 0xEA0B),
        SystemSymbol("bolt.fill", "flash_on", 0xE3E7),
        // Battery and power
        SystemSymbol("battery.100", "battery_full", 0xE1A4, turned: true),
        SystemSymbol("battery.75", "battery_5_bar", 0xEBD4, turned: true),
        SystemSymbol("battery.50", "battery_4_bar", 0xEBE2, turned: true),
        SystemSymbol("battery.25", "battery_2_bar", 0xEBE0, turned: true),
        SystemSymbol("battery.0", "battery_0_bar", 0xEBDC, turned: true),
        SystemSymbol("battery.100.bolt", "battery_charging_full", 0xE1A3, turned: true),
        SystemSymbol("power", "power_settings_new", 0xE8AC),
        SystemSymbol("powerplug", "power", 0xE63C),
        // Time
        SystemSymbol("calendar", "calendar_today", 0xE935),
        SystemSymbol("clock", "schedule", 0xE8B5),
        SystemSymbol("clock.fill", "access_time_filled", 0xEFD6),
        SystemSymbol("alarm", "alarm", 0xE855),
        SystemSymbol("alarm.fill", "alarm", 0xE855),
        SystemSymbol("timer", "av_timer", 0xE01B),
        SystemSymbol("stopwatch", "timer", 0xE425),
        SystemSymbol("stopwatch.fill", "timer", 0xE425),
        SystemSymbol("hourglass", "hourglass_empty", 0xE88B),
        SystemSymbol("hourglass.bottomhalf.filled", "hourglass_bottom", 0xEA5C),
        SystemSymbol("hourglass.tophalf.filled", "hourglass_top", 0xEA5B),
        // Status and actions
        SystemSymbol("heart", "favorite_border", 0xE87E, .red),
        SystemSymbol("heart.fill", "favorite", 0xE87D, .red),
        SystemSymbol("star", "star_border", 0xE83A, .yellow),
        SystemSymbol("star.fill", "star", 0xE838, .yellow),
        SystemSymbol("star.leadinghalf.filled", "star_half", 0xE839, .yellow),
        SystemSymbol("bell", "notifications_none", 0xE7F5),
        SystemSymbol("bell.fill", "notifications", 0xE7F4),
        SystemSymbol("bell.slash", "notifications_off", 0xE7F6),
        SystemSymbol("bookmark", "bookmark_border", 0xE867),
        SystemSymbol("bookmark.fill", "bookmark", 0xE866),
        SystemSymbol("flag", "flag", 0xE153),
        SystemSymbol("flag.fill", "flag", 0xE153),
        SystemSymbol("tag", "local_offer", 0xE54E),
        SystemSymbol("tag.fill", "local_offer", 0xE54E),
        SystemSymbol("lightbulb", "lightbulb_outline", 0xE90F),
        SystemSymbol("lightbulb.fill", "lightbulb", 0xE0F0, .yellow),
        SystemSymbol("lock", "lock_outline", 0xE899),
        SystemSymbol("lock.fill", "lock", 0xE897),
        SystemSymbol("lock.open", "lock_open", 0xE898),
        SystemSymbol("key", "vpn_key", 0xE0DA),
        SystemSymbol("eye", "visibility", 0xE8F4),
        SystemSymbol("magnifyingglass", "search", 0xE8B6),
        SystemSymbol("gear", "settings", 0xE8B8),
        SystemSymbol("gearshape", "settings", 0xE8B8),
        SystemSymbol("gearshape.fill", "settings", 0xE8B8),
        SystemSymbol("trash", "delete", 0xE872),
        SystemSymbol("trash.fill", "delete", 0xE872),
        SystemSymbol("checkmark", "check", 0xE5CA),
        SystemSymbol("checkmark.circle", "check_circle_outline", 0xE92D),
        SystemSymbol("checkmark.circle.fill", "check_circle", 0xE86C),
        SystemSymbol("xmark", "close", 0xE5CD),
        SystemSymbol("xmark.circle", "highlight_off", 0xE888),
        SystemSymbol("xmark.circle.fill", "cancel", 0xE5C9),
        SystemSymbol("plus", "add", 0xE145),
        SystemSymbol("plus.circle", "add_circle_outline", 0xE148),
        SystemSymbol("plus.circle.fill", "add_circle", 0xE147),
        SystemSymbol("minus", "remove", 0xE15B),
        SystemSymbol("exclamationmark.triangle", "warning_amber", 0xF083, .yellow),
        SystemSymbol("exclamationmark.triangle.fill", "warning", 0xE002, .yellow),
        SystemSymbol("exclamationmark.circle", "error_outline", 0xE001),
        SystemSymbol("exclamationmark.circle.fill", "error", 0xE000),
        SystemSymbol("info.circle", "info_outline", 0xE88F),
        SystemSymbol("info.circle.fill", "info", 0xE88E),
        SystemSymbol("questionmark.circle", "help_outline", 0xE8FD),
        SystemSymbol("questionmark.circle.fill", "help", 0xE887),
        SystemSymbol("circle", "radio_button_unchecked", 0xE836),
        SystemSymbol("circle.fill", "circle", 0xEF4A),
        SystemSymbol("square", "check_box_outline_blank", 0xE835),
        SystemSymbol("ellipsis", "more_horiz", 0xE5D3),
        SystemSymbol("list.bullet", "format_list_bulleted", 0xE241),
        SystemSymbol("chart.bar", "bar_chart", 0xE26B),
        SystemSymbol("chart.bar.fill", "bar_chart", 0xE26B),
        SystemSymbol("chart.line.uptrend.xyaxis", "trending_up", 0xE8E5),
        SystemSymbol("chart.line.downtrend.xyaxis", "trending_down", 0xE8E3),
        SystemSymbol("gauge", "speed", 0xE9E4),
        SystemSymbol("gauge.medium", "speed", 0xE9E4),
        SystemSymbol("speedometer", "speed", 0xE9E4),
        // Arrows and places
        SystemSymbol("arrow.up", "arrow_upward", 0xE5D8),
        SystemSymbol("arrow.down", "arrow_downward", 0xE5DB),
        SystemSymbol("arrow.left", "arrow_back", 0xE5C4),
        SystemSymbol("arrow.right", "arrow_forward", 0xE5C8),
        SystemSymbol("arrow.up.right", "north_east", 0xF1E1),
        SystemSymbol("arrow.clockwise", "refresh", 0xE5D5),
        SystemSymbol("arrow.triangle.2.circlepath", "sync", 0xE627),
        SystemSymbol("chevron.up", "expand_less", 0xE5CE),
        SystemSymbol("chevron.down", "expand_more", 0xE5CF),
        SystemSymbol("chevron.left", "chevron_left", 0xE5CB),
        SystemSymbol("chevron.right", "chevron_right", 0xE5CC),
        SystemSymbol("location", "near_me", 0xE569),
        SystemSymbol("location.fill", "near_me", 0xE569),
        SystemSymbol("location.north", "navigation", 0xE55D),
        SystemSymbol("mappin", "location_on", 0xE0C8),
        SystemSymbol("mappin.and.ellipse", "pin_drop", 0xE55E),
        SystemSymbol("globe", "public", 0xE80B),
        // Home, people, things
        SystemSymbol("house", "home", 0xE88A),
        SystemSymbol("house.fill", "home", 0xE88A),
        SystemSymbol("person", "person_outline", 0xE7FF),
        SystemSymbol("person.fill", "person", 0xE7FD),
        SystemSymbol("person.2", "group", 0xE7EF),
        SystemSymbol("person.2.fill", "group", 0xE7EF),
        SystemSymbol("figure.walk", "directions_walk", 0xE536),
        SystemSymbol("figure.run", "directions_run", 0xE566),
        SystemSymbol("bicycle", "directions_bike", 0xE52F),
        SystemSymbol("bed.double", "hotel", 0xE53A),
        SystemSymbol("bed.double.fill", "hotel", 0xE53A),
        SystemSymbol("sofa", "weekend", 0xE16B),
        SystemSymbol("sofa.fill", "weekend", 0xE16B),
        SystemSymbol("chair", "chair", 0xEFED),
        SystemSymbol("refrigerator", "kitchen", 0xEB47),
        SystemSymbol("refrigerator.fill", "kitchen", 0xEB47),
        SystemSymbol("cup.and.saucer", "local_cafe", 0xE541),
        SystemSymbol("fork.knife", "restaurant", 0xE56C),
        SystemSymbol("cart", "shopping_cart", 0xE8CC),
        SystemSymbol("bag", "shopping_bag", 0xF1CC),
        SystemSymbol("creditcard", "credit_card", 0xE870),
        SystemSymbol("book", "menu_book", 0xEA19),
        SystemSymbol("newspaper", "newspaper", 0xEB81),
        // Communication and media
        SystemSymbol("phone", "phone", 0xE0CD),
        SystemSymbol("phone.fill", "phone", 0xE0CD),
        SystemSymbol("envelope", "mail_outline", 0xE0E1),
        SystemSymbol("envelope.fill", "mail", 0xE158),
        SystemSymbol("message", "chat_bubble_outline", 0xE0CB),
        SystemSymbol("message.fill", "chat_bubble", 0xE0CA),
        SystemSymbol("bubble.left", "chat_bubble_outline", 0xE0CB),
        SystemSymbol("bubble.left.fill", "chat_bubble", 0xE0CA),
        SystemSymbol("wifi", "wifi", 0xE63E),
        SystemSymbol("wifi.slash", "wifi_off", 0xE648),
        SystemSymbol("antenna.radiowaves.left.and.right", "cell_tower", 0xEBBA),
        SystemSymbol("cellularbars", "signal_cellular_alt", 0xE202),
        SystemSymbol("mic", "mic", 0xE029),
        SystemSymbol("mic.fill", "mic", 0xE029),
        SystemSymbol("speaker.wave.2", "volume_up", 0xE050),
        SystemSymbol("speaker.wave.2.fill", "volume_up", 0xE050),
        SystemSymbol("speaker.slash", "volume_off", 0xE04F),
        SystemSymbol("headphones", "headphones", 0xF01F),
        SystemSymbol("music.note", "music_note", 0xE405),
        SystemSymbol("music.note.list", "queue_music", 0xE03D),
        SystemSymbol("play", "play_arrow", 0xE037),
        SystemSymbol("play.fill", "play_arrow", 0xE037),
        SystemSymbol("pause", "pause", 0xE034),
        SystemSymbol("pause.fill", "pause", 0xE034),
        SystemSymbol("stop.fill", "stop", 0xE047),
        SystemSymbol("forward.fill", "fast_forward", 0xE01F),
        SystemSymbol("backward.fill", "fast_rewind", 0xE020),
        // Devices
        SystemSymbol("tv", "tv", 0xE333),
        SystemSymbol("desktopcomputer", "desktop_windows", 0xE30C),
        SystemSymbol("laptopcomputer", "laptop", 0xE31E),
        SystemSymbol("iphone", "smartphone", 0xE32C),
        SystemSymbol("ipad", "tablet", 0xE32F),
        SystemSymbol("applewatch", "watch", 0xE334),
        SystemSymbol("airpods", "earbuds", 0xF003),
        SystemSymbol("airpodspro", "earbuds", 0xF003),
        SystemSymbol("applepencil", "edit", 0xE3C9),
        SystemSymbol("cpu", "memory", 0xE322),
        SystemSymbol("memorychip", "developer_board", 0xE30D),
        SystemSymbol("externaldrive", "storage", 0xE1DB),
        SystemSymbol("server.rack", "dns", 0xE875),
        SystemSymbol("camera", "photo_camera", 0xE412),
        SystemSymbol("photo", "image", 0xE3F4),
        // Transport
        SystemSymbol("car", "directions_car", 0xE531),
        SystemSymbol("car.fill", "directions_car_filled", 0xEFF7),
        SystemSymbol("bus", "directions_bus", 0xE530),
        SystemSymbol("bus.fill", "directions_bus_filled", 0xEFF6),
        SystemSymbol("tram", "tram", 0xE571),
        SystemSymbol("tram.fill", "tram", 0xE571),
        SystemSymbol("train.side.front.car", "train", 0xE570),
        SystemSymbol("airplane", "flight", 0xE539, turned: true),
        SystemSymbol("airplane.departure", "flight_takeoff", 0xE905),
        SystemSymbol("airplane.arrival", "flight_land", 0xE904),
        SystemSymbol("ferry", "directions_boat", 0xE532),
        SystemSymbol("fuelpump", "local_gas_station", 0xE546),
        SystemSymbol("fuelpump.fill", "local_gas_station", 0xE546),
        SystemSymbol("box.truck", "local_shipping", 0xE558),
    ]
}
