// The host's API speaks these modules' types: the configuration's (ConfigurationError,
// SettingsTable, NumberRange) and the event core's (Mailbox, FileWatch, UeventMonitor).
@_exported import EventCore
@_exported import Settings
