/// Turns a placed view tree into a ``DisplayList``: depth first, back to front, each node's
/// effect wrapping its own drawing and its children.
///
/// Fills and strokes in a fully transparent color are left out: source-over blending of
/// nothing changes no pixel, and a `Color.clear` spacer would still cost a scan of its rows.
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
            case .clip, .transform, .colorTransform, .shadow, .blur:
                pushed = true
            }
            if pushed { list.items.append(.push(effect)) }
        }
        for item in node.drawing where !item.isInvisible { list.items.append(item) }
        for child in node.children { append(child, to: &list) }
        if pushed { list.items.append(.pop) }
    }
}

extension DisplayList.Item {
    /// Whether the item is a fill or stroke in a color with zero alpha: it draws nothing.
    fileprivate var isInvisible: Bool {
        switch self {
        case .fill(_, .color(let color)), .eoFill(_, .color(let color)),
            .stroke(_, .color(let color), _):
            color.alpha == 0
        case .fill, .eoFill, .stroke, .text, .image, .push, .pop: false
        }
    }
}
