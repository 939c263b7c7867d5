/// Layouts of one-run text kept for reuse, bounded by bytes, least recently used evicted first:
/// what lets ``Canvas/drawText(_:face:size:baseline:alignment:options:paint:)`` redraw the same
/// text without laying it out again.
///
/// A layout depends only on its text, face (with its database's fallback faces), size and
/// options (see ``TextLayout``), and the key holds all four: the string, the face's identity, the size and every field of
/// ``TextLayout/Options`` (width, line limit, alignment, tabular digits, kerning, line
/// spacing). A hit hashes the string, looks it up and returns the stored layout, whose arrays
/// are shared, not copied: no shaping, no line breaking, no allocation. A clock redrawn every
/// second thus lays out each new time once and draws the unchanged labels from here.
///
/// The face is named by its object identity: the stored layout holds the face, so no other
/// face can take its address while the entry lives. Sizes and widths compare as numbers: a NaN
/// matches nothing, so its layout is made again on every call.
///
/// Each ``Canvas`` has one, shared with its sub-canvases and layers (``Canvas/textLayouts``).
/// Like the canvas and its faces it is not `Sendable`: one thread draws at a time.
final class TextLayoutCache {
    /// Which layout: everything `TextLayout.init(_:face:size:options:)` reads.
    struct Key: Hashable {
        var text: String
        var face: ObjectIdentifier
        var size: Double
        var options: TextLayout.Options
    }

    /// One stored layout with its size and last use.
    final class Entry: BoundedCacheEntry {
        let layout: TextLayout
        /// The layout's array and string bytes.
        let byteCount: Int
        var lastUse: UInt64 = 0

        init(_ layout: TextLayout) {
            self.layout = layout
            byteCount =
                layout.text.utf8.count
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
    init(byteLimit: Int = 64 << 10) {
        store = BoundedCache(byteLimit: byteLimit, entryOverhead: Self.entryOverhead)
    }

    /// The most bytes held at once.
    var byteLimit: Int {
        get { store.byteLimit }
        set { store.byteLimit = newValue }
    }
    /// Bytes now held.
    var byteCount: Int { store.byteCount }
    /// Lookups answered from the cache.
    var hits: Int { store.hits }
    /// Lookups that laid text out.
    var misses: Int { store.misses }
    /// Layouts now held.
    var count: Int { store.count }

    /// The layout `TextLayout(text, face: face, size: size, options: options)` would make,
    /// from the cache when it holds it.
    func layout(
        _ text: String, face: FontFace, size: Double, options: TextLayout.Options
    ) -> TextLayout {
        let key = Key(text: text, face: ObjectIdentifier(face), size: size, options: options)
        if let hit = store.lookup(key) { return hit.layout }
        let layout = TextLayout(text, face: face, size: size, options: options)
        store.insert(Entry(layout), for: key)
        return layout
    }
}
