import Raster

/// How a control's track shows its value.
enum TrackKind {
    /// Filled from the start to the fraction (0…1).
    case capacity(Double)
    /// Drawn whole, with a marker at the fraction (0…1).
    case marker(Double)
}

/// The color of the unfilled part of a control's track.
enum TrackTone {
    /// The tint at 30 %: the accessory gauges, as on the Lock Screen.
    case fadedTint
    /// The system fill gray: progress views and the standard gauge.
    case systemFill

    /// The opacity of the tint on a faded track.
    static let fadedOpacity: Float = 0.3
}

extension Shading {
    /// A gradient tint laid along a straight track, from its leading to its trailing end;
    /// a color as is.
    func along(_ track: Rect) -> Shading {
        guard case .gradient(var gradient) = self else { return self }
        gradient.geometry = .linear(start: .leading, end: .trailing)
        gradient.frame = track
        return .gradient(gradient)
    }

    /// The track shading for a tone, from the tint.
    func track(_ tone: TrackTone) -> Shading {
        switch tone {
        case .fadedTint: opacity(TrackTone.fadedOpacity)
        case .systemFill: .color(.systemFill)
        }
    }
}
