import CEvdev

/// Which action each key, switch and encoder step stands for.
///
/// Keys and switches are named as the kernel names them (`KEY_NEXTSONG`, `BTN_0`, `SW_LID`),
/// the names `dtoverlay=gpio-key,keycode=…` and `evtest` use. A binding acts when the key is
/// pressed (a switch turned on); a second action, if given, when it is released (turned off):
/// a car's headlight line held on `mode night` goes back to `mode auto` when the lights go out.
/// `presence` acts for as long as the key is held. Autorepeat is ignored.
///
/// ```toml
/// [input.keys]
/// KEY_NEXTSONG = "next"
/// KEY_PROG1 = "presence"                  # a PIR sensor through gpio-keys
/// SW_HEADPHONE_INSERT = ["mode night", "mode auto"]
/// ```
///
/// Without configuration the media and arrow keys work (``defaults``); a file's bindings are
/// added to those (`none` removes one). Every key that is not bound counts as activity.
public struct KeyMap: Sendable, Equatable {
    /// A key or switch: its event type (`EV_KEY` or `EV_SW`) and code.
    public struct Key: Sendable, Hashable, CustomStringConvertible {
        /// `EV_KEY` or `EV_SW`.
        public var type: UInt16
        /// The code within the type.
        public var code: UInt16

        /// The key of a kernel name (`KEY_NEXTSONG`, `SW_LID`), or nil for a name the kernel
        /// does not have.
        public init?(named name: String) {
            guard let (type, code) = EventCode.key(named: name) else { return nil }
            self.type = type
            self.code = code
        }

        /// The key of a type and a code.
        public init(type: UInt16, code: UInt16) {
            self.type = type
            self.code = code
        }

        /// The kernel's name.
        public var description: String { EventCode.name(type: type, code: code) }
    }

    /// What a key does when pressed, and when released.
    public struct Binding: Sendable, Equatable, CustomStringConvertible {
        /// On press (a switch turned on).
        public var press: InputAction
        /// On release (a switch turned off), if anything.
        public var release: InputAction?

        /// Creates a binding.
        public init(press: InputAction, release: InputAction? = nil) {
            self.press = press
            self.release = release
        }

        /// `next`, or `mode night / mode auto` with a release action.
        public var description: String {
            release.map { "\(press) / \($0)" } ?? press.description
        }
    }

    /// The bindings by key.
    public var bindings: [Key: Binding]
    /// What an encoder's positive step does (clockwise on most wiring), and its negative one.
    ///
    /// Default: `next` and `previous`.
    public var encoder: (positive: InputAction, negative: InputAction)

    /// Creates a key map.
    public init(
        bindings: [Key: Binding],
        encoder: (positive: InputAction, negative: InputAction) = (
            .next, .previous
        )
    ) {
        self.bindings = bindings
        self.encoder = encoder
    }

    /// The bindings that work without configuration: media keys and arrows step the stack and
    /// the views, Enter and the wake key wake the panel.
    ///
    /// | keys | action |
    /// | --- | --- |
    /// | `KEY_NEXTSONG`, `KEY_DOWN`, `KEY_PAGEDOWN` | `next` |
    /// | `KEY_PREVIOUSSONG`, `KEY_UP`, `KEY_PAGEUP` | `previous` |
    /// | `KEY_RIGHT` | `view next` |
    /// | `KEY_LEFT` | `view previous` |
    /// | `KEY_WAKEUP`, `KEY_ENTER`, `KEY_SPACE`, `KEY_SELECT`, `KEY_OK` | `wake` |
    public static let defaults: KeyMap = {
        var bindings: [Key: Binding] = [:]
        let table: [(Int32, InputAction)] = [
            (KEY_NEXTSONG, .next), (KEY_DOWN, .next),
            (KEY_PAGEDOWN, .next), (KEY_PREVIOUSSONG, .previous),
            (KEY_UP, .previous), (KEY_PAGEUP, .previous),
            (KEY_RIGHT, .command(.stepView(by: 1))), (KEY_LEFT, .command(.stepView(by: -1))),
            (KEY_WAKEUP, .wake), (KEY_ENTER, .wake), (KEY_SPACE, .wake), (KEY_SELECT, .wake),
            (KEY_OK, .wake),
        ]
        for (code, action) in table {
            bindings[Key(type: UInt16(EV_KEY), code: UInt16(code))] = Binding(press: action)
        }
        return KeyMap(bindings: bindings)
    }()

    /// The binding of a key or switch, if any (`none` bindings included).
    public func binding(for key: Key) -> Binding? {
        bindings[key]
    }

    /// Whether two maps bind the same keys and encoder steps alike.
    public static func == (a: KeyMap, b: KeyMap) -> Bool {
        a.bindings == b.bindings && a.encoder.positive == b.encoder.positive
            && a.encoder.negative == b.encoder.negative
    }
}
