import FoundationEssentials
import Localization

/// The page `GET /` serves: the live screen, the mode buttons and, on a display with a choice
/// of views, the view buttons, in one self-contained HTML file (no outside scripts, styles or
/// fonts).
///
/// Open it as `http://<display>:8080/?access_token=<token>`: the script keeps the token in the
/// tab's session storage, takes it out of the address bar, and sends it as
/// `Authorization: Bearer` with every request. It reads `GET /api/events` (server-sent events,
/// through `fetch`, which can send the header where `EventSource` can't): a `frame` event
/// fetches `/screen.png` again, at most one download at a time; a `status` event marks the
/// current mode and view. Nothing is polled: while the stream is down, or a download fails,
/// it retries after 1, 2, 4 … 30 s. The server sends a comment on a stream that was quiet for
/// 15 s; a stream quiet for 45 s has stalled somewhere on the way, and the page opens a new
/// one.
///
/// Its words are Nightstand's (``Localization/NightstandStrings``) in the language
/// ``HTTPAPI`` chooses: the buttons' and labels' in the HTML, the script's (the state line,
/// the mode names, what it says while reconnecting) in a `words` object; a right-to-left
/// language sets `dir="rtl"`, so the buttons line up from the right.
enum WebPage {
    /// The page's bytes in `language` (a catalog's tag: `"de"`, `"zh-Hans"`, `"ar"`).
    static func html(language: String) -> [UInt8] {
        Array(source(language: language).utf8)
    }

    /// The script's words, by the name the script uses: a key of Nightstand's words each.
    private static let scriptWords = [
        "live": "Live · mode: %1$@ · appearance: %2$@ · %3$@", "noLight": "no light reading",
        "refused": "the token was refused", "retrying": "%@; retrying…",
        "closed": "The display closed the connection; reconnecting…",
        "quiet": "The display went quiet; reconnecting…",
        "auto": "Auto (mode)", "day": "Day (mode)", "dim": "Dim (mode)", "night": "Night (mode)",
        "off": "Off (mode)",
    ]

    /// The script's words in `language` as a JavaScript object (JSON, `<` escaped so that
    /// no word can end the script), their arguments as `%1$@`, `%2$@` … for the script to fill.
    private static func scriptWords(in language: LanguageTag) -> String {
        let arguments = (1...3).map { LocalizedArgument.text("%\($0)$@") }
        let words = scriptWords.mapValues {
            NightstandStrings.string($0, language: language, arguments: arguments)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(words)).map { String(decoding: $0, as: UTF8.self) }
        return (json ?? "{}").split(separator: "<", omittingEmptySubsequences: false)
            .joined(separator: "\\u003c")
    }

    /// A key's words in `language`, escaped for HTML text and attribute values.
    private static func word(_ key: String, _ language: LanguageTag) -> String {
        var text = ""
        for character in NightstandStrings.string(key, language: language) {
            switch character {
            case "&": text += "&amp;"
            case "<": text += "&lt;"
            case ">": text += "&gt;"
            case "\"": text += "&quot;"
            default: text.append(character)
            }
        }
        return text
    }

    /// The page's Content-Security-Policy: only this server, blob images (the screen), and
    /// the page's own inline script and style.
    static let contentSecurityPolicy =
        "default-src 'none'; connect-src 'self'; img-src blob:; "
        + "script-src 'unsafe-inline'; style-src 'unsafe-inline'; base-uri 'none'; "
        + "form-action 'none'; frame-ancestors 'none'"

    /// How long a stream may bring no byte before the page gives it up: three of the server's
    /// heartbeats.
    static let quietLimit = HTTPServer.heartbeatInterval * 3

