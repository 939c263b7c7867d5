/// Builds a view from the statements of a closure: a list of views, `if`, `if let`, `switch`.
///
/// `body` and the content closures of containers (`VStack { … }`, `Group { … }`, …) are view
/// builders. Several views become a ``TupleView`` that containers treat as separate children;
/// `if`/`else` and `switch` choose one branch; an `if` without `else` yields nothing when false.
///
/// ```swift
/// VStack {
///     Text("Now")
///     if let next {
///         Text(next.title)
///     }
///     switch family {
///     case .systemSmall: Text("Small")
///     default: Text("Other")
///     }
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// Any number of views is allowed in one block (parameter packs), not just ten.
@resultBuilder
public enum ViewBuilder {
    /// An empty block builds an ``EmptyView``.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A block with one view builds that view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// A block with several views builds a ``TupleView`` of them, in order.
    public static func buildBlock<each Content: View>(
        _ content: repeat each Content
    ) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    /// Each statement of the block must be a view.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// An `if` without `else`: the view, or nothing when the condition is false.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// An `if` without `else` (the builder's modern spelling of ``buildIf(_:)``).
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// An `if #available` branch, type-erased so that newer types stay out of the signature.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
        AnyView(content)
    }
}
