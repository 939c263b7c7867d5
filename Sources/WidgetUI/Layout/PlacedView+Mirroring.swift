import Raster

extension PlacedView {
    /// The tree mirrored for a right-to-left layout in a root `width` points wide, as SwiftUI
    /// mirrors it: every frame moves to the other side (an `HStack`'s first child ends up on
    /// the right, leading alignment and padding on the right), while what each node draws
    /// (text, images, shapes) keeps its own orientation and only moves with its frame.
    func mirrored(width: Double) -> PlacedView {
        let shift = width - frame.maxX - frame.minX
        var view = self
        view.frame = frame.offsetBy(dx: shift, dy: 0)
        if !drawing.isEmpty && shift != 0 {
            view.drawing =
                [.push(.transform(Transform(translationX: shift, y: 0)))] + drawing + [.pop]
        }
        view.effect = effect.map { $0.moved(by: shift) }
        view.children = children.map { $0.mirrored(width: width) }
        return view
    }
}

extension PlacedView.Effect {
    /// The effect for its node moved `shift` points sideways: a clip moves with it, a
    /// transform turns about the moved node as it turned about the node.
    fileprivate func moved(by shift: Double) -> PlacedView.Effect {
        switch self {
        case .clip(let path, let rule):
            return .clip(path.applying(Transform(translationX: shift, y: 0)), rule)
        case .transform(let transform):
            return .transform(
                Transform(translationX: -shift, y: 0).concatenating(transform)
                    .concatenating(Transform(translationX: shift, y: 0)))
        case .opacity, .colorTransform, .shadow, .blur:
            return self
        }
    }
}
