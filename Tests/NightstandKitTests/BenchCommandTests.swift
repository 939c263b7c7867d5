import Foundation
import Raster
import Testing

@testable import NightstandBench

/// `nightstand bench --out`: the reference scene's frame and its night pass as PNGs.
@Suite("bench --out")
struct BenchCommandTests {
    /// A new empty directory for a test's files (tests run side by side: each its own).
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("nightstand-bench-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The PNG bytes of the frame `nightstand bench` draws with `arguments` and one repeat,
    /// written to a new file in `directory`.
    static func frame(_ arguments: [String], in directory: URL) throws -> Data {
        let path = directory.appendingPathComponent("\(UUID().uuidString).png").path
        var command = try BenchCommand.parse(arguments + ["--repeats", "1", "--out", path])
        try command.run()
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("--out writes the last size's frame and a red-only night frame next to it")
    func pictures() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let day = directory.appendingPathComponent("scene.png").path
        var command = try BenchCommand.parse([
            "--size", "64x40", "--size", "200x120", "--repeats", "1", "--out", day,
        ])
        try command.run()

        let frame = try PNGDecoder.decode(file: day)
        let night = try PNGDecoder.decode(
            file: directory.appendingPathComponent("scene-night.png").path)
        #expect((frame.width, frame.height) == (200, 120))
        #expect((night.width, night.height) == (200, 120))
        var colored = 0
        var greenOrBlue = 0
        for y in 0..<night.height {
            for x in 0..<night.width {
                let (day, red) = (frame[x, y], night[x, y])
                if day.g != day.b || day.r != day.g { colored += 1 }
                if red.g != 0 || red.b != 0 { greenOrBlue += 1 }
            }
        }
        #expect(colored > 0)
        #expect(greenOrBlue == 0)
    }

    @Test(
        "--threads 3 writes the same frame bytes as one thread, and as scanning every shape; --threads 0 is refused; --no-uncached parses"
    )
    func threads() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let frames = try ["1", "3"].map { threads in
            try Self.frame(["--size", "400x240", "--threads", threads], in: directory)
        }
        #expect(frames[0] == frames[1])
        // The frames above come from the shape cache; the same scene with every shape
        // scan-converted gives the same bytes.
        let scanned = Canvas(width: 400, height: 240)
        scanned.shapeCacheLimit = 0
        try ReferenceScene(size: scanned.size, fonts: FontDatabase()).draw(on: scanned)
        let path = directory.appendingPathComponent("scanned.png").path
        try PNGEncoder.write(scanned, to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == frames[0])
        #expect(try BenchCommand.parse([]).uncached)
        #expect(try !BenchCommand.parse(["--no-uncached"]).uncached)
        var refused = try BenchCommand.parse(["--threads", "0"])
        #expect(throws: (any Error).self) { try refused.run() }
    }

    @Test("--parts draws only the parts named on the cleared screen; a name not a part is refused")
    func parts() throws {
        let scene = try ReferenceScene(
            size: PixelSize(width: 200, height: 120), fonts: FontDatabase())
        func colors(_ parts: ReferenceScene.Parts) -> (
            green: Bool, white: Bool, gray: Bool, bytes: [UInt32]
        ) {
            let canvas = Canvas(width: 200, height: 120)
            scene.draw(on: canvas, parts: parts)
            var found = (green: false, white: false, gray: false)
            var bytes: [UInt32] = []
            for y in 0..<120 {
                for x in 0..<200 {
                    let p = canvas[x, y]
                    bytes.append(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
                    if Int(p.g) > Int(p.r) + 100 { found.green = true }  // the progress arc
                    if p.r > 240 && p.g > 240 { found.white = true }  // "10:09", "72%"
                    if p.r == 0x1C && p.g == 0x1C { found.gray = true }  // a tile
                }
            }
            return (found.green, found.white, found.gray, bytes)
        }
        let none = colors([])
        #expect(none.bytes.allSatisfy { $0 == 0 }, "the clear alone is black")
        let tiles = colors(.tiles)
        #expect(tiles.gray && !tiles.green && !tiles.white)
        let ring = colors([.tiles, .ring])
        #expect(ring.green && !ring.white)
        let all = colors(.all)
        #expect(all.green && all.white)
        let full = Canvas(width: 200, height: 120)
        scene.draw(on: full)
        #expect(
            all.bytes
                == (0..<120).flatMap { y in
                    (0..<200).map { x in
                        let p = full[x, y]
                        return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b)
                    }
                }, "all parts are the scene")
        #expect(ReferenceScene.Parts(parsing: "text,tiles") == [.text, .tiles])
        #expect(ReferenceScene.Parts(parsing: "none") == [])
        var wrong = try BenchCommand.parse(["--parts", "tiles,clock", "--size", "64x40"])
        #expect(throws: (any Error).self) { try wrong.run() }
    }

    @Test(
        "--cpu avx2 and --cpu baseline write the frame bytes of every path; other names are refused"
    )
    func cpuPaths() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let frames = try ["all", "avx2", "baseline"].map { cpu in
            try Self.frame(["--size", "400x240", "--no-uncached", "--cpu", cpu], in: directory)
        }
        #expect(frames[1] == frames[0] && frames[2] == frames[0])
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--cpu", "neon"]) }
    }

    @Test("--transition times a view switch, a stack swipe and a cross-fade against a memcpy")
    func transition() throws {
        let fonts = try FontDatabase()
        let line = try TransitionBench(
            size: PixelSize(width: 64, height: 40), repeats: 3, fonts: fonts
        )
        .measure()
        let fields = Dictionary(
            uniqueKeysWithValues: line.split(separator: " ").compactMap { field in
                let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
                return parts.count == 2 ? (parts[0], parts[1]) : nil
            })
        #expect(fields["size"] == "64x40")
        for name in [
            "memcpy_ms", "view_swipe_ms", "view_swipe_x", "stack_swipe_ms", "cross_fade_ms",
            "cross_fade_x",
        ] {
            #expect(Double(fields[name] ?? "") ?? -1 >= 0, "\(name) in \(line)")
        }
    }
}
