import CAllocationCounter
import Testing

@testable import Raster

/// The canvas's cache of laid-out text, and drawing warm text without allocating.
@Suite("Text layout cache")
struct TextLayoutCacheTests {
    private let fonts: FontDatabase
    private let regular: FontFace
    private let bold: FontFace

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
        regular = try fonts.face()
        bold = try fonts.face(weight: .bold)
    }

    /// The heap allocations and frees `body` makes on this thread (`CAllocationCounter`).
    ///
    /// Nothing else may run inside: `#expect` and string interpolation allocate.
    private func heapUse(_ body: () -> Void) -> (allocations: Int, frees: Int) {
        allocation_counter_start()
        body()
        allocation_counter_stop()
        return (Int(allocation_counter_allocations()), Int(allocation_counter_frees()))
    }

    /// Whether two layouts are the same: text, runs, faces (by identity), options, glyphs,
    /// lines and size.
    private func same(_ a: TextLayout, _ b: TextLayout) -> Bool {
        a.text == b.text && a.options == b.options && a.glyphs == b.glyphs
            && a.lines == b.lines && a.size == b.size
            && a.faces.count == b.faces.count && zip(a.faces, b.faces).allSatisfy { $0 === $1 }
            && a.runs.count == b.runs.count
            && zip(a.runs, b.runs).allSatisfy {
                $0.text == $1.text && $0.face === $1.face && $0.size == $1.size
                    && $0.monospacedDigits == $1.monospacedDigits
            }
    }

    /// The reference scene's four labels, drawn as a display redraws them every second, plus
    /// tabular digits and trailing alignment.
    private func drawLabels(_ canvas: Canvas) {
        let white = Paint(color: .white)
        let gray = Paint(color: RGBA(hex: 0x8E8E93))
        canvas.drawText(
            "10:09", face: bold, size: 60, baseline: Point(x: 100, y: 70), alignment: .center,
            paint: white)
        canvas.drawText(
            "72%", face: bold, size: 30, baseline: Point(x: 100, y: 120), alignment: .center,
            paint: white)
        canvas.drawText(
            "Battery", face: regular, size: 18, baseline: Point(x: 100, y: 150),
            alignment: .center, paint: gray)
        canvas.drawText(
            "Wed 21", face: regular, size: 18, baseline: Point(x: 190, y: 180),
            alignment: .trailing, options: TextLayout.Options(monospacedDigits: true),
            paint: gray)
    }

    @Test("the counter sees this thread's allocations: an array that must be allocated counts")
    func counterSeesAllocations() {
        var sum = 0
        let use = heapUse {
            let numbers = [Int](repeating: 7, count: 1000)
            sum = numbers.reduce(0, +)
        }
        #expect(sum == 7000)
        #expect(use.allocations >= 1, "malloc is replaced in the test executable")
        #expect(use.frees >= 1)
        // Outside a counted span nothing counts.
        let idle = heapUse {}
        #expect(idle.allocations == 0 && idle.frees == 0)
    }

    @Test("redrawing warm text with drawText allocates nothing, and draws the same pixels")
    func warmDrawTextAllocatesNothing() {
        let canvas = Canvas(width: 200, height: 200)
        canvas.clear(.black)
        drawLabels(canvas)  // cold: lays out, renders glyphs, sizes the scratch buffers
        let first = canvas.copy()
        let use = heapUse {
            for _ in 0..<50 {
                canvas.clear(.black)
                drawLabels(canvas)
            }
        }
        #expect(use.allocations == 0)
        #expect(use.frees == 0)
        #expect(canvas.textLayouts.count == 4)
        #expect(canvas.textLayouts.hits == 50 * 4)
        var differing = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas[x, y] != first[x, y] { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test("warm text scaled, clipped by a rectangle or a path, or a prepared layout: no allocation")
    func warmTextVariantsAllocateNothing() {
        let scaled = Canvas(width: 500, height: 500)
        scaled.concatenate(Transform(scaleX: 2.5, y: 2.5))
        let clipped = Canvas(width: 200, height: 200)
        clipped.clip(to: Rect(x: 0, y: 0, width: 130, height: 105))  // cuts glyphs
        let masked = Canvas(width: 200, height: 200)
        masked.clip(to: Path(ellipseIn: Rect(x: 0, y: 0, width: 190, height: 160)))
        let layout = TextLayout("Dentist at 10:30", face: regular, size: 14)
        let paint = Paint(color: .white)
        func frame() {
            drawLabels(scaled)
            drawLabels(clipped)
            drawLabels(masked)
            clipped.draw(layout, at: Point(x: 5, y: 80), paint: paint)
        }
        frame()
        let use = heapUse {
            for _ in 0..<20 { frame() }
        }
        #expect(use.allocations == 0)
        #expect(use.frees == 0)
    }

    @Test("a cached layout is the layout made afresh, for every option")
    func cachedEqualsFresh() {
        let text = "Dentist appointment at 10:30 at the new place 🦷\nsecond paragraph"
        var wrapped = TextLayout.Options(maxWidth: 120, lineLimit: 3)
        wrapped.alignment = .center
        let variants = [
            TextLayout.Options(),
            wrapped,
            TextLayout.Options(maxWidth: 90, alignment: .trailing, lineSpacing: 4),
            TextLayout.Options(lineLimit: 1, monospacedDigits: true, kerning: false),
        ]
        let cache = TextLayoutCache()
        for (k, options) in variants.enumerated() {
            let fresh = TextLayout(text, face: regular, size: 17, options: options)
            let miss = cache.layout(text, face: regular, size: 17, options: options)
            let hit = cache.layout(text, face: regular, size: 17, options: options)
            #expect(same(miss, fresh), "options \(k), first use")
            #expect(same(hit, fresh), "options \(k), from the cache")
        }
        #expect(cache.misses == variants.count)
        #expect(cache.hits == variants.count)
    }

    @Test("a different string, face, size or any option is its own entry, laid out afresh")
    func everyInputIsInTheKey() {
        let text = "Dentist appointment at 10:11 at the new place"
        let base = TextLayout.Options(maxWidth: 150, lineLimit: 3)
        var changes: [(String, String, FontFace, Double, TextLayout.Options)] = [
            ("string", "Dentist appointment at 10:11 at the old place", regular, 17, base),
            ("face", text, bold, 17, base),
            ("size", text, regular, 17.5, base),
        ]
        var o = base
        o.maxWidth = 120
        changes.append(("maxWidth", text, regular, 17, o))
        o = base
        o.lineLimit = 2
        changes.append(("lineLimit", text, regular, 17, o))
        o = base
        o.alignment = .center
        changes.append(("alignment", text, regular, 17, o))
        o = base
        o.monospacedDigits = true
        changes.append(("monospacedDigits", text, regular, 17, o))
        o = base
        o.kerning = false
        changes.append(("kerning", text, regular, 17, o))
        o = base
        o.lineSpacing = 3
        changes.append(("lineSpacing", text, regular, 17, o))

        let cache = TextLayoutCache()
        let original = cache.layout(text, face: regular, size: 17, options: base)
        for (name, string, face, size, options) in changes {
            let misses = cache.misses
            let layout = cache.layout(string, face: face, size: size, options: options)
            #expect(cache.misses == misses + 1, "\(name) changed: a miss")
            #expect(same(layout, TextLayout(string, face: face, size: size, options: options)))
            #expect(!same(layout, original), "\(name) changes the layout")
        }
        // Each is kept: asking again hits.
        let hits = cache.hits
        for (_, string, face, size, options) in changes {
            _ = cache.layout(string, face: face, size: size, options: options)
        }
        #expect(cache.hits == hits + changes.count)
        #expect(cache.count == changes.count + 1)
    }

    @Test("the cache stays within its byte limit, evicting the least recently used layouts")
    func boundedByBytes() {
        let cache = TextLayoutCache(byteLimit: 8 << 10)
        let kept = cache.layout("Battery", face: regular, size: 18, options: .init())
        for second in 0..<200 {
            let time = "10:09:\(second < 10 ? "0" : "")\(second)"
            _ = cache.layout(time, face: bold, size: 60, options: .init())
            _ = cache.layout("Battery", face: regular, size: 18, options: .init())  // in use
            #expect(cache.byteCount <= cache.byteLimit)
        }
        #expect(cache.count > 1 && cache.count < 200)
        let misses = cache.misses
        #expect(same(cache.layout("Battery", face: regular, size: 18, options: .init()), kept))
        #expect(cache.misses == misses, "the label drawn every frame was never evicted")
        _ = cache.layout("10:09:00", face: bold, size: 60, options: .init())
        #expect(cache.misses == misses + 1, "the oldest time was")
        cache.byteLimit = 0
        #expect(cache.count == 0 && cache.byteCount == 0)
    }

    /// Three styled runs: a bold time, a regular word, a tabular date.
    private func styledRuns() -> [TextLayout.Run] {
        [
            TextLayout.Run("10:09 ", face: bold, size: 30),
            TextLayout.Run("Dentist appointment at the new place ", face: regular, size: 17),
            TextLayout.Run("Wed 21", face: regular, size: 17, monospacedDigits: true),
        ]
    }

    @Test("a cached layout of styled runs is the layout made afresh, for every option")
    func cachedRunsEqualFresh() {
        let runs = styledRuns()
        let variants = [
            TextLayout.Options(),
            TextLayout.Options(maxWidth: 120, lineLimit: 2, alignment: .center),
            TextLayout.Options(maxWidth: 90, alignment: .trailing, lineSpacing: 4),
            TextLayout.Options(lineLimit: 1, monospacedDigits: true, kerning: false),
        ]
        let cache = TextLayoutCache()
        for (k, options) in variants.enumerated() {
            let fresh = TextLayout(runs: runs, options: options)
            let miss = cache.layout(runs: runs, options: options)
            let hit = cache.layout(runs: runs, options: options)
            #expect(same(miss, fresh), "options \(k), first use")
            #expect(same(hit, fresh), "options \(k), from the cache")
        }
        #expect(cache.misses == variants.count)
        #expect(cache.hits == variants.count)
        // One run asked for through either entry point is the same layout, kept apart.
        let one = [TextLayout.Run("Battery", face: regular, size: 18)]
        let alone = cache.layout("Battery", face: regular, size: 18, options: .init())
        #expect(same(cache.layout(runs: one, options: .init()), alone))
    }

    @Test("a change to any run's string, face, size or digits, the runs or an option: a new entry")
    func everyRunFieldIsInTheKey() {
        let base = styledRuns()
        let options = TextLayout.Options(maxWidth: 150, lineLimit: 3)
        var changes: [(String, [TextLayout.Run], TextLayout.Options)] = []
        for i in base.indices {
            var runs = base
            runs[i].text += "!"
            changes.append(("run \(i) string", runs, options))
            runs = base
            runs[i].face = runs[i].face === bold ? regular : bold
            changes.append(("run \(i) face", runs, options))
            runs = base
            runs[i].size += 0.5
            changes.append(("run \(i) size", runs, options))
            runs = base
            runs[i].monospacedDigits.toggle()
            // Run 1 has no digits: its layout is the same, but the key still differs.
            changes.append(("run \(i) monospacedDigits", runs, options))
        }
        changes.append(("one run fewer", Array(base.dropLast()), options))
        // The same characters split differently: same text, other runs.
        var resplit = base
        resplit[0].text = "10:09"
        resplit[1].text = " " + resplit[1].text
        changes.append(("run boundaries", resplit, options))
        var o = options
        o.maxWidth = 120
        changes.append(("maxWidth", base, o))
        o = options
        o.lineLimit = 2
        changes.append(("lineLimit", base, o))
        o = options
        o.alignment = .trailing
        changes.append(("alignment", base, o))
        o = options
        o.monospacedDigits = true
        changes.append(("options.monospacedDigits", base, o))
        o = options
        o.kerning = false
        changes.append(("kerning", base, o))
        o = options
        o.lineSpacing = 3
        changes.append(("lineSpacing", base, o))

        let cache = TextLayoutCache(byteLimit: 1 << 20)
        _ = cache.layout(runs: base, options: options)
        for (name, runs, options) in changes {
            let misses = cache.misses
            let layout = cache.layout(runs: runs, options: options)
            #expect(cache.misses == misses + 1, "\(name) changed: a miss")
            #expect(same(layout, TextLayout(runs: runs, options: options)), "\(name)")
        }
        let hits = cache.hits
        for (_, runs, options) in changes {
            _ = cache.layout(runs: runs, options: options)
        }
        #expect(cache.hits == hits + changes.count, "each is kept")
        #expect(cache.count == changes.count + 1)
    }

    @Test("layouts of styled runs stay within the byte limit, least recently used evicted")
    func runsBoundedByBytes() {
        let cache = TextLayoutCache(byteLimit: 8 << 10)
        let label = styledRuns()
        let kept = cache.layout(runs: label, options: .init())
        for second in 0..<200 {
            let time = [
                TextLayout.Run("10:09:", face: bold, size: 60),
                TextLayout.Run("\(second)", face: regular, size: 30),
            ]
            _ = cache.layout(runs: time, options: .init())
            _ = cache.layout(runs: label, options: .init())  // in use
            #expect(cache.byteCount <= cache.byteLimit)
        }
        #expect(cache.count > 1 && cache.count < 200)
        let misses = cache.misses
        #expect(same(cache.layout(runs: label, options: .init()), kept))
        #expect(cache.misses == misses, "the label used every frame was never evicted")
        let first = [
            TextLayout.Run("10:09:", face: bold, size: 60),
            TextLayout.Run("0", face: regular, size: 30),
        ]
        _ = cache.layout(runs: first, options: .init())
        #expect(cache.misses == misses + 1, "the oldest time was")
    }

    @Test("sub-canvases and layers lay text out through their canvas's cache")
    func sharedWithSubCanvasesAndLayers() {
        let canvas = Canvas(width: 200, height: 200)
        let slot = canvas.subCanvas(IntRect(x: 20, y: 20, width: 150, height: 150))
        #expect(slot.textLayouts === canvas.textLayouts)
        canvas.withLayer(opacity: 0.5) { layer in
            #expect(layer.textLayouts === canvas.textLayouts)
        }
        #expect(Canvas(width: 10, height: 10).textLayouts !== canvas.textLayouts)
    }
}
