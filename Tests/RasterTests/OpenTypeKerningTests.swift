import Testing

@testable import Raster

/// `GPOS` pair kerning: a hand-built table read back, truncated and corrupted, and the
/// installed Inter and DejaVu faces against values fontTools gives.
@Suite("OpenType kerning")
struct OpenTypeKerningTests {
    // MARK: A hand-built table

    /// The pairs ``sample`` kerns and their values: lookup 0 (pair formats 1 then 2) plus
    /// lookup 1 (an Extension holding format 1).
    private static let samplePairs: [(UInt32, UInt32, Int32)] = [
        (10, 30, -50 - 5),  // format 1 in lookup 0, plus lookup 1
        (10, 40, -60),  // format 1; lookup 1 covers 10 but has no 40
        (20, 30, -70),  // format 1
        (20, 40, -22),  // format 1 covers 20 but lacks 40: format 2, classes 2 and 2
        (15, 45, -2),  // format 2 only: classes 0 and 2
        (10, 50, 7),  // format 1 lacks 50: format 2, classes 1 and 0 (positive)
        (12, 31, 0),  // format 2, classes 0 and 0: applies, zero
        (25, 30, 0),  // covered by no subtable
        (9, 30, 0),  // below every range
        (0x1_000A, 30, 0),  // beyond 16-bit glyph ids
    ]

