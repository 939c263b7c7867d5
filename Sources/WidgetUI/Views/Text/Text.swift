import Foundation
import Raster

/// Text drawn in the environment's font and foreground style, wrapped to the width offered: a
/// string, a date in a style, a live timer, a formatted value, or several of these joined
/// with `+`.
///
/// Text takes the width it needs up to the proposed width, wrapping at spaces (inside a word
/// only when the word alone is too wide), and as many lines as its `lineLimit` and the proposed
/// height allow; text cut off ends in "…", unless `minimumScaleFactor` lets it shrink to fit
/// first. With an unspecified width it stays on one line per paragraph.
///
/// ```swift
/// VStack(alignment: .leading) {
///     Text("Dentist").font(.headline)
///     Text("At the new place on Main Street").font(.caption).lineLimit(1)
///     Text(entry.start, style: .relative)
///     Text("72").font(.largeTitle) + Text("°F").font(.caption).foregroundStyle(.secondary)
/// }
/// ```
///
/// Pieces joined with `+` keep their own font, weight and color, share lines and a baseline,
/// and wrap as one text; a modifier applied to the joined text styles every piece that
/// didn't set that attribute itself.
///
/// A string literal is a ``LocalizedStringKey``, so `Text("Healed \(date, style: .relative)")`
/// stays live and `Text("\(done) of \(total)")` formats its numbers as SwiftUI does; a `String`
/// value shows as it is.
///
/// A key is looked up in the environment's language (from its `locale`) as SwiftUI looks it
/// up: in the `bundle`'s `Localizable` table (String Catalog, `.strings`, `.stringsdict`), or
/// with no bundle in the program's own resource bundles, then in Nightstand's words; a key no
/// table has shows as written. `Text(verbatim:)` and `Text(someString)` are never looked up.
///
/// ```swift
/// Text("Good morning")                          // "Guten Morgen" with a German catalog
/// Text("\(count) new messages", bundle: .module) // the catalog's plural form for count
/// ```
///
/// ## Differences from SwiftUI
///
/// No shaping: one glyph per character, left to right (see Raster's `TextLayout`).
public struct Text: View {
    /// The pieces, in order: one for a plain text, several after `+`.
    var segments: [Segment]

    /// Creates text that shows a string value as is.
    ///
    /// ```swift
    /// Text(entry.city)
    /// ```
    ///
    /// A string literal goes to ``init(_:tableName:bundle:comment:)`` instead, as in SwiftUI,
    /// where this initializer is the disfavored one.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.init(source: VerbatimText(string: String(content)))
    }

    /// Creates text from a string literal and its interpolations (see ``LocalizedStringKey``).
    ///
    /// ```swift
    /// Text("Level \(hero.level)")
    /// Text("Starts \(event.date, style: .relative)")
    /// ```
    ///
    /// The key is looked up in `tableName` (default `Localizable`) of `bundle` (default: the
    /// program's resource bundles, then Nightstand's words) when the text is drawn.
    public init(
        _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) {
        segments = key.segments.isEmpty ? [Segment(source: VerbatimText(string: ""))] : key.segments
        let lookup = KeyLookup(key: key.format, table: tableName, bundle: bundle)
        for i in segments.indices where segments[i].key != nil { segments[i].key?.lookup = lookup }
    }

    /// Creates text that shows a string as is, without localization.
    ///
    /// ```swift
    /// Text(verbatim: "pH 7.2")
    /// ```
    public init(verbatim content: String) {
        self.init(source: VerbatimText(string: content))
    }

    /// Creates text of one piece.
    init(source: some TextSource) {
        segments = [Segment(source: source)]
    }

    /// Joins two texts: the pieces of `lhs`, then those of `rhs`, each in its own style.
    ///
    /// ```swift
    /// Text("72").font(.largeTitle).bold() + Text("°F").font(.caption)
    /// ```
    public static func + (lhs: Text, rhs: Text) -> Text {
        var joined = lhs
        joined.segments += rhs.segments
        return joined
    }
}

/// One piece of a ``Text``: content that becomes a string at an instant, and its own style.
struct Segment {
    var source: any TextSource
    var attributes = TextAttributes()
    /// The key this piece is part of, for ``Text/localized(_:in:)``.
    var key: KeyPart?
}

/// Content of a ``Text`` piece: a string as it reads under an environment, at its `now`.
protocol TextSource {
    /// The string, and the first instant after `environment.now` at which it reads otherwise
    /// (nil when it never changes).
    func resolve(in environment: EnvironmentValues) -> TimedString
}

/// A string, and when it next changes.
struct TimedString: Equatable {
    /// The string to show.
    var string: String
    /// The first instant after the time it was made for at which the string changes; nil for
    /// never.
    var nextChange: Date?
}

/// A fixed string.
struct VerbatimText: TextSource {
    let string: String

    func resolve(in environment: EnvironmentValues) -> TimedString {
        TimedString(string: string, nextChange: nil)
    }
}

extension Text: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(node(in: environment))
    }

    /// The text's node: its pieces resolved under the environment, or no pieces when a font
    /// can't be loaded.
    private func node(in environment: EnvironmentValues) -> TextNode {
        var pieces: [TextNode.Piece] = []
        var nextChange: Date?
        for segment in Self.localized(segments, in: environment) {
            let timed = segment.source.resolve(in: environment)
            if let change = timed.nextChange {
                nextChange = min(nextChange ?? change, change)
            }
            let style = segment.attributes.resolved(in: environment)
            guard
                let face = try? environment.fontDatabase?.face(
                    family: style.family, weight: style.weight, design: style.design,
                    italic: style.isItalic)
            else { return TextNode(pieces: [], style: TextNode.Style(environment)) }
            let string =
                environment.textCase?.apply(to: timed.string, locale: environment.locale)
                ?? timed.string
            let piece = TextNode.Piece(
                string: string, face: face, size: style.size,
                monospacedDigits: style.monospacedDigits, shading: style.shading,
                strikethrough: style.strikethrough, underline: style.underline)
            if style.smallCaps.lowercase || style.smallCaps.uppercase {
                pieces += piece.inSmallCaps(
                    lowercase: style.smallCaps.lowercase, uppercase: style.smallCaps.uppercase,
                    locale: environment.locale)
            } else {
                pieces.append(piece)
            }
        }
        return TextNode(
            pieces: pieces, style: TextNode.Style(environment), nextChange: nextChange,
            context: environment.renderContext, layoutCache: environment.textLayoutCache)
    }
}
