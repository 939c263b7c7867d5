import Ambient
import Display
import FoundationEssentials
import Settings
import StandbyViews
import TOMLKit
import Widgets

#if canImport(Glibc)
    import Glibc
#endif

extension Configuration {
    /// The largest configuration file read, in bytes: a board's file is a few kilobytes.
    public static let largestFile = 1 << 20

    /// The sections every configuration has, in reading order: `[display]`, `[layout]`,
    /// `[ambient]` (the sensor's settings and the appearance's), and `[photos]`.
    static let builtInSections: [any ConfigurationSection.Type] = [
        DisplayConfiguration.self, LayoutConfiguration.self, AmbientConfiguration.self,
        AppearanceSettings.self, PhotosConfiguration.self,
    ]

    /// Reads and checks a configuration file, with the sections of other modules given in
    /// `sections` (each read from its table, or from an empty one).
    ///
    /// The file is read without blocking (a FIFO or a device is refused, not waited on) and
    /// up to ``largestFile`` bytes. Throws ``Settings/ConfigurationError`` for a file that
    /// can't be read, bad TOML, an unknown key, or a value of the wrong type or range, naming
    /// the line and the key.
    public static func load(
        file: String, sections: [any ConfigurationSection.Type] = []
    ) throws(ConfigurationError) -> Configuration {
        try parse(try ConfigurationText.read(file), file: file, sections: sections)
    }

    /// Parses configuration text; `file` names it in messages.
    public static func parse(
        _ source: String, file: String, sections: [any ConfigurationSection.Type] = []
    ) throws(ConfigurationError) -> Configuration {
        let (root, locator) = try tree(source, file: file)
        return try read(root, file: file, locator: locator, sections: sections)
    }

    /// The top-level table of configuration text, its values placed by `locator`.
    ///
    /// Text after a NUL byte is an error: a configuration is text, and a parser that stops at
    /// the NUL would ignore the rest without a word.
    static func tree(_ source: String, file: String) throws(ConfigurationError) -> (
        SettingsTable, KeyLocator
    ) {
        if let nul = source.utf8.firstIndex(of: 0) {
            let line = source.utf8[..<nul].count { $0 == UInt8(ascii: "\n") } + 1
            throw ConfigurationError(
                file: file, line: line, key: nil,
                message: "expected text, found a NUL byte (is this a binary file?)")
        }
        if let (line, message) = TOMLPreflight.firstTrap(in: source) {
            throw ConfigurationError(
                file: file, line: line, key: nil, message: "not valid TOML: \(message)")
        }
        let tree: TOMLTable
        do {
            tree = try TOMLTable(string: source)
        } catch let error as TOMLParseError {
            throw ConfigurationError(
                file: file, line: error.source.begin.line, key: nil,
                message: "not valid TOML: \(error.description)")
        } catch {
            throw ConfigurationError(
                file: file, line: nil, key: nil, message: "not valid TOML: \(error)")
        }
        let locator = KeyLocator(source: source)
        let root = SettingsTable(
            file: file, path: "", name: "top level",
            values: TOMLConversion.values(of: tree, path: "", name: "", file: file, lines: locator),
            lines: locator)
        return (root, locator)
    }

