//! The sliding-tile puzzles: the 8-puzzle (3×3) and the 15-puzzle (4×4).
//!
//! A [`Board`] holds tiles 1..N²−1 and the blank (0). Moves are named by the direction the
//! *blank* moves, as the console program of the seed article prints them (North = up).

pub mod game;
mod packed;
pub mod pdb;
pub mod session;
pub mod solve;

use crate::core::text::Phrase;
use crate::phrase;
use std::fmt;

/// A move of the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
}

impl Move {
    /// All four, in the order solvers try them.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move that undoes this one.
    pub fn opposite(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// The compass name the seed's console program prints (North, East, South, West; a
    /// message: `Lang::tr` it).
    pub fn compass(self) -> &'static str {
        match self {
            Move::Up => crate::msg!("North"),
            Move::Down => crate::msg!("South"),
            Move::Left => crate::msg!("West"),
            Move::Right => crate::msg!("East"),
        }
    }

    /// Lower-case name for the command line and JSON (also a message, for the hint).
    pub fn name(self) -> &'static str {
        match self {
            Move::Up => crate::msg!("up"),
            Move::Down => crate::msg!("down"),
            Move::Left => crate::msg!("left"),
            Move::Right => crate::msg!("right"),
        }
    }
}

/// An N×N board, N = 3 or 4; cells in row-major order, 0 is the blank.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    side: u8,
    blank: u8,
    cells: [u8; 16],
}

/// Why a board text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError(pub Phrase);

impl fmt::Display for BoardError {
    /// In English (the command line's language); the game shows [`BoardError::0`] in its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// The board from its cells in row-major order (9 or 16 of them, each value once).
    pub fn from_cells(cells: &[u8]) -> Result<Board, BoardError> {
        let side = match cells.len() {
            9 => 3,
            16 => 4,
            n => {
                return Err(BoardError(phrase!(
                    "expected 9 tiles (3×3) or 16 tiles (4×4), got {n}",
                    n = n
                )));
            }
        };
        let count = cells.len() as u8;
        let mut seen = [false; 16];
        let mut board = Board {
            side,
            blank: 0,
            cells: [0; 16],
        };
        for (i, &tile) in cells.iter().enumerate() {
            if tile >= count {
                return Err(BoardError(phrase!(
                    "tile {tile} is out of range: a {side}×{side} board has tiles 0 to {last}",
                    tile = tile,
                    side = side,
                    last = count - 1
                )));
            }
            if seen[tile as usize] {
                return Err(BoardError(phrase!(
                    "tile {tile} appears twice",
                    tile = tile
                )));
            }
            seen[tile as usize] = true;
            board.cells[i] = tile;
            if tile == 0 {
                board.blank = i as u8;
            }
        }
        Ok(board)
    }

    /// The solved board of side `side`: 1, 2, …, N²−1 and the blank last.
    pub fn goal(side: u8) -> Board {
        let n = side as usize * side as usize;
        let cells: Vec<u8> = (1..n as u8).chain([0]).collect();
        Board::from_cells(&cells).expect("the goal board is valid")
    }

