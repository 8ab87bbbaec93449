//! No-guess fields, as Simon Tatham's Mines makes them by default: the first click opens an
//! area, and from there the robot's certain deductions alone (a cell is certain when every
//! placement of the mines consistent with what is seen agrees on it, the mine count included)
//! clear the whole field. A player never has to guess.
//!
//! A field is laid as for the `opening` rule and tried: the deductions open every cell they
//! are sure of, again and again. Where they get stuck, a mine is moved (see [`lay`]) and they
//! go on; the field is kept once they clear it from the first click. Everything is drawn from
//! the seed, so the same seed and first cell always give the same field. (Measured times:
//! `bench mines --first-click noguess`, and the README.)

use rand::RngExt;

use super::field::{Config, Field, FirstClick};
use super::game::{Game, Seen, Status};
use super::neighbours;
use super::robot::analyse;
use crate::core::rng::from_seed;

/// Fresh fields tried, and mines moved on each, before taking the field that got furthest
/// (not reached in the tests, up to 40% mines, nor in trials up to 75%: a field takes some
/// tens of moves).
pub const TRIES: u32 = 20;
pub const MOVES: u32 = 2_000;
/// The most work a field may take, counted as the cells of every field the deductions run on
/// (the original takes up to about 100,000; a 100×100 field of 2,000 mines, 2.5 million):
/// past it the field that got furthest is taken, so that no recipe holds the first click up
/// for long (a 100×100 field of half mines would otherwise take half a minute, and fail).
pub const WORK: usize = 4_000_000;

/// The enumeration budget of the deductions that test a field: the smallest any robot of the
/// game uses, so that every robot finds at least these certainties.
const BUDGET: usize = crate::core::mines::session::GAME_BUDGET;

/// What laying a no-guess field took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Laid {
    /// Fresh fields tried (1 when the first one was made one).
    pub tries: u32,
    /// Mines moved in all.
    pub moves: u32,
    /// Whether the field is one: false only when every try failed or the work ran out (then
    /// the field is the one whose deductions cleared the most cells).
    pub no_guess: bool,
}

/// The seed of try `k` from `seed` (try 0 is the seed itself: the field the `opening` rule
/// lays, when it needs no guess).
fn try_seed(seed: u64, k: u32) -> u64 {
    seed ^ u64::from(k).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A no-guess field of `config` (its first-click rule aside) for `seed`, the first click on
/// `first`.
///
/// Each try lays a field as the `opening` rule does and lets the deductions run; where they
/// get stuck, one hidden cell on the edge of what is open (a mine or a safe cell, as often
/// one as the other) changes places with a cell of the other kind — nearby and out of sight
/// of the open cells if there is one, else anywhere out of sight, else on the edge — and the
/// deductions go on from the cells open so far, until they clear the field; a field they
/// clear is checked again from the first click (as Simon Tatham's generator perturbs the
/// field where its solver is stuck).
pub fn lay(config: &Config, seed: u64, first: usize) -> (Field, Laid) {
    let opening = Config {
        first_click: FirstClick::Opening,
        ..*config
    };
    let (w, h) = (config.width, config.height);
    let mut rng = from_seed(seed);
    let mut best: Option<(usize, Field)> = None;
    let mut moves = 0;
    let work = std::cell::Cell::new(0);
    let deduce = |field: &Field, open: &[usize]| {
        work.set(work.get() + w * h);
        deduce(field, first, open)
    };
    'tries: for k in 0..TRIES {
        let mut field = Field::lay(&opening, try_seed(seed, k), Some(first));
        // the cells open so far: the deductions go on from them after a mine moved (checked
        // from the first click again once they clear the field)
        let mut game = deduce(&field, &[]);
        for _ in 0..MOVES {
            if game.status() == Status::Won {
                let again = deduce(&field, &[]);
                if again.status() == Status::Won {
                    let laid = Laid {
                        tries: k + 1,
                        moves,
                        no_guess: true,
                    };
                    return (field, laid);
                }
                game = again;
            }
            let open = |c: usize| matches!(game.seen(c), Seen::Open(_));
            let left = (0..w * h)
                .filter(|&c| !field.is_mine(c) && !open(c))
                .count();
            if best.as_ref().is_none_or(|(fewest, _)| left < *fewest) {
                best = Some((left, field.clone()));
            }
            if work.get() >= WORK {
                break 'tries;
            }
            // a hidden cell on the edge of the open ones changes places with one of the
            // other kind, out of sight of them if there is one
            let hidden: Vec<usize> = (0..w * h).filter(|&c| !open(c)).collect();
            let (edge, interior): (Vec<usize>, Vec<usize>) =
                hidden.iter().partition(|&&c| neighbours(c, w, h).any(open));
            if edge.is_empty() {
                break;
            }
            // a mine or a safe cell, as often one as the other: always moving the edge's
            // mines away would pile them up where the deductions reach last
            let want_mine = rng.random_bool(0.5);
            let kind: Vec<usize> = edge
                .iter()
                .copied()
                .filter(|&c| field.is_mine(c) == want_mine)
                .collect();
            let pool = if kind.is_empty() { &edge } else { &kind };
            let cell = pool[rng.random_range(0..pool.len())];
            let other_kind = |cells: &[usize]| -> Vec<usize> {
                cells
                    .iter()
                    .copied()
                    .filter(|&c| field.is_mine(c) != field.is_mine(cell))
                    .collect()
            };
            // of the other kind: near it and out of sight of the open cells if there is one
            // (the mines stay spread as they were laid), else out of sight, else on the edge
            let near = |c: &usize| {
                let (dr, dc) = ((c / w).abs_diff(cell / w), (c % w).abs_diff(cell % w));
                dr.max(dc) <= 3
            };
            let nearby: Vec<usize> = interior.iter().copied().filter(near).collect();
            let mut others = other_kind(&nearby);
            if others.is_empty() {
                others = other_kind(&interior);
            }
            if others.is_empty() {
                others = other_kind(&edge);
            }
            if others.is_empty() {
                break; // every hidden cell is a mine, or none is: a fresh field
            }
            let other = others[rng.random_range(0..others.len())];
            let mines: Vec<usize> = (0..w * h)
                .filter(|&c| field.is_mine(c) != (c == cell || c == other))
                .collect();
            field = Field::with_mines(w, h, &mines);
            moves += 1;
            let open_cells: Vec<usize> = (0..w * h).filter(|&c| open(c)).collect();
            game = deduce(&field, &open_cells);
        }
    }
    let (_, field) = best.expect("at least one try");
    let laid = Laid {
        tries: TRIES,
        moves,
        no_guess: false,
    };
    (field, laid)
}

