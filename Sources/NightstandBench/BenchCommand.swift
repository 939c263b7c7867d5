import ArgumentParser
import FoundationEssentials
import Glibc
import NightstandProgram
import Raster
import SystemSupport

/// `nightstand bench`: frame times of the reference scene (docs/bench-scene.md).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the reference scene: milliseconds per frame, per night pass, peak memory.",
        discussion: """
            Draws the "standby-pair" scene of docs/bench-scene.md at 800x480, 1280x720 and \
            1920x1080 (or --size) and prints one line per size, for example
              size=1920x1080 frame_ms=0.1116 uncached_frame_ms=0.2513 view_frame_ms=0.1348 \
            view_overhead_pct=20.8 night_ms=0.1154 memset_ms=0.0614 peak_rss_mib=26.9 \
            shape_cache_kib=312
            frame_ms is the median over the repeats of a full frame drawn with Raster directly \
            (clear and draw everything, glyph and shape caches warm: every shape's coverage \
            replayed, every pixel blended); uncached_frame_ms the same frame with the shape \
            cache off (every fill and stroke scan-converted anew); view_frame_ms the same scene \
            built from views (two systemSmall widgets drawn by WidgetDescriptor.render), timed \
            alternately with it, and view_overhead_pct how much slower that is; night_ms of the \
            red-tint pass over the finished frame; memset_ms of writing the frame's bytes once, \
            the lower bound; shape_cache_kib what the shape cache holds for the Raster frame \
            (Raster.Canvas.shapeCacheBytes). Build with -c release for real figures.
            """)

    @Option(help: "Canvas size as WxH; repeat for several. Default: 800x480, 1280x720, 1920x1080.")
    var size: [String] = []

    @Option(help: "Frames timed per figure; the median is reported.")
    var repeats: Int = 200

    @Option(
        help: ArgumentHelp(
            "Also write the last size's frame to this PNG, and its night pass next to it.",
            discussion: "scene.png gives scene.png and scene-night.png."))
    var out: String?

    @Option(
        help: ArgumentHelp(
            "Threads a large fill may use (Canvas.drawingThreads).",
            discussion: "Default: 1, the calling thread alone."))
    var threads: Int?

    @Flag(
        inversion: .prefixedNo,
        help: "Also time the frame with the shape cache off (uncached_frame_ms).")
    var uncached = true

    @Option(
        help: ArgumentHelp(
            "The CPU paths the pixel kernels may take: all, avx2 or baseline.",
            discussion: """
                Default: all the CPU has (AVX-512 and AVX2 on x86-64). avx2 leaves AVX-512 \
                out, baseline every extension (what an x86-64 CPU without AVX2 runs, or, in \
                kind, a Raspberry Pi); the pixels are the same on every path.
                """))
    var cpu: KernelPaths = .all

    @Flag(
        help: ArgumentHelp(
            "Time one frame of each kind of motion instead: a view switch, a stack swipe, a photo cross-fade.",
            discussion: """
                Prints size, memcpy_ms (copying a frame's bytes), then view_swipe_ms, \
                stack_swipe_ms and cross_fade_ms, each with its multiple of memcpy_ms (…_x).
                """))
    var transition = false

    @Option(
        help: ArgumentHelp(
            "Time only these parts of the scene on the cleared screen: tiles, ring, text (comma-separated), or none.",
            discussion: """
                Prints size, parts, frame_ms and memset_ms; the differences between such runs \
                are where a frame goes (Benchmarks/raster/breakdown.sh).
                """))
    var parts: String?

    mutating func run() throws {
        let sizes = try (size.isEmpty ? ["800x480", "1280x720", "1920x1080"] : size).map { text in
            guard let s = PixelSize(parsing: text) else {
                throw ValidationError(
                    "--size \(text): expected WxH with positive integers, e.g. 1920x1080")
            }
            return s
        }
        guard repeats > 0 else { throw ValidationError("--repeats must be at least 1") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        let only = try parts.map { list in
            guard let parsed = ReferenceScene.Parts(parsing: list) else {
                throw ValidationError(
                    "--parts \(list): expected tiles, ring and text, comma-separated, or none")
            }
            return parsed
        }
        KernelPaths.allow(cpu)
        defer { KernelPaths.allow(.all) }
        let fonts = try FontDatabase()
        if transition {
            for s in sizes {
                print(try TransitionBench(size: s, repeats: repeats, fonts: fonts).measure())
            }
            return
        }
        for s in sizes {
            let scene = try ReferenceScene(size: s, fonts: fonts)
            let views = ReferenceSceneViews(geometry: scene, fonts: fonts)
            let canvas = Raster.Canvas(size: s)
            if let threads { canvas.drawingThreads = threads }
            if let only, let parts {
                for _ in 0..<8 { scene.draw(on: canvas, parts: only) }  // warm both caches
                let frame = Self.median(repeats) { scene.draw(on: canvas, parts: only) }
                print(
                    "size=\(s) parts=\(parts) frame_ms=\(Self.format(frame))"
                        + " memset_ms=\(Self.format(Self.memsetMilliseconds(canvas, repeats)))")
                continue
            }
            var uncachedField = ""
            if uncached {
                let shapeCacheLimit = canvas.shapeCacheLimit
                canvas.shapeCacheLimit = 0
                for _ in 0..<5 { scene.draw(on: canvas) }  // warm the glyph cache
                let ms = Self.median(repeats) { scene.draw(on: canvas) }
                canvas.shapeCacheLimit = shapeCacheLimit
                uncachedField = " uncached_frame_ms=\(Self.format(ms))"
            }
            for _ in 0..<3 { scene.draw(on: canvas) }  // record the scene's shapes
            let shapeBytes = canvas.shapeCacheBytes
            for _ in 0..<5 {  // and the views'
                scene.draw(on: canvas)
                views.draw(on: canvas)
            }
            let (frame, viewFrame) = Self.medians(
                repeats, { scene.draw(on: canvas) }, { views.draw(on: canvas) })
            let night = Self.median(repeats, prepare: { scene.draw(on: canvas) }) {
                canvas.apply(.monochrome(tint: RGBA(red: 1, green: 0, blue: 0)))
            }
            if let out, s == sizes.last {
                try writingOutput("bench") { try Self.write(scene, on: canvas, to: out) }
            }
            let memsetMs = Self.memsetMilliseconds(canvas, repeats)
            let overhead = (viewFrame / frame - 1) * 100
            print(
                "size=\(s) frame_ms=\(Self.format(frame))" + uncachedField
                    + " view_frame_ms=\(Self.format(viewFrame))"
                    + " view_overhead_pct=\(overhead.fixed(1))"
                    + " night_ms=\(Self.format(night)) memset_ms=\(Self.format(memsetMs))"
                    + " peak_rss_mib=\(Self.peakRSSMiB().fixed(1))"
                    + " shape_cache_kib=\(shapeBytes / 1024)")
        }
    }

    /// The median milliseconds of writing `canvas`'s bytes once with `memset` (the lower bound
    /// of a frame), over `repeats` runs.
    static func memsetMilliseconds(_ canvas: Raster.Canvas, _ repeats: Int) -> Double {
        let bytes = canvas.width * canvas.height * 4
        var fillByte: Int32 = 0
        return median(repeats) {
            fillByte ^= 1
            memset(canvas.row(0), fillByte, bytes)
        }
    }

    /// Writes the scene's frame to `path`, and its red-tint pass to `path` with `-night`
    /// before the extension.
    static func write(_ scene: ReferenceScene, on canvas: Raster.Canvas, to path: String) throws {
        scene.draw(on: canvas)
        try PNGEncoder.write(canvas, to: path)
        canvas.apply(.monochrome(tint: RGBA(red: 1, green: 0, blue: 0)))
        let night =
            path.hasSuffix(".png") ? String(path.dropLast(4)) + "-night.png" : path + "-night"
        try PNGEncoder.write(canvas, to: night)
    }

    /// Median milliseconds of `body` over `n` runs; `prepare` runs untimed before each.
    static func median(_ n: Int, prepare: () -> Void = {}, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        return median(
            (0..<n).map { _ in
                prepare()
                return milliseconds(clock.measure(body))
            })
    }

    /// Median milliseconds of `a` and of `b` over `n` runs each, run alternately so that both
    /// see the same machine (other load, frequency changes).
    static func medians(_ n: Int, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
        let clock = ContinuousClock()
        var times: ([Double], [Double]) = ([], [])
        for _ in 0..<n {
            times.0.append(milliseconds(clock.measure(a)))
            times.1.append(milliseconds(clock.measure(b)))
        }
        return (median(times.0), median(times.1))
    }

    /// The median of a non-empty list.
    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    private static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1e3
    }

    /// Milliseconds to a tenth of a microsecond: a 800x480 frame takes a few tens of them.
    static func format(_ ms: Double) -> String { ms.fixed(4) }

    /// The process's peak resident set size (getrusage's ru_maxrss, KiB on Linux) in MiB.
    static func peakRSSMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

extension KernelPaths: ExpressibleByArgument {}
