import DisplayCommands
import FoundationEssentials
import Localization
import Raster

/// What the HTTP server answers: the token check, then the routes.
///
/// | request | answer |
/// | --- | --- |
/// | `GET /` | the web page: the live screen and the mode buttons, in the browser's language (`Accept-Language`) when Nightstand's words are in it, else the display's |
/// | `GET /api/status` | the host's status, as `nightstand status --json` prints it |
/// | `POST /api/mode` with `{"mode": "night"}` | sets the mode, as `nightstand mode night` |
/// | `POST /api/reload` | reloads every timeline, as `nightstand reload` |
/// | `POST /api/view` with `{"view": "clock"}` | shows a view (hosts with views) |
/// | `GET /api/alarms` | the alarms (``DisplayCommands/AlarmSummary``): `{"alarms": [...]}` |
/// | `POST /api/alarms` with `{"alarm": "snooze"}` | an alarm command, as `nightstand alarm snooze` (`dismiss`, `test ID`, `skip ID`, `set ID on`) |
/// | `GET /api/events` | server-sent events: `status` (the ``DisplayState``) and `frame` |
/// | `GET /screen.png` | the frame the panel shows now, its exact pixels |
///
/// Every request needs the token, as `Authorization: Bearer <token>`; only the page itself
/// (`GET /`) takes it as the query parameter `access_token` (RFC 6750), so a URL that leaked
/// opens the page but drives nothing: the page sends the header with everything it asks.
/// Without the token the answer is 401, whatever the path. The token is compared in constant
/// time. A request that changes something (`POST`) with a body or a `Content-Type` must say
/// its body is JSON (`Content-Type: application/json`, 415 else) and, when a browser names the
/// page it comes from (`Origin`), come from this server's own page (403 else): a form on
/// another site can send neither.
struct HTTPAPI: Sendable {
    let host: any NetworkHost
    let token: [UInt8]

    /// What to do with a request.
    enum Answer: Equatable {
        /// Send this and close.
        case response(HTTPResponse)
        /// Start a server-sent event stream.
        case events
    }

    func answer(_ request: HTTPRequest) -> Answer {
        guard isAuthorized(request) else {
            var response = HTTPResponse.error(
                401, "this request needs the token: Authorization: Bearer <token>")
            response.headers.append(("WWW-Authenticate", "Bearer realm=\"nightstand\""))
            return .response(response)
        }
        let routes: [String: [String]] = [
            "/": ["GET"], "/api/status": ["GET"], "/api/events": ["GET"], "/screen.png": ["GET"],
            "/api/mode": ["POST"], "/api/reload": ["POST"], "/api/view": ["POST"],
            "/api/command": ["POST"], "/api/alarms": ["GET", "POST"], "/api/message": ["POST"],
        ]
        guard let methods = routes[request.path] else {
            return .response(.error(404, "no such resource: \(request.path.prefix(100))"))
        }
        guard methods.contains(request.method) else {
            var response = HTTPResponse.error(
                405, "\(request.path) takes \(methods.joined(separator: ", "))")
            response.headers.append(("Allow", methods.joined(separator: ", ")))
            return .response(response)
        }
        if let refusal = Self.crossSiteRefusal(request) { return .response(refusal) }
        switch request.path {
        case "/": return .response(page(for: request))
        case "/api/status": return .response(.json(bytes: host.statusJSON()))
        case "/api/events": return .events
        case "/screen.png": return .response(screen())
        case "/api/reload":
            host.send(.reloadTimelines(kind: nil))
            return .response(.json(["reload": "every widget"]))
        case "/api/command":
            return .response(command(in: request))
        case "/api/alarms":
            return .response(request.method == "GET" ? alarms() : alarm(in: request))
        case "/api/message":
            return .response(message(in: request))
        case "/api/mode":
            return .response(
                choose("mode", from: DisplayMode.allCases.map(\.rawValue), in: request) { mode in
                    host.send(words: "mode \(mode)")
                    return .json(["mode": mode])
                })
        default:
            let views = host.state().views
            guard !views.isEmpty else {
                return .response(.error(404, "this display shows one view ([layout] views)"))
            }
            return .response(
                choose("view", from: views + DisplayState.viewSteps, in: request) { view in
                    host.send(words: "view \(view)")
                    return .json(["view": view])
                })
        }
    }

