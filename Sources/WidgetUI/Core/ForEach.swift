/// A view for each element of a collection, identified by an ID.
///
/// The enclosing container lays out each element's view as its own child. Elements are
/// identified by a key path to a `Hashable` ID, by their `Identifiable` ID, or by the integer
/// itself for a `Range<Int>`.
///
/// ```swift
/// VStack(alignment: .leading) {
///     ForEach(entry.events) { event in
///         Text(event.title)
///     }
///     ForEach(0..<3) { index in
///         Circle().frame(width: 6, height: 6)
///     }
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// IDs are kept but unused: a widget has no animations or state to carry between frames.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The collection of elements.
    public var data: Data
    /// Makes the view for one element.
    public var content: (Data.Element) -> Content
    let id: KeyPath<Data.Element, ID>

    /// Creates a view for each element, identified by the ID at a key path.
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
        self.id = id
        self.content = content
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Creates a view for each element of a collection of `Identifiable` elements.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Creates a view for each integer of a constant range.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        for element in data {
            content(element).resolve(in: environment, into: &nodes)
        }
    }
}
