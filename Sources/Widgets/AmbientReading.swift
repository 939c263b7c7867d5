import Ambient

/// The light level and night-mode state the host shows widgets: Ambient's
/// ``Ambient/AmbientReading``, named here so that a widget reads it with `import Widgets` (or
/// `NightstandKit`) alone.
///
/// ```swift
/// @Environment(\.ambientReading) private var reading
/// ```
public typealias AmbientReading = Ambient.AmbientReading
