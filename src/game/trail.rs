//! How searches look: the colours of the trail a replay leaves on a board, shared by every mode
//! that animates a core `Trace`.

use bevy::prelude::*;

use super::theme::palette;
use crate::core::trace::Mark;

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
