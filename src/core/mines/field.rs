//! Board recipes (size, mines, lives, first-click rule) and the mine field itself.

use crate::core::text::{Arg, Phrase};
use crate::phrase;
use rand::RngExt;
use rand::seq::SliceRandom;

use super::neighbours;
use crate::core::rng::from_seed;

/// When the mines are laid, relative to the first click.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FirstClick {
    /// Before it, as the original: the first click may hit a mine.
    #[default]
    Any,
    /// After it, uniformly over all the other cells.
    Safe,
    /// After it, away from it and its neighbours: the first click opens an area.
    Opening,
    /// After it, as for `Opening`, and so that certain deductions alone clear the field from
    /// there: no guess is ever needed (see [`super::noguess`]).
    NoGuess,
}

impl FirstClick {
    pub const ALL: [FirstClick; 4] = [
        FirstClick::Any,
        FirstClick::Safe,
        FirstClick::Opening,
        FirstClick::NoGuess,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FirstClick::Any => "any",
            FirstClick::Safe => "safe",
            FirstClick::Opening => "opening",
            FirstClick::NoGuess => "noguess",
        }
    }

    pub fn from_name(name: &str) -> Option<FirstClick> {
        FirstClick::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The standard sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The report's game: 20×20, 81 mines, 10 robots.
    Original,
    Beginner,
    Intermediate,
    Expert,
}

impl Preset {
    pub const ALL: [Preset; 4] = [
        Preset::Original,
        Preset::Beginner,
        Preset::Intermediate,
        Preset::Expert,
    ];

    /// The preset's name on screen (a message: `Lang::tr` it).
    pub fn title(self) -> &'static str {
        match self {
            Preset::Original => crate::msg!("original"),
            Preset::Beginner => crate::msg!("beginner"),
            Preset::Intermediate => crate::msg!("intermediate"),
            Preset::Expert => crate::msg!("expert"),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Preset::Original => "original",
            Preset::Beginner => "beginner",
            Preset::Intermediate => "intermediate",
            Preset::Expert => "expert",
        }
    }

    /// Width, height, mines, lives.
    pub fn config(self) -> Config {
        let (width, height, mines, lives) = match self {
            Preset::Original => (20, 20, 81, 10),
            Preset::Beginner => (9, 9, 10, 1),
            Preset::Intermediate => (16, 16, 40, 1),
            Preset::Expert => (30, 16, 99, 1),
        };
        Config {
            width,
            height,
            mines,
            lives,
            first_click: FirstClick::Any,
        }
    }

    /// The recipe of the preset after `config`'s (the first after a custom one), with the same
    /// first-click rule.
    pub fn after(config: &Config) -> Config {
        let i = Preset::ALL
            .iter()
            .position(|p| Preset::of(config) == Some(*p))
            .map_or(0, |i| (i + 1) % Preset::ALL.len());
        Config {
            first_click: config.first_click,
            ..Preset::ALL[i].config()
        }
    }

    /// The preset these dimensions, mines and lives are, if any.
    pub fn of(config: &Config) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            let c = p.config();
            (c.width, c.height, c.mines, c.lives)
                == (config.width, config.height, config.mines, config.lives)
        })
    }
}

/// A board recipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    pub width: usize,
    pub height: usize,
    pub mines: usize,
    pub lives: u32,
    pub first_click: FirstClick,
}

/// The largest side accepted.
pub const MAX_SIDE: usize = 100;

