import Foundation
import NightstandTesting
import Testing

@testable import Network

/// The web page in the browser's language when Nightstand's words are in it, else in the
/// display's; right to left for Arabic and Hebrew.
@Suite("Web page languages")
struct WebPageLanguageTests {
    /// `GET /` with the token and an `Accept-Language` field (none when nil).
    static func page(_ host: FakeHost, accepting languages: String?) -> HTTPResponse? {
        var headers = [(name: "authorization", value: "Bearer \(HTTPServerTests.token)")]
        if let languages { headers.append((name: "accept-language", value: languages)) }
        let request = HTTPRequest(method: "GET", path: "/", query: [], headers: headers, body: [])
        let api = HTTPAPI(host: host, token: Array(HTTPServerTests.token.utf8))
        guard case .response(let response) = api.answer(request) else { return nil }
        return response
    }

    static func text(_ response: HTTPResponse?) -> String {
        String(decoding: response?.body ?? [], as: UTF8.self)
    }

    static func header(_ response: HTTPResponse?, _ name: String) -> String? {
        response?.headers.first { $0.name == name }?.value
    }

    @Test("the browser's first language with Nightstand's words, else the display's")
    func chosen() {
        let host = FakeHost()
        host.update { $0.locale = "ja_JP" }
        let cases: [(String?, String)] = [
            ("de-DE,de;q=0.9,en;q=0.8", "de"),  // the browser's
            ("fi-FI, fi;q=0.9, fr;q=0.5", "fr"),  // no Finnish words: the next it accepts
            ("en-US,en;q=0.9", "en"),
            ("zh-TW, zh-CN;q=0.5", "zh-Hans"),  // no Traditional Chinese: Simplified next
            ("de;q=0, ar", "ar"),  // a weight of 0 refuses
            ("sv;q=0.2, pl;q=0.7", "pl"),  // by weight, not by order
            ("fi", "ja"),  // none of ours: the display's
            ("*", "ja"),
            (nil, "ja"),
        ]
        for (accepted, language) in cases {
            let page = Self.page(host, accepting: accepted)
            #expect(page?.status == 200)
            #expect(Self.header(page, "Content-Language") == language, "\(accepted ?? "none")")
            #expect(Self.header(page, "Vary") == "Accept-Language")
            #expect(Self.text(page).contains("<html lang=\"\(language)\""), "\(accepted ?? "none")")
        }
        // A display in a language without Nightstand's words: English.
        host.update { $0.locale = "fi_FI" }
        #expect(Self.header(Self.page(host, accepting: nil), "Content-Language") == "en")
    }

    @Test("the page's words: the HTML's and the script's, right to left in Arabic and Hebrew")
    func words() throws {
        let host = FakeHost()
        let german = Self.text(Self.page(host, accepting: "de"))
        #expect(german.contains(#"dir="ltr""#))
        #expect(german.contains(">Zeitleisten neu laden</button>"))
        #expect(german.contains(#"aria-label="Modus""#))
        #expect(german.contains(">Verbinden…</p>"))
        // The script's words: a JSON object, each a translation of its key.
        let start = try #require(german.range(of: "const words = "))
        let end = try #require(german[start.upperBound...].range(of: ";\n"))
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(german[start.upperBound..<end.lowerBound].utf8)) as? [String: String])
        #expect(json["night"] == "Nacht")
        #expect(json["live"] == "Live · Modus: %1$@ · Darstellung: %2$@ · %3$@")
        #expect(json["retrying"] == "%1$@; neuer Versuch…")
        #expect(json.count == 11)

        let arabic = Self.text(Self.page(host, accepting: "ar-EG"))
        #expect(arabic.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(arabic.contains(">إعادة تحميل الخطوط الزمنية</button>"))
        #expect(Self.text(Self.page(host, accepting: "he")).contains(#"dir="rtl""#))
        // English reads as before.
        let english = Self.text(Self.page(host, accepting: "en"))
        #expect(english.contains(">Reload timelines</button>"))
        #expect(english.contains(#"alt="The display&#39;s screen""#) == false)
        #expect(english.contains(#"alt="The display's screen""#))
    }

    @Test("in Chromium asking for Arabic: Arabic words, numbers and buttons from the right")
    func arabicInChromium() throws {
        let host = FakeHost()
        host.update { $0.frame = WebPageBrowserTests.frame(shift: 0) }
        let (server, browser) = try WebPageBrowserTests.openPage(for: host, languages: "ar")
        defer {
            browser.close()
            server.stop()
        }
        // The state line: mode auto, appearance day, 120 lx, in Arabic words, the light in
        // the language's number form (Chromium's ICU: Arabic-Indic digits, "١٢٠٫٠").
        let line = #"document.getElementById("line").textContent"#
        let expected = "مباشر · الوضع: تلقائي · المظهر: نهار · "
        let numbers = ["١٢٠٫٠ lx", "120.0 lx"]
        #expect(
            eventually(seconds: 60) {
                let text = (try? browser.evaluate(line)) as? String ?? ""
                return numbers.contains { text == expected + $0 }
            }, "the page: \(WebPageBrowserTests.pageState(browser))")
        // The mode buttons in Arabic, the first (auto) to the right of the second (day).
        let labels =
            ##"Array.from(document.querySelectorAll("#modes button"), b => b.textContent).join()"##
        #expect(try browser.evaluate(labels) as? String == "تلقائي,نهار,خافت,ليل,إيقاف")
        let order = """
            (() => { const b = document.querySelectorAll("#modes button");
                     return b[0].getBoundingClientRect().left > b[1].getBoundingClientRect().left; })()
            """
        #expect(try browser.evaluate(order) as? Bool == true)
        // They still send the mode's name.
        _ = try browser.evaluate(#"document.querySelector('button[data-mode="night"]').click()"#)
        #expect(eventually(seconds: 30) { host.recorded.modeRequests == ["night"] })
    }
}
