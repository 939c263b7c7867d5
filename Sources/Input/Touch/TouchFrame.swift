/// The fingers on a touch device at one instant: what one `SYN_REPORT` leaves down.
///
/// Positions are fractions of the device's axis ranges (0 at the minimum, 1 at the maximum),
/// as the device is mounted, before calibration and rotation (``TouchTransform`` maps them to
/// the picture). A frame with no contacts is the lift of the last finger.
public struct TouchFrame: Sendable, Equatable {
    /// One finger.
    public struct Contact: Sendable, Equatable {
        /// Which finger: the same for as long as it stays down, another for the next touch.
        public var id: Int
        /// The horizontal position, 0…1 across the device's x axis.
        public var x: Double
        /// The vertical position, 0…1 across the device's y axis.
        public var y: Double

        /// Creates a contact.
        public init(id: Int, x: Double, y: Double) {
            self.id = id
            self.x = x
            self.y = y
        }
    }

    /// When the report came, in seconds of the monotonic clock.
    public var time: Double
    /// The fingers down, in slot order.
    public var contacts: [Contact]

    /// Creates a frame.
    public init(time: Double, contacts: [Contact]) {
        self.time = time
        self.contacts = contacts
    }
}
