/// The sizes of a rectangle's four corners, for a rectangle rounded unevenly
/// (``Path/addRoundedRect(in:corners:style:)``); a zero size leaves its corner square.
public struct CornerSizes: Sendable, Hashable {
    /// The top left corner's width and height.
    public var topLeft: Size
    /// The top right corner's.
    public var topRight: Size
    /// The bottom right corner's.
    public var bottomRight: Size
    /// The bottom left corner's.
    public var bottomLeft: Size

    /// Corners of these sizes.
    public init(topLeft: Size, topRight: Size, bottomRight: Size, bottomLeft: Size) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Four corners of one size.
    public init(all size: Size) {
        self.init(topLeft: size, topRight: size, bottomRight: size, bottomLeft: size)
    }

    /// The four, clockwise from the top left.
    public var all: [Size] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Each corner changed by `transform`.
    public func map(_ transform: (Size) -> Size) -> CornerSizes {
        CornerSizes(
            topLeft: transform(topLeft), topRight: transform(topRight),
            bottomRight: transform(bottomRight), bottomLeft: transform(bottomLeft))
    }
}
