import Testing

@testable import Network

/// The MQTT log lines say each thing once: libmosquitto's reason is not a second copy of our
/// own words ("the connection was lost: The connection was lost.").
@Suite("MQTT wording")
struct MQTTWordingTests {
    @Test("a lost connection's line repeats no phrase, for every libmosquitto error code")
    func noRepeats() {
        for code in Int32(0)...Int32(32) {
            let line = Session.lost(Session.words(code))
            #expect(Self.repeated(in: line) == nil, "\(code): \(line)")
        }
        // MOSQ_ERR_CONN_LOST (7): "The connection was lost."; MOSQ_ERR_PROTOCOL (2).
        #expect(Session.words(7) == "The connection was lost.")
        #expect(Session.lost(Session.words(7)) == "the connection was lost")
        #expect(Session.lost(Session.words(5)) == "the connection was refused")
        #expect(Session.lost(Session.words(2)) == "the connection was lost: \(Session.words(2))")
    }

    @Test("the repeat finder finds the old wording's repeat")
    func finder() {
        #expect(
            Self.repeated(in: "the connection was lost: The connection was lost.")
                == "the connection was")
        #expect(Self.repeated(in: "can't connect: Connection refused") == nil)
    }

    /// The first run of three words that comes twice (case and punctuation aside), or nil.
    static func repeated(in line: String) -> String? {
        let words = line.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" }
        guard words.count >= 6 else { return nil }
        var seen: Set<String> = []
        for start in 0...(words.count - 3) {
            let phrase = words[start..<start + 3].joined(separator: " ")
            if !seen.insert(phrase).inserted { return phrase }
        }
        return nil
    }
}
