/// Text from outside (a calendar's titles, a device's name, a file name) made safe to print on
/// a terminal: the characters a terminal acts on instead of showing are written as escapes.
///
/// A terminal control is a C0 control (U+0000 to U+001F: escape, bell, backspace, line
/// breaks), DEL (U+007F), a C1 control (U+0080 to U+009F, such as U+009B, a one-character
/// CSI), or a bidirectional embedding, override or isolate (U+202A to U+202E, U+2066 to U+2069),
/// which would reorder what follows it on the line.
///
/// Technical notes: a backslash is left as it is, so that escaping twice gives what escaping
/// once gives (the log's lines and a command's output may pass through two such places).
extension StringProtocol {
    /// The text with each terminal control written as `\u{1B}` (tab, line feed and carriage
    /// return as `\t`, `\n`, `\r`); with `keepingLines`, tabs and line feeds are kept, for a
    /// report of several lines or columns.
    ///
    /// ```swift
    /// "Party \u{1B}[2J\u{07}".escapedForTerminal()  // "Party \\u{1B}[2J\\u{07}"
    /// ```
    package func escapedForTerminal(keepingLines: Bool = false) -> String {
        escapingTerminalControls(keepingLines: keepingLines) { scalar in
            switch scalar {
            case "\t": "\\t"
            case "\n": "\\n"
            case "\r": "\\r"
            default: scalar.escaped
            }
        }
    }

    /// JSON text with each terminal control left in it written as JSON's own `\u009b` (lower
    /// case, as the encoder writes `\u001b`); line feeds and tabs (the layout) are kept.
    ///
    /// A JSON encoder escapes C0 controls inside strings but writes DEL, C1 controls and
    /// bidirectional controls as they are; outside strings JSON has none of them, so the result
    /// decodes to the same value.
    package func jsonEscapedForTerminal() -> String {
        escapingTerminalControls(keepingLines: true) { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
        }
    }

    /// The text with each terminal control replaced by `escape(control)`.
    private func escapingTerminalControls(
        keepingLines: Bool, _ escape: (Unicode.Scalar) -> String
    ) -> String {
        guard unicodeScalars.contains(where: \.isTerminalControl) else { return String(self) }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.isTerminalControl && !(keepingLines && (scalar == "\n" || scalar == "\t")) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// Whether a terminal or a log reader would act on it instead of showing it, or it hides
    /// what follows: C0 controls, DEL, C1 controls, the line and paragraph separators and the
    /// bidirectional marks, embeddings and isolates (the one list of them:
    /// `StringProtocol.escapedForTerminal(keepingLines:)` and ``OutsideText`` use it).
    public var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A...0x202E,
            0x2066...0x2069:
            true
        default: false
        }
    }

    /// The scalar as Swift writes it escaped: `\u{1B}`, `\u{202E}` (upper-case hexadecimal,
    /// at least two digits).
    public var escaped: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }
}

/// Prints `text` to standard output as `print` does, with its terminal controls escaped and
/// its line feeds and tabs kept: how a command prints a report that holds text from outside.
package func printForTerminal(_ text: String, terminator: String = "\n") {
    print(text.escapedForTerminal(keepingLines: true), terminator: terminator)
}
