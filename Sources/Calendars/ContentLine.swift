import FoundationEssentials

/// One property of an iCalendar file, unfolded and split (RFC 5545, 3.1): `NAME;PARAM=value:
/// VALUE`, such as `DTSTART;TZID=Europe/Berlin:20260115T090000`.
package struct ContentLine: Equatable, Sendable {
    /// The property name, upper-cased: `DTSTART`.
    package var name: String
    /// The parameters by upper-cased name, each with its comma-separated values, unquoted.
    package var parameters: [String: [String]]
    /// The value after the first colon outside quotes, as written (not unescaped).
    package var value: String
    /// The line of the file the property starts on, from 1.
    package var line: Int

    /// The first value of a parameter: `parameter("TZID")`.
    package func parameter(_ name: String) -> String? { parameters[name]?.first }

    /// The logical lines of `text`, each with the line it starts on.
    ///
    /// A physical line that begins with a space or a tab continues the one before it, without
    /// that character (folding). Empty lines are left out.
    package static func unfold(_ text: String) -> [(text: String, line: Int)] {
        var lines: [(text: String, line: Int)] = []
        let physical = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, raw) in physical.enumerated() {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += raw.dropFirst()
            } else if !raw.isEmpty {
                lines.append((String(raw), index + 1))
            }
        }
        return lines
    }

    /// Splits a logical line into name, parameters and value.
    package init(_ text: String, line: Int) throws(ICalendarSyntaxError) {
        self.line = line
        let scalars = Array(text.unicodeScalars)
        var index = 0
        name = Self.token(scalars, &index)
        guard !name.isEmpty, index < scalars.count, scalars[index] == ";" || scalars[index] == ":"
        else {
            throw ICalendarSyntaxError(
                "expected a property such as SUMMARY:Lunch, found \(ICalendarSyntaxError.quote(text))"
            )
        }
        parameters = [:]
        while scalars[index] == ";" {
            index += 1
            let parameter = Self.token(scalars, &index)
            guard !parameter.isEmpty, index < scalars.count, scalars[index] == "=" else {
                throw ICalendarSyntaxError(
                    "\(name): expected a parameter such as ;TZID=Europe/Berlin before the colon")
            }
            var values: [String] = []
            repeat {
                index += 1
                values.append(try Self.parameterValue(scalars, &index, parameter: parameter))
            } while index < scalars.count && scalars[index] == ","
            parameters[parameter] = values
            guard index < scalars.count else {
                throw ICalendarSyntaxError("\(name): expected a colon before the value")
            }
        }
        guard scalars[index] == ":" else {
            throw ICalendarSyntaxError(
                "\(name): expected ; or : after the parameter, found \"\(scalars[index])\"")
        }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: scalars[(index + 1)...])
        self.value = String(value)
    }

    /// A name (letters, digits, dashes) from `index` on, upper-cased.
    private static func token(_ scalars: [Unicode.Scalar], _ index: inout Int) -> String {
        var token = String.UnicodeScalarView()
        while index < scalars.count,
            ("0"..."9").contains(scalars[index]) || ("A"..."Z").contains(scalars[index])
                || ("a"..."z").contains(scalars[index]) || scalars[index] == "-"
        {
            token.append(scalars[index])
            index += 1
        }
        return String(token).uppercased()
    }

    /// One parameter value: quoted, or up to the next `,`, `;` or `:`.
    ///
    /// In a `TZID`, a backslash keeps the character after it, as Outlook and Exchange write
    /// the commas of their zone names (`TZID="Kuala Lumpur\, Singapore"`,
    /// `TZID=Pacific Time (US & Canada)\, Tijuana`), to match the `VTIMEZONE`'s `TZID`
    /// (read as TEXT, ``text(_:)``).
    private static func parameterValue(
        _ scalars: [Unicode.Scalar], _ index: inout Int, parameter: String
    ) throws(ICalendarSyntaxError) -> String {
        var value = String.UnicodeScalarView()
        let escapes = parameter == "TZID"
        func take() {
            if escapes, scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
            value.append(scalars[index])
            index += 1
        }
        if index < scalars.count, scalars[index] == "\"" {
            index += 1
            while index < scalars.count, scalars[index] != "\"" { take() }
            guard index < scalars.count else {
                throw ICalendarSyntaxError("\(parameter): expected a closing \" in the parameter")
            }
            index += 1
        } else {
            while index < scalars.count, !",;:".unicodeScalars.contains(scalars[index]) { take() }
        }
        return String(value)
    }

    /// The most characters of a TEXT value kept (a summary, a location): 1,000, more than any
    /// family shows, so that a description pasted into a summary never reaches layout whole.
    package static let textLimit = 1000

    /// A TEXT value unescaped: `\,` `\;` `\\` and `\n` (a line break); cut at ``textLimit``
    /// characters.
    package static func text(_ value: String) -> String {
        let value = value.count > textLimit ? Substring(value.prefix(textLimit)) : Substring(value)
        guard value.contains("\\") else { return String(value) }
        var result = ""
        var escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// What is wrong with one line of an iCalendar file, in words; the parser adds the file and
/// the line.
package struct ICalendarSyntaxError: Error, Equatable {
    package let message: String

    package init(_ message: String) { self.message = message }

    /// `text` in quotes for a message, shortened past 40 characters.
    package static func quote(_ text: String) -> String {
        text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
}
