/// The bytes of one OpenType table, read with every offset checked: big-endian fields, and the
/// Coverage and ClassDef tables that OpenType layout tables share.
///
/// Each read throws ``Malformed`` instead of reading outside the bytes, so a
/// truncated or corrupt font ends a lookup with an error, never a trap. Offsets are `Int`s
/// from the table's start; they come from 16- and 32-bit fields, so sums of a few of them
/// cannot overflow, and counted extents are checked with ``require(_:count:size:)``, which
/// reports overflow.
struct OpenTypeTable {
    /// A structure that does not fit in the table, or a format the reader does not know.
    struct Malformed: Error {}

    /// The table, as `FT_Load_Sfnt_Table` copies it from the font file.
    let bytes: [UInt8]

    /// The unsigned 16-bit field at `at`.
    func u16(_ at: Int) throws(Malformed) -> Int {
        guard at >= 0, at <= bytes.count - 2 else { throw Malformed() }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    /// The signed 16-bit field at `at`.
    func i16(_ at: Int) throws(Malformed) -> Int {
        Int(Int16(truncatingIfNeeded: try u16(at)))
    }

    /// The unsigned 32-bit field at `at` (an Offset32).
    func u32(_ at: Int) throws(Malformed) -> Int {
        try u16(at) << 16 | u16(at + 2)
    }

    /// The four-character tag at `at`, for example "kern".
    func tag(_ at: Int) throws(Malformed) -> String {
        try require(at, count: 4, size: 1)
        return String(decoding: bytes[at..<at + 4], as: Unicode.ASCII.self)
    }

    /// Checks that `count` records of `size` bytes starting at `at` lie within the table.
    func require(_ at: Int, count: Int, size: Int) throws(Malformed) {
        let (length, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow, at >= 0, length <= bytes.count - at else { throw Malformed() }
    }

    /// The offset of the record whose first field is `key`, among `count` records of `stride`
    /// bytes from `first`, sorted by that field (binary search); nil when none has it.
    func search(_ key: Int, count: Int, first: Int, stride: Int) throws(Malformed) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            let value = try u16(first + mid * stride)
            if value < key {
                low = mid + 1
            } else if value > key {
                high = mid
            } else {
                return first + mid * stride
            }
        }
        return nil
    }

    /// The offset of the range record holding `glyph`, among `count` records of 6 bytes from
    /// `first` (start glyph, end glyph, a value), sorted by start; nil when no range holds it.
    private func range(of glyph: Int, count: Int, first: Int) throws(Malformed) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            let record = first + 6 * mid
            if glyph < (try u16(record)) {
                high = mid
            } else if glyph > (try u16(record + 2)) {
                low = mid + 1
            } else {
                return record
            }
        }
        return nil
    }

    // MARK: Coverage

    /// The Coverage index of `glyph` in the Coverage table at `coverage`; nil when not covered.
    ///
    /// Format 1 lists glyphs, sorted: the index is the position. Format 2 lists ranges (start,
    /// end, start coverage index).
    func coverageIndex(of glyph: Int, coverage: Int) throws(Malformed) -> Int? {
        let count = try u16(coverage + 2)
        switch try u16(coverage) {
        case 1:
            let first = coverage + 4
            return try search(glyph, count: count, first: first, stride: 2).map { ($0 - first) / 2 }
        case 2:
            guard let record = try range(of: glyph, count: count, first: coverage + 4) else {
                return nil
            }
            return try u16(record + 4) + glyph - u16(record)
        default:
            throw Malformed()
        }
    }

    /// Checks that the Coverage table at `coverage` has a known format and fits.
    func checkCoverage(_ coverage: Int) throws(Malformed) {
        let count = try u16(coverage + 2)
        switch try u16(coverage) {
        case 1: try require(coverage + 4, count: count, size: 2)
        case 2: try require(coverage + 4, count: count, size: 6)
        default: throw Malformed()
        }
    }

    // MARK: ClassDef

    /// The class of `glyph` in the ClassDef table at `classDef`; 0 for glyphs it does not
    /// list.
    ///
    /// Format 1 gives classes to a run of glyphs from a start glyph; format 2 lists ranges
    /// (start, end, class).
    func glyphClass(of glyph: Int, classDef: Int) throws(Malformed) -> Int {
        switch try u16(classDef) {
        case 1:
            let start = try u16(classDef + 2)
            let count = try u16(classDef + 4)
            guard glyph >= start, glyph - start < count else { return 0 }
            return try u16(classDef + 6 + 2 * (glyph - start))
        case 2:
            let count = try u16(classDef + 2)
            guard let record = try range(of: glyph, count: count, first: classDef + 4) else {
                return 0
            }
            return try u16(record + 4)
        default:
            throw Malformed()
        }
    }

    /// Checks that the ClassDef table at `classDef` has a known format and fits.
    func checkClassDef(_ classDef: Int) throws(Malformed) {
        switch try u16(classDef) {
        case 1: try require(classDef + 6, count: u16(classDef + 4), size: 2)
        case 2: try require(classDef + 4, count: u16(classDef + 2), size: 6)
        default: throw Malformed()
        }
    }
}
