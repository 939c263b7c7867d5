import Glibc

extension StringProtocol {
    /// The text without white space (spaces, tabs, line breaks) at either end.
    ///
    /// ```swift
    /// " 42 lx\n".trimmingWhitespace()  // "42 lx"
    /// ```
    package func trimmingWhitespace() -> String { trimming(where: \.isWhitespace) }

    /// The text without the characters matching `predicate` at either end.
    ///
    /// ```swift
    /// ".a.b.".trimming { $0 == "." }  // "a.b"
    /// ```
    package func trimming(where predicate: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !predicate($0) }),
            let last = lastIndex(where: { !predicate($0) })
        else { return "" }
        return String(self[first...last])
    }
}

extension BinaryFloatingPoint {
    /// The number with exactly `digits` decimals, rounded, with a point whatever the locale:
    /// C's `%.*f`.
    ///
    /// ```swift
    /// 0.4159.fixed(2)  // "0.42"
    /// ```
    package func fixed(_ digits: Int) -> String {
        let arguments: [any CVarArg] = [Int32(clamping: digits), Double(self)]
        let length = withVaList(arguments) { vsnprintf(nil, 0, "%.*f", $0) }
        var bytes = [UInt8](repeating: 0, count: Int(max(length, 0)) + 1)
        _ = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                withVaList(arguments) { vsnprintf(text.baseAddress, text.count, "%.*f", $0) }
            }
        }
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }
}

extension BinaryInteger {
    /// The number in decimal with leading zeros up to `width` digits: C's `%0*d`.
    ///
    /// ```swift
    /// 7.padded(to: 2)  // "07"
    /// ```
    package func padded(to width: Int) -> String {
        let digits = String(self.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (self < 0 ? "-" : "") + zeros + digits
    }
}
