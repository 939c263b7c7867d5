/// What a widget shows when it has nothing to show: a large symbol, a title, a description
/// and actions, centered in the space offered.
///
/// ```swift
/// ContentUnavailableView("No Trips", systemImage: "tram",
///                        description: Text("Add a stop in the app."))
/// ContentUnavailableView {
///     Label("Offline", systemImage: "wifi.slash")
/// } description: {
///     Text("Prices update when the network is back.")
/// }
/// ```
///
/// The label's icon is drawn at 48 points in the secondary style, its title in `.title2`
/// bold, the description in `.callout` in the secondary style, 8 points apart; the whole
/// takes all the space offered and centers its content, as iOS lays it out.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions

    /// Creates the view from a label, a description and actions.
    public init(
        @ViewBuilder label: () -> Label,
        @ViewBuilder description: () -> Description = {
            EmptyView()
        }, @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    /// The symbol, title, description and actions, centered.
    public var body: some View {
        VStack(spacing: 8) {
            label
                .labelStyle(ContentUnavailableLabelStyle())
            description
                .font(.callout)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
            actions
        }
        .padding(8)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

extension ContentUnavailableView
where Label == WidgetUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// Creates the view from a title (a ``LocalizedStringKey``), a system symbol and an
    /// optional description.
    public init(
        _ title: LocalizedStringKey, systemImage name: String, description: Text? = nil
    ) {
        self.init(
            label: { WidgetUI.Label(title, systemImage: name) }, description: { description })
    }

    /// Creates the view from a title string, a system symbol and an optional description.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, systemImage name: String, description: Text? = nil
    ) {
        self.init(
            label: { WidgetUI.Label(title, systemImage: name) }, description: { description })
    }

    /// The view for a search without results.
    public static var search: Self {
        ContentUnavailableView(
            "No Results", systemImage: "magnifyingglass",
            description: Text("Check the spelling or try a new search."))
    }

    /// The view for a search for `text` without results.
    public static func search(text: String) -> Self {
        ContentUnavailableView(
            LocalizedStringKey("No Results for “\(text)”"), systemImage: "magnifyingglass",
            description: Text("Check the spelling or try a new search."))
    }
}

/// The label style of ``ContentUnavailableView``: the icon large above the bold title.
struct ContentUnavailableLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 8) {
            configuration.icon
                .font(.system(size: 48))
                .foregroundStyle(.secondary)
            configuration.title
                .font(.title2)
                .bold()
                .multilineTextAlignment(.center)
        }
    }
}
