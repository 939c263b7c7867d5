/// One way to the car, opened.
///
/// An ELM327 adapter on a serial line (``ELM327Line``) or an ISO-TP socket on a CAN interface
/// (``ISOTPLink``): the client (``OBDClient``) polls through it, whichever it is.
protocol OBDLink {
    /// The descriptor the client closes when it is done with the link.
    var fd: Int32 { get }
    /// Why the link is gone (the adapter unplugged, the interface down), once it failed.
    var lost: String? { get }
    /// Readies the link (an adapter's reset); nil, or why it is not ready.
    mutating func setUp() -> String?
    /// Asks for mode-01 `pid`: the answer, or nil when none came within `timeout` seconds.
    mutating func request(_ pid: UInt8, timeout: Double) -> OBDAnswer?
}

extension OBDLink {
    /// The mode-01 PIDs the car supports, from the bitmaps of `0100`, `0120` and `0140`
    /// (each says whether the next bitmap exists); or why there are none.
    mutating func supportedPIDs() -> Result<Set<UInt8>, OBDProblem> {
        var supported: Set<UInt8> = []
        var base: UInt8 = 0
        while base <= 0x40 {
            guard let answer = request(base, timeout: 5) else {
                return .failure(OBDProblem("the OBD adapter did not answer which PIDs the car has"))
            }
            switch answer {
            case .data(let bitmap) where bitmap.count >= 4:
                for bit in 0..<32 where bitmap[bit / 8] & (0x80 >> (bit % 8)) != 0 {
                    supported.insert(base + UInt8(bit) + 1)
                }
                guard supported.contains(base + 0x20) else { return .success(supported) }
                base += 0x20
            case .noData, .unableToConnect:
                if base > 0 { return .success(supported) }
                return .failure(OBDProblem("no answer from the car: is the engine on?"))
            default:
                return .success(supported)
            }
        }
        return .success(supported)
    }
}

/// Why there is no answer.
struct OBDProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
