/// Keys that shape images and symbols.
extension EnvironmentValues {
    /// The directories `Image("name")` looks in for `name.png`, in order, when no asset
    /// catalog has an image set `name`; the first hit wins.
    ///
    /// Relative directories are resolved against the process's working directory.
    ///
    /// Default: `["images", "/etc/nightstand/images", "/usr/share/nightstand/images"]`: a
    /// widget's own `images` folder beside where the host runs, then the system-wide
    /// configuration, then images installed with Nightstand.
    ///
    /// ```swift
    /// WeatherView(entry: entry)
    ///     .environment(\.imageDirectories, ["/home/pi/widgets/weather/images"])
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// SwiftUI finds named images only in asset catalogs; here an image set of the program's
    /// catalogs comes first, and these directories are looked in after them.
    public var imageDirectories: [String] {
        get { self[ImageDirectoriesKey.self] }
        set { self[ImageDirectoriesKey.self] = newValue }
    }

    /// The size of symbol images relative to their font.
    ///
    /// Default: `.medium`.
    ///
    /// ```swift
    /// Label("Alarm", systemImage: "alarm").imageScale(.small)
    /// ```
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }

    /// How symbol images are colored, or `nil` for each symbol's default (monochrome).
    ///
    /// Default: `nil`.
    ///
    /// ```swift
    /// Image(systemName: "sun.max.fill").symbolRenderingMode(.multicolor)
    /// ```
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { self[SymbolRenderingModeKey.self] }
        set { self[SymbolRenderingModeKey.self] = newValue }
    }

    /// The renderer's image cache: decoded PNGs, symbol glyphs, problems already logged.
    ///
    /// The host sets it once for its renderer; when nobody does, each frame gets a fresh
    /// cache, which is correct but decodes and logs again every frame.
    ///
    /// Default: `nil`.
    ///
    /// ```swift
    /// environment.imageCache = ImageCache()
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// SwiftUI has no such value; its image cache is internal.
    public var imageCache: ImageCache? {
        get { self[ImageCacheKey.self]?.cache }
        set { self[ImageCacheKey.self] = newValue.map(ImageCacheBox.init) }
    }

    /// The style `Label`s draw with (`labelStyle(_:)`).
    var labelStyle: any LabelStyle {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }
}

private struct ImageDirectoriesKey: EnvironmentKey {
    static let defaultValue = ["images", "/etc/nightstand/images", "/usr/share/nightstand/images"]
}

private struct ImageScaleKey: EnvironmentKey {
    static let defaultValue = Image.Scale.medium
}

private struct SymbolRenderingModeKey: EnvironmentKey {
    static let defaultValue: SymbolRenderingMode? = nil
}

/// Holds the (non-`Sendable`) image cache in the environment.
private struct ImageCacheBox {
    let cache: ImageCache
}

private struct ImageCacheKey: EnvironmentKey {
    static var defaultValue: ImageCacheBox? { nil }
}

private struct LabelStyleKey: EnvironmentKey {
    static var defaultValue: any LabelStyle { TitleAndIconLabelStyle() }
}
