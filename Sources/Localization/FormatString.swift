/// A format string in Apple's printf dialect, split into literal text and references to
/// arguments: `%@`, `%lld`, `%d`, `%.1f`, positional `%2$@`, `%%`, and a plural variable
/// `%#@name@` (`.stringsdict`, and String Catalogs' substitutions).
///
/// ```swift
/// FormatString("%2$@ has %1$lld new").pieces
/// // [.argument(2, "@"), .literal(" has "), .argument(1, "lld"), .literal(" new")]
/// ```
///
/// Arguments without a position take the next one in order, as `printf` numbers them.
public struct FormatString: Equatable, Sendable {
    /// A piece of the format.
    public enum Piece: Equatable, Sendable {
        /// Text shown as it is (`%%` already made "%").
        case literal(String)
        /// Argument `index` (1-based) with its conversion, flags and length: `"@"`, `"lld"`,
        /// `".1f"`.
        case argument(Int, specifier: String)
        /// A plural variable of a `.stringsdict` or a catalog's substitutions, and the
        /// argument it reads (1-based), positional or in order.
        case variable(String, argument: Int)
    }

    /// The pieces, in order.
    public let pieces: [Piece]

    /// Splits a format; a `%` that starts no known specifier is kept as text.
    ///
    /// - Parameter variable: in a plural form of a variable, the argument the variable reads
    ///   and its specifier: every specifier without a position reads that argument, and
    ///   String Catalogs' `%arg` stands for it.
    public init(_ format: String, variable: (argument: Int, specifier: String)? = nil) {
        var pieces: [Piece] = []
        var literal = ""
        var next = variable?.argument ?? 1
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            literal += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if let variable, after.hasPrefix("arg") {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.argument(variable.argument, specifier: variable.specifier))
                rest = after.dropFirst(3)
                continue
            }
            guard let (piece, length) = Self.specifier(after, next: next) else {
                literal += "%"
                rest = after
                continue
            }
            rest = after.dropFirst(length)
            switch piece {
            case .literal(let text): literal += text
            case .argument(let index, _), .variable(_, let index):
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(piece)
                next = variable?.argument ?? index + 1
            }
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The highest argument the format reads.
    public var argumentCount: Int {
        pieces.reduce(0) { count, piece in
            switch piece {
            case .literal: count
            case .argument(let index, _), .variable(_, let index): max(count, index)
            }
        }
    }

    /// The piece a specifier starting after a `%` makes, and how many characters it took.
    private static func specifier(_ text: Substring, next: Int) -> (Piece, Int)? {
        if text.first == "%" { return (.literal("%"), 1) }
        var scan = text.startIndex
        var index = next
        // A position: digits followed by "$".
        let digits = text[scan...].prefix(while: \.isASCIIDigit)
        if !digits.isEmpty, text[digits.endIndex...].first == "$", let position = Int(digits) {
            index = position
            scan = text.index(after: digits.endIndex)
        }
        if text[scan...].first == "#", text[text.index(after: scan)...].first == "@" {
            let nameStart = text.index(scan, offsetBy: 2)
            guard let end = text[nameStart...].firstIndex(of: "@") else { return nil }
            let length = text.distance(from: text.startIndex, to: end) + 1
            return (.variable(String(text[nameStart..<end]), argument: index), length)
        }
        let specStart = scan
        let flags = "-+ #0'.0123456789*"
        while scan < text.endIndex, flags.contains(text[scan]) { scan = text.index(after: scan) }
        while scan < text.endIndex, "hlqLzjt".contains(text[scan]) {
            scan = text.index(after: scan)
        }
        guard scan < text.endIndex, "@dDiuUxXoOfFeEgGaAcCsSp".contains(text[scan]) else {
            return nil
        }
        let end = text.index(after: scan)
        let length = text.distance(from: text.startIndex, to: end)
        return (.argument(index, specifier: String(text[specStart..<end])), length)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
