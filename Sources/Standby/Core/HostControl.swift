import DisplayCommands
import FoundationEssentials

/// What an event may ask of the host: a command (``DisplayCommands/CommandTarget``), and the
/// host's own machinery beyond the commands a user sends.
///
/// `nightstand mode` over the control socket, SIGHUP, keys, touches, MQTT and HTTP all end in
/// ``DisplayCommands/CommandTarget/apply(_:)``, on the loop's thread, so they behave the same
/// whichever way they came. ``StandbyHost`` implements it; a source's tests may implement it on
/// a stand-in. A new command is a new case of ``DisplayCommands/DisplayCommand`` and its
/// branch in ``StandbyHost/apply(_:)``: the loop and the channels do not change.
///
/// ```swift
/// let swipeUp = HostEvent("swipe up") { control in control.apply(.setMode(.night)) }
/// ```
public protocol HostControl: CommandTarget {
    /// Turns at the display's pace until `date`, presenting every frame that changes: for
    /// something that moves. The display paces it (a DRM sink waits for the page flip); at
    /// most ``StandbyHost/frameInterval`` apart.
    func animate(until date: Date)
}
