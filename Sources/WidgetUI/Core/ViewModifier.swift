/// A reusable change to a view: padding, a background and a border that several views share.
///
/// Write the change in `body(content:)`, where `content` is the view being modified, and
/// apply it with ``View/modifier(_:)``, often through an extension on `View`:
///
/// ```swift
/// struct CardStyle: ViewModifier {
///     var tint: Color
///
///     func body(content: Content) -> some View {
///         content
///             .padding(8)
///             .background(tint.opacity(0.25), in: RoundedRectangle(cornerRadius: 12))
///     }
/// }
///
/// extension View {
///     func cardStyle(tint: Color = .indigo) -> some View {
///         modifier(CardStyle(tint: tint))
///     }
/// }
/// ```
///
/// A modifier's `@Environment` properties are set before `body(content:)` runs, as a view's
/// are before `body`.
public protocol ViewModifier {
    /// The type of view `body(content:)` returns.
    associatedtype Body: View

    /// The view being modified, as `body(content:)` receives it.
    typealias Content = _ViewModifier_Content<Self>

    /// The modified view: `content` with the change applied.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` modifies, as its `body(content:)` receives it.
///
/// It stands for the modified view wherever `body(content:)` places it, under the environment
/// of that place.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    /// Resolves the modified view under an environment.
    let resolveContent: (EnvironmentValues, inout [LayoutNode]) -> Void

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        resolveContent(environment, &nodes)
    }
}

/// A view with a ``ViewModifier`` applied: what ``View/modifier(_:)`` returns.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView {
    /// The view being modified.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// Applies `modifier` to `content`.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        if let problem = EnvironmentReader.inject(environment, into: modifier) {
            environment.imageCache?.reportOnce(problem)
            return
        }
        let content = self.content
        let proxy = _ViewModifier_Content<Modifier> { content.resolve(in: $0, into: &$1) }
        modifier.body(content: proxy).resolve(in: environment, into: &nodes)
    }
}

extension View {
    /// Applies a modifier to this view.
    ///
    /// ```swift
    /// Text("Quote of the day").modifier(CardStyle(tint: .indigo))
    /// ```
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> ModifiedContent<
        Self, Modifier
    > {
        ModifiedContent(content: self, modifier: modifier)
    }
}