    /// Reads every section of `root`, then the widgets and the slots.
    static func read(
        _ root: SettingsTable, file: String, locator: KeyLocator,
        sections extra: [any ConfigurationSection.Type]
    ) throws(ConfigurationError) -> Configuration {
        let all = builtInSections + extra
        var names: [String] = []
        for type in all where !names.contains(type.sectionName) { names.append(type.sectionName) }
        try root.rejectUnknown(names + ["widget", "slot"])
        var tables: [String: SettingsTable] = [:]
        let arrays = Set(all.filter { $0.isArrayOfTables }.map { $0.sectionName })
        for name in names {
            if arrays.contains(name) {
                tables[name] = SettingsTable(
                    file: file, path: "", name: "top level",
                    values: root.values[name].map { [name: $0] } ?? [:], lines: locator)
                continue
            }
            let table =
                try root.table(name)?.named("[\(name)]")
                ?? .empty(file: file, path: name, name: "[\(name)]")
            let known = Set(all.filter { $0.sectionName == name }.flatMap { $0.keys })
            try table.rejectUnknown(known.sorted())
            tables[name] = table
        }
        var read: [ObjectIdentifier: any ConfigurationSection] = [:]
        for type in all {
            let table =
                tables[type.sectionName]
                ?? .empty(file: file, path: type.sectionName, name: "[\(type.sectionName)]")
            read[ObjectIdentifier(type)] = try type.init(section: table)
        }
        func typed<S: ConfigurationSection>(_ type: S.Type, _ fallback: S) -> S {
            read[ObjectIdentifier(type)] as? S ?? fallback
        }
        var configuration = Configuration(
            file: file, display: typed(DisplayConfiguration.self, DisplayConfiguration()),
            layout: typed(LayoutConfiguration.self, LayoutConfiguration()),
            ambient: typed(AmbientConfiguration.self, .defaults),
            appearance: typed(AppearanceSettings.self, AppearanceSettings()),
            widgets: [], slots: [], photos: typed(PhotosConfiguration.self, PhotosConfiguration()),
            locator: locator)
        for type in extra {
            configuration.extraSections[ObjectIdentifier(type)] = read[ObjectIdentifier(type)]
        }
        let (widgets, slots) = (try root.tables("widget"), try root.tables("slot"))
        if !widgets.isEmpty || !slots.isEmpty {
            configuration.widgets = try widgets.enumerated().map(readWidget)
            configuration.slots = try slots.enumerated().map(readSlot)
        } else {
            configuration.widgets = Configuration.default.widgets
            configuration.slots = Configuration.default.slots
        }
        try configuration.checkReferences()
        return configuration
    }

    // MARK: [[widget]] and [[slot]]

    private static func readWidget(_ index: Int, _ table: SettingsTable) throws(ConfigurationError)
        -> WidgetInstance
    {
        guard let kind = try table.string("kind") else {
            throw table.error(nil, "missing kind: expected kind = \"clock\" or another widget kind")
        }
        let id = try table.string("id") ?? kind
        var options: [String: WidgetOptions.Value] = [:]
        for key in table.keys where key != "kind" && key != "id" {
            guard let value = table.values[key], let plain = option(value) else {
                throw table.error(key, "expected a string, number, true/false or an array of them")
            }
            options[key] = plain
        }
        return WidgetInstance(id: id, kind: kind, options: WidgetOptions(options), index: index)
    }

