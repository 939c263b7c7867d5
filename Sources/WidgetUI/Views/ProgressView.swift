/// A view that shows how far a task has come: a bar or a ring filled to a fraction, or a
/// spinner when the amount is unknown.
///
/// The look comes from the ``ProgressViewStyle`` in the environment (`progressViewStyle(_:)`):
/// by default a bar for a known amount and a spinner for an unknown one (`value: nil`). The
/// fill is the `tint`, the accent color by default. Values clamp to `0…total`; a value that
/// isn't finite, or a total that isn't positive, draws as empty.
///
/// ```swift
/// ProgressView(value: entry.downloaded, total: entry.size) {
///     Text("Podcast")
/// } currentValueLabel: {
///     Text("\(Int(entry.downloaded / entry.size * 100)) %")
/// }
/// .tint(.purple)
/// ```
///
/// ## Differences from SwiftUI
///
/// A widget is never animated: the spinner is drawn at rest, and `ProgressView(timerInterval:)`
/// is not available. Values are converted to `Double`.
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    /// The fraction done, 0…1, or `nil` when unknown.
    let fraction: Double?
    let label: Label?
    let currentValueLabel: CurrentValueLabel?

    init(fraction: Double?, label: Label?, currentValueLabel: CurrentValueLabel?) {
        self.fraction = fraction
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    /// Creates a progress view with a label and a current value label.
    public init<V: BinaryFloatingPoint>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            fraction: value.map { controlFraction(Double($0), lower: 0, upper: Double(total)) },
            label: label(), currentValueLabel: currentValueLabel())
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// Creates a progress view with a label.
    ///
    /// ```swift
    /// ProgressView(value: 0.3) { Text("Backup") }
    /// ```
    public init<V: BinaryFloatingPoint>(
        value: V?, total: V = 1.0, @ViewBuilder label: () -> Label
    ) {
        self.init(value: value, total: total, label: label) { EmptyView() }
    }

    /// Creates a progress view of unknown amount with a label: a spinner by default.
    ///
    /// ```swift
    /// ProgressView { Text("Updating") }
    /// ```
    public init(@ViewBuilder label: () -> Label) {
        self.init(fraction: nil, label: label(), currentValueLabel: nil)
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// Creates a progress view titled by a string literal (a ``LocalizedStringKey``).
    ///
    /// ```swift
    /// ProgressView("Backup", value: 0.3)
    /// ```
    public init<V: BinaryFloatingPoint>(
        _ titleKey: LocalizedStringKey, value: V?, total: V = 1.0
    ) {
        self.init(value: value, total: total) { Text(titleKey) }
    }

    /// Creates a progress view titled by a string.
    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(
        _ title: S, value: V?, total: V = 1.0
    ) {
        self.init(value: value, total: total) { Text(title) }
    }

    /// Creates a progress view of unknown amount titled by a string literal (a
    /// ``LocalizedStringKey``).
    ///
    /// ```swift
    /// ProgressView("Updating")
    /// ```
    public init(_ titleKey: LocalizedStringKey) {
        self.init { Text(titleKey) }
    }

    /// Creates a progress view of unknown amount titled by a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) {
        self.init { Text(title) }
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// Creates a progress view without labels.
    ///
    /// ```swift
    /// ProgressView(value: 0.3)
    /// ```
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(value: value, total: total) { EmptyView() }
    }

    /// Creates a progress view of unknown amount without labels: a spinner by default.
    ///
    /// ```swift
    /// ProgressView()
    /// ```
    public init() {
        self.init(fraction: nil, label: nil, currentValueLabel: nil)
    }
}

extension ProgressView: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fraction, label: label.map { AnyView($0) },
            currentValueLabel: currentValueLabel.map { AnyView($0) })
        Self.body(of: environment.progressViewStyle, configuration)
            .resolve(in: environment, into: &nodes)
    }

    private static func body(
        of style: some ProgressViewStyle, _ configuration: ProgressViewStyleConfiguration
    ) -> AnyView {
        AnyView(style.makeBody(configuration: configuration))
    }
}
