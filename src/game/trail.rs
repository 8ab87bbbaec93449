//! How searches look: the colours of the trail a replay leaves on a board, shared by every mode
//! that animates a core `Trace`.

use bevy::prelude::*;

use crate::core::trace::Mark;

/// The game's colours. Trail colours come from the Okabe–Ito palette, which stays distinct for
/// the common forms of colour blindness.
pub mod palette {
    use bevy::prelude::Color;

    /// Behind everything.
    pub const BACKGROUND: Color = Color::srgb(0.075, 0.085, 0.11);
    /// An open cell nobody has visited.
    pub const FLOOR: Color = Color::srgb(0.19, 0.21, 0.26);
    /// The entry cell's floor.
    pub const ENTRY: Color = Color::srgb(0.0, 0.62, 0.45);
    /// The exit cell's floor.
    pub const EXIT: Color = Color::srgb(0.90, 0.62, 0.0);
    /// On the walker's current path (sky blue).
    pub const ON_PATH: Color = Color::srgb(0.34, 0.71, 0.91);
    /// Abandoned dead end (vermillion, dimmed).
    pub const DEAD_END: Color = Color::srgb(0.55, 0.24, 0.10);
    /// Final route (yellow).
    pub const ROUTE: Color = Color::srgb(0.94, 0.89, 0.26);
    /// Open set of BFS / A* (bluish green, dimmed).
    pub const FRONTIER: Color = Color::srgb(0.0, 0.45, 0.34);
    /// Closed set of BFS / A* (reddish purple, dimmed).
    pub const CLOSED: Color = Color::srgb(0.45, 0.28, 0.40);
    /// The editor's cursor.
    pub const CURSOR: Color = Color::srgba(1.0, 1.0, 1.0, 0.35);
}

/// The colour a trail mark paints an open cell, or `None` to keep the cell's own colour.
pub fn mark_color(mark: Mark) -> Option<Color> {
    match mark {
        Mark::Unseen => None,
        Mark::Frontier => Some(palette::FRONTIER),
        Mark::Closed => Some(palette::CLOSED),
        Mark::OnPath => Some(palette::ON_PATH),
        Mark::DeadEnd => Some(palette::DEAD_END),
        Mark::Route => Some(palette::ROUTE),
        Mark::Carved => Some(palette::FLOOR),
    }
}

/// The "S" / "E" letter drawn on an entry or exit cell, as a child bundle of the cell.
pub fn cell_label(label: &'static str) -> impl Bundle {
    (
        Name::new(label),
        Text2d::new(label),
        TextFont::from_font_size(26.0),
        TextColor(palette::BACKGROUND),
        Transform::from_xyz(0.0, 0.0, 1.0),
    )
}

/// Converts a Bevy colour for egui (legends in the panels use the board's colours).
pub fn to_egui(color: Color) -> bevy_egui::egui::Color32 {
    let c = color.to_srgba();
    bevy_egui::egui::Color32::from_rgba_unmultiplied(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
        (c.alpha * 255.0) as u8,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_visited_mark_has_its_own_colour() {
        let marks = [
            Mark::Frontier,
            Mark::Closed,
            Mark::OnPath,
            Mark::DeadEnd,
            Mark::Route,
        ];
        let colors: Vec<Color> = marks.iter().map(|m| mark_color(*m).unwrap()).collect();
        for (i, a) in colors.iter().enumerate() {
            assert_ne!(*a, palette::FLOOR);
            for b in &colors[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(mark_color(Mark::Unseen), None);
    }
}
