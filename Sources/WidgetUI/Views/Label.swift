/// A title with an icon beside it: the standard way to show a value with a symbol.
///
/// The environment's label style (``View/labelStyle(_:)``) decides what shows: by default the
/// icon, then 8 points, then the title, the icon's middle level with the middle of the
/// title's capitals, as iOS draws labels.
///
/// ```swift
/// VStack(alignment: .leading) {
///     Label("Sunrise 06:42", systemImage: "sunrise.fill")
///     Label("Living room", image: "sofa")
///     Label {
///         Text("Battery").bold()
///     } icon: {
///         Circle().fill(.green).frame(width: 8, height: 8)
///     }
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// Labels are not localized, and they don't change style by context (lists, toolbars); only
/// ``View/labelStyle(_:)`` changes them.
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon

    /// Creates a label from a title view and an icon view.
    ///
    /// ```swift
    /// Label {
    ///     Text("72°")
    /// } icon: {
    ///     Image(systemName: "thermometer")
    /// }
    /// ```
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }
}

extension Label where Title == Text, Icon == Image {
    /// Creates a label titled by a string literal (a ``LocalizedStringKey``) with a system
    /// symbol icon.
    ///
    /// ```swift
    /// Label("\(likes)", systemImage: "heart.fill")
    /// ```
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// Creates a label titled by a string literal (a ``LocalizedStringKey``) with a PNG image
    /// icon.
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }

    /// Creates a label with a text title and a system symbol icon.
    ///
    /// ```swift
    /// Label(entry.status, systemImage: "cloud.rain.fill")
    /// ```
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// Creates a label with a text title and a PNG image icon (see ``Image/init(_:)``).
    ///
    /// ```swift
    /// Label("Kitchen", image: "kitchen")
    /// ```
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

extension Label: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let configuration = LabelStyleConfiguration(
            title: LabelStyleConfiguration.Title(content: AnyView(title)),
            icon: LabelStyleConfiguration.Icon(content: AnyView(icon)))
        environment.labelStyle.makeAnyBody(configuration).resolve(in: environment, into: &nodes)
    }
}
