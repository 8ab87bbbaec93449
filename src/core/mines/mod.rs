//! Minesweeper with lives, as in the course report "program a minesweeper robot": a field of
//! mines laid from a seed, a game that opens (zeros flood their neighbourhood), marks and chords,
//! lives that opened mines cost, and a robot that plays from what a player sees.
//!
//! Cells are indexed row-major (`row * width + col`).

pub mod field;
pub mod game;
pub mod noguess;
pub mod robot;
pub mod session;

pub use field::{Config, Field, FirstClick, Preset};
pub use game::{Game, Seen, Status, View};

/// The up to 8 neighbours of `cell` on a `width` × `height` field.
pub fn neighbours(cell: usize, width: usize, height: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / width) as isize, (cell % width) as isize);
    (-1isize..=1)
        .flat_map(move |dr| (-1isize..=1).map(move |dc| (dr, dc)))
        .filter(|&(dr, dc)| dr != 0 || dc != 0)
        .filter_map(move |(dr, dc)| {
            let (nr, nc) = (r + dr, c + dc);
            (nr >= 0 && nc >= 0 && (nr as usize) < height && (nc as usize) < width)
                .then(|| nr as usize * width + nc as usize)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_middles_have_3_5_and_8_neighbours() {
        assert_eq!(neighbours(0, 4, 3).count(), 3);
        assert_eq!(neighbours(1, 4, 3).count(), 5);
        assert_eq!(neighbours(5, 4, 3).count(), 8);
        let mut n: Vec<usize> = neighbours(11, 4, 3).collect();
        n.sort_unstable();
        assert_eq!(n, vec![6, 7, 10]);
    }
}
