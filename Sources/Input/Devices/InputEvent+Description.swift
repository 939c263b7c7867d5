import Raster
import SystemSupport

extension InputEvent: CustomStringConvertible {
    /// One line for `nightstand inputs --watch` and the log: `swipe up from 400,400`,
    /// `key action next`, `drag changed by 0,-150 (velocity 0,-2500 px/s)`.
    public var description: String {
        switch self {
        case .gesture(let gesture): gesture.description
        case .action(let action): "action \(action)"
        case .presence(let held): held ? "presence: someone there" : "presence: released"
        case .activity: "activity"
        }
    }
}

extension Gesture: CustomStringConvertible {
    /// `tap at 400,240`, `swipe left from 600,240`, `drag ended by -300,0: swipe left`.
    public var description: String {
        switch self {
        case .touchDown(let point): "touch down at \(Self.text(point))"
        case .touchUp: "touch up"
        case .tap(let point): "tap at \(Self.text(point))"
        case .dragBegan(let drag):
            "drag began \(drag.axis == .horizontal ? "horizontally" : "vertically") at "
                + Self.text(drag.start)
        case .dragChanged(let drag):
            "drag changed by \(Self.text(drag.translation)) (velocity \(Self.text(drag.velocity)) px/s)"
        case .dragEnded(let drag, let swipe):
            "drag ended by \(Self.text(drag.translation)): "
                + (swipe.map { "swipe \($0)" } ?? "settles back")
        case .dragCancelled(let drag): "drag cancelled at \(Self.text(drag.translation))"
        case .swipe(let direction, let start): "swipe \(direction) from \(Self.text(start))"
        }
    }

    private static func text(_ point: Point) -> String {
        "\(point.x.fixed(0)),\(point.y.fixed(0))"
    }
}
