import Foundation
import Raster
import Testing

/// The environment variable that turns ``assertGolden(_:named:folder:tolerance:maxDifferingPixels:filePath:line:sourceLocation:)``
/// into a recorder: `NIGHTSTAND_RECORD_GOLDENS=1`.
public let recordGoldensVariable = "NIGHTSTAND_RECORD_GOLDENS"

/// Checks a rendered canvas against its golden PNG, or records the golden when asked to.
///
/// The golden is `Tests/<Target>/Goldens/<folder>/<name>.png` next to the calling test file
/// (see ``GoldenLocation``). Three outcomes besides a match, each a recorded issue that fails
/// the test:
/// - `NIGHTSTAND_RECORD_GOLDENS=1` is set: the canvas is written as the golden, and the test
///   fails anyway so that nothing is recorded silently; run again without it to verify.
/// - The golden is missing: the issue gives the command that records it.
/// - The canvas differs: the rendered image and a diff picture go to
///   `.build/golden-failures/<Target>/<folder>/`, and the issue gives the number of pixels that
///   differ beyond `tolerance` and the largest channel delta.
///
/// Pixels are compared as premultiplied channels; one differs when a channel is more than
/// `tolerance` away. Open every PNG you record before committing it.
///
/// ```swift
/// @Test func roundedRectangleCorners() {
///     let canvas = Canvas(width: 64, height: 64)
///     canvas.fill(Path(roundedRect: Rect(x: 8, y: 8, width: 48, height: 48), cornerRadius: 12),
///                 with: Paint(color: .systemBlue))
///     assertGolden(canvas, named: "rounded-rect-corners")
/// }
/// ```
///
/// ```
/// NIGHTSTAND_RECORD_GOLDENS=1 swift test --filter RasterTests.FillTests
/// ```
///
/// - Parameters:
///   - canvas: The rendered pixels.
///   - name: The golden's file name without `.png`, after the test: `fit-bilinear`.
///   - folder: The folder under `Goldens/`. Default: the test file's name (its suite).
///   - tolerance: The largest per-channel difference that still matches. Default: 1. Say in
///     the test why when it is wider (text across FreeType versions, RGB565).
///   - maxDifferingPixels: How many pixels may differ beyond `tolerance`. Default: 0.
///   - filePath: The test file; locates the target's `Goldens/`. Default: the caller's.
///   - line: The line XCTest reports a failure at. Default: the caller's.
///   - sourceLocation: Where swift-testing reports a failure. Default: the caller's.
public func assertGolden(
    _ canvas: Canvas, named name: String, folder: String? = nil, tolerance: UInt8 = 1,
    maxDifferingPixels: Int = 0, filePath: StaticString = #filePath, line: UInt = #line,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertGolden(
        canvas, at: GoldenLocation(testFile: "\(filePath)", folder: folder, name: name),
        tolerance: tolerance, maxDifferingPixels: maxDifferingPixels, filePath: filePath,
        line: line, sourceLocation: sourceLocation)
}

/// Checks a rendered canvas against the golden PNG at `location`, or records it when asked
/// to: ``assertGolden(_:named:folder:tolerance:maxDifferingPixels:filePath:line:sourceLocation:)``
/// for a golden kept elsewhere, such as a picture of the documentation
/// (``GoldenLocation/init(package:path:)``).
///
/// ```swift
/// assertGolden(canvas, at: GoldenLocation(package: root, path: "docs/widgets/clock.png"))
/// ```
public func assertGolden(
    _ canvas: Canvas, at location: GoldenLocation, tolerance: UInt8 = 1,
    maxDifferingPixels: Int = 0, filePath: StaticString = #filePath, line: UInt = #line,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    func fail(_ message: String) {
        recordFailure(message, filePath: filePath, line: line, sourceLocation: sourceLocation)
    }
    let name = ((location.goldenPath as NSString).lastPathComponent as NSString)
        .deletingPathExtension
    let recordCommand = "\(recordGoldensVariable)=1 swift test --filter <this test>"

    if isRecordingGoldens {
        do {
            try writePNG(canvas, to: location.goldenPath)
            fail(
                "Recorded golden \(location.goldenPath) (\(recordGoldensVariable) is set). Open it "
                    + "and check it, then run again without \(recordGoldensVariable).")
        } catch {
            fail("Could not record golden: \(error)")
        }
        return
    }

    guard FileManager.default.fileExists(atPath: location.goldenPath) else {
        let saved = (try? writePNG(canvas, to: location.actualPath)) != nil
        fail(
            "No golden at \(location.goldenPath). Record it with \(recordCommand)"
                + (saved ? "; the rendered image is at \(location.actualPath)" : ""))
        return
    }

    let expected: Bitmap
    do {
        expected = try PNGDecoder.decode(file: location.goldenPath)
    } catch {
        fail("Could not read golden: \(error)")
        return
    }
    let difference = ImageDifference(actual: canvas, expected: expected, tolerance: tolerance)
    guard
        difference.actualSize != difference.expectedSize
            || difference.differingPixels > maxDifferingPixels
    else { return }

    var artifacts = ""
    do {
        try writePNG(canvas, to: location.actualPath)
        let diff = ImageDifference.diffImage(
            actual: canvas, expected: expected, tolerance: tolerance)
        try writePNG(diff, to: location.diffPath)
        artifacts = " Rendered: \(location.actualPath); diff: \(location.diffPath)."
    } catch {
        artifacts = " (Could not write the failure images: \(error).)"
    }
    fail(
        "Golden \(name) does not match: \(difference.summary) (\(maxDifferingPixels) allowed)."
            + artifacts + " If the change is intended, re-record with \(recordCommand).")
}

/// Whether `NIGHTSTAND_RECORD_GOLDENS` asks for goldens to be recorded (set, and not `0`).
public var isRecordingGoldens: Bool {
    guard let value = ProcessInfo.processInfo.environment[recordGoldensVariable] else {
        return false
    }
    return !value.isEmpty && value != "0"
}

/// Writes `canvas` as a PNG at `path`, creating the directories on the way.
private func writePNG(_ canvas: Canvas, to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    try PNGEncoder.write(canvas, to: path)
}
