/// A value a ``BoundedCache`` holds: a reference that knows its size and carries a stamp of its
/// last use.
protocol BoundedCacheEntry: AnyObject {
    /// Bytes charged for the entry, besides the cache's fixed overhead per entry.
    var byteCount: Int { get }
    /// The cache's clock at the entry's last lookup (for eviction).
    var lastUse: UInt64 { get set }
}

/// Entries kept under a byte budget, least recently used evicted first: the storage and the
/// eviction of ``GlyphCache`` and ``TextLayoutCache``.
///
/// A hit is a dictionary lookup and a stamp written on the entry, a reference, so the dictionary
/// itself is not written: no allocation. Misses insert.
///
/// Technical notes: eviction is by "least recent stamp". When the bytes held pass
/// ``byteLimit``, entries are sorted by their last use and the oldest dropped until the cache
/// is at three quarters of its limit, so the sort is paid once per quarter of the budget, not
/// per insertion.
struct BoundedCache<Key: Hashable, Entry: BoundedCacheEntry> {
    /// The most bytes held at once (entries' own bytes plus ``entryOverhead`` each).
    var byteLimit: Int {
        didSet { trim() }
    }
    /// Bookkeeping bytes charged per entry besides its own.
    let entryOverhead: Int
    /// Bytes now held.
    private(set) var byteCount = 0
    /// Lookups that found their entry.
    private(set) var hits = 0
    /// Lookups that did not.
    private(set) var misses = 0

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    /// An empty cache.
    init(byteLimit: Int, entryOverhead: Int) {
        self.byteLimit = byteLimit
        self.entryOverhead = entryOverhead
    }

    /// Entries now held.
    var count: Int { entries.count }

    /// The entry for `key`, stamped as just used; nil on a miss.
    mutating func lookup(_ key: Key) -> Entry? {
        clock &+= 1
        guard let hit = entries[key] else {
            misses += 1
            return nil
        }
        hits += 1
        hit.lastUse = clock
        return hit
    }

    /// Keeps `entry` for `key` as just used, evicting the least recently used entries if the
    /// bytes held pass the limit.
    mutating func insert(_ entry: Entry, for key: Key) {
        entry.lastUse = clock
        if let replaced = entries.updateValue(entry, forKey: key) {
            byteCount -= replaced.byteCount + entryOverhead
        }
        byteCount += entry.byteCount + entryOverhead
        trim()
    }

    /// Drops every entry.
    mutating func removeAll() {
        entries.removeAll()
        byteCount = 0
    }

    /// Evicts least recently used entries until at most three quarters of the limit is held.
    private mutating func trim() {
        guard byteCount > byteLimit else { return }
        let target = byteLimit / 4 * 3
        let byAge = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge where byteCount > target {
            entries[key] = nil
            byteCount -= entry.byteCount + entryOverhead
        }
    }
}
