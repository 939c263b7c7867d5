extension DisplayCommand {
    /// The appearances whose brightness a command sets, in order.
    public static let brightnessAppearances = ["day", "dim", "night"]

    /// `brightness APPEARANCE PERCENT` or `brightness APPEARANCE default`.
    static func brightness(_ words: inout Words, _ text: String) throws(CommandError) -> Self {
        let expected = "brightness day, dim or night, then a percentage from 0 to 100 or default"
        guard let name = words.next(), brightnessAppearances.contains(name),
            let value = words.next()
        else { throw CommandError(text, expected: expected) }
        if value == "default" { return .setBrightness(name, percent: nil) }
        guard let percent = Double(value), (0...100).contains(percent) else {
            throw CommandError(text, expected: expected)
        }
        return .setBrightness(name, percent: percent)
    }
}
