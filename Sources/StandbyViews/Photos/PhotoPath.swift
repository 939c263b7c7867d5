import SystemSupport

/// A photo's path relative to the folder, as the file system's bytes.
///
/// A Linux file name is any bytes but `/` and NUL, not necessarily UTF-8 (a camera card or an
/// old archive written in Latin-1): the photo is found and opened by these bytes, so such a
/// name shows like any other. Its ``description``, for log lines and tests, is the name as
/// text with every byte that is not valid UTF-8, and every control character, escaped
/// (``SystemSupport/OutsideText``): `caf\xE9.jpg`.
///
/// ```swift
/// let photo: PhotoPath = "2024/beach.jpg"
/// photo.components   // [[0x32, 0x30, 0x32, 0x34], [0x62, …]]
/// "\(PhotoPath([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A, 0x70, 0x67]))"   // "caf\xE9.jpg"
/// ```
public struct PhotoPath: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The path's bytes: names separated by `/`.
    public let bytes: [UInt8]

    /// The path of these bytes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path of this text's UTF-8.
    public init(stringLiteral text: String) {
        bytes = Array(text.utf8)
    }

    /// The names along the path.
    var components: [[UInt8]] {
        bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map(Array.init)
    }

    /// The path as one line of text, escaped where it is not plain UTF-8 text.
    public var description: String {
        OutsideText.escaped(bytes, limit: Self.shownBytes)
    }

    /// The most bytes of a path a message shows: three folders and a file of 255 bytes each.
    static let shownBytes = 1024

    /// By bytes: the order of the names' UTF-8 where they are text.
    public static func < (lhs: PhotoPath, rhs: PhotoPath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    /// This path with `name` appended below it.
    func appending(_ name: [UInt8]) -> PhotoPath {
        PhotoPath(bytes.isEmpty ? name : bytes + [UInt8(ascii: "/")] + name)
    }
}
