import Foundation
import Testing

/// A throwaway sysfs tree in a temporary folder: IIO devices, backlights, loose files.
///
/// Removed when the value goes away; each test makes its own.
final class FakeSysfs {
    /// The tree's root, passed as `sysfsRoot`.
    let root: String

    init() throws {
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("nightstand-sysfs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Creates `/bus/iio/devices/iio:deviceN` with a `name` and the given attribute files;
    /// returns its path.
    @discardableResult
    func iioDevice(_ number: Int, name: String?, _ attributes: [String: String]) throws -> String {
        let directory = "\(root)/bus/iio/devices/iio:device\(number)"
        var files = attributes
        if let name { files["name"] = name + "\n" }
        try write(files, in: directory)
        return directory
    }

    /// Creates `/class/backlight/NAME` with the given files; returns its path.
    @discardableResult
    func backlight(_ name: String, _ files: [String: String]) throws -> String {
        let directory = "\(root)/class/backlight/\(name)"
        try write(files, in: directory)
        return directory
    }

    /// Writes `contents` to `relative` under the root (creating folders); returns its path.
    @discardableResult
    func file(_ relative: String, _ contents: String) throws -> String {
        let path = "\(root)/\(relative)"
        try write(
            [(path as NSString).lastPathComponent: contents],
            in: (path as NSString).deletingLastPathComponent)
        return path
    }

    /// Removes `path` (a device that went away).
    func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }

    /// The contents of `path`.
    func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    private func write(_ files: [String: String], in directory: String) throws {
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        for (name, contents) in files {
            let path = "\(directory)/\(name)"
            guard FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
    }
}