    /// A widget option's value: plain values and arrays of them.
    private static func option(_ value: SettingsValue) -> WidgetOptions.Value? {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let i): return .int(i)
        case .float(let d): return .double(d)
        case .bool(let b): return .bool(b)
        case .array(let items):
            let plain = items.compactMap(option)
            return plain.count == items.count ? .array(plain) : nil
        case .table, .other: return nil
        }
    }

    /// The shortest interval a stack rotates on: every redraw of a stack is a frame.
    public static let rotationIntervals = NumberRange.duration(5...86_400)

    private static func readSlot(_ index: Int, _ table: SettingsTable) throws(ConfigurationError)
        -> Slot
    {
        try table.rejectUnknown(["widgets", "rotation"])
        guard table.values["widgets"] != nil else {
            throw table.error(
                nil, "missing widgets: expected widgets = [\"clock\"], the ids of [[widget]] tables"
            )
        }
        let ids = try? table.strings("widgets")
        guard let ids, !ids.isEmpty else {
            throw table.error("widgets", "expected a non-empty array of widget ids")
        }
        var rotation = Slot.Rotation.smart(every: nil)
        if let text = try table.string("rotation") {
            let expected =
                "\"smart\", \"smart 15m\", a duration such as \"10m\", or \"off\", found \"\(text)\""
            func interval(_ words: Substring) throws(ConfigurationError) -> TimeInterval? {
                guard let seconds = DurationText.seconds(String(words)), seconds > 0 else {
                    return nil
                }
                guard rotationIntervals.contains(seconds) else {
                    throw table.error(
                        "rotation", expected: rotationIntervals.expected, found: .string(text))
                }
                return seconds
            }
            if text == "smart" {
                rotation = .smart(every: nil)
            } else if text == "off" {
                rotation = .off
            } else if text.hasPrefix("smart "), let seconds = try interval(text.dropFirst(6)) {
                rotation = .smart(every: seconds)
            } else if let seconds = try interval(text[...]) {
                rotation = .every(seconds)
            } else {
                throw table.error("rotation", "expected " + expected)
            }
        }
        return Slot(widgets: ids, rotation: rotation)
    }

    /// Checks that ids are unique, that slots name known ids, and that a widgets layout has
    /// slots.
    private func checkReferences() throws(ConfigurationError) {
        var seen: [String: Int] = [:]
        for widget in widgets {
            if widget.id == Scene.clockID {
                throw error(
                    widget: widget, key: "id",
                    "the id \"\(Scene.clockID)\" is the full-screen clock's; choose another")
            }
            if seen[widget.id] != nil {
                throw error(
                    widget: widget, key: "id",
                    "the id \"\(widget.id)\" is used twice; give each [[widget]] of the same kind its own id"
                )
            }
            seen[widget.id] = widget.index
        }
        for (index, slot) in slots.enumerated() {
            for id in slot.widgets where seen[id] == nil {
                let known = seen.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw error(
                    at: "slot.\(index).widgets", key: "[[slot]] #\(index + 1) widgets",
                    "no [[widget]] has the id \"\(id)\"; known ids: \(known.isEmpty ? "none" : known)"
                )
            }
        }
        if layout.views.contains(.widgets) && slots.isEmpty {
            throw error(
                at: "slot", key: "[[slot]]", "no slots: add [[slot]] tables with widgets = [...]")
        }
        if layout.views.contains(.photos) && photos.folder == nil && photos.immich == nil {
            throw error(
                at: "layout.views", key: "[layout] views",
                "expected a [photos] folder or immich album for the photos view: add [photos] "
                    + "folder = \"…\" or immich = { … }")
        }
    }
}

/// The TOML tree as settings values, each table named and placed for messages.
private enum TOMLConversion {
    static func values(
        of table: TOMLTable, path: String, name: String, file: String, lines: KeyLocator
    ) -> [String: SettingsValue] {
        var values: [String: SettingsValue] = [:]
        for key in table.keys {
            guard let value = table[key] else { continue }
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            let keyName = name.isEmpty ? "[\(key)]" : "\(name) \(key)"
            values[key] = convert(value, path: keyPath, name: keyName, file: file, lines: lines)
        }
        return values
    }

    static func convert(
        _ value: TOMLValueConvertible, path: String, name: String, file: String,
        lines: KeyLocator
    ) -> SettingsValue {
        if let s = value.string { return .string(s) }
        if let b = value.bool { return .bool(b) }
        if let i = value.int { return .integer(i) }
        if let d = value.double { return .float(d) }
        if let table = value.table {
            return .table(
                SettingsTable(
                    file: file, path: path, name: name,
                    values: values(of: table, path: path, name: name, file: file, lines: lines),
                    lines: lines))
        }
        if let array = value.array {
            // A top-level array of tables is `[[name]]`: its tables are `[[name]] #1`, `#2`, …
            // at `name.0`, `name.1`, … as KeyLocator counts them.
            let topLevel = !path.contains(".")
            return .array(
                array.enumerated().map { index, item in
                    convert(
                        item, path: "\(path).\(index)",
                        name: topLevel ? "[[\(path)]] #\(index + 1)" : "\(name) #\(index + 1)",
                        file: file, lines: lines)
                })
        }
        return .other(value.debugDescription)
    }
}
