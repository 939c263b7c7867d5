import Foundation

/// A color of an asset catalog, by name and bundle: what Xcode generates a symbol for each
/// colorset as (`ColorResource.brandBlue`), and Nightstand's `AssetSymbols` build-tool
/// plugin generates here.
///
/// ```swift
/// // Generated from Assets.xcassets/BrandBlue.colorset:
/// extension ColorResource {
///     static let brandBlue = ColorResource(name: "BrandBlue", bundle: .module)
/// }
/// Text("Hi").foregroundStyle(Color(.brandBlue))
/// ```
public struct ColorResource: Hashable, Sendable {
    /// The colorset's name in its catalog.
    public let name: String
    /// The bundle whose catalogs hold it.
    public let bundle: Bundle

    /// Names the colorset `name` of `bundle`'s catalogs.
    public init(name: String, bundle: Bundle) {
        self.name = name
        self.bundle = bundle
    }
}

/// An image of an asset catalog, by name and bundle: what Xcode generates a symbol for each
/// image set as (`ImageResource.climeClear`), and the `AssetSymbols` plugin generates here.
///
/// ```swift
/// Image(.climeClear).resizable().scaledToFit()
/// ```
public struct ImageResource: Hashable, Sendable {
    /// The image set's name in its catalog.
    public let name: String
    /// The bundle whose catalogs hold it.
    public let bundle: Bundle

    /// Names the image set `name` of `bundle`'s catalogs.
    public init(name: String, bundle: Bundle) {
        self.name = name
        self.bundle = bundle
    }
}

extension Color {
    /// The color of the colorset `name` in an asset catalog (`Assets.xcassets`) of `bundle`,
    /// or with no bundle of the program and its resource bundles.
    ///
    /// ```swift
    /// Color("BrandBlue")
    /// ```
    ///
    /// A name no catalog has draws clear and is reported once, naming the catalogs looked
    /// in. The catalog is read once per process.
    ///
    /// ## Differences from SwiftUI
    ///
    /// The color is the colorset's dark appearance when it has one, else its appearance for
    /// any (StandBy is always dark); `preferredColorScheme(.light)` doesn't change it. System
    /// color references in a colorset are not resolved.
    public init(_ name: String, bundle: Bundle? = nil) {
        self = AssetCatalogs.shared.color(named: name, bundle: bundle)
    }

    /// The color of a generated asset symbol: `Color(.brandBlue)`.
    public init(_ resource: ColorResource) {
        self.init(resource.name, bundle: resource.bundle)
    }
}

extension Image {
    /// The image of a generated asset symbol: `Image(.climeClear)`.
    public init(_ resource: ImageResource) {
        self.init(resource.name, bundle: resource.bundle)
    }
}
