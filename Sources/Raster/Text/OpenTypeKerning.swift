/// Pair kerning from an OpenType `GPOS` table: the `kern` feature's pair adjustments, looked up
/// on demand in the table's own bytes.
///
/// ```swift
/// let kerning = OpenTypeKerning(gpos: bytes)   // nil: no `kern` feature, or malformed
/// kerning?.kerning(a, v)                       // −192 in Inter Regular, design units
/// ```
///
/// What it reads (OpenType 1.9, "GPOS — Glyph Positioning Table" and "OpenType Layout Common
/// Table Formats"):
/// - The `kern` feature of the default language system of the scripts `DFLT`, `dflt` and
///   `latn`: the union of their lookups, each applied once, in LookupList order, as HarfBuzz
///   orders a feature's lookups. Text is not itemized by script, so Greek or Cyrillic get the
///   lookups a Latin run would; kerning lookups are keyed by glyph, so they only touch the
///   glyphs they cover.
/// - Lookup type 2 (PairPos) in format 1 (a PairSet of second glyphs per covered first glyph)
///   and format 2 (a class-pair matrix), Coverage formats 1 and 2, ClassDef formats 1 and 2;
///   and lookup type 9 (Extension) holding type 2. Other lookup types (contextual or chained
///   positioning, cursive or mark attachment) and unknown subtable formats are skipped.
/// - Only the XAdvance of the first glyph's ValueRecord, which is horizontal kerning. The
///   other fields are stepped over by ValueFormat's bit count; Device and VariationIndex
///   tables (hinting and variable-font deltas) and the second glyph's ValueRecord are
///   ignored.
///
/// Technical notes:
/// - Subtable order. Within a lookup the first subtable that applies wins; the lookup's values
///   add up across lookups. As in HarfBuzz (`PairPosFormat1::apply`, `PairPosFormat2::apply`),
///   a format 1 subtable that covers the first glyph but lists no record for the second does
///   not apply, so the next subtable is tried: Inter lists its exceptions ("F.") in format 1
///   and its class kerning ("F,") in a format 2 subtable after it. A format 2 subtable that
///   covers the first glyph always applies, also with a zero value, unless a class is beyond
///   its matrix.
/// - Lookup flags are not read. Kerning lookups set IgnoreMarks so that a pair kerns across a
///   combining mark; this layout has no mark positioning and kerns adjacent glyphs only.
/// - Cost. ``init(gpos:)`` walks the header lists and checks every structure a lookup can
///   reach lies in the table (each Coverage, ClassDef, PairSet and class matrix), so lookups
///   cannot read out of bounds; a table that fails is malformed as a whole and gives no
///   kerning. A lookup then costs a binary search per subtable's Coverage, plus one in the
///   PairSet or two ClassDef lookups; ``FontFace`` caches each pair's answer.
struct OpenTypeKerning {
    typealias Malformed = OpenTypeTable.Malformed

    /// One PairPos subtable, its offsets made absolute and its extents checked.
    struct PairSubtable {
        /// The ordinal of the lookup it belongs to: the first applying subtable per lookup
        /// counts.
        var lookup: Int
        /// 1 (glyph pairs) or 2 (class pairs).
        var format: Int
        /// The Coverage table of first glyphs.
        var coverage: Int
        /// Bytes of one pair's two ValueRecords.
        var recordSize: Int
        /// Where XAdvance sits in the first ValueRecord, or -1 when the record has none.
        var xAdvance: Int
        /// The PairSet offsets (format 1, relative to `start`) or the class matrix (format 2).
        var array: Int
        /// The number of PairSets (format 1) or of first-glyph classes (format 2).
        var count: Int
        /// The subtable's start, which PairSet offsets count from.
        var start: Int
        /// Format 2: the ClassDef table of the first glyph.
        var classDef1 = 0
        /// Format 2: the ClassDef table of the second glyph.
        var classDef2 = 0
        /// Format 2: class count of the second glyph (the matrix's row length).
        var class2Count = 0
    }

    /// The `GPOS` table.
    let table: OpenTypeTable
    /// The pair subtables of the `kern` feature's lookups, in the order they apply.
    let subtables: [PairSubtable]

    /// Reads the `kern` feature of a `GPOS` table; nil when the table has no such feature with
    /// pair adjustments, or is malformed.
    init?(gpos bytes: [UInt8]) {
        let table = OpenTypeTable(bytes: bytes)
        guard let subtables = try? Self.pairSubtables(in: table), !subtables.isEmpty else {
            return nil
        }
        self.table = table
        self.subtables = subtables
    }

    /// The horizontal kerning between two glyphs, in design units: the sum over the lookups of
    /// the first applying subtable's XAdvance.
    func kerning(_ left: UInt32, _ right: UInt32) -> Int32 {
        guard left <= 0xFFFF, right <= 0xFFFF else { return 0 }
        var total = 0
        var applied = -1
        for subtable in subtables where subtable.lookup != applied {
            if let value = try? adjustment(subtable, Int(left), Int(right)) {
                total += value
                applied = subtable.lookup
            }
        }
        return Int32(clamping: total)
    }

