/// The words of a command, one after another.
struct Words {
    private var words: ArraySlice<Substring>

    init(_ text: String) {
        words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
    }

    var isAtEnd: Bool { words.isEmpty }

    mutating func next() -> String? { words.popFirst().map(String.init) }

    /// The words left, taking them all.
    mutating func rest() -> [String] {
        defer { words = [] }
        return words.map(String.init)
    }

    /// A slot counted from 1 (after the word `verb`), as 0-based; `fallback` where none is
    /// given.
    mutating func nextSlot(
        in text: String, after verb: String?, default fallback: Int?
    ) throws(CommandError) -> Int {
        guard let word = next() else {
            guard let fallback else { throw CommandError(text, expected: "a slot number") }
            return fallback
        }
        guard let slot = Int(word), (1...DisplayCommand.slotLimit).contains(slot) else {
            throw CommandError(text, expected: "a slot number from 1 after \(verb ?? "")")
        }
        return slot - 1
    }

    /// A distance or speed in pixels, finite and at most a million.
    mutating func nextPixels(in text: String) throws(CommandError) -> Double {
        guard let value = next().flatMap(Double.init), value.isFinite, abs(value) <= 1e6 else {
            throw CommandError(text, expected: "pixels: a number from -1000000 to 1000000")
        }
        return value
    }
}