    private static func source(language code: String) -> String {
        let language = LanguageTag(code)
        let direction = language.isRightToLeft ? "rtl" : "ltr"
        return """
            <!doctype html>
            <html lang="\(code)" dir="\(direction)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Nightstand</title>
            <style>
              :root { color-scheme: dark; }
              body { margin: 0; background: #000; color: #ddd;
                     font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
              main { max-width: 1280px; margin: 0 auto; padding: 16px; }
              #screen { display: block; max-width: 100%; background: #000; outline: 1px solid #333; }
              nav { display: flex; flex-wrap: wrap; gap: 8px; margin: 16px 0 8px; }
              button { font: inherit; color: #eee; background: #222; border: 1px solid #444;
                       border-radius: 16px; padding: 6px 16px; cursor: pointer; }
              button[aria-pressed="true"] { background: #0a84ff; border-color: #0a84ff; color: #fff; }
              #line { color: #888; }
              #line.problem { color: #ff9f0a; }
            </style>
            </head>
            <body>
            <main>
              <img id="screen" alt="\(word("The display's screen", language))">
              <nav id="modes" aria-label="\(word("Mode", language))"></nav>
              <nav id="views" aria-label="\(word("View", language))" hidden></nav>
              <nav><button id="reload" type="button">\(word("Reload timelines", language))</button></nav>
              <p id="line">\(word("Connecting…", language))</p>
            </main>
            <script>
            "use strict";
            // The token as written in ?access_token= (a base64 token's "+" stays a plus, which
            // URLSearchParams would turn into a space), then kept for this tab only.
            const given = location.search.slice(1).split("&")
              .find(pair => pair.startsWith("access_token="));
            function decoded(text) {
              try { return decodeURIComponent(text); } catch (error) { return text; }
            }
            const token = (given && decoded(given.slice("access_token=".length)))
              || sessionStorage.getItem("nightstand-token") || "";
            if (given) {
              sessionStorage.setItem("nightstand-token", token);
              history.replaceState(null, "", location.pathname);
            }
            const screen = document.getElementById("screen");
            const line = document.getElementById("line");
            const modes = document.getElementById("modes");
            const views = document.getElementById("views");
            const modeNames = ["auto", "day", "dim", "night", "off"];
            // The page's words in its language; "%1$@", "%2$@" … in them take the values.
            const words = \(scriptWords(in: language));
            function fill(text, values) {
              values.forEach((value, i) => { text = text.split("%" + (i + 1) + "$@").join(value); });
              return text;
            }
            const named = name => words[name] || name;
            let state = null;
            let frames = 0;

            function say(text, problem) {
              line.textContent = text;
              line.className = problem ? "problem" : "";
            }

            function api(path, options) {
              const init = Object.assign({}, options || {});
              init.headers = Object.assign({ "Authorization": "Bearer " + token }, init.headers || {});
              return fetch(path, init).then(response => {
                if (response.status === 401) throw new Error(words.refused);
                if (!response.ok) throw new Error(path + ": HTTP " + response.status);
                return response;
              });
            }

            // A button that posts {key: name} to path, showing label.
            function choice(key, name, path, label) {
              const button = document.createElement("button");
              button.type = "button";
              button.textContent = label;
              button.dataset[key] = name;
              button.setAttribute("aria-pressed", "false");
              button.addEventListener("click", () => {
                api(path, { method: "POST", headers: { "Content-Type": "application/json" },
                            body: JSON.stringify({ [key]: name }) })
                  .catch(error => say(error.message, true));
              });
              return button;
            }
            for (const name of modeNames) {
              modes.appendChild(choice("mode", name, "/api/mode", named(name)));
            }
            document.getElementById("reload").addEventListener("click", () => {
              api("/api/reload", { method: "POST", headers: { "Content-Type": "application/json" },
                                   body: "{}" }).catch(error => say(error.message, true));
            });

            function showState(next) {
              state = next;
              for (const button of modes.children) {
                button.setAttribute("aria-pressed", String(button.dataset.mode === state.mode));
              }
              // The views' buttons, when the display has a choice of views.
              const names = state.views || [];
              if (names.join() !== Array.from(views.children, b => b.dataset.view).join()) {
                views.replaceChildren(...names.map(name =>
                  choice("view", name, "/api/view", name[0].toUpperCase() + name.slice(1))));
              }
              views.hidden = names.length === 0;
              for (const button of views.children) {
                button.setAttribute("aria-pressed", String(button.dataset.view === state.view));
              }
              const light = state.lux === null || state.lux === undefined ? words.noLight
                : state.lux.toLocaleString(document.documentElement.lang,
                    { minimumFractionDigits: 1, maximumFractionDigits: 1 }) + " lx";
              say(fill(words.live, [named(state.mode), named(state.appearance), light]), false);
            }

            // One download at a time; a frame that arrives meanwhile is fetched right after. A
            // download that fails is tried again after 1, 2, 4 … 30 s (one retry pending at most).
            let loading = false;
            let again = false;
            let retry = null;
            let retryDelay = 1000;
            async function loadScreen() {
              if (loading) { again = true; return; }
              loading = true;
              try {
                do {
                  again = false;
                  const blob = await (await api("/screen.png")).blob();
                  const old = screen.src;
                  screen.src = URL.createObjectURL(blob);
                  screen.dataset.frame = String(frames);
                  if (old) URL.revokeObjectURL(old);
                } while (again);
                retryDelay = 1000;
              } catch (error) {
                say(fill(words.retrying, [error.message]), true);
                if (retry === null) {
                  retry = setTimeout(() => { retry = null; loadScreen(); }, retryDelay);
                  retryDelay = Math.min(retryDelay * 2, 30000);
                }
              } finally {
                loading = false;
              }
            }

            function handle(block) {
              let event = "message";
              let data = "";
              for (const field of block.split("\\n")) {
                if (field.startsWith("event:")) event = field.slice(6).trim();
                else if (field.startsWith("data:")) data += field.slice(5).trim();
              }
              if (event === "status") showState(JSON.parse(data));
              else if (event === "frame") { frames = Number(data); loadScreen(); }
            }

            // A stream with no byte for three of the server's heartbeats is given up.
            const quietLimit = \(quietLimit.components.seconds * 1000);
            async function listen() {
              let delay = 1000;
              for (;;) {
                const stop = new AbortController();
                let quiet = null;
                const watch = () => {
                  clearTimeout(quiet);
                  quiet = setTimeout(() => stop.abort(), quietLimit);
                };
                try {
                  watch();
                  const response = await api("/api/events", { signal: stop.signal });
                  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
                  let buffer = "";
                  for (;;) {
                    const { value, done } = await reader.read();
                    if (done) break;
                    watch();
                    delay = 1000;
                    buffer += value;
                    let end;
                    while ((end = buffer.indexOf("\\n\\n")) >= 0) {
                      handle(buffer.slice(0, end));
                      buffer = buffer.slice(end + 2);
                    }
                  }
                  say(words.closed, true);
                } catch (error) {
                  say(stop.signal.aborted ? words.quiet
                                          : fill(words.retrying, [error.message]), true);
                } finally {
                  clearTimeout(quiet);
                }
                await new Promise(resume => setTimeout(resume, delay));
                delay = Math.min(delay * 2, 30000);
              }
            }
            listen();
            </script>
            </body>
            </html>

            """
    }
}
