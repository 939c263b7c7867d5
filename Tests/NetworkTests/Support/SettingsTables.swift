import Settings

/// The table `[name]` of a file `test.toml` holding `values`, as the host hands a section.
func table(_ name: String, _ values: [String: SettingsValue]) -> SettingsTable {
    SettingsTable(file: "test.toml", path: name, name: "[\(name)]", values: values, lines: nil)
}
