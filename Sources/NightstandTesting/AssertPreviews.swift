import Foundation
import Standby
import Testing
import Widgets

/// Checks every `#Preview` of the program under test against golden PNGs, or records them: a
/// widget author's previews are their snapshot tests.
///
/// Each entry of each preview is drawn by day and at night as the `previews` command draws it
/// (``Standby/Preview/pictures(of:at:fonts:)``: StandBy's small square on black, English (US),
/// UTC) and compared with `Tests/<Target>/Goldens/<folder>/<picture>.png`, with the tolerance
/// and the recording step of ``assertGolden(_:named:folder:tolerance:maxDifferingPixels:filePath:line:sourceLocation:)``
/// (`NIGHTSTAND_RECORD_GOLDENS=1 swift test --filter …`). A golden in that folder that no
/// preview draws any more fails too, naming the file to remove.
///
/// ```swift
/// @Test func previews() async {
///     await assertPreviews(inModule: "MyDisplay", at: Date(timeIntervalSince1970: 1_795_254_323))
/// }
/// ```
///
/// - Parameters:
///   - module: Only the previews declared in this module (`#fileID`'s first part); nil for
///     every preview linked into the tests. Default: nil.
///   - date: The instant views and timeline providers are drawn at (a widget's entries are
///     drawn at their own dates).
///   - folder: The folder under `Goldens/`. Default: `Previews`.
public func assertPreviews(
    inModule module: String? = nil, at date: Date, folder: String = "Previews",
    tolerance: UInt8 = 1, maxDifferingPixels: Int = 0, filePath: StaticString = #filePath,
    line: UInt = #line, sourceLocation: SourceLocation = #_sourceLocation
) async {
    let previews = Preview.all.filter { preview in
        module.map { preview.fileID.hasPrefix("\($0)/") } ?? true
    }
    guard !previews.isEmpty else {
        recordFailure(
            "No #Preview found\(module.map { " in module \($0)" } ?? "") in the test program",
            filePath: filePath, line: line, sourceLocation: sourceLocation)
        return
    }
    let pictures = await Preview.pictures(of: previews, at: date)
    for picture in pictures {
        assertGolden(
            picture.canvas, named: picture.name, folder: folder, tolerance: tolerance,
            maxDifferingPixels: maxDifferingPixels, filePath: filePath, line: line,
            sourceLocation: sourceLocation)
    }
    let goldens = GoldenLocation(testFile: "\(filePath)", folder: folder, name: "-").goldenPath
    let directory = (goldens as NSString).deletingLastPathComponent
    let drawn = Set(pictures.map { "\($0.name).png" })
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for file in kept.sorted() where file.hasSuffix(".png") && !drawn.contains(file) {
        recordFailure(
            "Golden \(directory)/\(file) belongs to no preview any more: remove it",
            filePath: filePath, line: line, sourceLocation: sourceLocation)
    }
}
