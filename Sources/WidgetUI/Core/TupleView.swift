/// Several views written one after another in a ``ViewBuilder`` block.
///
/// You don't create a `TupleView` yourself; a view builder makes one from a block of two or more
/// views. Containers lay out each element as its own child, so
/// `VStack { Text("a"); Text("b") }` has two children.
///
/// ## Differences from SwiftUI
///
/// The generic parameter is a pack of the element types (`TupleView<Text, Text>`) rather than a
/// tuple type (`TupleView<(Text, Text)>`).
public struct TupleView<each Content: View>: View {
    /// The views, in the order they were written.
    public var value: (repeat each Content) {
        get { storage.value }
        set {
            let elements = newValue
            storage = Storage(repeat each elements)
        }
        _modify {
            var elements = storage.value
            yield &elements
            storage = Storage(repeat each elements)
        }
    }

    /// The views, shared by copies: copying or destroying a tuple of a pack looks its layout up
    /// in the runtime's tuple-type cache (a lock) every time, and a tuple view is copied at each
    /// level of the tree that wraps it; a reference is copied with one retain.
    private var storage: Storage

    /// Creates a tuple view from its elements.
    public init(_ value: repeat each Content) {
        storage = Storage(repeat each value)
    }

    /// An immutable box for the elements.
    private final class Storage {
        let value: (repeat each Content)

        init(_ value: repeat each Content) {
            self.value = (repeat each value)
        }
    }
}

extension TupleView: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        for element in repeat each storage.value {
            element.resolve(in: environment, into: &nodes)
        }
    }
}
