import Raster

extension Text {
    /// This text in a font; pieces joined with `+` that set their own font keep it.
    ///
    /// ```swift
    /// Text("72").font(.largeTitle) + Text("°F").font(.caption)
    /// ```
    public func font(_ font: Font?) -> Text {
        setting(\.font, font)
    }

    /// This text at a weight, overriding its font's.
    ///
    /// ```swift
    /// Text("Alarm").font(.caption).fontWeight(.semibold)
    /// ```
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        setting(\.weight, weight)
    }

    /// This text in bold (or, with `false`, as it was).
    ///
    /// ```swift
    /// Text("72°").bold() + Text(" high")
    /// ```
    public func bold(_ isActive: Bool = true) -> Text {
        isActive ? setting(\.weight, .bold) : self
    }

    /// This text in italic (or, with `false`, upright).
    ///
    /// ```swift
    /// Text("Updated ").italic() + Text(entry.date, style: .relative)
    /// ```
    public func italic(_ isActive: Bool = true) -> Text {
        setting(\.isItalic, isActive)
    }

    /// This text in a design (rounded, monospaced, serif), overriding its font's.
    ///
    /// ```swift
    /// Text("10:09").font(.largeTitle).fontDesign(.rounded)
    /// ```
    public func fontDesign(_ design: Font.Design?) -> Text {
        setting(\.design, design)
    }

    /// This text with digits of equal widths, so that a changing number keeps its width.
    ///
    /// ```swift
    /// Text(timerInterval: start...end).monospacedDigit()
    /// ```
    public func monospacedDigit() -> Text {
        setting(\.monospacedDigits, true)
    }

    /// This text in a color; `nil` leaves it in the environment's foreground style.
    ///
    /// ```swift
    /// Text("72") + Text("°F").foregroundColor(.gray)
    /// ```
    public func foregroundColor(_ color: Color?) -> Text {
        setting(\.foreground, color)
    }

    /// This text in a style: a color or a level of the foreground (`.secondary`).
    ///
    /// ```swift
    /// Text("Cupertino ") + Text("Sunny").foregroundStyle(.secondary)
    /// ```
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        setting(\.foreground, style)
    }

    /// This text with an attribute set on every piece that hasn't set it, so that the innermost
    /// modifier wins, as in SwiftUI.
    ///
    /// Inlined into each modifier, where the key path is a literal the compiler turns into a
    /// plain field access: applying a key path at run time costs more than the rest of the
    /// modifier.
    @inline(__always)
    private func setting<Value>(
        _ keyPath: WritableKeyPath<TextAttributes, Value?>, _ value: Value?
    ) -> Text {
        guard let value else { return self }
        var text = self
        for i in text.segments.indices where text.segments[i].attributes[keyPath: keyPath] == nil {
            text.segments[i].attributes[keyPath: keyPath] = value
        }
        return text
    }
}

/// The style a ``Text`` piece sets itself; what it leaves `nil` comes from the environment.
struct TextAttributes {
    var font: Font?
    var weight: FontWeight?
    var design: FontDesign?
    var isItalic: Bool?
    var monospacedDigits: Bool?
    var foreground: (any ShapeStyle)?
    /// A line through the text; `.some(nil)` when the piece turned it off.
    var strikethrough: Text.LineStyle??
    /// A line under the text; `.some(nil)` when the piece turned it off.
    var underline: Text.LineStyle??

    /// A piece's style with nothing left open.
    struct Resolved {
        var size: Double
        /// The font's family by name, or `nil` for the design's family.
        var family: String?
        var weight: FontWeight
        var design: FontDesign
        var isItalic: Bool
        var monospacedDigits: Bool
        var shading: Shading
        /// Which letters show as small capitals.
        var smallCaps: (lowercase: Bool, uppercase: Bool)
        var strikethrough: TextDecoration?
        var underline: TextDecoration?
    }

    /// This style completed from the environment: the piece's own attributes first, then its
    /// own font's, then the environment's modifiers (`fontWeight`, `fontDesign`, …), then the
    /// environment's font (`.body` when none).
    func resolved(in environment: EnvironmentValues) -> Resolved {
        let outer = environment.font ?? .body
        let italic = font?.isItalic == true || environment.isItalic || outer.isItalic
        let shading =
            foreground?.resolvedShading(in: environment) ?? environment.foregroundShading
        func decoration(_ style: Text.LineStyle?, offset: Double) -> TextDecoration? {
            style.map {
                TextDecoration(
                    offset: offset, pattern: $0.pattern,
                    shading: $0.color.map { .color($0.rgba) } ?? shading)
            }
        }
        let smallCapsFont = font ?? outer
        return Resolved(
            size: (font ?? outer).size,
            family: (font ?? outer).family,
            weight: weight ?? font?.weight ?? environment.fontWeight ?? outer.weight ?? .regular,
            design: design ?? font?.design ?? environment.fontDesign ?? outer.design ?? .default,
            isItalic: isItalic ?? italic,
            monospacedDigits: monospacedDigits
                ?? (font?.hasMonospacedDigits == true || environment.hasMonospacedDigits
                    || outer.hasMonospacedDigits),
            shading: shading,
            smallCaps: (smallCapsFont.smallCapsLowercase, smallCapsFont.smallCapsUppercase),
            strikethrough: decoration(
                strikethrough ?? environment.strikethrough, offset: TextDecoration.strikeOffset),
            underline: decoration(
                underline ?? environment.underline, offset: TextDecoration.underOffset)
        )
    }
}