    /// The web page in the language the browser asks for first (`Accept-Language`) that
    /// Nightstand's words are in, else in the display's.
    private func page(for request: HTTPRequest) -> HTTPResponse {
        let language =
            request.header("accept-language").flatMap(NightstandStrings.language(accepting:))
            ?? LanguageTag(host.locale)
        let words = NightstandStrings.wordsLanguage(language)
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "text/html; charset=utf-8"), ("Content-Language", words),
                ("Vary", "Accept-Language"),
                ("Content-Security-Policy", WebPage.contentSecurityPolicy),
            ], body: WebPage.html(language: words))
    }

    /// Posts the command in the body, in its wire form (`{"version": 1, "command": "view
    /// clock"}`), and answers 202 with its words; a body that is not one is a 400 with the
    /// reason, in the words every channel uses.
    private func command(in request: HTTPRequest) -> HTTPResponse {
        do throws(CommandError) {
            return posted(try DisplayCommand(json: request.body))
        } catch {
            return .error(400, error.description)
        }
    }

    /// Posts `command` to the display and answers 202 with its words.
    private func posted(_ command: DisplayCommand) -> HTTPResponse {
        host.send(command)
        var response = HTTPResponse.json(["command": command.description])
        response.status = 202
        return response
    }

    /// `{"alarms": [...]}`: each alarm, when it rings next and whether it rings now; empty
    /// on a display without alarms.
    private func alarms() -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let list = ["alarms": host.state().alarms ?? []]
        guard let body = try? encoder.encode(list) else {
            return .error(500, "the alarms could not be encoded")
        }
        return .json(bytes: Array(body))
    }

    /// Posts the alarm command in `{"alarm": "snooze"}` and answers 202 with its words; a
    /// body that is not one is a 400 with the reason.
    private func alarm(in request: HTTPRequest) -> HTTPResponse {
        let example =
            #"{"alarm": "snooze"} (or dismiss, test ID, skip ID, set ID on|off|default|HH:MM)"#
        guard
            let object = try? JSONDecoder().decode([String: String].self, from: Data(request.body)),
            let words = object["alarm"]
        else { return .error(400, "expected a JSON object such as \(example)") }
        do throws(CommandError) {
            return posted(try DisplayCommand(words: "alarm \(words)"))
        } catch {
            return .error(400, error.description)
        }
    }

    /// What `POST /api/message` takes: `{"text": "Laundry done", "seconds": 60, "wake": true}`.
    private struct MessageBody: Decodable {
        var text: String
        var seconds: Double?
        var wake: Bool?
    }

    /// Posts the message in `{"text": …, "seconds": …, "wake": …}` (``DisplayMessage``) and
    /// answers 202 with its words; a body that is not one is a 400 with the reason.
    private func message(in request: HTTPRequest) -> HTTPResponse {
        guard let body = try? JSONDecoder().decode(MessageBody.self, from: Data(request.body))
        else {
            return .error(
                400, #"expected a JSON object such as {"text": "Laundry done", "seconds": 60}"#)
        }
        do throws(CommandError) {
            return posted(
                .showMessage(
                    try DisplayMessage(
                        body.text, seconds: body.seconds ?? DisplayMessage.defaultSeconds,
                        wakes: body.wake ?? false)))
        } catch {
            return .error(400, error.description)
        }
    }

    /// Reads `{"<key>": "<one of choices>"}` from the body and acts on it, or says what was
    /// expected.
    private func choose(
        _ key: String, from choices: [String], in request: HTTPRequest,
        act: (String) -> HTTPResponse
    ) -> HTTPResponse {
        let example = "{\"\(key)\": \"\(choices.last ?? "")\"}"
        guard
            let object = try? JSONDecoder().decode([String: String].self, from: Data(request.body))
        else { return .error(400, "expected a JSON object such as \(example)") }
        guard let choice = object[key] else {
            return .error(400, "missing \"\(key)\": expected a JSON object such as \(example)")
        }
        guard choices.contains(choice) else {
            return .error(
                400,
                "\"\(key)\": expected one of \(choices.joined(separator: ", ")), found "
                    + "\"\(choice.prefix(40))\"")
        }
        return act(choice)
    }

    /// The frame the panel shows, as PNG.
    private func screen() -> HTTPResponse {
        switch host.framePNG() {
        case .success(let png):
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: png)
        case .failure(let problem):
            return .error(problem == .notShown ? 503 : 500, problem.description)
        }
    }

    // MARK: The token

    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        if let field = request.header("authorization") {
            let parts = field.split(separator: " ", maxSplits: 1)
            return parts.count == 2 && parts[0].lowercased() == "bearer"
                && Self.equalInConstantTime(Array(parts[1].utf8), token)
        }
        if request.method == "GET", request.path == "/",
            let parameter = request.parameter("access_token")
        {
            return Self.equalInConstantTime(Array(parameter.utf8), token)
        }
        return false
    }

    /// Why a `POST` is refused as cross-site, or nil: a body, or a declared type, must be JSON
    /// (a form always declares `text/plain`, `application/x-www-form-urlencoded` or
    /// `multipart/form-data`), and an `Origin` must be this server's (the `Host` it was asked
    /// by, over http or https).
    static func crossSiteRefusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "POST" else { return nil }
        let mediaType = request.header("content-type")?.split(separator: ";").first
            .map { String($0).trimming { $0 == " " }.lowercased() }
        guard mediaType == "application/json" || (mediaType == nil && request.body.isEmpty)
        else {
            return .error(415, "a POST takes a JSON body: send Content-Type: application/json")
        }
        if let origin = request.header("origin") {
            let host = request.header("host") ?? ""
            guard !host.isEmpty, origin == "http://\(host)" || origin == "https://\(host)" else {
                return .error(403, "a POST from another site's page (Origin \(origin.prefix(100)))")
            }
        }
        return nil
    }

    /// Whether `given` is `expected`, in a time that depends only on `expected`'s length, so
    /// that the answer's timing tells nothing about how much of a guess was right.
    static func equalInConstantTime(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        guard !expected.isEmpty else { return false }
        var difference: UInt8 = given.count == expected.count ? 0 : 1
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
