import Display
import FoundationEssentials
import Raster
import SystemSupport
import TOMLKit
import Widgets

extension Configuration {
    /// Reads and checks a configuration file.
    ///
    /// Throws ``ConfigurationError`` for a file that can't be read, bad TOML, an unknown key,
    /// or a value of the wrong type or range, naming the line and the key.
    public static func load(file: String) throws -> Configuration {
        let source: String
        do {
            source = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ConfigurationError(
                file: file, line: nil, key: nil,
                message: "can't read the file (\(reason(of: error)))")
        }
        return try parse(source, file: file)
    }

    /// Parses configuration text; `file` names it in messages.
    public static func parse(_ source: String, file: String) throws -> Configuration {
        let root: TOMLTable
        do {
            root = try TOMLTable(string: source)
        } catch let error as TOMLParseError {
            throw ConfigurationError(
                file: file, line: error.source.begin.line, key: nil,
                message: "not valid TOML: \(error.description)")
        }
        var reader = Reader(
            configuration: Configuration(
                file: file, display: DisplayConfiguration(), layout: LayoutConfiguration(),
                ambient: WidgetOptions(), widgets: [], slots: [],
                locator: KeyLocator(source: source)))
        try reader.read(root)
        return reader.configuration
    }
}

/// Walks the TOML tree and fills a configuration, one table at a time.
private struct Reader {
    var configuration: Configuration

    func fail(_ path: String, _ key: String, _ message: String) -> ConfigurationError {
        configuration.error(at: path, key: key, message)
    }

    mutating func read(_ root: TOMLTable) throws {
        try rejectUnknown(
            root, path: "", name: "top level", ["display", "layout", "ambient", "widget", "slot"])
        if let display = root["display"] {
            try readDisplay(table(display, path: "display", key: "[display]"))
        }
        if let layout = root["layout"] {
            try readLayout(table(layout, path: "layout", key: "[layout]"))
        }
        if let ambient = root["ambient"] {
            let values = try table(ambient, path: "ambient", key: "[ambient]")
            configuration.ambient = WidgetOptions(try plainValues(values, path: "ambient"))
        }
        let widgets = try tables(root["widget"], path: "widget", key: "[[widget]]")
        let slots = try tables(root["slot"], path: "slot", key: "[[slot]]")
        if !widgets.isEmpty || !slots.isEmpty {
            configuration.widgets = try widgets.enumerated().map(readWidget)
            configuration.slots = try slots.enumerated().map(readSlot)
        } else {
            configuration.widgets = Configuration.default.widgets
            configuration.slots = Configuration.default.slots
        }
        try checkReferences()
    }

    // MARK: [display]

    mutating func readDisplay(_ t: TOMLTable) throws {
        try rejectUnknown(
            t, path: "display", name: "[display]",
            [
                "backend", "device", "connector", "mode", "rotation", "pixel_format",
                "page_flips", "size", "output", "raw_output",
            ])
        var d = configuration.display
        let at = { (key: String) in ("display.\(key)", "[display] \(key)") }
        if let v = try string(t, at("backend")) {
            guard let backend = DisplayConfiguration.Backend(rawValue: v) else {
                throw fail(
                    at("backend").0, at("backend").1,
                    "expected one of auto, drm, fbdev, headless, found \"\(v)\"")
            }
            d.backend = backend
        }
        d.device = try string(t, at("device")) ?? d.device
        d.connector = try string(t, at("connector")) ?? d.connector
        if let v = try string(t, at("mode")) {
            guard let mode = DisplayMode(parsing: v) else {
                throw fail(
                    at("mode").0, at("mode").1,
                    "expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ such as \"1920x1080@60\", found \"\(v)\""
                )
            }
            d.mode = mode
        }
        if let v = try int(t, at("rotation")) {
            guard let rotation = Display.Rotation(degrees: v) else {
                throw fail(
                    at("rotation").0, at("rotation").1, "expected 0, 90, 180 or 270, found \(v)")
            }
            d.rotation = rotation
        }
        if let v = try string(t, at("pixel_format")) {
            guard let format = PixelFormat(name: v) else {
                let names = PixelFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail(
                    at("pixel_format").0, at("pixel_format").1,
                    "expected one of \(names), found \"\(v)\"")
            }
            d.format = format
        }
        d.pageFlips = try bool(t, at("page_flips")) ?? d.pageFlips
        if let v = try string(t, at("size")) {
            guard let size = PixelSize(parsing: v) else {
                throw fail(
                    at("size").0, at("size").1,
                    "expected WIDTHxHEIGHT with positive integers such as \"800x480\", found \"\(v)\""
                )
            }
            d.headlessSize = size
        }
        d.headlessImagePath = try string(t, at("output")) ?? d.headlessImagePath
        d.headlessRawPath = try string(t, at("raw_output")) ?? d.headlessRawPath
        configuration.display = d
    }

