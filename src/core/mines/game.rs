//! One game: open (zeros flood their neighbourhood, iteratively), mark, chord, lives, the win
//! and the loss. Time lives in the game layer.

use super::field::{Config, Field, FirstClick};
use super::neighbours;

/// What a player sees of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seen {
    Hidden,
    /// Hidden, with the player's mark.
    Marked,
    /// Open, with its number of neighbouring mines.
    Open(u8),
    /// A mine that was opened: it cost a life, and counts as found.
    Exploded,
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    /// Every safe cell is open.
    Won,
    /// The last life went on a mine.
    Lost,
}

/// Everything a player (and the robot) may know: the cells as seen, the size, the number of
/// mines, lives left. No mine positions — by construction.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct View {
    pub width: usize,
    pub height: usize,
    pub mines: usize,
    pub lives_left: u32,
    pub cells: Vec<Seen>,
}

impl View {
    pub fn cells_count(&self) -> usize {
        self.width * self.height
    }

    /// How many cells are open.
    pub fn open_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|s| matches!(s, Seen::Open(_)))
            .count()
    }
}

/// The result of an action, for messages and animation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opened {
    /// Cells opened, in flood order.
    pub cells: Vec<usize>,
    /// Mines opened (each costs a life).
    pub exploded: Vec<usize>,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    config: Config,
    seed: u64,
    /// Laid at the first open for the `safe` and `opening` rules, at once for `any`.
    field: Option<Field>,
    /// False when the first-click rule could not be met (a `noguess` field that needs a
    /// guess after all: see [`Field::lay_told`]).
    rule_met: bool,
    cells: Vec<Seen>,
    lives_left: u32,
    mines_hit: u32,
    safe_left: usize,
    status: Status,
    revision: u64,
}

impl Game {
    /// A game of `config` (checked) from `seed`.
    pub fn new(config: Config, seed: u64) -> Result<Game, crate::core::text::Phrase> {
        config.check()?;
        let field =
            (config.first_click == FirstClick::Any).then(|| Field::lay(&config, seed, None));
        Ok(Game {
            config,
            seed,
            field,
            rule_met: true,
            cells: vec![Seen::Hidden; config.cells()],
            lives_left: config.lives,
            mines_hit: 0,
            safe_left: config.cells() - config.mines,
            status: Status::Playing,
            revision: 0,
        })
    }

    /// A game on a given field (tests, hand-made boards).
    pub fn on_field(config: Config, field: Field) -> Game {
        let mines = field.mine_count();
        Game {
            config: Config { mines, ..config },
            seed: 0,
            cells: vec![Seen::Hidden; field.width() * field.height()],
            safe_left: field.width() * field.height() - mines,
            field: Some(field),
            rule_met: true,
            lives_left: config.lives,
            mines_hit: 0,
            status: Status::Playing,
            revision: 0,
        }
    }

