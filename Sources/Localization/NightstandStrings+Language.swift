import FoundationEssentials

extension NightstandStrings {
    /// The language Nightstand's words show in for `language`: its own catalog's tag (`"de"`
    /// for `de_AT`, `"zh-Hans"` for `zh_CN`), else `"en"`, which every word falls back to.
    public static func wordsLanguage(_ language: LanguageTag) -> String {
        language.candidates.first { catalog.entries[$0] != nil } ?? "en"
    }

    /// The language of Nightstand's words an HTTP `Accept-Language` field asks for.
    ///
    /// Of the field's ranges (RFC 9110 §12.5.4) with a catalog, English included, the one
    /// of the highest weight, the first of equal weights; nil when none has one (`*`, a
    /// weight of 0 and text that is no language are skipped).
    ///
    /// ```swift
    /// NightstandStrings.language(accepting: "fi-FI, de;q=0.8, en;q=0.5")   // de
    /// ```
    public static func language(accepting field: String) -> LanguageTag? {
        var ranges: [(tag: String, weight: Double)] = []
        for range in field.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.filter { $0 != " " && $0 != "\t" } }
            guard let tag = parts.first, LanguageTag.isLocaleIdentifier(tag) else { continue }
            let weight =
                parts.dropFirst().first { $0.lowercased().hasPrefix("q=") }
                .map { Double($0.dropFirst(2)) ?? 0 } ?? 1
            if weight > 0 { ranges.append((tag, weight)) }
        }
        // A stable order by weight: the field's order among equal weights.
        let ordered = ranges.enumerated().sorted {
            $0.element.weight != $1.element.weight
                ? $0.element.weight > $1.element.weight : $0.offset < $1.offset
        }
        return ordered.lazy.map { LanguageTag($0.element.tag) }.first { tag in
            tag.language == "en" || supports(tag)
        }
    }
}
