import Foundation

/// Where a golden image and its failure artifacts live, derived from the test file's path.
///
/// For a test file `<package>/Tests/<Target>/…/<File>.swift` and a golden `name`:
/// - the golden is `<package>/Tests/<Target>/Goldens/<folder>/<name>.png`, where `folder`
///   defaults to `<File>` (one `@Suite` per file, named like it: `ImageDrawingTests`);
/// - a failure writes `<package>/.build/golden-failures/<Target>/<folder>/<name>.actual.png`
///   and `<name>.diff.png`.
///
/// ```swift
/// let location = GoldenLocation(testFile: "\(#filePath)", folder: nil, name: "fit")
/// // location.goldenPath == ".../Tests/RasterTests/Goldens/ImageDrawingTests/fit.png"
/// ```
public struct GoldenLocation: Sendable, Equatable {
    /// The golden PNG.
    public var goldenPath: String
    /// Where the rendered image is written when it does not match (or has no golden yet).
    public var actualPath: String
    /// Where the picture of the differences is written when the image does not match.
    public var diffPath: String

    /// Locates the golden `name` for a test in `testFile`.
    ///
    /// `folder` replaces the test file's name as the folder under `Goldens/`. Default: nil.
    /// A test file outside any `Tests/<Target>/` keeps its goldens in a `Goldens/` folder
    /// beside it, and writes failures under the temporary directory.
    public init(testFile: String, folder: String? = nil, name: String) {
        let parts = testFile.split(separator: "/", omittingEmptySubsequences: false).map(
            String.init)
        let fileName = parts.last ?? testFile
        let stem = fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName
        let group = folder ?? stem
        // The last "Tests" directory with a target directory and a file below it.
        guard parts.count >= 3,
            let testsIndex = parts[..<(parts.count - 2)].lastIndex(of: "Tests")
        else {
            let directory = parts.dropLast().joined(separator: "/")
            goldenPath = "\(directory)/Goldens/\(group)/\(name).png"
            let failures = "\(NSTemporaryDirectory())golden-failures/\(group)"
            actualPath = "\(failures)/\(name).actual.png"
            diffPath = "\(failures)/\(name).diff.png"
            return
        }
        let root = parts[..<testsIndex].joined(separator: "/")
        let target = parts[testsIndex + 1]
        goldenPath = "\(root)/Tests/\(target)/Goldens/\(group)/\(name).png"
        let failures = "\(root)/.build/golden-failures/\(target)/\(group)"
        actualPath = "\(failures)/\(name).actual.png"
        diffPath = "\(failures)/\(name).diff.png"
    }

    /// A golden kept outside the tests, such as a picture of the documentation: the golden is
    /// `<package>/<path>` and a failure writes `<package>/.build/golden-failures/<path>` with
    /// `.actual.png` and `.diff.png` for its extension.
    ///
    /// ```swift
    /// let location = GoldenLocation(package: root, path: "docs/widgets/clock.png")
    /// // location.diffPath == "<root>/.build/golden-failures/docs/widgets/clock.diff.png"
    /// ```
    public init(package root: String, path: String) {
        goldenPath = "\(root)/\(path)"
        let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
        actualPath = "\(root)/.build/golden-failures/\(stem).actual.png"
        diffPath = "\(root)/.build/golden-failures/\(stem).diff.png"
    }
}
