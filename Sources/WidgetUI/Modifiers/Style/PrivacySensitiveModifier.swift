extension View {
    /// Marks the view's content as private: redacted (its text drawn as placeholder bars)
    /// when the environment's redaction reasons include `.privacy`.
    ///
    /// ```swift
    /// Text(account.balance, format: .currency(code: "EUR"))
    ///     .privacySensitive()
    /// ```
    ///
    /// On iOS the system adds `.privacy` while the device is locked; here the host sets
    /// ``EnvironmentValues/redactionReasons`` when it wants private content hidden.
    public func privacySensitive(_ sensitive: Bool = true) -> some View {
        EnvironmentModifier(content: self) { $0.isPrivacySensitive = sensitive }
    }
}

extension EnvironmentValues {
    /// Whether the content is private (`privacySensitive`).
    var isPrivacySensitive: Bool {
        get { self[PrivacySensitiveKey.self] }
        set { self[PrivacySensitiveKey.self] = newValue }
    }

    /// Whether text is drawn as placeholder bars here: a placeholder, or private content while
    /// privacy is asked for.
    var redactsText: Bool {
        redactionReasons.contains(.placeholder)
            || (isPrivacySensitive && redactionReasons.contains(.privacy))
    }
}

private struct PrivacySensitiveKey: EnvironmentKey {
    static let defaultValue = false
}
