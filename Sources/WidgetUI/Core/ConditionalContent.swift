/// The view an `if`/`else` or `switch` in a ``ViewBuilder`` chose.
///
/// You don't create this type yourself; ``ViewBuilder`` makes one for each branch point.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }

    let storage: Storage
}

extension _ConditionalContent: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        switch storage {
        case .trueContent(let view): view.resolve(in: environment, into: &nodes)
        case .falseContent(let view): view.resolve(in: environment, into: &nodes)
        }
    }
}
