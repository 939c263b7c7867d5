/// The appearance `nightstand mode` asks for, over what the host would choose by itself.
///
/// ```
/// $ nightstand mode night    # red, whatever the light sensor says
/// $ nightstand mode off      # panel dark until another mode
/// $ nightstand mode auto     # back to the host's own choice
/// ```
///
/// On the wire and on the command line a mode is its raw value: `auto`, `day`, `dim`, `night`
/// or `off`.
public enum ModeOverride: String, CaseIterable, Codable, Sendable {
    /// No override: the host chooses the appearance.
    case auto
    /// Day: full color, as drawn.
    case day
    /// Dim: luminance reduced and the pixels scaled down.
    case dim
    /// Night: monochrome red.
    case night
    /// The panel blanked (DPMS off or powerdown) until another mode is set.
    case off

    /// The raw values, for messages: `auto, day, dim, night or off`.
    static var choices: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