    /// Parses "1 2 3 4 5 6 7 8 0", "1,2,3,…" (any mix of spaces and commas) or, for 3×3 only,
    /// "123456780".
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(BoardError(phrase!(
                "no tiles: type them row by row, 0 for the blank, e.g. 1 2 3 4 5 6 7 8 0"
            )));
        }
        let separated = text.contains(|c: char| c == ',' || c.is_whitespace());
        let tokens: Vec<&str> = if separated {
            text.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .collect()
        } else if text.chars().count() == 9 {
            // one character per tile (any character: a non-digit is refused below)
            text.char_indices()
                .map(|(i, c)| &text[i..i + c.len_utf8()])
                .collect()
        } else {
            return Err(BoardError(phrase!(
                "{text}: separate the tiles by spaces or commas (only a 3×3 board may be \
                 written as 9 digits)",
                text = format!("{text:?}")
            )));
        };
        let mut cells = Vec::with_capacity(tokens.len());
        for token in tokens {
            let tile: u8 = token.parse().map_err(|_| {
                BoardError(phrase!(
                    "{token} is not a tile number",
                    token = format!("{token:?}")
                ))
            })?;
            cells.push(tile);
        }
        Board::from_cells(&cells)
    }

    /// N.
    pub fn side(&self) -> usize {
        self.side as usize
    }

    /// N².
    pub fn len(&self) -> usize {
        self.side() * self.side()
    }

    /// Always false: a board has 9 or 16 cells.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> &[u8] {
        &self.cells[..self.len()]
    }

    /// The blank's cell index.
    pub fn blank(&self) -> usize {
        self.blank as usize
    }

    /// The tile at row `r`, column `c`.
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.side() + c]
    }

    /// The board after moving the blank, or `None` when it would leave the board.
    #[inline]
    pub fn apply(&self, m: Move) -> Option<Board> {
        let side = self.side();
        let (r, c) = (self.blank() / side, self.blank() % side);
        let target = match m {
            Move::Up if r > 0 => self.blank() - side,
            Move::Down if r + 1 < side => self.blank() + side,
            Move::Left if c > 0 => self.blank() - 1,
            Move::Right if c + 1 < side => self.blank() + 1,
            _ => return None,
        };
        let mut next = *self;
        next.cells.swap(self.blank(), target);
        next.blank = target as u8;
        Some(next)
    }

    /// Plays a list of moves; `None` at the first illegal one.
    pub fn play(&self, moves: &[Move]) -> Option<Board> {
        moves.iter().try_fold(*self, |b, &m| b.apply(m))
    }

    /// The legal moves here.
    pub fn moves(&self) -> impl Iterator<Item = (Move, Board)> + '_ {
        Move::ALL
            .into_iter()
            .filter_map(move |m| self.apply(m).map(|b| (m, b)))
    }

    /// The board packed in 64 bits (4 bits a cell, the first cell highest), for visited sets.
    #[inline]
    pub fn key(&self) -> u64 {
        self.cells()
            .iter()
            .fold(0u64, |key, &tile| (key << 4) | u64::from(tile))
    }

    /// The key of the board after `tile` at cell `from` slides into the blank at cell `to`,
    /// from this board's key `key` (a board of `len` cells): two nibbles change.
    #[inline]
    pub fn key_after_slide(key: u64, len: usize, tile: u8, from: usize, to: usize) -> u64 {
        let shift = |cell: usize| 4 * (len - 1 - cell) as u32;
        key - (u64::from(tile) << shift(from)) + (u64::from(tile) << shift(to))
    }

    /// Unpacks a [`Board::key`] of a board of side `side`.
    #[inline]
    pub fn from_key(key: u64, side: u8) -> Board {
        let n = side as usize * side as usize;
        let mut board = Board {
            side,
            blank: 0,
            cells: [0; 16],
        };
        for i in 0..n {
            let tile = ((key >> (4 * (n - 1 - i))) & 0xf) as u8;
            board.cells[i] = tile;
            if tile == 0 {
                board.blank = i as u8;
            }
        }
        board
    }

    /// A uniformly random board from which `goal` can be reached: a random arrangement, with
    /// two tiles swapped when parity says it is the wrong half.
    pub fn random_solvable(goal: &Board, rng: &mut impl rand::Rng) -> Board {
        use rand::seq::SliceRandom;
        let mut cells: Vec<u8> = goal.cells().to_vec();
        cells.shuffle(rng);
        let mut board = Board::from_cells(&cells).expect("a shuffle of a board is a board");
        if !solvability(&board, goal).0 {
            // swapping two tiles (not the blank) flips the permutation parity only
            let (a, b) = match board.blank() {
                0 => (1, 2),
                1 => (0, 2),
                _ => (0, 1),
            };
            board.cells.swap(a, b);
        }
        board
    }

    /// True when both boards have the same side.
    pub fn same_size(&self, other: &Board) -> bool {
        self.side == other.side
    }
}

/// A board crosses to a browser's worker as its cells (and is checked again on the way in).
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cells())
    }
}

impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let cells = Vec::<u8>::deserialize(deserializer)?;
        Board::from_cells(&cells).map_err(serde::de::Error::custom)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

impl fmt::Display for Board {
    /// The tiles separated by spaces, row after row (the form `parse` reads back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self
            .cells()
            .iter()
            .map(std::string::ToString::to_string)
            .collect();
        f.write_str(&text.join(" "))
    }
}

