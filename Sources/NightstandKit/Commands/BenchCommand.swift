import ArgumentParser
import Foundation
import Raster

/// `nightstand bench`: frame times of the reference scene (shared/bench/SCENE.md).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the reference scene: milliseconds per frame, per night pass, peak memory.",
        discussion: """
            Draws the "standby-pair" scene of shared/bench/SCENE.md at 800x480, 1280x720 and \
            1920x1080 (or --size) and prints one line per size, for example
              size=1920x1080 frame_ms=0.41 night_ms=0.12 memset_ms=0.07 peak_rss_mib=21.0
            frame_ms is the median over the repeats of a full frame (clear and draw everything, \
            glyph cache warm); night_ms of the red-tint pass over the finished frame; memset_ms of \
            writing the frame's bytes once, the lower bound. Build with -c release for real figures.
            """)

    @Option(help: "Canvas size as WxH; repeat for several. Default: 800x480, 1280x720, 1920x1080.")
    var size: [String] = []

    @Option(help: "Frames timed per figure; the median is reported.")
    var repeats: Int = 200

    mutating func run() throws {
        let sizes = try (size.isEmpty ? ["800x480", "1280x720", "1920x1080"] : size).map { text in
            guard let s = PixelSize(parsing: text) else {
                throw ValidationError(
                    "--size \(text): expected WxH with positive integers, e.g. 1920x1080")
            }
            return s
        }
        guard repeats > 0 else { throw ValidationError("--repeats must be at least 1") }
        let fonts = try FontDatabase()
        for s in sizes {
            let scene = try ReferenceScene(size: s, fonts: fonts)
            let canvas = Canvas(size: s)
            for _ in 0..<5 { scene.draw(on: canvas) }  // warm the glyph cache
            let frame = Self.median(repeats) { scene.draw(on: canvas) }
            let night = Self.median(repeats, prepare: { scene.draw(on: canvas) }) {
                canvas.apply(.monochrome(tint: RGBA(red: 1, green: 0, blue: 0)))
            }
            let bytes = s.width * s.height * 4
            var fillByte: Int32 = 0
            let memsetMs = Self.median(repeats) {
                fillByte ^= 1
                memset(canvas.row(0), fillByte, bytes)
            }
            print(
                "size=\(s) frame_ms=\(Self.format(frame)) night_ms=\(Self.format(night))"
                    + " memset_ms=\(Self.format(memsetMs)) peak_rss_mib=\(String(format: "%.1f", Self.peakRSSMiB()))"
            )
        }
    }

    /// Median milliseconds of `body` over `n` runs; `prepare` runs untimed before each.
    static func median(_ n: Int, prepare: () -> Void = {}, _ body: () -> Void) -> Double {
        var times: [Double] = []
        times.reserveCapacity(n)
        let clock = ContinuousClock()
        for _ in 0..<n {
            prepare()
            let d = clock.measure(body)
            times.append(
                Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1e3)
        }
        times.sort()
        return n % 2 == 1 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2
    }

    static func format(_ ms: Double) -> String { String(format: "%.3f", ms) }

    /// The process's peak resident set size (getrusage's ru_maxrss, KiB on Linux) in MiB.
    static func peakRSSMiB() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
