import Settings

/// A configuration document laid over the file: its TOML text, and the name its messages
/// give it in place of a file's (`fleet/all@1a2b3c4d5e6f7a8b`).
public struct ConfigurationLayer: Equatable, Sendable {
    /// The name messages give it.
    public var name: String
    /// Its TOML text.
    public var text: String

    /// A layer.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// Where the layers over a configuration file come from, and what each may set.
///
/// `layers` names the documents for the file as read alone (their order: the first is laid
/// first); `vet` throws at a key a document may not set, given the file as read alone (whose
/// tables say what it allows).
public struct ConfigurationLayering: Sendable {
    /// The documents over the file, in order.
    public let layers: @Sendable (Configuration) -> [ConfigurationLayer]
    /// Throws at a key of a document's top level table that it may not set.
    public let vet: @Sendable (SettingsTable, Configuration) throws(ConfigurationError) -> Void

    /// A layering.
    public init(
        layers: @escaping @Sendable (Configuration) -> [ConfigurationLayer],
        vet: @escaping @Sendable (SettingsTable, Configuration) throws(ConfigurationError) -> Void
    ) {
        self.layers = layers
        self.vet = vet
    }
}

extension Configuration {
    /// Reads `file`, then lays each of `layering`'s documents over it in order and reads the
    /// result again; `check` (what `check-config` checks beyond reading) runs on the file and
    /// after each layer.
    ///
    /// A table in a document replaces the file's keys one by one (`[ambient]` with one key
    /// changes that key); an array of tables (`[[widget]]`, `[[slot]]`, `[[alarm]]`) replaces
    /// the file's whole array. An error names the document that brought it in, as a file:
    /// the file alone was valid, so the first layer that makes the whole invalid is named.
    /// The result names `file`.
    public static func load(
        file: String, sections: [any ConfigurationSection.Type] = [],
        layering: ConfigurationLayering?, check: (Configuration) throws -> Void
    ) throws -> Configuration {
        var (root, locator) = try tree(try ConfigurationText.read(file), file: file)
        let local = try read(root, file: file, locator: locator, sections: sections)
        try check(local)
        guard let layering else { return local }
        var layered = local
        for layer in layering.layers(local) {
            let (top, lines) = try tree(layer.text, file: layer.name)
            try layering.vet(top, local)
            root = top.merging(over: root)
            locator = lines
            layered = try read(root, file: layer.name, locator: locator, sections: sections)
            try check(layered)
        }
        layered.file = file
        return layered
    }
}
