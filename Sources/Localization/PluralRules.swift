/// CLDR's cardinal plural rules for the languages Nightstand ships and their relatives.
///
/// Each rule is CLDR's (`common/supplemental/plurals.xml`, as Babel 2.19 carries it) written
/// out over the operands; `Tests/LocalizationTests/Fixtures/plurals.json` holds CLDR's answers
/// for a range of numbers and `PluralRulesTests` compares every rule with them. A language
/// without a rule here has only `other`, as CLDR's root.
///
/// ```swift
/// PluralRules(language: "pl").category(PluralOperands(22))   // .few
/// PluralRules(language: "ar").category(PluralOperands(11))   // .many
/// ```
public struct PluralRules: Sendable {
    /// The language code the rules are for ("pt", "pt-PT", "ar").
    public let language: String
    private let rule: @Sendable (PluralOperands) -> PluralCategory

    /// The rules of a language, from a tag such as `"de"`, `"pt-PT"` or `"zh-Hans"`.
    public init(language tag: String) {
        let parts = LanguageTag(tag)
        language = parts.language
        rule = Self.rule(language: parts.language, region: parts.region)
    }

    /// The category a number falls into.
    public func category(_ operands: PluralOperands) -> PluralCategory {
        rule(operands)
    }

    /// The languages whose rules are written here; every other has only `other`.
    public static let languages = [
        "ar", "ca", "de", "en", "es", "fi", "fr", "he", "it", "ja", "ko", "nl", "pl", "pt",
        "pt-PT", "ru", "sv", "uk", "zh",
    ]

    private static func rule(
        language: String, region: String?
    ) -> @Sendable (PluralOperands) -> PluralCategory {
        switch language {
        case "en", "de", "nl", "sv", "fi": return oneIfExactlyOne
        case "it", "ca": return { o in o.i == 1 && o.v == 0 ? .one : millions(o) }
        case "es": return { o in o.n == 1 ? .one : millions(o) }
        case "fr": return { o in o.i <= 1 ? .one : millions(o) }
        case "pt" where region == "PT": return { o in o.i == 1 && o.v == 0 ? .one : millions(o) }
        case "pt": return { o in o.i <= 1 ? .one : millions(o) }
        case "pl": return polish
        case "ru", "uk": return eastSlavic
        case "ar": return arabic
        case "he": return hebrew
        default: return { _ in .other }  // ja, zh, ko and CLDR's root
        }
    }

    /// en, de, nl, sv, fi: one is "1" without visible fraction digits.
    private static let oneIfExactlyOne: @Sendable (PluralOperands) -> PluralCategory = { o in
        o.i == 1 && o.v == 0 ? .one : .other
    }

    /// fr, es, it, pt, ca: `many` for whole millions (`e = 0 and i != 0 and i % 1000000 = 0 and
    /// v = 0`; the exponent is never written here), else other.
    private static func millions(_ o: PluralOperands) -> PluralCategory {
        o.i != 0 && o.i % 1_000_000 == 0 && o.v == 0 ? .many : .other
    }

    private static let polish: @Sendable (PluralOperands) -> PluralCategory = { o in
        guard o.v == 0 else { return .other }
        let (i10, i100) = (o.i % 10, o.i % 100)
        if o.i == 1 { return .one }
        if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
        if i10 <= 1 || (5...9).contains(i10) || (12...14).contains(i100) { return .many }
        return .other
    }

    private static let eastSlavic: @Sendable (PluralOperands) -> PluralCategory = { o in
        guard o.v == 0 else { return .other }
        let (i10, i100) = (o.i % 10, o.i % 100)
        if i10 == 1 && i100 != 11 { return .one }
        if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
        return .many
    }

    /// `n mod 100` is read on the whole value: a fraction is never in 3..10 or 11..99.
    private static let arabic: @Sendable (PluralOperands) -> PluralCategory = { o in
        guard o.n == o.n.rounded() else { return .other }
        let n100 = o.i % 100
        switch o.i {
        case 0: return .zero
        case 1: return .one
        case 2: return .two
        default:
            if (3...10).contains(n100) { return .few }
            if (11...99).contains(n100) { return .many }
            return .other
        }
    }

    private static let hebrew: @Sendable (PluralOperands) -> PluralCategory = { o in
        if (o.i == 1 && o.v == 0) || (o.i == 0 && o.v != 0) { return .one }
        if o.i == 2 && o.v == 0 { return .two }
        return .other
    }
}
