import FoundationEssentials

/// A widget's copy of its last download, kept on disk for when the network is gone.
package enum CacheFile {
    /// Writes `data` to `path` atomically, making its directory; returns the problem, if any.
    package static func store(_ data: Data, at path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            return nil
        } catch {
            return "could not write the cache \(path): \(reason(of: error))"
        }
    }
}
