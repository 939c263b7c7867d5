import Foundation
import Localization
import Testing

/// CLDR's plural categories for a range of numbers, as Babel gives them.
///
/// Babel carries CLDR's `plurals.xml`; `Fixtures/plurals.json` was made with Babel 2.19.0
/// (`pip install babel==2.19.0`): for each language and number,
/// `babel.Locale.parse(language).plural_form(Decimal(number))`.
private struct CLDRFixture: Decodable {
    var numbers: [String]
    var categories: [String: [String]]
}

@Suite struct PluralRulesTests {
    private static func fixture() throws -> CLDRFixture {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/plurals.json")
        return try JSONDecoder().decode(CLDRFixture.self, from: Data(contentsOf: url))
    }

    @Test func everyRuleAgreesWithCLDR() throws {
        let fixture = try Self.fixture()
        #expect(Set(fixture.categories.keys) == Set(PluralRules.languages))
        for (language, expected) in fixture.categories {
            let rules = PluralRules(language: language)
            for (number, category) in zip(fixture.numbers, expected) {
                let operands = try #require(PluralOperands(written: number))
                #expect(
                    rules.category(operands).rawValue == category,
                    "\(language) \(number): CLDR says \(category)")
            }
        }
    }

    @Test func operandsOfWrittenNumbers() {
        #expect(PluralOperands(written: "1.50") == PluralOperands(n: 1.5, i: 1, v: 2, f: 50))
        #expect(PluralOperands(written: "-3") == PluralOperands(Int64(-3)))
        #expect(PluralOperands(written: "1,5") == nil)
        #expect(PluralOperands(written: "") == nil)
    }

    @Test func languagesWithoutRulesHaveOnlyOther() {
        #expect(PluralRules(language: "ja").category(PluralOperands(Int64(1))) == .other)
        #expect(PluralRules(language: "xx").category(PluralOperands(Int64(1))) == .other)
        #expect(PluralRules(language: "pt_PT").category(PluralOperands(Int64(0))) == .other)
        #expect(PluralRules(language: "pt_BR").category(PluralOperands(Int64(0))) == .one)
    }
}

extension PluralOperands {
    fileprivate init(n: Double, i: UInt64, v: Int, f: UInt64) {
        self.init(Int64(i))
        self.n = n
        self.v = v
        self.f = f
    }
}
