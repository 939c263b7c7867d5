/// The appearance asked for over what the display would choose by itself: `nightstand mode`,
/// a key's `mode night`, the web page's and Home Assistant's mode select.
///
/// ```
/// $ nightstand mode night    # red, whatever the light sensor says
/// $ nightstand mode off      # panel dark until another mode
/// $ nightstand mode auto     # back to the display's own choice
/// ```
///
/// On the wire and in words a mode is its raw value: `auto`, `day`, `dim`, `night` or `off`.
public enum DisplayMode: String, CaseIterable, Codable, Sendable {
    /// No override: the display chooses the appearance (sensor, schedule).
    case auto
    /// Day: full color, as drawn.
    case day
    /// Dim: luminance reduced.
    case dim
    /// Night: monochrome red.
    case night
    /// The panel blanked (DPMS off or powerdown) until another mode is set.
    case off

    /// The raw values, for messages: `auto, day, dim, night or off`.
    public static var choices: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
