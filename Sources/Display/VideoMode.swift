import Raster

/// A requested video mode: `WxH` with an optional refresh rate, as `1280x480@60`.
///
/// Config files and the command line write modes this way; DRM's mode list is matched against
/// it (any refresh when none is given).
public struct VideoMode: Hashable, Sendable, CustomStringConvertible {
    /// Active pixels per line.
    public var width: Int
    /// Active lines.
    public var height: Int
    /// Vertical refresh in Hz, or nil for "any".
    public var refresh: Int?

    /// Creates a mode request.
    public init(width: Int, height: Int, refresh: Int? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses `WxH` or `WxH@Hz`, each side from 1 to ``Raster/PixelSize/maximumSide``; nil for
    /// anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        // Each side from 1 to PixelSize.maximumSide.
        guard let size = PixelSize(parsing: String(parts[0])) else { return nil }
        var hz: Int?
        if parts.count == 2 {
            guard let r = Int(parts[1]), r > 0 else { return nil }
            hz = r
        }
        self.init(width: size.width, height: size.height, refresh: hz)
    }

    /// `WxH@Hz` or `WxH`.
    public var description: String {
        refresh.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)"
    }
}
