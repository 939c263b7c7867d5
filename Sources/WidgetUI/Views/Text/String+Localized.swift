import Foundation

extension String {
    /// A key of ``String/init(localized:table:bundle:locale:comment:)``: Foundation's name for
    /// it on Apple's systems, a ``LocalizedStringKey`` here.
    public typealias LocalizationValue = LocalizedStringKey

    /// The words of a key in a language, looked up as `Text(key)` looks it up: in `bundle`'s
    /// `table` (default: the program's resource bundles), then in Nightstand's words.
    ///
    /// ```swift
    /// let title = String(localized: "Good morning")                      // "Guten Morgen"
    /// let count = String(localized: "\(3) new messages", bundle: .module)
    /// ```
    ///
    /// ## Differences from Foundation
    ///
    /// Foundation on Linux has no `String(localized:)`; this one is Nightstand's. `locale`
    /// defaults to the display's (``EnvironmentValues/displayLocale``), and interpolated dates
    /// and values read as they would in a ``Text`` at the moment of the call.
    public init(
        localized key: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = EnvironmentValues.displayLocale, comment: StaticString? = nil
    ) {
        var environment = EnvironmentValues()
        environment.locale = locale
        self = Text(key, tableName: table, bundle: bundle).string(in: environment)
    }

    /// The words of a resource in its locale.
    public init(localized resource: LocalizedStringResource) {
        self.init(
            localized: resource.key, table: resource.table, bundle: resource.bundle,
            locale: resource.locale)
    }
}

/// A key with the table and bundle to look it up in, to be made into words later: a
/// widget's title kept in a model, shown by `Text(resource)` or `String(localized:)`.
///
/// ```swift
/// let title: LocalizedStringResource = "Next Departure"
/// Text(title)
/// ```
public struct LocalizedStringResource: ExpressibleByStringInterpolation {
    /// The key.
    public var key: LocalizedStringKey
    /// The table (default `Localizable`).
    public var table: String?
    /// The bundle; nil for the program's resource bundles and Nightstand's words.
    public var bundle: Bundle?
    /// The language `String(localized:)` reads it in.
    ///
    /// Default: the display's.
    public var locale: Locale

    /// Creates a resource.
    public init(
        _ key: LocalizedStringKey, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = EnvironmentValues.displayLocale, comment: StaticString? = nil
    ) {
        self.key = key
        self.table = table
        self.bundle = bundle
        self.locale = locale
    }

    /// A resource of a string literal.
    public init(stringLiteral value: String) {
        self.init(LocalizedStringKey(value))
    }

    /// A resource of a string literal with interpolations.
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
        self.init(LocalizedStringKey(stringInterpolation: stringInterpolation))
    }
}

extension Text {
    /// Text of a resource's key, looked up in the environment's language when drawn.
    public init(_ resource: LocalizedStringResource) {
        self.init(resource.key, tableName: resource.table, bundle: resource.bundle)
    }
}
