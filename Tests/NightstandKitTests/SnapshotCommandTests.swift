import Ambient
import ArgumentParser
import Display
import Foundation
import Raster
import Standby
import SystemSupport
import Testing

@testable import NightstandProgram

@Suite("nightstand snapshot")
struct SnapshotCommandTests {
    private static let configuration = """
        [ambient]
        sensor = "bh1750"
        [layout]
        burn_in_shift = 0
        [[widget]]
        kind = "light"
        [[slot]]
        widgets = ["light"]
        """

    /// The frame and appearance of the light widget alone at 09:41, as `snapshot` draws it.
    private func frame(appearance: Appearance? = nil, lux: Double?) async throws
        -> (screen: Raster.Canvas, appearance: Appearance)
    {
        let configuration = try Configuration.parse(Self.configuration, file: "light.toml")
        let sink = try HeadlessSink(
            size: PixelSize(width: 400, height: 240), format: .xrgb8888, rotation: .degrees0,
            imagePath: nil, rawPath: nil)
        let start = try #require(DateTimeText.parse("2026-11-21T09:41:00"))
        let (host, shown) = try await SnapshotCommand.draw(
            configuration, on: sink, at: start, appearance: appearance, lux: lux)
        return (host.screen, shown)
    }

    private func differingPixels(_ a: Raster.Canvas, _ b: Raster.Canvas) -> Int {
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 }
        }
        return count
    }

    @Test(
        "an output that cannot be written fails the command with the OS error, status 73",
        arguments: ["/dev/full", "/nonexistent/directory/frame.png"])
    func outputFailure(out: String) async throws {
        let command = try SnapshotCommand.parse([
            "--out", out, "--size", "200x120", "--at", "2026-11-21T09:41",
        ])
        do {
            try await command.run()
            Issue.record("snapshot to \(out) succeeded")
        } catch let exit as ExitCode {
            #expect(exit.rawValue == 73)
        }
        let fine = try SnapshotCommand.parse(["--out", "/dev/null", "--size", "200x120"])
        try await fine.run()
    }

    @Test("with no usable font the log names no font that is not installed")
    func noFonts() throws {
        let directory = NSTemporaryDirectory() + "nightstand-nofonts-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A fontconfig configuration with no font directory at all.
        let config = directory + "/fonts.conf"
        try #"<?xml version="1.0"?><fontconfig><cachedir>\#(directory)</cachedir></fontconfig>"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("nightstand").path
        let run = try Program.run(
            [
                "env", "FONTCONFIG_FILE=\(config)", binary, "snapshot", "--size", "200x120",
                "--out", directory + "/frame.png",
            ], timeout: 60
        ).get()
        let log = String(decoding: run.standardError, as: UTF8.self)
        #expect(run.ending == .exited(0), "the display goes on without text")
        #expect(log.contains("nor any other font: text is not drawn"), "\(log)")
        #expect(!log.contains("using Inter"), "\(log)")
    }

    @Test("--lux beyond what a sensor may read is refused")
    func luxRange() async throws {
        let command = try SnapshotCommand.parse(["--lux", "1e300", "--out", "/dev/null"])
        await #expect(throws: ValidationError.self) { try await command.run() }
    }

    @Test("--lux reaches the light widget: 50 and 60 lux are both day, drawn differently")
    func luxShows() async throws {
        let fifty = try await frame(lux: 50)
        let sixty = try await frame(lux: 60)
        #expect(fifty.appearance == .day && sixty.appearance == .day)
        #expect(differingPixels(fifty.screen, sixty.screen) > 50)
        #expect(try await differingPixels(fifty.screen, frame(lux: 50).screen) == 0)
    }

    @Test("--lux chooses the appearance through the thresholds; --appearance overrides it")
    func luxChooses() async throws {
        #expect(try await frame(lux: 20).appearance == .dim)
        #expect(try await frame(lux: 2).appearance == .night)
        #expect(try await frame(appearance: .day, lux: 2).appearance == .day)
        #expect(try await frame(lux: nil).appearance == .day, "09:41 by the schedule")
    }
}
