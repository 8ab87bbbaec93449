//! The Slide mode's rules as a session: a start and a goal, the board being played, moves by
//! tile or by direction, undo / redo / restart, the move counter and the clock, the win.
//!
//! Time is given to [`SlideGame::tick`] by the game layer; nothing here reads a clock.

use super::solve::Algorithm;
use super::{Board, Move, solvability};

/// What arrow keys and the d-pad move: the blank (as the seed's console program names its
/// moves) or the tile that slides into it (as most sliding-puzzle games do).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ArrowMeaning {
    /// "Up" slides the tile below the blank up (the blank moves down).
    #[default]
    Tile,
    /// "Up" moves the blank up.
    Blank,
}

impl ArrowMeaning {
    /// The blank's move for an arrow.
    pub fn blank_move(self, arrow: Move) -> Move {
        match self {
            ArrowMeaning::Tile => arrow.opposite(),
            ArrowMeaning::Blank => arrow,
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlideRefusal {
    /// The cell is the blank, or not in the blank's row or column.
    NotInLine,
    /// The blank cannot move that way (edge of the board).
    Edge,
    /// The puzzle is solved; start again or shuffle.
    AlreadySolved,
}

/// One Slide session.
#[derive(Clone, Debug)]
pub struct SlideGame {
    start: Board,
    goal: Board,
    board: Board,
    /// Player actions: each a run of blank moves (one click may slide several tiles).
    done: Vec<Vec<Move>>,
    undone: Vec<Vec<Move>>,
    moves: usize,
    seconds: f64,
    /// Bumped on every change, so the screen knows when to repaint.
    revision: u64,
}

impl SlideGame {
    /// A session from `start` towards `goal` (both the same size; an unsolvable pair is
    /// allowed — the game says so and the solvers refuse it).
    pub fn new(start: Board, goal: Board) -> Result<SlideGame, String> {
        if !start.same_size(&goal) {
            return Err(solvability(&start, &goal).1.english());
        }
        Ok(SlideGame {
            start,
            goal,
            board: start,
            done: Vec::new(),
            undone: Vec::new(),
            moves: 0,
            seconds: 0.0,
            revision: 0,
        })
    }

    pub fn start(&self) -> &Board {
        &self.start
    }

    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The board as played so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Tiles slid so far (net of undos).
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Seconds played: the clock runs from the first move until the win.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether the goal can be reached from the board, and why, in one sentence.
    pub fn solvability(&self) -> (bool, crate::core::text::Phrase) {
        solvability(&self.board, &self.goal)
    }

    /// The board is the goal.
    pub fn won(&self) -> bool {
        self.board == self.goal
    }

    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Runs the clock (only between the first move and the win).
    pub fn tick(&mut self, seconds: f64) {
        if self.moves > 0 && !self.won() {
            self.seconds += seconds;
        }
    }

    /// Moves the blank once (a hint, an arrow, a step of the demo).
    pub fn move_blank(&mut self, m: Move) -> Result<(), SlideRefusal> {
        if self.won() {
            return Err(SlideRefusal::AlreadySolved);
        }
        let next = self.board.apply(m).ok_or(SlideRefusal::Edge)?;
        self.commit(next, vec![m]);
        Ok(())
    }

    /// Slides the tile at `cell` (row-major index) towards the blank, with every tile between
    /// them, as in the classic Fifteen. Returns how many tiles moved.
    pub fn slide_from(&mut self, cell: usize) -> Result<usize, SlideRefusal> {
        if self.won() {
            return Err(SlideRefusal::AlreadySolved);
        }
        let moves = self.moves_to(cell).ok_or(SlideRefusal::NotInLine)?;
        let next = self
            .board
            .play(&moves)
            .expect("moves along the blank's line stay on the board");
        let count = moves.len();
        self.commit(next, moves);
        Ok(count)
    }

    /// The blank moves that slide the tile at `cell` home to the blank, if it shares its row or
    /// column.
    pub fn moves_to(&self, cell: usize) -> Option<Vec<Move>> {
        let side = self.board.side();
        if cell >= self.board.len() || cell == self.board.blank() {
            return None;
        }
        let (br, bc) = (self.board.blank() / side, self.board.blank() % side);
        let (r, c) = (cell / side, cell % side);
        let (m, count) = if r == br {
            if c > bc {
                (Move::Right, c - bc)
            } else {
                (Move::Left, bc - c)
            }
        } else if c == bc {
            if r > br {
                (Move::Down, r - br)
            } else {
                (Move::Up, br - r)
            }
        } else {
            return None;
        };
        Some(vec![m; count])
    }

    fn commit(&mut self, next: Board, moves: Vec<Move>) {
        self.board = next;
        self.moves += moves.len();
        self.done.push(moves);
        self.undone.clear();
        self.revision += 1;
    }

    /// Takes back the last action (all the tiles of one click). False when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(moves) = self.done.pop() else {
            return false;
        };
        for m in moves.iter().rev() {
            self.board = self
                .board
                .apply(m.opposite())
                .expect("undo retraces a move");
        }
        self.moves -= moves.len();
        self.undone.push(moves);
        self.revision += 1;
        true
    }

    /// Plays again what was undone last. False when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(moves) = self.undone.pop() else {
            return false;
        };
        self.board = self.board.play(&moves).expect("redo replays a move");
        self.moves += moves.len();
        self.done.push(moves);
        self.revision += 1;
        true
    }

    /// Back to the start: moves, clock and history cleared.
    pub fn restart(&mut self) {
        self.board = self.start;
        self.done.clear();
        self.undone.clear();
        self.moves = 0;
        self.seconds = 0.0;
        self.revision += 1;
    }

    /// A new start (and the goal kept when the size matches, else the standard goal of that
    /// size); the session restarts.
    pub fn set_start(&mut self, start: Board) {
        if !start.same_size(&self.goal) {
            self.goal = Board::goal(start.side() as u8);
        }
        self.start = start;
        self.restart();
    }

    /// A new goal; the start is kept when it has the goal's size, otherwise the goal itself
    /// becomes the start. The session restarts.
    pub fn set_goal(&mut self, goal: Board) {
        if !goal.same_size(&self.start) {
            self.start = goal;
        }
        self.goal = goal;
        self.restart();
    }

    /// The board as it is now becomes the start (used by "start from here" after editing).
    pub fn start_from_here(&mut self) {
        self.start = self.board;
        self.restart();
    }
}