impl Config {
    /// Checks the recipe can be played; the message says what is wrong.
    pub fn check(&self) -> Result<(), Phrase> {
        let (w, h) = (self.width, self.height);
        if !(2..=MAX_SIDE).contains(&w) || !(2..=MAX_SIDE).contains(&h) {
            return Err(phrase!(
                "a {w}×{h} field: width and height must be 2 to {max}",
                w = w,
                h = h,
                max = MAX_SIDE
            ));
        }
        let cells = w * h;
        let room = match self.first_click {
            FirstClick::Any | FirstClick::Safe => cells - 1,
            FirstClick::Opening | FirstClick::NoGuess => cells - 9.min(cells),
        };
        if room == 0 {
            // a 2×2 or 3×3 field whose first click keeps its neighbours clear: no range to give
            return Err(phrase!(
                "no room for mines on {w}×{h} with first click '{rule}': it keeps the first cell and its neighbours clear, so the field must be larger",
                w = w,
                h = h,
                rule = self.first_click.name()
            ));
        }
        if self.mines == 0 || self.mines > room {
            return Err(phrase!(
                "{mines} mines on {w}×{h} with first click '{rule}': give 1 to {room}",
                mines = self.mines,
                w = w,
                h = h,
                rule = self.first_click.name(),
                room = room
            ));
        }
        if self.lives == 0 || self.lives as usize > self.mines {
            return Err(phrase!(
                "{lives} lives: give 1 to {mines} (at most one per mine)",
                lives = self.lives,
                mines = self.mines
            ));
        }
        Ok(())
    }

    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// A short label, e.g. "expert 30×16/99 · 1 life" (English: see [`Config::phrase`]).
    pub fn label(&self) -> String {
        self.phrase().english()
    }

    /// The short label, to be shown in the player's language.
    pub fn phrase(&self) -> Phrase {
        let name = Preset::of(self).map_or(crate::msg!("custom"), Preset::title);
        let size = format!("{}×{}/{}", self.width, self.height, self.mines);
        if self.lives == 1 {
            phrase!(
                "{name} {size} · 1 life",
                name = Arg::Message(name),
                size = size
            )
        } else {
            phrase!(
                "{name} {size} · {lives} lives",
                name = Arg::Message(name),
                size = size,
                lives = self.lives
            )
        }
    }
}

/// Where the mines are, and each cell's count of neighbouring mines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    width: usize,
    height: usize,
    mine: Vec<bool>,
    number: Vec<u8>,
}

impl Field {
    /// A field with mines at `cells`.
    pub fn with_mines(width: usize, height: usize, cells: &[usize]) -> Field {
        let mut mine = vec![false; width * height];
        for &c in cells {
            mine[c] = true;
        }
        let number = (0..width * height)
            .map(|c| neighbours(c, width, height).filter(|&n| mine[n]).count() as u8)
            .collect();
        Field {
            width,
            height,
            mine,
            number,
        }
    }

    /// The field of `config` for `seed`, laid so that `first` (when given) obeys the
    /// first-click rule. The same seed and first cell give the same field.
    pub fn lay(config: &Config, seed: u64, first: Option<usize>) -> Field {
        Field::lay_told(config, seed, first).0
    }

