import CEvdev

/// Turns one device's events into ``InputEvent``s: touches through a ``TouchTracker`` and a
/// ``GestureRecognizer``, keys and switches through the ``KeyMap``, encoder steps into its
/// encoder actions.
///
/// ```swift
/// var interpreter = DeviceInterpreter(device: description)
/// interpreter.handle(event, keyMap: .defaults, transform: transform) { print($0) }
/// ```
public struct DeviceInterpreter: Sendable {
    /// The most actions one report of an encoder gives: a burst of steps (a fast spin, or a
    /// driver reporting a large value) steps at most this far.
    public static let encoderStepLimit = 8

    /// What the device can do.
    public let device: InputDeviceDescription
    private var tracker: TouchTracker?
    private var recognizer: GestureRecognizer
    private let encoderAxes: Set<UInt16>

    /// An interpreter for a device's events.
    public init(device: InputDeviceDescription, thresholds: GestureThresholds = GestureThresholds())
    {
        self.device = device
        tracker = TouchTracker(device: device)
        recognizer = GestureRecognizer(thresholds: thresholds)
        encoderAxes = Set(device.encoderAxes)
    }

    /// Takes one event and reports what it means.
    public mutating func handle(
        _ event: RawInputEvent, keyMap: KeyMap, transform: TouchTransform,
        emit: (InputEvent) -> Void
    ) {
        if tracker != nil, let frame = tracker?.handle(event) {
            recognizer.handle(frame, transform: transform) { emit(.gesture($0)) }
            return
        }
        switch Int32(event.type) {
        case EV_KEY, EV_SW:
            key(event, keyMap: keyMap, emit: emit)
        case EV_REL where encoderAxes.contains(event.code) && event.value != 0:
            let action = event.value > 0 ? keyMap.encoder.positive : keyMap.encoder.negative
            let steps = min(Int(event.value.magnitude), Self.encoderStepLimit)
            guard action != .none else { return }
            for _ in 0..<steps { emit(action == .presence ? .presence(true) : .action(action)) }
        default: break
        }
    }

    /// Abandons a touch in progress (the device went away): a drag ends cancelled.
    public mutating func cancel(at time: Double, emit: (InputEvent) -> Void) {
        recognizer.cancel(at: time) { emit(.gesture($0)) }
    }

    private func key(_ event: RawInputEvent, keyMap: KeyMap, emit: (InputEvent) -> Void) {
        guard event.value == 0 || event.value == 1 else { return }  // 2: autorepeat
        let pressed = event.value == 1
        let key = KeyMap.Key(type: event.type, code: event.code)
        let isTouchButton = tracker != nil && !device.keys.contains(event.code)
        guard let binding = keyMap.binding(for: key) else {
            // A touch device's own buttons (BTN_TOUCH, BTN_TOOL_FINGER) are its touches.
            if pressed, event.type == UInt16(EV_KEY), !isTouchButton { emit(.activity) }
            return
        }
        if binding.press == .presence {
            emit(.presence(pressed))
            return
        }
        guard let action = pressed ? binding.press : binding.release, action != .none else {
            return
        }
        emit(action == .presence ? .presence(pressed) : .action(action))
    }
}
