/// A mode-01 parameter of OBD-II (SAE J1979): what it is called, its number, how its bytes
/// read, its unit and range.
public struct OBDPID: Sendable, Hashable, CustomStringConvertible {
    /// The name a widget's `pid` option uses: `speed`, `rpm`, ….
    public let name: String
    /// The PID's number, 0x01 to 0xFF.
    public let number: UInt8
    /// What it measures, for people: "Engine speed".
    public let title: String
    /// The unit of ``value(of:)``: `km/h`, `rpm`, `°C`, `%`, `V`.
    public let unit: String
    /// The range ``value(of:)`` falls in; a value outside it is an error on the line.
    public let range: ClosedRange<Double>
    /// A gauge's ends: where the values of a running car lie (0 to 8,000 rpm, 10 to 16 V).
    public let gauge: ClosedRange<Double>
    /// How many data bytes the answer carries.
    let bytes: Int
    /// The value of the data bytes `a` and `b` (0 when the PID has one byte).
    private let decode: @Sendable (Double, Double) -> Double

    /// The standard PIDs a car display shows.
    public static let standard: [OBDPID] = [
        OBDPID("load", 0x04, "Engine load", "%", 0...100, gauge: 0...100, bytes: 1) { a, _ in
            a * 100 / 255
        },
        OBDPID("coolant", 0x05, "Coolant temperature", "°C", -40...215, gauge: 40...130, bytes: 1) {
            a, _ in
            a - 40
        },
        OBDPID("rpm", 0x0C, "Engine speed", "rpm", 0...16_383.75, gauge: 0...8000, bytes: 2) {
            a, b in
            (a * 256 + b) / 4
        },
        OBDPID("speed", 0x0D, "Speed", "km/h", 0...255, gauge: 0...240, bytes: 1) { a, _ in a },
        OBDPID("intake", 0x0F, "Intake air temperature", "°C", -40...215, gauge: -20...60, bytes: 1)
        { a, _ in
            a - 40
        },
        OBDPID("fuel", 0x2F, "Fuel level", "%", 0...100, gauge: 0...100, bytes: 1) { a, _ in
            a * 100 / 255
        },
        OBDPID("voltage", 0x42, "Battery voltage", "V", 0...65.535, gauge: 10...16, bytes: 2) {
            a, b in
            (a * 256 + b) / 1000
        },
    ]

    private init(
        _ name: String, _ number: UInt8, _ title: String, _ unit: String,
        _ range: ClosedRange<Double>, gauge: ClosedRange<Double>, bytes: Int,
        decode: @escaping @Sendable (Double, Double) -> Double
    ) {
        self.name = name
        self.number = number
        self.title = title
        self.unit = unit
        self.range = range
        self.gauge = gauge
        self.bytes = bytes
        self.decode = decode
    }

    /// The PID named `text` (`"rpm"`) or numbered (`"0x0C"`, `"12"`) among ``standard``.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let number: UInt8? =
            lowered.hasPrefix("0x") ? UInt8(lowered.dropFirst(2), radix: 16) : UInt8(lowered)
        guard
            let pid = Self.standard.first(where: { $0.name == lowered || $0.number == number })
        else { return nil }
        self = pid
    }

    /// The value of an answer's data bytes; nil when there are too few.
    public func value(of data: [UInt8]) -> Double? {
        guard data.count >= bytes else { return nil }
        return decode(Double(data[0]), bytes > 1 ? Double(data[1]) : 0)
    }

    /// Two upper-case hex digits.
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// `rpm (0x0C)`.
    public var description: String { "\(name) (0x\(Self.hex(number)))" }

    /// The same PID: the same number.
    public static func == (a: OBDPID, b: OBDPID) -> Bool { a.number == b.number }
    /// Hashes the number.
    public func hash(into hasher: inout Hasher) { hasher.combine(number) }
}
