import Foundation

/// The parts of Home Assistant's MQTT discovery schema that Nightstand's messages use, as its
/// documentation (integrations/mqtt, select.mqtt, sensor.mqtt, button.mqtt) and its MQTT
/// integration's validation state them: what a message must have for Home Assistant to make
/// the entity, and what it must not combine.
enum HomeAssistantSchema {
    /// The discovery topic: `<prefix>/<component>/<node_id>/<object_id>/config`, ids of
    /// `[a-zA-Z0-9_-]`.
    static func problems(topic: String, prefix: String) -> [String] {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        guard levels.count == 5, levels[0] == prefix, levels[4] == "config" else {
            return ["\(topic): not <prefix>/<component>/<node_id>/<object_id>/config"]
        }
        var problems: [String] = []
        if ![
            "select", "sensor", "button", "switch", "binary_sensor", "update", "notify", "image",
            "number",
        ]
        .contains(levels[1]) {
            problems.append("\(topic): unexpected component \(levels[1])")
        }
        for id in levels[2...3] where id.isEmpty || !id.allSatisfy(isIDCharacter) {
            problems.append("\(topic): the id \"\(id)\" is not of [a-zA-Z0-9_-]")
        }
        return problems
    }

    /// What is wrong with one entity's payload for `component`.
    static func problems(component: String, config: [String: Any]) -> [String] {
        var problems: [String] = []
        func need(_ key: String) {
            if config[key] == nil { problems.append("\(component): missing \(key)") }
        }
        func publishTopic(_ key: String) {
            guard let value = config[key] else { return }
            guard let topic = value as? String, !topic.isEmpty, !topic.contains("+"),
                !topic.contains("#")
            else { return problems.append("\(component): \(key) is not a topic to publish to") }
        }
        need("unique_id")
        need("name")
        need("availability_topic")
        publishTopic("availability_topic")
        publishTopic("state_topic")
        publishTopic("command_topic")
        if let device = config["device"] as? [String: Any] {
            let identifiers = device["identifiers"] as? [String] ?? []
            if identifiers.isEmpty && device["connections"] == nil {
                problems.append("\(component): device needs identifiers or connections")
            }
        } else {
            problems.append("\(component): missing device")
        }
        if let origin = config["origin"], (origin as? [String: Any])?["name"] as? String == nil {
            problems.append("\(component): origin needs a name")
        }
        if let icon = config["icon"], (icon as? String)?.contains(":") != true {
            problems.append("\(component): icon is not prefix:name")
        }
        if let category = config["entity_category"] as? String,
            !["config", "diagnostic"].contains(category)
        {
            problems.append("\(component): entity_category is config or diagnostic")
        }
        if let device = config["device"] as? [String: Any],
            let url = device["configuration_url"] as? String,
            !(url.hasPrefix("http://") || url.hasPrefix("https://"))
        {
            problems.append("\(component): configuration_url is not an http(s) URL")
        }
        if let qos = config["qos"], !((qos as? Int).map { (0...2).contains($0) } ?? false) {
            problems.append("\(component): qos is not 0, 1 or 2")
        }
        switch component {
        case "select":
            need("command_topic")
            let options = config["options"] as? [String] ?? []
            if options.isEmpty || Set(options).count != options.count {
                problems.append("select: options must be a list of distinct strings")
            }
        case "sensor":
            need("state_topic")
            let deviceClass = config["device_class"] as? String
            if deviceClass == "enum" {
                if (config["options"] as? [String] ?? []).isEmpty {
                    problems.append("sensor: an enum sensor needs options")
                }
                if config["unit_of_measurement"] != nil || config["state_class"] != nil {
                    problems.append("sensor: an enum sensor has no unit or state class")
                }
            } else if config["options"] != nil {
                problems.append("sensor: only an enum sensor has options")
            }
            if deviceClass == "illuminance", config["unit_of_measurement"] as? String != "lx" {
                problems.append("sensor: illuminance is measured in lx")
            }
            if let stateClass = config["state_class"] as? String,
                !["measurement", "total", "total_increasing"].contains(stateClass)
            {
                problems.append("sensor: unknown state_class \(stateClass)")
            }
        case "button", "notify":
            need("command_topic")
        case "number":
            need("command_topic")
            if let low = config["min"] as? Double, let high = config["max"] as? Double, low >= high
            {
                problems.append("number: min must be below max")
            }
        case "image":
            need("image_topic")
            if config["content_type"] as? String != "image/png" {
                problems.append("image: content_type is image/png")
            }
        case "update":
            need("state_topic")
        case "binary_sensor":
            need("state_topic")
            if let deviceClass = config["device_class"] as? String,
                !["occupancy", "motion", "presence", "connectivity", "problem", "update", "sound"]
                    .contains(deviceClass)
            {
                problems.append("binary_sensor: unexpected device_class \(deviceClass)")
            }
        case "switch":
            need("command_topic")
            // A switch with a state topic reads `state_on`/`state_off` (default: the
            // payloads); a template must give one of them.
            if config["state_topic"] != nil, config["value_template"] != nil,
                config["state_on"] == nil || config["state_off"] == nil
            {
                problems.append("switch: a templated state needs state_on and state_off")
            }
        default:
            problems.append("unexpected component \(component)")
        }
        return problems
    }

    /// A JSON object from a payload, or a thrown error.
    static func object(_ payload: String) throws -> [String: Any] {
        guard
            let object = try JSONSerialization.jsonObject(with: Data(payload.utf8))
                as? [String: Any]
        else { throw SchemaError(payload: payload) }
        return object
    }

    private static func isIDCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-")
    }

    struct SchemaError: Error {
        let payload: String
    }
}
