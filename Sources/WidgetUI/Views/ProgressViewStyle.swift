/// A look for a ``ProgressView``.
///
/// Pick a built-in style with `progressViewStyle(_:)`, or write your own from the
/// configuration.
///
/// ```swift
/// struct PercentStyle: ProgressViewStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) %")
///     }
/// }
/// ```
public protocol ProgressViewStyle {
    /// The view a configured progress view becomes.
    associatedtype Body: View

    /// The properties of the progress view being drawn.
    typealias Configuration = ProgressViewStyleConfiguration

    /// The view for a progress view with these properties.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``ProgressViewStyle`` draws: the fraction done, and the progress view's labels.
///
/// ```swift
/// Capsule().frame(width: 100 * (configuration.fractionCompleted ?? 0), height: 4)
/// ```
public struct ProgressViewStyleConfiguration {
    /// The fraction done, 0…1, or `nil` when unknown.
    public var fractionCompleted: Double?
    /// The view that says what is in progress, if any.
    public var label: AnyView?
    /// The view that shows the current value, if any.
    public var currentValueLabel: AnyView?
}

/// A progress view style that draws a horizontal bar, as wide as offered.
///
/// The label sits above the 4-point bar, the current value label below in the caption font
/// and the secondary style. The track is the system fill gray, the fill the tint; an unknown
/// amount is an empty track.
///
/// ```swift
/// ProgressView(value: 0.3).progressViewStyle(.linear)
/// ```
public struct LinearProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}

    /// The label, the bar and the current value label.
    public func makeBody(configuration: Configuration) -> some View {
        VStack(alignment: .leading, spacing: 4) {
            configuration.label
            BarTrack(
                kind: .capacity(configuration.fractionCompleted ?? 0), thickness: 4,
                tone: .systemFill)
            configuration.currentValueLabel.font(.caption).foregroundStyle(.secondary)
        }
    }
}

/// A progress view style that draws a ring filled clockwise from the top, or a spinner when
/// the amount is unknown, with the labels below in the secondary style.
///
/// ```swift
/// ProgressView(value: 0.3).progressViewStyle(.circular)
/// ```
///
/// ## Differences from SwiftUI
///
/// On iOS a circular progress view is always a spinner; here a known amount is a 24-point ring
/// (system fill track, tint fill), so the value shows in a static widget.
public struct CircularProgressViewStyle: ProgressViewStyle {
    /// Creates the style.
    public init() {}

    /// The ring or spinner, then the labels.
    public func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 8) {
            if let fraction = configuration.fractionCompleted {
                RingTrack(kind: .capacity(fraction), lineWidthRatio: 0.125, tone: .systemFill)
                    .frame(width: 24, height: 24)
            } else {
                ActivityIndicator()
            }
            Group {
                configuration.label
                configuration.currentValueLabel.font(.caption)
            }
            .foregroundStyle(.secondary)
        }
    }
}

/// The progress view style used when none is set: a bar for a known amount, a spinner for an
/// unknown one, as on iOS.
///
/// ```swift
/// ProgressView().progressViewStyle(.automatic)
/// ```
public struct DefaultProgressViewStyle: ProgressViewStyle {
    /// Creates the default style.
    public init() {}

    /// A linear bar, or a spinner when the amount is unknown.
    public func makeBody(configuration: Configuration) -> some View {
        if configuration.fractionCompleted == nil {
            CircularProgressViewStyle().makeBody(configuration: configuration)
        } else {
            LinearProgressViewStyle().makeBody(configuration: configuration)
        }
    }
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// A horizontal bar.
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// A ring, or a spinner when the amount is unknown.
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    /// A bar, or a spinner when the amount is unknown.
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}

extension View {
    /// Sets the style of the progress views in this view.
    ///
    /// ```swift
    /// ProgressView(value: 0.3).progressViewStyle(.circular)
    /// ```
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.progressViewStyle = style }
    }
}

extension EnvironmentValues {
    /// The style progress views are drawn in; `progressViewStyle(_:)` sets it.
    var progressViewStyle: any ProgressViewStyle {
        get { self[ProgressViewStyleKey.self] }
        set { self[ProgressViewStyleKey.self] = newValue }
    }
}

private struct ProgressViewStyleKey: EnvironmentKey {
    static var defaultValue: any ProgressViewStyle { DefaultProgressViewStyle() }
}
