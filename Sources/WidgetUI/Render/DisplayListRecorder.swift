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
        switch node.effect {
        case .opacity(let opacity):
            // Nothing visible inside an invisible layer; a fully opaque one is no layer at all.
            if opacity <= 0 { return }
            if opacity < 1 { list.items.append(.pushOpacity(opacity)) }
        case .clip(let path): list.items.append(.pushClip(path))
        case nil: break
        }
        list.items += node.drawing
        for child in node.children { append(child, to: &list) }
        switch node.effect {
        case .opacity(let opacity): if opacity < 1 { list.items.append(.popOpacity) }
        case .clip: list.items.append(.popClip)
        case nil: break
        }
    }
}