    /// [`Field::lay`], and whether the rule was met: always, but for a `noguess` field whose
    /// generation ran out of work (then the field is the closest it found, and may need a
    /// guess).
    pub fn lay_told(config: &Config, seed: u64, first: Option<usize>) -> (Field, bool) {
        if let (FirstClick::NoGuess, Some(first)) = (config.first_click, first) {
            let (field, laid) = super::noguess::lay(config, seed, first);
            return (field, laid.no_guess);
        }
        let (w, h) = (config.width, config.height);
        let mut rng = from_seed(seed);
        let keep_clear: Vec<usize> = match (config.first_click, first) {
            (FirstClick::Any, _) | (_, None) => Vec::new(),
            (FirstClick::Safe, Some(f)) => vec![f],
            (FirstClick::Opening | FirstClick::NoGuess, Some(f)) => {
                let mut around: Vec<usize> = neighbours(f, w, h).collect();
                around.push(f);
                around
            }
        };
        let mut candidates: Vec<usize> = (0..w * h).filter(|c| !keep_clear.contains(c)).collect();
        // a partial Fisher-Yates: the first `mines` candidates after shuffling that many
        let mines = config.mines.min(candidates.len());
        for i in 0..mines {
            let j = rng.random_range(i..candidates.len());
            candidates.swap(i, j);
        }
        candidates.truncate(mines);
        candidates.shuffle(&mut rng); // order does not matter; keeps the rng use uniform
        (Field::with_mines(w, h, &candidates), true)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn is_mine(&self, cell: usize) -> bool {
        self.mine[cell]
    }

    /// Mines among the 8 neighbours.
    pub fn number(&self, cell: usize) -> u8 {
        self.number[cell]
    }

    pub fn mine_count(&self) -> usize {
        self.mine.iter().filter(|&&m| m).count()
    }

    /// The 3BV: the fewest clicks that clear the field without marks — one per opening (a
    /// connected area of zeros, with its border) plus one per safe cell on no opening's border.
    pub fn three_bv(&self) -> u32 {
        let (w, h) = (self.width, self.height);
        let mut covered = vec![false; w * h];
        let mut clicks = 0;
        for start in 0..w * h {
            if covered[start] || self.mine[start] || self.number[start] != 0 {
                continue;
            }
            clicks += 1;
            let mut stack = vec![start];
            covered[start] = true;
            while let Some(c) = stack.pop() {
                if self.number[c] != 0 {
                    continue;
                }
                for n in neighbours(c, w, h) {
                    if !covered[n] {
                        covered[n] = true;
                        stack.push(n);
                    }
                }
            }
        }
        clicks + (0..w * h).filter(|&c| !covered[c] && !self.mine[c]).count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_are_checked_with_clear_messages() {
        assert!(Preset::Original.config().check().is_ok());
        for p in Preset::ALL {
            assert!(p.config().check().is_ok(), "{p:?}");
            assert_eq!(Preset::of(&p.config()), Some(p));
        }
        let bad = Config {
            mines: 400,
            ..Preset::Original.config()
        };
        assert!(bad.check().unwrap_err().english().contains("give 1 to 399"));
        let opening = Config {
            mines: 395,
            first_click: FirstClick::Opening,
            ..Preset::Original.config()
        };
        assert!(
            opening
                .check()
                .unwrap_err()
                .english()
                .contains("give 1 to 391")
        );
        let cramped = Config {
            width: 3,
            height: 3,
            mines: 1,
            lives: 1,
            first_click: FirstClick::Opening,
        };
        let error = cramped.check().unwrap_err().english();
        assert!(error.contains("no room for mines on 3×3"), "{error}");
        assert!(!error.contains("give 1 to 0"), "{error}");
        let lives = Config {
            lives: 0,
            ..Preset::Original.config()
        };
        assert!(lives.check().unwrap_err().english().contains("lives"));
        let tiny = Config {
            width: 1,
            ..Preset::Original.config()
        };
        assert!(
            tiny.check()
                .unwrap_err()
                .english()
                .contains("width and height")
        );
        assert_eq!(Preset::Expert.config().label(), "expert 30×16/99 · 1 life");
    }

    #[test]
    fn fields_are_seeded_and_obey_the_first_click() {
        let config = Preset::Expert.config();
        let a = Field::lay(&config, 5, None);
        assert_eq!(a, Field::lay(&config, 5, None));
        assert_ne!(a, Field::lay(&config, 6, None));
        assert_eq!(a.mine_count(), 99);
        for seed in 0..200 {
            let safe = Config {
                first_click: FirstClick::Safe,
                ..config
            };
            let f = Field::lay(&safe, seed, Some(0));
            assert!(!f.is_mine(0));
            assert_eq!(f.mine_count(), 99);
            let opening = Config {
                first_click: FirstClick::Opening,
                ..config
            };
            let f = Field::lay(&opening, seed, Some(31));
            assert_eq!(f.number(31), 0);
            assert!(!f.is_mine(31));
        }
    }

    #[test]
    fn numbers_and_three_bv() {
        // . 1 *      (mine at cell 2 of a 3×2 field)
        // . 1 1
        let f = Field::with_mines(3, 2, &[2]);
        assert_eq!(
            (0..6).map(|c| f.number(c)).collect::<Vec<_>>(),
            vec![0, 1, 0, 0, 1, 1]
        );
        // one opening (the zeros and their border covers cells 0,1,3,4) + cell 5
        assert_eq!(f.three_bv(), 2);
        // no zeros at all: every safe cell is a click
        let f = Field::with_mines(2, 2, &[0]);
        assert_eq!(f.three_bv(), 3);
    }
}
