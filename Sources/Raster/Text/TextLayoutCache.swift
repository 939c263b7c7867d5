/// Layouts of text kept for reuse, bounded by bytes, least recently used evicted first:
/// what lets ``Canvas/drawText(_:face:size:baseline:alignment:options:paint:)`` and the view
/// layer redraw the same text without laying it out again.
///
/// A layout depends only on its runs (each one's text, face with its database's fallback
/// faces, size and tabular digits) and its options (see ``TextLayout``), and the key holds
/// them all: each run's string, face identity, size and `monospacedDigits`, and every field of
/// ``TextLayout/Options`` (width, line limit, alignment, tabular digits, kerning, line
/// spacing). A hit hashes the strings, looks them up and returns the stored layout, whose
/// arrays are shared, not copied: no shaping, no line breaking. A clock redrawn every second
/// thus lays out each new time once and draws the unchanged labels from here.
///
/// ```swift
/// let layouts = TextLayoutCache()
/// let runs = [TextLayout.Run("72", face: bold, size: 24), TextLayout.Run("%", face: bold, size: 12)]
/// let layout = layouts.layout(runs: runs, options: TextLayout.Options(maxWidth: 150))
/// // equal to TextLayout(runs: runs, options: TextLayout.Options(maxWidth: 150))
/// ```
///
/// The face is named by its object identity: the stored layout holds the face, so no other
/// face can take its address while the entry lives. Sizes and widths compare as numbers: a NaN
/// matches nothing, so its layout is made again on every call.
///
/// Each ``Canvas`` has one for `drawText`, shared with its sub-canvases and layers
/// (`Canvas.textLayouts`); a view renderer keeps one across frames for its `Text` views.
/// Like the canvas and its faces it is not `Sendable`: one thread uses it at a time.
public final class TextLayoutCache {
    /// Which layout: everything `TextLayout.init(runs:options:)` reads.
    ///
    /// One run, the case `drawText` asks for every frame, is a case of its own, so that its
    /// lookup makes no array.
    enum Key: Hashable {
        case single(RunKey, options: TextLayout.Options)
        case runs([RunKey], options: TextLayout.Options)
    }

    /// What a layout reads of one run.
    struct RunKey: Hashable {
        var text: String
        var face: ObjectIdentifier
        var size: Double
        var monospacedDigits: Bool

        init(_ run: TextLayout.Run) {
            text = run.text
            face = ObjectIdentifier(run.face)
            size = run.size
            monospacedDigits = run.monospacedDigits
        }
    }

    /// One stored layout with its size and last use.
    final class Entry: BoundedCacheEntry {
        let layout: TextLayout
        /// The layout's array and string bytes, and those of its key's array of runs.
        let byteCount: Int
        var lastUse: UInt64 = 0

        init(_ layout: TextLayout, key: Key) {
            self.layout = layout
            let keyRuns: Int
            switch key {
            case .single: keyRuns = 0
            case .runs(let runs, _): keyRuns = 32 + runs.count * MemoryLayout<RunKey>.stride
            }
            byteCount =
                keyRuns + layout.text.utf8.count
                + layout.runs.count * MemoryLayout<TextLayout.Run>.stride
                + layout.faces.count * MemoryLayout<FontFace>.stride
                + layout.glyphs.count * MemoryLayout<TextLayout.Glyph>.stride
                + layout.lines.count * MemoryLayout<TextLayout.Line>.stride
        }
    }

    /// Bookkeeping bytes charged per entry besides its arrays: the key, the layout's fields,
    /// and the headers of the entry object and of the layout's four arrays (32 bytes each).
    static let entryOverhead =
        MemoryLayout<Key>.stride + MemoryLayout<TextLayout>.stride + 16 + 5 * 32

    private var store: BoundedCache<Key, Entry>

    /// Creates an empty cache holding at most `byteLimit` bytes.
    ///
    /// The default, 64 KiB, holds about seventy short labels (a clock's time, a percentage, a
    /// word): every text of a screen, with the last minute of a ticking clock's seconds.
    public init(byteLimit: Int = 64 << 10) {
        store = BoundedCache(byteLimit: byteLimit, entryOverhead: Self.entryOverhead)
    }

    /// The most bytes held at once; lowering it evicts at once.
    public var byteLimit: Int {
        get { store.byteLimit }
        set { store.byteLimit = newValue }
    }
    /// Bytes now held: the layouts' arrays and strings and a fixed overhead per entry.
    public var byteCount: Int { store.byteCount }
    /// Lookups answered from the cache.
    public var hits: Int { store.hits }
    /// Lookups that laid text out.
    public var misses: Int { store.misses }
    /// Layouts now held.
    public var count: Int { store.count }

    /// The layout `TextLayout(text, face: face, size: size, options: options)` would make,
    /// from the cache when it holds it.
    public func layout(
        _ text: String, face: FontFace, size: Double, options: TextLayout.Options
    ) -> TextLayout {
        let run = TextLayout.Run(text, face: face, size: size)
        return layout(for: .single(RunKey(run), options: options)) {
            TextLayout(runs: [run], options: options)
        }
    }

    /// The layout `TextLayout(runs: runs, options: options)` would make, from the cache when
    /// it holds it.
    public func layout(runs: [TextLayout.Run], options: TextLayout.Options) -> TextLayout {
        layout(for: .runs(runs.map(RunKey.init), options: options)) {
            TextLayout(runs: runs, options: options)
        }
    }

    /// The layout stored for `key`, or the one `make` lays out, then stored.
    private func layout(for key: Key, _ make: () -> TextLayout) -> TextLayout {
        if let hit = store.lookup(key) { return hit.layout }
        let layout = make()
        store.insert(Entry(layout, key: key), for: key)
        return layout
    }
}
