/// `Never` is the body type of primitive views, which WidgetUI lays out and draws itself.
///
/// Views such as ``Color``, ``Spacer`` or the stacks have no body of their own; their `Body` is
/// `Never`, and asking for it is a programming error.
extension Never: View {
    /// The body of `Never`, which cannot be produced.
    public typealias Body = Never

    /// Never called: a primitive view has no body.
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Stops the program: WidgetUI draws primitive views itself and never asks for this body.
    ///
    /// Primitive views (stacks, shapes, colors, modifiers) adopt this default; writing `body` by
    /// hand is only for views composed of other views.
    public var body: Never {
        fatalError("\(Self.self) is a primitive view; WidgetUI lays it out itself")
    }
}