/// Whether `goal` can be reached from `start`, with the reason in one sentence for the player.
///
/// Every move swaps the blank with a neighbour: it flips the parity of the permutation of all
/// N² cells, and moves the blank one step. So the parity of the permutation taking `start` to
/// `goal` always equals the parity of the blank's taxicab distance between them; when the two
/// parities differ the goal can never be reached (and when they agree it always can).
pub fn solvability(start: &Board, goal: &Board) -> (bool, crate::core::text::Phrase) {
    use crate::phrase;
    if !start.same_size(goal) {
        return (
            false,
            phrase!(
                "start is {start}×{start} and goal is {goal}×{goal}: they must be the same size",
                start = start.side(),
                goal = goal.side()
            ),
        );
    }
    if parity_matches(start, goal) {
        (
            true,
            phrase!("Solvable: the tiles' order and the blank's position have matching parity."),
        )
    } else {
        (
            false,
            phrase!(
                "Unsolvable: every slide changes the parity of the tiles' order together with the \
                 blank's position, and here they disagree, so no sequence of moves reaches the goal."
            ),
        )
    }
}

/// [`solvability`] without the sentence (no allocation: the solvers ask it every time).
pub fn is_solvable(start: &Board, goal: &Board) -> bool {
    start.same_size(goal) && parity_matches(start, goal)
}

