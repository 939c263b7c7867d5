/// What the input devices tell the display: gestures on the picture, bound actions, presence,
/// and plain activity.
///
/// Every event but `presence(false)` means someone is there (the idle timer starts over).
///
/// ```swift
/// devices.handleReadable { event in
///     switch event {
///     case .gesture(.swipe(.left, _)): host.stepView(by: 1)
///     case .action(let action): host.perform(action)
///     case .presence(let held): idle.presence(held, at: now)
///     case .activity, .gesture: idle.noteActivity(at: now)
///     }
/// }
/// ```
public enum InputEvent: Sendable, Equatable {
    /// A touch did something on the picture.
    case gesture(Gesture)
    /// A bound key, switch or encoder step asks for an action (never `presence` or `none`).
    case action(InputAction)
    /// A presence key was pressed (true: someone is there, until released) or released.
    case presence(Bool)
    /// A key without a binding or a mouse button was pressed (a finger coming down is
    /// ``Gesture/touchDown(at:)``).
    case activity
}