    // MARK: [layout]

    mutating func readLayout(_ t: TOMLTable) throws {
        try rejectUnknown(
            t, path: "layout", name: "[layout]",
            [
                "style", "clock", "margin", "gap", "tiles", "burn_in_shift", "burn_in_interval",
                "accent",
            ])
        var l = configuration.layout
        let at = { (key: String) in ("layout.\(key)", "[layout] \(key)") }
        if let v = try string(t, at("style")) {
            guard let style = LayoutConfiguration.Style(rawValue: v) else {
                throw fail(
                    at("style").0, at("style").1,
                    "expected \"widgets\" or \"clock\", found \"\(v)\"")
            }
            l.style = style
        }
        if let v = try string(t, at("clock")) {
            guard let face = LayoutConfiguration.ClockFace(rawValue: v) else {
                throw fail(
                    at("clock").0, at("clock").1,
                    "expected \"digital\" or \"analog\", found \"\(v)\"")
            }
            l.clockFace = face
        }
        l.margin = try count(t, at("margin"), unit: "pixels") ?? l.margin
        l.gap = try count(t, at("gap"), unit: "pixels") ?? l.gap
        l.tiles = try bool(t, at("tiles")) ?? l.tiles
        l.burnInShift = try count(t, at("burn_in_shift"), unit: "pixels") ?? l.burnInShift
        if let v = try string(t, at("burn_in_interval")) {
            guard let seconds = WidgetOptions.seconds(inDuration: v), seconds > 0 else {
                throw fail(
                    at("burn_in_interval").0, at("burn_in_interval").1,
                    "expected a duration such as \"10m\", \"90s\" or \"1h\", found \"\(v)\"")
            }
            l.burnInInterval = seconds
        }
        if let v = try string(t, at("accent")) {
            guard let color = RGBA(hexString: v) else {
                throw fail(
                    at("accent").0, at("accent").1,
                    "expected a color such as \"#0A84FF\", found \"\(v)\"")
            }
            l.accent = color
        }
        configuration.layout = l
    }

    // MARK: [[widget]] and [[slot]]

    func readWidget(_ index: Int, _ t: TOMLTable) throws -> Configuration.WidgetInstance {
        let path = "widget.\(index)"
        guard let kind = try string(t, ("\(path).kind", "[[widget]] #\(index + 1) kind")) else {
            throw fail(
                path, "[[widget]] #\(index + 1)",
                "missing kind: expected kind = \"clock\" or another widget kind")
        }
        let id = try string(t, ("\(path).id", "[[widget]] #\(index + 1) id")) ?? kind
        var options = try plainValues(t, path: path)
        options["kind"] = nil
        options["id"] = nil
        return Configuration.WidgetInstance(
            id: id, kind: kind, options: WidgetOptions(options), index: index)
    }

    func readSlot(_ index: Int, _ t: TOMLTable) throws -> Configuration.Slot {
        let path = "slot.\(index)"
        let name = "[[slot]] #\(index + 1)"
        try rejectUnknown(t, path: path, name: name, ["widgets", "rotation"])
        guard let list = t["widgets"] else {
            throw fail(
                path, name,
                "missing widgets: expected widgets = [\"clock\"], the ids of [[widget]] tables")
        }
        guard let array = list.array, array.allSatisfy({ $0.string != nil }), !array.isEmpty
        else {
            throw fail(
                "\(path).widgets", "\(name) widgets", "expected a non-empty array of widget ids")
        }
        let ids = array.compactMap(\.string)
        var rotation = Configuration.Slot.Rotation.smart(every: nil)
        if let v = try string(t, ("\(path).rotation", "\(name) rotation")) {
            let interval = { (text: Substring) -> TimeInterval? in
                WidgetOptions.seconds(inDuration: String(text)).flatMap { $0 > 0 ? $0 : nil }
            }
            if v == "smart" {
                rotation = .smart(every: nil)
            } else if v == "off" {
                rotation = .off
            } else if v.hasPrefix("smart "), let seconds = interval(v.dropFirst(6)) {
                rotation = .smart(every: seconds)
            } else if let seconds = interval(v[...]) {
                rotation = .every(seconds)
            } else {
                throw fail(
                    "\(path).rotation", "\(name) rotation",
                    "expected \"smart\", \"smart 15m\", a duration such as \"10m\", or \"off\", found \"\(v)\""
                )
            }
        }
        return Configuration.Slot(widgets: ids, rotation: rotation)
    }

