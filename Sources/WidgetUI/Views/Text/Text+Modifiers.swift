import Raster

extension Text {
    /// This text in a font; pieces joined with `+` that set their own font keep it.
    ///
    /// ```swift
    /// Text("72").font(.largeTitle) + Text("°F").font(.caption)
    /// ```
    public func font(_ font: Font?) -> Text {
        filling { $0.font = $0.font ?? font }
    }

    /// This text at a weight, overriding its font's.
    ///
    /// ```swift
    /// Text("Alarm").font(.caption).fontWeight(.semibold)
    /// ```
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        filling { $0.weight = $0.weight ?? weight }
    }

    /// This text in bold (or, with `false`, as it was).
    ///
    /// ```swift
    /// Text("72°").bold() + Text(" high")
    /// ```
    public func bold(_ isActive: Bool = true) -> Text {
        isActive ? filling { $0.weight = $0.weight ?? FontWeight.bold } : self
    }

    /// This text in italic (or, with `false`, upright).
    ///
    /// ```swift
    /// Text("Updated ").italic() + Text(entry.date, style: .relative)
    /// ```
    public func italic(_ isActive: Bool = true) -> Text {
        filling { $0.isItalic = $0.isItalic ?? isActive }
    }

    /// This text in a design (rounded, monospaced, serif), overriding its font's.
    ///
    /// ```swift
    /// Text("10:09").font(.largeTitle).fontDesign(.rounded)
    /// ```
    public func fontDesign(_ design: Font.Design?) -> Text {
        filling { $0.design = $0.design ?? design }
    }

    /// This text with digits of equal widths, so that a changing number keeps its width.
    ///
    /// ```swift
    /// Text(timerInterval: start...end).monospacedDigit()
    /// ```
    public func monospacedDigit() -> Text {
        filling { $0.monospacedDigits = $0.monospacedDigits ?? true }
    }

    /// This text in a color; `nil` leaves it in the environment's foreground style.
    ///
    /// ```swift
    /// Text("72") + Text("°F").foregroundColor(.gray)
    /// ```
    public func foregroundColor(_ color: Color?) -> Text {
        filling { $0.foreground = $0.foreground ?? color }
    }

    /// This text in a style: a color or a level of the foreground (`.secondary`).
    ///
    /// ```swift
    /// Text("Cupertino ") + Text("Sunny").foregroundStyle(.secondary)
    /// ```
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        filling { $0.foreground = $0.foreground ?? style }
    }

    /// Every piece's attributes through `fill`, which sets one where the piece hasn't: the
    /// innermost modifier wins, as in SwiftUI.
    ///
    /// Inlined into each modifier, where the closure becomes a plain field access.
    ///
    /// Technical notes: a closure, not a key path. Swift 6.0.3's cross-module optimization copies
    /// the public modifiers into the modules that call them, and then crashes on a key path to
    /// `TextAttributes`' internal properties in the copy ("Key path in serialized function
    /// cannot reference non-public property").
    @inline(__always)
    private func filling(_ fill: (inout TextAttributes) -> Void) -> Text {
        var text = self
        for i in text.segments.indices { fill(&text.segments[i].attributes) }
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