    /// False when the field was laid but its first-click rule could not be met.
    pub fn rule_met(&self) -> bool {
        self.rule_met
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn lives_left(&self) -> u32 {
        self.lives_left
    }

    pub fn mines_hit(&self) -> u32 {
        self.mines_hit
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn seen(&self, cell: usize) -> Seen {
        self.cells[cell]
    }

    /// Whether the mines have been laid (always, except before the first click of the `safe`
    /// and `opening` rules).
    pub fn started(&self) -> bool {
        self.field.is_some()
    }

    /// Whether any cell has been opened (the clock starts then).
    pub fn opened_any(&self) -> bool {
        self.mines_hit > 0 || self.safe_left < self.config.cells() - self.config.mines
    }

    /// Mines not yet marked or exploded (may go negative with wrong marks).
    pub fn mines_left(&self) -> i64 {
        let found = self
            .cells
            .iter()
            .filter(|s| matches!(s, Seen::Marked | Seen::Exploded))
            .count();
        self.config.mines as i64 - found as i64
    }

    /// The 3BV of the field (once laid).
    pub fn three_bv(&self) -> Option<u32> {
        self.field.as_ref().map(Field::three_bv)
    }

    /// Where the mines are: only once the game is over (for the end screen).
    pub fn mines_revealed(&self) -> Option<Vec<usize>> {
        if self.status == Status::Playing {
            return None;
        }
        let field = self.field.as_ref()?;
        Some(
            (0..self.cells.len())
                .filter(|&c| field.is_mine(c))
                .collect(),
        )
    }

    /// The field itself (tests that check the robot against the truth).
    #[cfg(test)]
    pub(crate) fn field(&self) -> Option<&Field> {
        self.field.as_ref()
    }

    /// What a player sees.
    pub fn view(&self) -> View {
        View {
            width: self.config.width,
            height: self.config.height,
            mines: self.config.mines,
            lives_left: self.lives_left,
            cells: self.cells.clone(),
        }
    }

    /// Opens `cell`: a mine costs a life (and stays shown, counted as found); a zero opens its
    /// neighbourhood, iteratively. Marked and open cells are left alone.
    pub fn open(&mut self, cell: usize) -> Opened {
        let mut result = Opened::default();
        if self.status != Status::Playing
            || cell >= self.cells.len()
            || self.cells[cell] != Seen::Hidden
        {
            return result;
        }
        if self.field.is_none() {
            let (field, met) = Field::lay_told(&self.config, self.seed, Some(cell));
            self.field = Some(field);
            self.rule_met = met;
        }
        let field = self.field.as_ref().expect("laid above");
        if field.is_mine(cell) {
            self.cells[cell] = Seen::Exploded;
            result.exploded.push(cell);
            self.mines_hit += 1;
            self.lives_left -= 1;
            if self.lives_left == 0 {
                self.status = Status::Lost;
            }
            self.revision += 1;
            return result;
        }
        let (w, h) = (self.config.width, self.config.height);
        let mut stack = vec![cell];
        self.cells[cell] = Seen::Open(field.number(cell));
        while let Some(c) = stack.pop() {
            result.cells.push(c);
            self.safe_left -= 1;
            if field.number(c) != 0 {
                continue;
            }
            for n in neighbours(c, w, h) {
                // marks on a zero's neighbours are lifted: those cells are certainly safe
                if matches!(self.cells[n], Seen::Hidden | Seen::Marked) {
                    self.cells[n] = Seen::Open(field.number(n));
                    stack.push(n);
                }
            }
        }
        if self.safe_left == 0 {
            self.status = Status::Won;
            // as classic Minesweeper does: a won field shows every mine marked
            for c in &mut self.cells {
                if *c == Seen::Hidden {
                    *c = Seen::Marked;
                }
            }
        }
        self.revision += 1;
        result
    }

    /// Puts or lifts a mark on a hidden cell. False when the cell cannot be marked.
    pub fn toggle_mark(&mut self, cell: usize) -> bool {
        if self.status != Status::Playing || cell >= self.cells.len() {
            return false;
        }
        self.cells[cell] = match self.cells[cell] {
            Seen::Hidden => Seen::Marked,
            Seen::Marked => Seen::Hidden,
            _ => return false,
        };
        self.revision += 1;
        true
    }

    /// Opens the unmarked hidden neighbours of an open number whose marks (and exploded mines)
    /// around it are as many as its number. A wrong mark makes this open a mine.
    pub fn chord(&mut self, cell: usize) -> Opened {
        let mut result = Opened::default();
        let Some(Seen::Open(n)) = self.cells.get(cell).copied() else {
            return result;
        };
        let (w, h) = (self.config.width, self.config.height);
        let around: Vec<usize> = neighbours(cell, w, h).collect();
        let found = around
            .iter()
            .filter(|&&c| matches!(self.cells[c], Seen::Marked | Seen::Exploded))
            .count();
        if found != n as usize {
            return result;
        }
        for c in around {
            if self.cells[c] == Seen::Hidden {
                let opened = self.open(c);
                result.cells.extend(opened.cells);
                result.exploded.extend(opened.exploded);
            }
        }
        result
    }

    /// Whether `chord(cell)` would do something.
    pub fn can_chord(&self, cell: usize) -> bool {
        let Some(Seen::Open(n)) = self.cells.get(cell).copied() else {
            return false;
        };
        let (w, h) = (self.config.width, self.config.height);
        let mut found = 0;
        let mut hidden = 0;
        for c in neighbours(cell, w, h) {
            match self.cells[c] {
                Seen::Marked | Seen::Exploded => found += 1,
                Seen::Hidden => hidden += 1,
                Seen::Open(_) => {}
            }
        }
        found == n as usize && hidden > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mines::field::Preset;

    /// A 5×3 field with mines at cells 2 and 12: two zero areas apart, and a 2 between them.
    /// ```text
    /// 0 1 * 1 0
    /// 0 2 2 2 0
    /// 0 1 * 1 0
    /// ```
    fn small(lives: u32) -> Game {
        let config = Config {
            width: 5,
            height: 3,
            mines: 2,
            lives,
            first_click: FirstClick::Any,
        };
        Game::on_field(config, Field::with_mines(5, 3, &[2, 12]))
    }

    #[test]
    fn a_zero_floods_its_area_and_the_border() {
        let mut g = small(1);
        let opened = g.open(0);
        let mut cells = opened.cells.clone();
        cells.sort_unstable();
        assert_eq!(cells, vec![0, 1, 5, 6, 10, 11]);
        assert_eq!(g.seen(1), Seen::Open(1));
        assert_eq!(g.seen(6), Seen::Open(2));
        assert_eq!(g.seen(7), Seen::Hidden, "not next to a zero");
        g.open(4);
        assert_eq!(g.status(), Status::Playing);
        assert_eq!(g.open(7).cells, vec![7]);
        assert_eq!(g.status(), Status::Won);
        assert_eq!(g.seen(2), Seen::Marked, "a win marks the mines left");
        assert_eq!(g.mines_left(), 0);
    }

    #[test]
    fn flood_fill_needs_no_recursion_on_a_huge_empty_field() {
        let config = Config {
            width: 100,
            height: 100,
            mines: 1,
            lives: 1,
            first_click: FirstClick::Any,
        };
        let mut g = Game::on_field(config, Field::with_mines(100, 100, &[9999]));
        let opened = g.open(0);
        assert_eq!(opened.cells.len(), 9999);
        assert_eq!(g.status(), Status::Won);
    }

    #[test]
    fn mines_cost_lives_stay_exploded_and_count_as_found() {
        let mut g = small(2);
        let boom = g.open(2);
        assert_eq!(boom.exploded, vec![2]);
        assert_eq!(g.seen(2), Seen::Exploded);
        assert_eq!((g.lives_left(), g.mines_hit()), (1, 1));
        assert_eq!(g.status(), Status::Playing);
        assert_eq!(g.mines_left(), 1);
        assert_eq!(g.mines_revealed(), None, "hidden while playing");
        g.open(12);
        assert_eq!(g.status(), Status::Lost);
        assert_eq!(g.mines_revealed(), Some(vec![2, 12]));
        // nothing more happens after the end
        assert!(g.open(0).cells.is_empty());
        assert!(!g.toggle_mark(0));
    }

    #[test]
    fn marks_toggle_block_opening_and_enable_chords() {
        let mut g = small(1);
        assert!(g.toggle_mark(2));
        assert_eq!(g.seen(2), Seen::Marked);
        assert!(g.open(2).cells.is_empty(), "a marked cell does not open");
        assert_eq!(g.mines_left(), 1);
        g.open(1);
        assert_eq!(g.seen(1), Seen::Open(1));
        // 1 has one mark around it, as many as its number: chord opens 0 (flooding), 5, 6, 7
        assert!(g.can_chord(1));
        let opened = g.chord(1);
        assert!(opened.exploded.is_empty());
        assert_eq!(g.seen(0), Seen::Open(0));
        assert_eq!(g.seen(7), Seen::Open(2));
        assert_eq!(g.seen(10), Seen::Open(0), "the zero flooded");
        assert!(!g.can_chord(1), "nothing hidden is left around it");
        assert!(g.toggle_mark(2));
        assert_eq!(g.seen(2), Seen::Hidden);
        assert!(!g.toggle_mark(1), "an open cell cannot be marked");
    }

    #[test]
    fn a_chord_needs_exactly_as_many_marks_as_the_number() {
        let mut g = small(2);
        g.open(6); // a 2
        assert!(!g.can_chord(6));
        assert_eq!(g.chord(6), Opened::default(), "no marks: nothing opens");
        g.toggle_mark(2);
        assert_eq!(
            g.chord(6),
            Opened::default(),
            "one mark of two: nothing opens"
        );
        g.toggle_mark(12);
        g.toggle_mark(0); // three marks around a 2: too many, nothing opens
        assert_eq!(g.chord(6), Opened::default());
        g.toggle_mark(0);
        let opened = g.chord(6);
        assert!(opened.exploded.is_empty());
        assert_eq!(g.lives_left(), 2);
        assert!(matches!(g.seen(0), Seen::Open(0)));
    }

    #[test]
    fn a_wrong_mark_makes_a_chord_open_a_mine() {
        let mut g = small(2);
        g.open(1);
        g.toggle_mark(7); // wrong: the mine next to 1 is 2
        let opened = g.chord(1);
        assert_eq!(opened.exploded, vec![2]);
        assert_eq!(g.lives_left(), 1);
    }

    #[test]
    fn the_first_click_rules() {
        for seed in 0..100 {
            let any = Game::new(Preset::Expert.config(), seed).unwrap();
            assert!(any.started(), "any: laid before the first click");
            let safe = Config {
                first_click: FirstClick::Safe,
                ..Preset::Expert.config()
            };
            let mut g = Game::new(safe, seed).unwrap();
            assert!(!g.started());
            let opened = g.open(0);
            assert!(opened.exploded.is_empty() && !opened.cells.is_empty());
            let opening = Config {
                first_click: FirstClick::Opening,
                ..Preset::Expert.config()
            };
            let mut g = Game::new(opening, seed).unwrap();
            g.open(40);
            assert_eq!(g.seen(40), Seen::Open(0));
            assert!(
                g.view()
                    .cells
                    .iter()
                    .filter(|s| matches!(s, Seen::Open(_)))
                    .count()
                    >= 9
            );
        }
        // with `any`, some seed puts a mine under the corner
        let hit = (0..200).any(|seed| {
            let mut g = Game::new(Preset::Expert.config(), seed).unwrap();
            !g.open(0).exploded.is_empty()
        });
        assert!(hit);
    }

    #[test]
    fn the_original_game_ends_on_the_tenth_mine() {
        let config = Preset::Original.config();
        let mut g = Game::new(config, 3).unwrap();
        let field = g.field().unwrap().clone();
        let mines: Vec<usize> = (0..400).filter(|&c| field.is_mine(c)).collect();
        for (i, &m) in mines.iter().take(10).enumerate() {
            assert_eq!(g.status(), Status::Playing);
            g.open(m);
            assert_eq!(g.lives_left(), 9 - i as u32);
        }
        assert_eq!(g.status(), Status::Lost);
        assert_eq!(g.mines_hit(), 10);
    }
}