    /// A `GPOS` table with the `kern` feature in `DFLT`, beside a `mark` feature (skipped).
    ///
    /// - lookup 0 (type 2): format 1 with Coverage format 1 {10, 20}, ValueFormat1 XPlacement |
    ///   XAdvance (the XPlacement must be stepped over) and ValueFormat2 XAdvance (ignored);
    ///   then format 2 with Coverage format 2 (10–20), ClassDef1 format 1 (10 → 1, 20 → 2)
    ///   and ClassDef2 format 2 (30 → 1, 40–45 → 2), a 3 × 3 matrix of XAdvance.
    /// - lookup 1 (type 9): an Extension holding format 1, {10: [30 → −5]}.
    ///
    /// The feature lists its lookups as 1, 0: they apply in LookupList order. The last bytes
    /// are lookup 0's PairSet, so every truncation cuts a structure the parser checks.
    private static let sample: [UInt8] = {
        var t = TableBuilder()
        t.u16(1, 0)  // version 1.0
        let scriptList = t.offset16()
        let featureList = t.offset16()
        let lookupList = t.offset16()

        t.place(scriptList, from: 0)
        let scripts = t.count
        t.u16(1)
        t.tag("DFLT")
        let script = t.offset16()
        t.place(script, from: scripts)
        t.u16(4, 0)  // default LangSys right after; no other LangSys
        t.u16(0, 0xFFFF, 2, 0, 1)  // no required feature; features 0 and 1

        t.place(featureList, from: 0)
        let features = t.count
        t.u16(2)
        t.tag("mark")
        let mark = t.offset16()
        t.tag("kern")
        let kern = t.offset16()
        t.place(mark, from: features)
        t.u16(0, 1, 2)
        t.place(kern, from: features)
        t.u16(0, 2, 1, 0)

        t.place(lookupList, from: 0)
        let lookups = t.count
        t.u16(3)
        let lookup0 = t.offset16()
        let lookup1 = t.offset16()
        let lookup2 = t.offset16()
        t.place(lookup2, from: lookups)
        t.u16(4, 0, 0)  // mark-to-base, no subtables: never read

        t.place(lookup1, from: lookups)
        let extensionLookup = t.count
        t.u16(9, 8, 1)
        let extensionField = t.offset16()
        t.place(extensionField, from: extensionLookup)
        let ext = t.count
        t.u16(1, 2)
        let extOffset = t.offset32()
        t.place(extOffset, from: ext)
        let extPairs = t.count
        t.u16(1)
        let extCoverage = t.offset16()
        t.u16(0x4, 0, 1)
        let extSet = t.offset16()
        t.place(extCoverage, from: extPairs)
        t.u16(1, 1, 10)
        t.place(extSet, from: extPairs)
        t.u16(1, 30, UInt16(bitPattern: -5))

        t.place(lookup0, from: lookups)
        let pairLookup = t.count
        t.u16(2, 8, 2)
        let format1 = t.offset16()
        let format2 = t.offset16()

        t.place(format2, from: pairLookup)
        let classes = t.count
        t.u16(2)
        let coverage2 = t.offset16()
        t.u16(0x4, 0)
        let classDef1 = t.offset16()
        let classDef2 = t.offset16()
        t.u16(3, 3)
        for v in [0, 0, -2, 7, 1, 2, 3, 4, -22] { t.u16(UInt16(bitPattern: Int16(v))) }
        t.place(coverage2, from: classes)
        t.u16(2, 1, 10, 20, 0)
        t.place(classDef1, from: classes)
        t.u16(1, 10, 11, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
        t.place(classDef2, from: classes)
        t.u16(2, 2, 30, 30, 1, 40, 45, 2)

        t.place(format1, from: pairLookup)
        let pairs = t.count
        t.u16(1)
        let coverage1 = t.offset16()
        t.u16(0x5, 0x4, 2)
        let set10 = t.offset16()
        let set20 = t.offset16()
        t.place(coverage1, from: pairs)
        t.u16(1, 2, 10, 20)
        t.place(set10, from: pairs)
        t.u16(2, 30, 99, UInt16(bitPattern: -50), 98, 40, 99, UInt16(bitPattern: -60), 98)
        t.place(set20, from: pairs)
        t.u16(1, 30, 99, UInt16(bitPattern: -70), 98)
        return t.bytes
    }()

    @Test("pair formats 1 and 2, both Coverage and ClassDef formats, an Extension, summed")
    func sampleTable() throws {
        let kerning = try #require(OpenTypeKerning(gpos: Self.sample))
        #expect(kerning.subtables.count == 3)
        for (left, right, value) in Self.samplePairs {
            #expect(kerning.kerning(left, right) == value, "pair \(left), \(right)")
        }
    }

    @Test("every truncation of the table is malformed and kerns nothing")
    func truncations() {
        for length in 0..<Self.sample.count {
            let k = OpenTypeKerning(gpos: Array(Self.sample.prefix(length)))
            #expect(k == nil, "\(length) bytes")
            for (left, right, _) in Self.samplePairs {
                #expect((k?.kerning(left, right) ?? 0) == 0)
            }
        }
    }

    @Test("any byte overwritten with 0, 0x7F, 0x80 or 0xFF never traps")
    func corruptBytes() {
        for position in Self.sample.indices {
            for byte: UInt8 in [0, 0x7F, 0x80, 0xFF] {
                var bytes = Self.sample
                bytes[position] = byte
                let k = OpenTypeKerning(gpos: bytes)
                for (left, right, _) in Self.samplePairs {
                    _ = k?.kerning(left, right)
                }
            }
        }
    }

    @Test("random bytes, after a valid header or not, give no kerning")
    func garbage() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<2000 {
            var bytes: [UInt8] = round.isMultiple(of: 2) ? [0, 1, 0, 0, 0, 10, 0, 20, 0, 30] : []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 55) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            #expect((OpenTypeKerning(gpos: bytes)?.kerning(10, 30) ?? 0) == 0)
        }
    }

    // MARK: Installed faces

    // Expected values: fontTools 4.x reading GPOS, applying the kern lookups of DFLT and latn
    // in order, the first subtable per lookup that applies (format 1: a record for the second
    // glyph; format 2: a covered first glyph), as HarfBuzz does:
    //
    //   pip install fonttools && python3 - <<'EOF'
    //   from fontTools.ttLib import TTFont
    //   def kern(f, a, b):
    //       g = f["GPOS"].table; features = g.FeatureList.FeatureRecord; total = 0; formats = []
    //       used = {i for s in g.ScriptList.ScriptRecord if s.ScriptTag in ("DFLT", "latn")
    //               for i in s.Script.DefaultLangSys.FeatureIndex}
    //       lookups = sorted({l for i in used if features[i].FeatureTag == "kern"
    //                         for l in features[i].Feature.LookupListIndex})
    //       for li in lookups:
    //           for st in g.LookupList.Lookup[li].SubTable:
    //               st = getattr(st, "ExtSubTable", st)
    //               if a not in st.Coverage.glyphs: continue
    //               if st.Format == 1:
    //                   pairs = st.PairSet[st.Coverage.glyphs.index(a)].PairValueRecord
    //                   r = [r for r in pairs if r.SecondGlyph == b]
    //                   if not r: continue
    //                   v = r[0].Value1
    //               else:
    //                   c1 = st.ClassDef1.classDefs.get(a, 0)
    //                   c2 = st.ClassDef2.classDefs.get(b, 0)
    //                   v = st.Class1Record[c1].Class2Record[c2].Value1
    //               total += getattr(v, "XAdvance", 0) or 0; formats.append(st.Format); break
    //       return total, formats
    //   for w in ("Regular", "Bold"):
    //       f = TTFont(f"/usr/share/fonts/opentype/inter/Inter-{w}.otf"); cmap = f.getBestCmap()
    //       for p in ("AV", "To", "Ty", "LT", "Yo", "r.", "F,", "F.", "L*", "HÏ", "oo", " A"):
    //           print(w, repr(p), *kern(f, cmap[ord(p[0])], cmap[ord(p[1])]))
    //   EOF
    //
    // The same pairs shaped by HarfBuzz (uharfbuzz, features kern only) give the same values.

    /// Inter pairs in design units (2816 per em): Regular, then Bold.
    ///
    /// From the class-pair (format 2) subtable: "AV" … "F,", "oo" (zero); from the glyph-pair
    /// (format 1) subtable: "F.", "L*", "HÏ" (positive). "F," and "F.": F is covered by format
    /// 1, which lists "." but not ",", so "," falls through to format 2. " A": no subtable
    /// covers the space.
    private static let interValues: [(String, Int32, Int32)] = [
        ("AV", -192, -254), ("To", -224, -224), ("Ty", -176, -176), ("LT", -272, -255),
        ("Yo", -216, -319), ("r.", -176, -176), ("F,", -112, -112), ("oo", 0, 0),
        ("F.", -96, -96), ("L*", -112, -112), ("HÏ", 224, 224), (" A", 0, 0),
    ]

    @Test("Inter Regular and Bold kern from GPOS as fontTools reads it")
    func interPairs() throws {
        let fonts = try FontDatabase()
        let regular = try fonts.face()
        let bold = try fonts.face(weight: .bold)
        for face in [regular, bold] {
            #expect(face.unitsPerEm == 2816)
            #expect(face.kerningSource == .gpos)
            #expect(face.hasKerning)
        }
        for (pair, inRegular, inBold) in Self.interValues {
            let scalars = Array(pair.unicodeScalars)
            for (face, value) in [(regular, inRegular), (bold, inBold)] {
                let left = try #require(face.glyphIndex(for: scalars[0]))
                let right = try #require(face.glyphIndex(for: scalars[1]))
                #expect(face.designKerning(left, right) == value, "\(pair) in \(face.styleName)")
                let scaled = face.kerning(left, right, size: 20)
                #expect(abs(scaled - Double(value) * 20 / 2816) < 1e-12)
            }
        }
    }

    @Test("DejaVu Sans: GPOS and the kern table agree on every ASCII pair; AV is −131")
    func dejaVuAgrees() throws {
        let fonts = try FontDatabase()
        let face = try fonts.face(family: "DejaVu Sans")
        #expect(face.kerningSource == .gpos)
        let glyphs = (UInt32(0x21)...0x7E).compactMap { Unicode.Scalar($0) }.compactMap {
            face.glyphIndex(for: $0)
        }
        var kerned = 0
        for left in glyphs {
            for right in glyphs {
                let value = face.designKerning(left, right)
                #expect(value == face.tableKerning(left, right))
                if value != 0 { kerned += 1 }
            }
        }
        #expect(kerned == 220)  // fontTools: pairs of these glyphs in the kern table
        let a = try #require(face.glyphIndex(for: "A"))
        let v = try #require(face.glyphIndex(for: "V"))
        #expect(face.designKerning(a, v) == -131)  // fontTools: kern table ("A", "V")
        #expect(face.tableKerning(a, v) == -131)
    }

    @Test("a face with neither GPOS kern nor a kern table does not kern")
    func noKerning() throws {
        let fonts = try FontDatabase()
        let mono = try fonts.face(design: .monospaced)
        #expect(mono.kerningSource == .none)
        #expect(!mono.hasKerning)
        let a = try #require(mono.glyphIndex(for: "A"))
        let v = try #require(mono.glyphIndex(for: "V"))
        #expect(mono.designKerning(a, v) == 0)
    }
}

/// A table being assembled: big-endian fields, and offset fields filled in once their target
/// is placed.
private struct TableBuilder {
    /// A reserved offset field: where it is and how wide.
    struct Field {
        var position: Int
        var size: Int
    }

    private(set) var bytes: [UInt8] = []

    /// The current length: where the next structure starts.
    var count: Int { bytes.count }

    /// Appends 16-bit fields.
    mutating func u16(_ values: UInt16...) {
        for v in values { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] }
    }

    /// Appends a tag.
    mutating func tag(_ tag: String) { bytes += Array(tag.utf8) }

    /// Reserves an Offset16.
    mutating func offset16() -> Field {
        defer { u16(0) }
        return Field(position: count, size: 2)
    }

    /// Reserves an Offset32.
    mutating func offset32() -> Field {
        defer { u16(0, 0) }
        return Field(position: count, size: 4)
    }

    /// Points `field` at the current end, counting from `base`.
    mutating func place(_ field: Field, from base: Int) {
        let value = count - base
        for i in 0..<field.size {
            bytes[field.position + i] = UInt8(
                truncatingIfNeeded: value >> (8 * (field.size - 1 - i)))
        }
    }
}
