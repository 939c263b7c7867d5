/// Text that came from outside the program (an MQTT payload or topic, an HTTP request line, a
/// file's content) made safe for one log line or one line of a terminal.
///
/// Every byte that could break, forge or hide a line is written as an escape: line breaks and
/// tabs as `\n`, `\r`, `\t`; other C0 controls, DEL and C1 controls as `\u{1B}`; the Unicode
/// line and paragraph separators and the bidirectional controls (which reorder what a terminal
/// shows) as `\u{202E}`; a byte that is not part of valid UTF-8 as `\xFF`; a backslash as `\\`
/// (so that an escape in the input can't pass for one of ours). Input longer than `limit`
/// bytes is cut there, and the line says how long it was.
///
/// Use it through string interpolation, wherever outside text meets a log line:
///
/// ```swift
/// log.notice("mqtt: ignored \"\(escaping: payload)\" on \(escaping: topic)")
/// ```
///
/// gives, for the payload `night\n2026-01-01 critical forged` (as bytes or as a `String`):
///
/// ```
/// mqtt: ignored "night\n2026-01-01 critical forged" on nightstand/bedroom/mode/set
/// ```
public enum OutsideText {
    /// The most bytes of input shown by default; the rest is counted, not shown.
    ///
    /// Default: 200.
    public static let defaultLimit = 200

    /// `bytes` escaped as one line, at most `limit` of them shown.
    public static func escaped(_ bytes: some Collection<UInt8>, limit: Int = defaultLimit)
        -> String
    {
        let shown = Array(bytes.prefix(max(limit, 0)))
        var line = ""
        line.reserveCapacity(shown.count)
        var index = 0
        while index < shown.count {
            if let (scalar, length) = decode(shown, at: index) {
                append(scalar, to: &line)
                index += length
            } else {
                line += "\\x" + hex(UInt32(shown[index]), digits: 2)
                index += 1
            }
        }
        if shown.count < bytes.count { line += "… (\(bytes.count) bytes)" }
        return line
    }

    /// `text` escaped as one line, at most `limit` of its UTF-8 bytes shown.
    public static func escaped(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
        escaped(text.utf8, limit: limit)
    }

    /// Appends `scalar`, escaped when it is a control, a line separator or a bidi control.
    private static func append(_ scalar: Unicode.Scalar, to line: inout String) {
        switch scalar {
        case "\\": line += "\\\\"
        case "\n": line += "\\n"
        case "\r": line += "\\r"
        case "\t": line += "\\t"
        default:
            if isUnsafe(scalar.value) {
                line += "\\u{" + hex(scalar.value, digits: 2) + "}"
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
    }

    /// C0, DEL, C1, the line and paragraph separators, and the bidirectional controls.
    private static func isUnsafe(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E,
            0x2066...0x2069:
            true
        default: false
        }
    }

    /// The scalar whose UTF-8 starts at `index`, and its length; nil when the bytes there are
    /// not valid UTF-8 (a stray continuation byte, a cut or overlong sequence, a surrogate).
    private static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let (length, smallest, bits): (Int, UInt32, UInt8)
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, smallest, bits) = (2, 0x80, 0x1F)
        case 0xE0...0xEF: (length, smallest, bits) = (3, 0x800, 0x0F)
        case 0xF0...0xF4: (length, smallest, bits) = (4, 0x10000, 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        var value = UInt32(lead & bits)
        for byte in bytes[(index + 1)..<(index + length)] {
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// `value` in upper-case hexadecimal, at least `digits` long.
    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension DefaultStringInterpolation {
    /// Interpolates bytes from outside escaped (``OutsideText``): `"\(escaping: payload)"`.
    public mutating func appendInterpolation(
        escaping bytes: some Collection<UInt8>, limit: Int = OutsideText.defaultLimit
    ) {
        appendLiteral(OutsideText.escaped(bytes, limit: limit))
    }

    /// Interpolates text from outside escaped (``OutsideText``): `"\(escaping: topic)"`.
    public mutating func appendInterpolation(
        escaping text: some StringProtocol, limit: Int = OutsideText.defaultLimit
    ) {
        appendLiteral(OutsideText.escaped(text, limit: limit))
    }
}