    /// The XAdvance a subtable gives the pair, or nil when it does not apply to it.
    private func adjustment(_ s: PairSubtable, _ left: Int, _ right: Int) throws(Malformed)
        -> Int?
    {
        guard let index = try table.coverageIndex(of: left, coverage: s.coverage) else {
            return nil
        }
        let record: Int
        if s.format == 1 {
            guard index < s.count else { return nil }
            let set = s.start + (try table.u16(s.array + 2 * index))
            let found = try table.search(
                right, count: table.u16(set), first: set + 2, stride: 2 + s.recordSize)
            guard let found else { return nil }
            record = found + 2
        } else {
            let class1 = try table.glyphClass(of: left, classDef: s.classDef1)
            let class2 = try table.glyphClass(of: right, classDef: s.classDef2)
            guard class1 < s.count, class2 < s.class2Count else { return nil }
            record = s.array + (class1 * s.class2Count + class2) * s.recordSize
        }
        return s.xAdvance < 0 ? 0 : try table.i16(record + s.xAdvance)
    }

    // MARK: Parsing

    /// The `kern` feature's pair subtables, in application order.
    private static func pairSubtables(in t: OpenTypeTable) throws(Malformed) -> [PairSubtable] {
        guard try t.u16(0) == 1 else { throw Malformed() }  // GPOS 1.0 or 1.1
        let scriptList = try t.u16(4)
        let featureList = try t.u16(6)
        let lookupList = try t.u16(8)
        guard scriptList != 0, featureList != 0, lookupList != 0 else { return [] }
        let features = try langSysFeatures(t, scriptList: scriptList)
        var lookups = Set<Int>()
        let featureCount = try t.u16(featureList)
        try t.require(featureList + 2, count: featureCount, size: 6)
        for f in features {
            guard f < featureCount else { throw Malformed() }
            let record = featureList + 2 + 6 * f
            guard try t.tag(record) == "kern" else { continue }
            let feature = featureList + (try t.u16(record + 4))
            let count = try t.u16(feature + 2)
            try t.require(feature + 4, count: count, size: 2)
            for i in 0..<count { lookups.insert(try t.u16(feature + 4 + 2 * i)) }
        }
        let lookupCount = try t.u16(lookupList)
        try t.require(lookupList + 2, count: lookupCount, size: 2)
        var subtables: [PairSubtable] = []
        for (ordinal, l) in lookups.sorted().enumerated() {
            guard l < lookupCount else { throw Malformed() }
            let lookup = lookupList + (try t.u16(lookupList + 2 + 2 * l))
            let type = try t.u16(lookup)
            let count = try t.u16(lookup + 4)
            try t.require(lookup + 6, count: count, size: 2)
            for i in 0..<count {
                var start = lookup + (try t.u16(lookup + 6 + 2 * i))
                var subtableType = type
                if type == 9, try t.u16(start) == 1 {  // Extension: type, then a 32-bit offset
                    subtableType = try t.u16(start + 2)
                    start += try t.u32(start + 4)
                }
                if subtableType == 2, let s = try pairSubtable(t, at: start, lookup: ordinal) {
                    subtables.append(s)
                }
            }
        }
        return subtables
    }

    /// The feature indices of the default LangSys of `DFLT`, `dflt` and `latn`.
    private static func langSysFeatures(_ t: OpenTypeTable, scriptList: Int) throws(Malformed)
        -> [Int]
    {
        var features: [Int] = []
        let scriptCount = try t.u16(scriptList)
        try t.require(scriptList + 2, count: scriptCount, size: 6)
        for i in 0..<scriptCount {
            let record = scriptList + 2 + 6 * i
            guard ["DFLT", "dflt", "latn"].contains(try t.tag(record)) else { continue }
            let script = scriptList + (try t.u16(record + 4))
            let langSysOffset = try t.u16(script)
            guard langSysOffset != 0 else { continue }
            let langSys = script + langSysOffset
            let count = try t.u16(langSys + 4)
            try t.require(langSys + 6, count: count, size: 2)
            for j in 0..<count { features.append(try t.u16(langSys + 6 + 2 * j)) }
        }
        return features
    }

    /// A PairPos subtable at `start`, checked; nil for a format other than 1 and 2.
    private static func pairSubtable(_ t: OpenTypeTable, at start: Int, lookup: Int)
        throws(Malformed) -> PairSubtable?
    {
        let format = try t.u16(start)
        guard format == 1 || format == 2 else { return nil }
        let coverage = start + (try t.u16(start + 2))
        try t.checkCoverage(coverage)
        let format1 = try t.u16(start + 4)
        let format2 = try t.u16(start + 6)
        // ValueRecord: one 16-bit field per set ValueFormat bit, in bit order; XAdvance is
        // bit 2, after XPlacement (bit 0) and YPlacement (bit 1).
        let recordSize = 2 * (format1.nonzeroBitCount + format2.nonzeroBitCount)
        let xAdvance = format1 & 0x4 == 0 ? -1 : 2 * (format1 & 0x3).nonzeroBitCount
        var s = PairSubtable(
            lookup: lookup, format: format, coverage: coverage, recordSize: recordSize,
            xAdvance: xAdvance, array: start + 10, count: try t.u16(start + 8), start: start)
        if format == 1 {
            try t.require(s.array, count: s.count, size: 2)
            for i in 0..<s.count {
                let set = start + (try t.u16(s.array + 2 * i))
                try t.require(set + 2, count: t.u16(set), size: 2 + recordSize)
            }
        } else {
            s.classDef1 = start + (try t.u16(start + 8))
            s.classDef2 = start + (try t.u16(start + 10))
            try t.checkClassDef(s.classDef1)
            try t.checkClassDef(s.classDef2)
            s.count = try t.u16(start + 12)
            s.class2Count = try t.u16(start + 14)
            s.array = start + 16
            let (cells, overflow) = s.count.multipliedReportingOverflow(by: s.class2Count)
            guard !overflow else { throw Malformed() }
            try t.require(s.array, count: cells, size: recordSize)
        }
        return s
    }
}
