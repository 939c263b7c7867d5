// The configuration's own types (ConfigurationError, SettingsTable, NumberRange) come with the
// host: its API speaks them.
@_exported import Settings