/// Whether certain deductions alone clear `field` from a first click on `first`.
pub fn needs_no_guess(field: &Field, first: usize) -> bool {
    deduce(field, first, &[]).status() == Status::Won
}

/// The game after a first click on `first`, the cells `open` (safe on `field`), and then
/// every cell the deductions are sure is safe, until they are sure of none.
fn deduce(field: &Field, first: usize, open: &[usize]) -> Game {
    let config = Config {
        width: field.width(),
        height: field.height(),
        mines: field.mine_count(),
        lives: 1,
        first_click: FirstClick::Any,
    };
    let mut game = Game::on_field(config, field.clone());
    game.open(first);
    for &cell in open {
        game.open(cell);
    }
    while game.status() == Status::Playing {
        let analysis = analyse(&game.view(), BUDGET, false);
        if analysis.safe.is_empty() {
            break;
        }
        for cell in analysis.safe {
            game.open(cell);
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mines::Preset;
    use crate::core::mines::robot::{DEFAULT_BUDGET, play};

    fn no_guess(config: Config) -> Config {
        Config {
            first_click: FirstClick::NoGuess,
            ..config
        }
    }

    #[test]
    fn the_robot_clears_every_noguess_field_without_a_guess() {
        let dense = Config {
            mines: 160,
            ..Preset::Original.config()
        };
        for (config, first, seeds) in [
            (Preset::Original.config(), 0, 40),
            (Preset::Expert.config(), 3 * 30 + 3, 40),
            (Preset::Beginner.config(), 40, 40),
            (dense, 210, 10),
        ] {
            let config = no_guess(config);
            for seed in 0..seeds {
                let game = play(config, seed, first, DEFAULT_BUDGET).unwrap();
                assert!(
                    game.won && game.guesses == 0 && game.mines_hit == 0,
                    "{} seed {seed}: {game:?}",
                    config.label()
                );
            }
        }
    }

    #[test]
    fn noguess_fields_are_seeded_keep_the_mine_count_and_open_at_the_first_click() {
        let config = no_guess(Preset::Expert.config());
        let (a, laid) = lay(&config, 7, 95);
        assert!(laid.no_guess && laid.tries >= 1);
        assert!(
            a == lay(&config, 7, 95).0,
            "the same seed and cell, the same field"
        );
        assert!(a != lay(&config, 8, 95).0, "another seed, another field");
        assert_eq!(a.mine_count(), 99);
        assert_eq!(a.number(95), 0, "the first click opens an area");
        assert!(needs_no_guess(&a, 95));
        assert!(
            Field::lay(&config, 7, Some(95)) == a,
            "the game lays the same"
        );
    }

    #[test]
    fn a_field_with_a_forced_guess_is_told_apart() {
        // 4×2 with the first click at the left: the last two columns hold one mine that
        // nothing tells apart (both cells see the same numbers)
        //   . . 1 *        . . 1 ?
        //   . . 1 .   ->   . . 1 ?
        let field = Field::with_mines(4, 2, &[3]);
        assert!(!needs_no_guess(&field, 0));
        let field = Field::with_mines(4, 2, &[7]);
        assert!(!needs_no_guess(&field, 0));
        // a 3×1 strip: the mine is certain once the first two cells are open
        let strip = Field::with_mines(3, 1, &[2]);
        assert!(needs_no_guess(&strip, 0));
    }

    #[test]
    fn moved_mines_stay_spread_over_the_field() {
        // fields laid as `opening` and kept only when they need no guess (rejection, 0.08%
        // of them on expert from the corner) have about a third of the mines in each third of
        // the columns; moving the edge's mines only into the unseen interior once put 2.2
        // times as many in the last third as in the first
        let config = no_guess(Preset::Expert.config());
        let mut thirds = [0usize; 3];
        for seed in 0..60 {
            let (field, _) = lay(&config, seed, 0);
            for c in (0..480).filter(|&c| field.is_mine(c)) {
                thirds[(c % 30) / 10] += 1;
            }
        }
        let (least, most) = (thirds.iter().min().unwrap(), thirds.iter().max().unwrap());
        assert!(
            *most * 10 <= *least * 15,
            "mines by thirds of the columns: {thirds:?}"
        );
    }
}
