/// A language as catalogs name it, read from a POSIX locale (`de_DE.UTF-8`), a Foundation
/// identifier (`zh_Hans_CN`, `pt_BR`) or a BCP 47 tag (`pt-BR`, `zh-Hant`).
///
/// ```swift
/// LanguageTag("de_DE.UTF-8").candidates   // ["de-DE", "de"]
/// LanguageTag("zh_CN").candidates         // ["zh-Hans-CN", "zh-Hans", "zh"]
/// LanguageTag("he_IL").isRightToLeft      // true
/// ```
public struct LanguageTag: Equatable, Sendable {
    /// The lowercase language code: "de", "zh".
    public var language: String
    /// The script, title case ("Hans"), when written or implied (Chinese by its region).
    public var script: String?
    /// The uppercase region: "DE", "BR".
    public var region: String?

    /// Reads a tag; the encoding (`.UTF-8`) and modifiers (`@euro`) are ignored.
    public init(_ identifier: String) {
        let base = identifier.split(whereSeparator: { $0 == "." || $0 == "@" }).first ?? ""
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        var language = parts.first?.lowercased() ?? ""
        if language == "c" || language == "posix" || language.isEmpty { language = "en" }
        if language == "iw" { language = "he" }  // the old code glibc still knows
        self.language = language
        for part in parts.dropFirst() {
            if part.count == 4 {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if part.count == 2 || part.count == 3 {
                region = part.uppercased()
            }
        }
        if language == "zh" && script == nil {
            script = ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        }
    }

    /// The tags to look a string up under, most specific first: `de-DE`, then `de`; for
    /// Chinese the script comes before the bare language (`zh-Hans`, `zh`).
    public var candidates: [String] {
        var tags: [String] = []
        if let script {
            if let region { tags.append("\(language)-\(script)-\(region)") }
            tags.append("\(language)-\(script)")
        }
        if let region { tags.append("\(language)-\(region)") }
        tags.append(language)
        return tags
    }

    /// The locale identifier POSIX's environment names for a category: the first of `LC_ALL`,
    /// `category` (`LC_MESSAGES`, `LC_TIME`) and `LANG` that is set, without its codeset or
    /// modifier (`de_DE.UTF-8` is `de_DE`); nil for none, for `C` and `POSIX`, which name no
    /// language, and for text that is no locale (a language of 2 or 3 letters, then parts of
    /// letters and digits after `_` or `-`).
    ///
    /// ```swift
    /// LanguageTag.posixLocale(["LANG": "de_DE.UTF-8"], category: "LC_MESSAGES")   // "de_DE"
    /// ```
    public static func posixLocale(_ environment: [String: String], category: String) -> String? {
        guard
            let value = ["LC_ALL", category, "LANG"].lazy.compactMap({ environment[$0] }).first(
                where: { !$0.isEmpty })
        else { return nil }
        let identifier = String(value.prefix { $0 != "." && $0 != "@" })
        guard identifier != "C", identifier != "POSIX", isLocaleIdentifier(identifier) else {
            return nil
        }
        return identifier
    }

    /// Whether `text` looks like a locale: a language of 2 or 3 letters, then parts of letters
    /// and digits after `_` or `-` (`en`, `en_GB`, `zh-Hant-TW`).
    public static func isLocaleIdentifier(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "-", omittingEmptySubsequences: false)
        }
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count)
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu, Yiddish
    /// and others in Arabic or Hebrew script).
    public var isRightToLeft: Bool {
        ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "ckb", "dv"].contains(language)
            || script == "Arab" || script == "Hebr"
    }
}