/// The permutation taking `start` to `goal` and the blank's taxicab distance have the same
/// parity (boards of the same size).
fn parity_matches(start: &Board, goal: &Board) -> bool {
    let n = start.len();
    // where each tile stands in the goal
    let mut goal_index = [0usize; 16];
    for (i, &tile) in goal.cells().iter().enumerate() {
        goal_index[tile as usize] = i;
    }
    // permutation parity by cycle counting: parity = (n - cycles) mod 2
    let mut perm = [0usize; 16];
    for (i, &t) in start.cells().iter().enumerate() {
        perm[i] = goal_index[t as usize];
    }
    let mut seen = [false; 16];
    let mut cycles = 0;
    for i in 0..n {
        if !seen[i] {
            cycles += 1;
            let mut j = i;
            while !seen[j] {
                seen[j] = true;
                j = perm[j];
            }
        }
    }
    let permutation_odd = (n - cycles) % 2 == 1;
    let side = start.side();
    let (br, bc) = (start.blank() / side, start.blank() % side);
    let (gr, gc) = (goal.blank() / side, goal.blank() % side);
    let blank_odd = (br.abs_diff(gr) + bc.abs_diff(gc)) % 2 == 1;
    permutation_odd == blank_odd
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse(text).unwrap()
    }

    #[test]
    fn nine_characters_that_are_not_ascii_are_refused_not_a_panic() {
        // found by the fuzz test: a 4-byte character among nine used to split mid-character
        let error = Board::parse("\"%=\u{1e4f8}y.abc").unwrap_err();
        assert!(
            error.0.english().contains("is not a tile number"),
            "{}",
            error.0
        );
        assert!(Board::parse("12345678é").is_err());
    }

    #[test]
    fn the_three_forms_parse_alike() {
        let a = board("1 2 3 4 5 6 7 8 0");
        assert_eq!(board("1,2,3,4,5,6,7,8,0"), a);
        assert_eq!(board("123456780"), a);
        assert_eq!(board(" 1, 2 ,3\n4 5 6\n7 8 0 "), a);
        assert_eq!(a, Board::goal(3));
        assert_eq!(a.to_string(), "1 2 3 4 5 6 7 8 0");
        assert_eq!(
            board("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0"),
            Board::goal(4)
        );
    }

    #[test]
    fn parse_errors_say_what_is_wrong() {
        let err = |t: &str| Board::parse(t).unwrap_err().0.english();
        assert!(err("1 2 3").contains("got 3"));
        assert!(err("1 2 3 4 5 6 7 8 8").contains("tile 8 appears twice"));
        assert!(err("1 2 3 4 5 6 7 8 9").contains("out of range"));
        assert!(err("1 2 3 4 x 6 7 8 0").contains("\"x\" is not a tile number"));
        assert!(err("").contains("no tiles"));
        assert!(err("1234").contains("separate the tiles"));
        assert!(err("-1 2 3 4 5 6 7 8 0").contains("not a tile number"));
    }

    #[test]
    fn moves_are_named_by_the_blank_and_stay_on_the_board() {
        let goal = Board::goal(3); // blank bottom right
        assert_eq!(goal.apply(Move::Down), None);
        assert_eq!(goal.apply(Move::Right), None);
        let up = goal.apply(Move::Up).unwrap();
        assert_eq!(up.to_string(), "1 2 3 4 5 0 7 8 6");
        assert_eq!(up.apply(Move::Down), Some(goal));
        assert_eq!(goal.moves().count(), 2);
        assert_eq!(board("1 2 3 4 0 5 6 7 8").moves().count(), 4);
        assert_eq!(
            goal.play(&[Move::Up, Move::Left, Move::Right, Move::Down]),
            Some(goal)
        );
        assert_eq!(goal.play(&[Move::Down]), None);
    }

    #[test]
    fn parity_decides_solvability() {
        let goal = Board::goal(3);
        assert!(solvability(&board("1 2 3 4 5 6 7 8 0"), &goal).0);
        assert!(solvability(&board("1 2 3 4 5 6 0 7 8"), &goal).0);
        // two tiles swapped: the classic impossible puzzle
        let (ok, why) = solvability(&board("2 1 3 4 5 6 7 8 0"), &goal);
        assert!(!ok);
        assert!(why.english().starts_with("Unsolvable"));
        // the 15-puzzle with 14 and 15 swapped (Sam Loyd's)
        let loyd = board("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0");
        assert!(!solvability(&loyd, &Board::goal(4)).0);
        // even side: a blank move up alone is solvable
        let one_up = Board::goal(4).apply(Move::Up).unwrap();
        assert!(solvability(&one_up, &Board::goal(4)).0);
        // any goal, not only the standard one
        assert!(solvability(&Board::goal(4), &one_up).0);
        assert!(!solvability(&goal, &Board::goal(4)).0, "sizes differ");
    }

    #[test]
    fn random_boards_are_solvable_and_deterministic() {
        for side in [3u8, 4] {
            let goal = Board::goal(side);
            for seed in 0..200 {
                let a = Board::random_solvable(&goal, &mut crate::core::rng::from_seed(seed));
                let b = Board::random_solvable(&goal, &mut crate::core::rng::from_seed(seed));
                assert_eq!(a, b);
                assert!(solvability(&a, &goal).0, "{a}");
            }
        }
    }

    #[test]
    fn parity_agrees_with_reachability_on_random_walks() {
        // every board reached by legal moves is solvable back to the goal
        let mut b = Board::goal(4);
        for i in 0..500usize {
            let m = Move::ALL[(i * 7 + i / 3) % 4];
            if let Some(next) = b.apply(m) {
                b = next;
            }
            assert!(solvability(&b, &Board::goal(4)).0);
        }
    }

    #[test]
    fn keys_differ_for_different_boards() {
        let a = Board::goal(3);
        let b = a.apply(Move::Up).unwrap();
        assert_ne!(a.key(), b.key());
        assert_eq!(a.key(), Board::goal(3).key());
        assert_eq!(Board::from_key(b.key(), 3), b);
        let big = Board::goal(4).apply(Move::Left).unwrap();
        assert_eq!(Board::from_key(big.key(), 4), big);
    }

    #[test]
    fn the_parity_rule_is_exactly_reachability_over_all_nine_factorial_boards() {
        // every board reachable from the goal, by a breadth-first sweep of real moves
        let goal = Board::goal(3);
        let mut reached = std::collections::HashSet::from([goal.key()]);
        let mut queue = std::collections::VecDeque::from([goal]);
        while let Some(board) = queue.pop_front() {
            for (_, next) in board.moves() {
                if reached.insert(next.key()) {
                    queue.push_back(next);
                }
            }
        }
        assert_eq!(reached.len(), 181_440);
        // every arrangement of the nine cells (Heap's algorithm): parity says solvable exactly
        // when the sweep reached it
        let mut cells: Vec<u8> = (0..9).collect();
        let mut counters = [0usize; 9];
        let mut checked = 0;
        let mut check = |cells: &[u8]| {
            let board = Board::from_cells(cells).unwrap();
            assert_eq!(
                is_solvable(&board, &goal),
                reached.contains(&board.key()),
                "{board}"
            );
            checked += 1;
        };
        check(&cells);
        let mut i = 0;
        while i < 9 {
            if counters[i] < i {
                let j = if i % 2 == 0 { 0 } else { counters[i] };
                cells.swap(j, i);
                check(&cells);
                counters[i] += 1;
                i = 0;
            } else {
                counters[i] = 0;
                i += 1;
            }
        }
        assert_eq!(checked, 362_880);
    }
}