    func checkReferences() throws {
        var seen: [String: Int] = [:]
        for widget in configuration.widgets {
            if seen[widget.id] != nil {
                throw configuration.error(
                    widget: widget, key: "id",
                    "the id \"\(widget.id)\" is used twice; give each [[widget]] of the same kind its own id"
                )
            }
            seen[widget.id] = widget.index
        }
        for (index, slot) in configuration.slots.enumerated() {
            for id in slot.widgets where seen[id] == nil {
                let known = seen.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw fail(
                    "slot.\(index).widgets", "[[slot]] #\(index + 1) widgets",
                    "no [[widget]] has the id \"\(id)\"; known ids: \(known.isEmpty ? "none" : known)"
                )
            }
        }
        if configuration.layout.style == .widgets && configuration.slots.isEmpty {
            throw fail("slot", "[[slot]]", "no slots: add [[slot]] tables with widgets = [...]")
        }
    }

    // MARK: Typed access

    func table(_ value: TOMLValueConvertible, path: String, key: String) throws -> TOMLTable {
        guard let table = value.table else {
            throw fail(path, key, "expected a table")
        }
        return table
    }

    func tables(_ value: TOMLValueConvertible?, path: String, key: String) throws -> [TOMLTable] {
        guard let value else { return [] }
        guard let array = value.array else {
            throw fail(
                path, key, "expected an array of tables: write [\(key.dropFirst().dropLast())]")
        }
        return try array.map { try table($0, path: path, key: key) }
    }

    func rejectUnknown(_ t: TOMLTable, path: String, name: String, _ known: [String]) throws {
        for key in t.keys where !known.contains(key) {
            throw fail(
                path.isEmpty ? key : "\(path).\(key)", "\(name) \(key)",
                "unknown key; expected one of \(known.joined(separator: ", "))")
        }
    }

    func string(_ t: TOMLTable, _ at: (String, String)) throws -> String? {
        try typed(t, at, "a string") { $0.string }
    }

    func int(_ t: TOMLTable, _ at: (String, String)) throws -> Int? {
        try typed(t, at, "an integer") { $0.int }
    }

    func bool(_ t: TOMLTable, _ at: (String, String)) throws -> Bool? {
        try typed(t, at, "true or false") { $0.bool }
    }

    func count(_ t: TOMLTable, _ at: (String, String), unit: String) throws -> Int? {
        guard let v = try int(t, at) else { return nil }
        guard v >= 0 else { throw fail(at.0, at.1, "expected \(unit) ≥ 0, found \(v)") }
        return v
    }

    private func typed<T>(
        _ t: TOMLTable, _ at: (String, String), _ expected: String,
        _ cast: (TOMLValueConvertible) -> T?
    ) throws -> T? {
        let key = String(at.0.split(separator: ".").last ?? "")
        guard let value = t[key] else { return nil }
        guard let typed = cast(value) else {
            throw fail(at.0, at.1, "expected \(expected), found \(value.debugDescription)")
        }
        return typed
    }

    /// A table's plain values (strings, numbers, Booleans, arrays of them).
    func plainValues(_ t: TOMLTable, path: String) throws -> [String: WidgetOptions.Value] {
        var values: [String: WidgetOptions.Value] = [:]
        for key in t.keys {
            guard let value = t[key], let plain = Self.plain(value) else {
                throw fail(
                    "\(path).\(key)", key,
                    "expected a string, number, true/false or an array of them")
            }
            values[key] = plain
        }
        return values
    }

    static func plain(_ value: TOMLValueConvertible) -> WidgetOptions.Value? {
        if let s = value.string { return .string(s) }
        if let b = value.bool { return .bool(b) }
        if let i = value.int { return .int(i) }
        if let d = value.double { return .double(d) }
        if let a = value.array {
            let items = a.compactMap { plain($0) }
            return items.count == a.count ? .array(items) : nil
        }
        return nil
    }
}
