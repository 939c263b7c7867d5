/// Turns a placed view tree into a ``DisplayList``: depth first, back to front, each node's
/// effect wrapping its own drawing and its children.
enum DisplayListRecorder {
    /// The display list of a placed tree.
    static func record(_ placed: PlacedView) -> DisplayList {
        var list = DisplayList()
        append(placed, to: &list)
        return list
    }

    private static func append(_ node: PlacedView, to list: inout DisplayList) {
        var pushed = false
        if let effect = node.effect {
            switch effect {
            case .opacity(let opacity):
                // Nothing visible inside an invisible layer; a fully opaque one is no layer.
                if opacity <= 0 { return }
                pushed = opacity < 1
            case .clip, .transform, .colorTransform:
                pushed = true
            }
            if pushed { list.items.append(.push(effect)) }
        }
        list.items += node.drawing
        for child in node.children { append(child, to: &list) }
        if pushed { list.items.append(.pop) }
    }
}
