import Foundation

/// A folder of its own under the system's temporary directory, removed with everything in it
/// when the value goes away.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// try Data().write(to: URL(fileURLWithPath: folder.path("empty.jpg")))
/// ```
public final class TemporaryFolder {
    /// The folder.
    public let url: URL

    /// Creates the folder.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("nightstand-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder; `""` is the folder itself.
    public func path(_ name: String) -> String {
        name.isEmpty ? url.path : url.appendingPathComponent(name).path
    }
}