/// Every board at exactly `distance` optimal moves from `goal` is equally likely: the 8-puzzle's
/// layers are found by breadth-first search from the goal. `None` beyond the farthest layer (31
/// for the standard goal). For the 15-puzzle use [`scramble_towards`].
pub fn at_distance(goal: &Board, distance: usize, rng: &mut impl rand::Rng) -> Option<Board> {
    use rand::RngExt;
    use std::collections::HashSet;
    if goal.side() != 3 {
        return None;
    }
    let mut seen: HashSet<u64> = HashSet::from([goal.key()]);
    let mut layer = vec![*goal];
    for _ in 0..distance {
        let mut next = Vec::new();
        for b in &layer {
            for (_, n) in b.moves() {
                if seen.insert(n.key()) {
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            return None;
        }
        layer = next;
    }
    Some(layer[rng.random_range(0..layer.len())])
}

/// A board about `distance` moves from `goal` when layers cannot be enumerated (15-puzzle): a
/// random walk of `distance` moves that never revisits a board, measured by `solve` (the true
/// optimal length); up to `tries` walks, keeping the first at exactly `distance`, else the
/// farthest. Returns the board and its optimal distance.
pub fn scramble_towards(
    goal: &Board,
    distance: usize,
    tries: usize,
    rng: &mut impl rand::Rng,
    mut solve: impl FnMut(&Board) -> Option<usize>,
) -> (Board, usize) {
    use rand::RngExt;
    use std::collections::HashSet;
    let mut best = (*goal, 0);
    for _ in 0..tries.max(1) {
        let mut board = *goal;
        let mut seen: HashSet<u64> = HashSet::from([board.key()]);
        for _ in 0..distance {
            let fresh: Vec<Board> = board
                .moves()
                .map(|(_, b)| b)
                .filter(|b| !seen.contains(&b.key()))
                .collect();
            if fresh.is_empty() {
                break;
            }
            board = fresh[rng.random_range(0..fresh.len())];
            seen.insert(board.key());
        }
        let Some(d) = solve(&board) else {
            continue;
        };
        if d > best.1 && d <= distance {
            best = (board, d);
        }
        if d == distance {
            break;
        }
    }
    best
}

/// A solver's moves played back: a cursor over them, stepped by hand or by a clock.
#[derive(Clone, Debug)]
pub struct Demo {
    pub algorithm: Algorithm,
    pub from: Board,
    pub moves: Vec<Move>,
    /// Moves shown so far.
    pub cursor: usize,
    pub paused: bool,
    clock: f32,
}

impl Demo {
    pub fn new(algorithm: Algorithm, from: Board, moves: Vec<Move>) -> Self {
        Self {
            algorithm,
            from,
            moves,
            cursor: 0,
            paused: false,
            clock: 0.0,
        }
    }

    /// The board after `cursor` moves.
    pub fn board(&self) -> Board {
        self.from
            .play(&self.moves[..self.cursor])
            .expect("a solver's moves are legal")
    }

    pub fn finished(&self) -> bool {
        self.cursor == self.moves.len()
    }

    /// The next move to show, if any.
    pub fn next_move(&self) -> Option<Move> {
        self.moves.get(self.cursor).copied()
    }

    pub fn step(&mut self) {
        self.cursor = (self.cursor + 1).min(self.moves.len());
    }

    pub fn step_back(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// Advances by `seconds` at `speed` moves a second (unless paused).
    pub fn advance(&mut self, seconds: f32, speed: f32) {
        if self.paused || self.finished() {
            return;
        }
        self.clock += seconds * speed;
        while self.clock >= 1.0 && !self.finished() {
            self.clock -= 1.0;
            self.step();
        }
    }
}

/// A solution known for a board: where it starts and its moves (the hint follows it while the
/// player does).
#[derive(Clone, Debug)]
pub struct KnownSolution {
    pub from: Board,
    pub moves: Vec<Move>,
}

impl KnownSolution {
    /// The next move from `board`, while `board` lies on the solution's path.
    pub fn next_move(&self, board: &Board) -> Option<Move> {
        let mut at = self.from;
        for &m in &self.moves {
            if at == *board {
                return Some(m);
            }
            at = at.apply(m)?;
        }
        None
    }
}

/// Cells that the blank's row and column make clickable: every tile sharing one of them.
pub fn slidable_cells(board: &Board) -> Vec<usize> {
    let side = board.side();
    let (br, bc) = (board.blank() / side, board.blank() % side);
    (0..board.len())
        .filter(|&i| i != board.blank() && (i / side == br || i % side == bc))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(start: &str) -> SlideGame {
        SlideGame::new(Board::parse(start).unwrap(), Board::goal(3)).unwrap()
    }

    #[test]
    fn a_click_slides_every_tile_between_it_and_the_blank() {
        // blank in the middle; clicking the left end of its row slides one tile
        let mut g = game("1 2 3 4 0 5 6 7 8");
        assert_eq!(g.slide_from(3), Ok(1));
        assert_eq!(g.board().to_string(), "1 2 3 0 4 5 6 7 8");
        // now the blank is at the row's left end: clicking the right end slides two tiles
        assert_eq!(g.slide_from(5), Ok(2));
        assert_eq!(g.board().to_string(), "1 2 3 4 5 0 6 7 8");
        assert_eq!(g.moves(), 3);
        // a tile off the blank's row and column cannot move
        assert_eq!(g.slide_from(0), Err(SlideRefusal::NotInLine));
        assert_eq!(
            g.slide_from(5),
            Err(SlideRefusal::NotInLine),
            "the blank itself"
        );
        assert_eq!(g.slide_from(99), Err(SlideRefusal::NotInLine));
        // a column: the blank at (1,2), the tile at (2,2)
        assert_eq!(g.slide_from(8), Ok(1));
        assert_eq!(g.board().to_string(), "1 2 3 4 5 8 6 7 0");
        assert_eq!(slidable_cells(g.board()), vec![2, 5, 6, 7]);
    }

    #[test]
    fn undo_takes_back_a_whole_click_and_redo_replays_it() {
        let mut g = game("1 2 3 4 5 6 0 7 8");
        assert_eq!(g.slide_from(8), Ok(2));
        assert!(g.won());
        assert!(g.undo());
        assert_eq!(g.board().to_string(), "1 2 3 4 5 6 0 7 8");
        assert_eq!(g.moves(), 0);
        assert!(g.redo());
        assert!(g.won());
        assert_eq!(g.moves(), 2);
        assert!(!g.redo());
        // a new move after an undo forgets the redo
        g.undo();
        g.move_blank(Move::Right).unwrap();
        assert!(!g.can_redo());
        assert!(g.undo());
        assert!(!g.undo());
    }

    #[test]
    fn arrows_mean_the_tile_or_the_blank() {
        assert_eq!(ArrowMeaning::Tile.blank_move(Move::Up), Move::Down);
        assert_eq!(ArrowMeaning::Blank.blank_move(Move::Up), Move::Up);
        let mut g = game("1 2 3 4 5 6 7 8 0");
        assert_eq!(g.move_blank(Move::Up), Err(SlideRefusal::AlreadySolved));
        g.set_start(Board::parse("1 2 3 4 5 6 7 0 8").unwrap());
        assert_eq!(g.move_blank(Move::Down), Err(SlideRefusal::Edge));
        g.move_blank(Move::Right).unwrap();
        assert!(g.won());
    }

    #[test]
    fn the_clock_runs_from_the_first_move_to_the_win() {
        let mut g = game("1 2 3 4 5 6 7 0 8");
        g.tick(5.0);
        assert_eq!(g.seconds(), 0.0, "not before the first move");
        g.move_blank(Move::Left).unwrap();
        g.tick(1.5);
        g.move_blank(Move::Right).unwrap();
        g.move_blank(Move::Right).unwrap();
        assert!(g.won());
        g.tick(3.0);
        assert_eq!(g.seconds(), 1.5);
        g.restart();
        assert_eq!((g.seconds(), g.moves()), (0.0, 0));
    }

    #[test]
    fn the_demo_plays_steps_and_steps_back() {
        let from = Board::parse("1 2 3 4 5 6 0 7 8").unwrap();
        let mut demo = Demo::new(Algorithm::Bfs, from, vec![Move::Right, Move::Right]);
        demo.advance(0.6, 2.0);
        assert_eq!(demo.cursor, 1);
        demo.advance(5.0, 2.0);
        assert!(demo.finished());
        assert_eq!(demo.board(), Board::goal(3));
        demo.step_back();
        assert_eq!(demo.next_move(), Some(Move::Right));
    }

    #[test]
    fn boards_at_a_chosen_distance_are_that_far() {
        use crate::core::slide::solve::{Heuristic, Limits, bfs, idastar};
        let goal = Board::goal(3);
        let mut rng = crate::core::rng::from_seed(5);
        for d in [0, 1, 7, 20, 31] {
            let b = at_distance(&goal, d, &mut rng).unwrap();
            let length = bfs(&b, &goal, Limits::default())
                .outcome
                .moves()
                .unwrap()
                .len();
            assert_eq!(length, d);
        }
        assert_eq!(at_distance(&goal, 32, &mut rng), None);
        let goal = Board::goal(4);
        let (b, d) = scramble_towards(&goal, 12, 20, &mut rng, |b| {
            idastar(b, &goal, Heuristic::LinearConflict, Limits::default())
                .outcome
                .moves()
                .map(<[_]>::len)
        });
        assert_eq!(d, 12);
        assert_eq!(
            idastar(&b, &goal, Heuristic::Manhattan, Limits::default())
                .outcome
                .moves()
                .map(<[_]>::len),
            Some(12)
        );
    }

    #[test]
    fn start_and_goal_of_another_size_follow_each_other() {
        let mut g = game("1 2 3 4 5 6 7 0 8");
        g.set_start(Board::goal(4));
        assert_eq!(g.goal(), &Board::goal(4));
        g.set_goal(Board::goal(3));
        assert_eq!(g.start(), &Board::goal(3));
        assert!(SlideGame::new(Board::goal(3), Board::goal(4)).is_err());
        // an unsolvable pair is a session that says so
        let g = game("2 1 3 4 5 6 7 8 0");
        assert!(!g.solvability().0);
    }
}
