//! Sliding-puzzle solvers, all generic over start *and* goal: BFS, depth-limited DFS, A* with
//! misplaced tiles or Manhattan distance, and IDA* with Manhattan + linear conflict. Each has a
//! node cap and a cancel flag, and says apart "unsolvable" (parity) from "not found within the
//! limit".

pub mod astar;
pub mod bfs;
pub mod dls;
pub mod idastar;

use crate::core::clock::Instant;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::{Board, Move, is_solvable};

pub use astar::{astar, astar_explained};
pub use bfs::{bfs, bfs_explained};
pub use dls::{depth_limited, depth_limited_explained};
pub use idastar::{idastar, idastar_explained, idastar_pdb};

/// Hashes a packed board (one `u64`) with a multiply–xorshift mix: the keys are already
/// well-spread bits, so the standard library's DoS-resistant `SipHash` would only cost time.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, key: u64) {
        let mut x = key ^ self.0;
        x ^= x >> 31;
        x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x ^= x >> 29;
        self.0 = x;
    }
}

/// Makes room in a search's table for `more` entries when it is full, asking for the memory
/// fallibly: `false` when there is none (the search then ends with [`Outcome::OutOfMemory`]
/// instead of the process aborting).
pub(crate) fn room<V>(map: &mut KeyMap<V>, more: usize) -> bool {
    map.len() + more <= map.capacity() || map.try_reserve(map.len().max(more)).is_ok()
}

/// A map keyed by packed boards.
pub type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;
/// A set of packed boards.
pub type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// Every solver, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Algorithm {
    Bfs,
    Dfs,
    AstarMisplaced,
    AstarManhattan,
    Idastar,
    IdastarPdb,
}

impl Algorithm {
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::AstarMisplaced,
        Algorithm::AstarManhattan,
        Algorithm::Idastar,
        Algorithm::IdastarPdb,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::AstarMisplaced => "astar-misplaced",
            Algorithm::AstarManhattan => "astar-manhattan",
            Algorithm::Idastar => "idastar",
            Algorithm::IdastarPdb => "idastar-pdb",
        }
    }

    /// The name on screen (a message: `Lang::tr` it).
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Bfs => crate::msg!("Breadth-first search"),
            Algorithm::Dfs => crate::msg!("Depth-first search (depth limit)"),
            Algorithm::AstarMisplaced => crate::msg!("A* — misplaced tiles"),
            Algorithm::AstarManhattan => crate::msg!("A* — Manhattan distance"),
            Algorithm::Idastar => crate::msg!("IDA* — Manhattan + linear conflict"),
            Algorithm::IdastarPdb => crate::msg!("IDA* — pattern databases"),
        }
    }

    /// A short name for tables (a message: `Lang::tr` it).
    pub fn short_title(self) -> &'static str {
        match self {
            Algorithm::Bfs => crate::msg!("BFS"),
            Algorithm::Dfs => crate::msg!("DFS, depth limit"),
            Algorithm::AstarMisplaced => crate::msg!("A*, misplaced"),
            Algorithm::AstarManhattan => crate::msg!("A*, Manhattan"),
            Algorithm::Idastar => crate::msg!("IDA*"),
            Algorithm::IdastarPdb => crate::msg!("IDA*, PDB"),
        }
    }

    /// Whether its solutions are always the shortest.
    pub fn optimal(self) -> bool {
        self != Algorithm::Dfs
    }

    /// Whether it needs pattern databases.
    pub fn needs_databases(self) -> bool {
        self == Algorithm::IdastarPdb
    }

    /// The next one in [`Algorithm::ALL`], wrapping.
    pub fn next(self) -> Algorithm {
        let i = Algorithm::ALL.iter().position(|&a| a == self).unwrap_or(0);
        Algorithm::ALL[(i + 1) % Algorithm::ALL.len()]
    }

    /// The fastest optimal solver for boards of `side` (hints, shuffles, the first choice).
    pub fn best_for(side: usize) -> Algorithm {
        if side == 3 {
            Algorithm::AstarManhattan
        } else {
            Algorithm::IdastarPdb
        }
    }

    /// The next one in [`Algorithm::ALL`] worth running on boards of `side`.
    pub fn next_practical(self, side: usize) -> Algorithm {
        let mut next = self.next();
        while !next.practical(side) {
            next = next.next();
        }
        next
    }

    /// Bytes of memory a search keeps per expanded node, at most (measured on 15-puzzles at the
    /// cap of 2 million nodes: BFS 188, A* with misplaced tiles 138, A* Manhattan 72, the
    /// depth-limited DFS 28 — the stored nodes and frontier grow with the expanded ones); IDA*
    /// keeps only its path.
    pub fn bytes_per_node(self) -> usize {
        match self {
            Algorithm::Bfs => 200,
            Algorithm::AstarMisplaced | Algorithm::AstarManhattan => 150,
            Algorithm::Dfs => 40,
            Algorithm::Idastar | Algorithm::IdastarPdb => 0,
        }
    }

    /// Whether it is worth offering for boards of `side`: the blind searches and A* with
    /// misplaced tiles would exhaust memory on a typical 15-puzzle.
    pub fn practical(self, side: usize) -> bool {
        side == 3
            || matches!(
                self,
                Algorithm::AstarManhattan | Algorithm::Idastar | Algorithm::IdastarPdb
            )
    }

    /// Runs it. `databases` must be given (for `goal`) for [`Algorithm::IdastarPdb`]; without
    /// them that algorithm falls back to IDA* with linear conflict.
    pub fn run(
        self,
        start: &Board,
        goal: &Board,
        depth_limit: u32,
        databases: Option<&super::pdb::PatternDb>,
        limits: Limits<'_>,
    ) -> Report {
        match self {
            Algorithm::Bfs => bfs(start, goal, limits),
            Algorithm::Dfs => depth_limited(start, goal, depth_limit, limits),
            Algorithm::AstarMisplaced => astar(start, goal, Heuristic::Misplaced, limits),
            Algorithm::AstarManhattan => astar(start, goal, Heuristic::Manhattan, limits),
            Algorithm::IdastarPdb => match databases.filter(|db| db.goal() == goal) {
                Some(db) => idastar_pdb(start, db, limits),
                None => idastar(start, goal, Heuristic::LinearConflict, limits),
            },
            Algorithm::Idastar => idastar(start, goal, Heuristic::LinearConflict, limits),
        }
    }
}

impl Algorithm {
    /// Runs it as [`Algorithm::run`] does, describing its steps to `learner` (IDA* with
    /// pattern databases runs as IDA* with linear conflict here, as Learn shows it).
    pub fn run_explained<R: crate::core::trace::Recorder>(
        self,
        start: &Board,
        goal: &Board,
        depth_limit: u32,
        limits: Limits<'_>,
        learner: &mut R,
    ) -> Report {
        match self {
            Algorithm::Bfs => bfs_explained(start, goal, limits, learner),
            Algorithm::Dfs => depth_limited_explained(start, goal, depth_limit, limits, learner),
            Algorithm::AstarMisplaced => {
                astar_explained(start, goal, Heuristic::Misplaced, limits, learner)
            }
            Algorithm::AstarManhattan => {
                astar_explained(start, goal, Heuristic::Manhattan, limits, learner)
            }
            Algorithm::Idastar | Algorithm::IdastarPdb => {
                idastar_explained(start, goal, Heuristic::LinearConflict, limits, learner)
            }
        }
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// The moves of the blank from start to goal.
    Solved(Vec<Move>),
    /// Parity says the goal can never be reached (nothing was searched).
    Unsolvable,
    /// Searched everything within the depth limit without reaching the goal.
    NotWithinDepth(u32),
    /// Stopped at the node cap.
    NodeLimit(usize),
    /// Stopped by the cancel flag.
    Cancelled,
    /// Its table or frontier could not grow: the memory ran out (a limit such as `ulimit -v`
    /// or a grading box's) after this many nodes.
    OutOfMemory(usize),
}

impl Outcome {
    /// The moves when solved.
    pub fn moves(&self) -> Option<&[Move]> {
        match self {
            Outcome::Solved(moves) => Some(moves),
            _ => None,
        }
    }

    /// One line for the CLI's text output (English; see [`Outcome::phrase`]).
    pub fn describe(&self) -> String {
        self.phrase().english()
    }

    /// One line for the player, in the language chosen when shown.
    pub fn phrase(&self) -> crate::core::text::Phrase {
        use crate::phrase;
        match self {
            Outcome::Solved(moves) => phrase!("solved in {n} moves", n = moves.len()),
            Outcome::Unsolvable => phrase!("unsolvable (parity)"),
            Outcome::NotWithinDepth(d) => phrase!("no solution within depth {d}", d = *d),
            Outcome::NodeLimit(n) => {
                phrase!("no solution within the limit of {n} nodes", n = *n)
            }
            Outcome::Cancelled => phrase!("cancelled"),
            Outcome::OutOfMemory(n) => phrase!(
                "the memory ran out after {n} nodes: this search keeps every board it reaches",
                n = *n
            ),
        }
    }
}

/// What a search did.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Report {
    pub outcome: Outcome,
    /// Nodes taken from the frontier and expanded.
    pub expanded: usize,
    /// The largest the frontier (open list, queue or stack) grew.
    pub peak_frontier: usize,
    /// Wall-clock milliseconds.
    pub millis: f64,
}

/// Bounds on a search.
#[derive(Clone, Copy, Debug)]
pub struct Limits<'a> {
    /// Expanded nodes at most.
    pub max_nodes: usize,
    /// Set from another thread to stop the search.
    pub cancel: Option<&'a AtomicBool>,
    /// Where the search reports how far it has got, for a live counter on another thread.
    pub progress: Option<&'a Progress>,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Self {
            max_nodes: 20_000_000,
            cancel: None,
            progress: None,
        }
    }
}

/// A running search's counters, read from another thread (the game's live counter, the
/// command line's "EXPANDING LEVEL n").
#[derive(Debug, Default)]
pub struct Progress {
    /// Nodes expanded so far (updated every few thousand).
    pub expanded: AtomicUsize,
    /// BFS: the depth being expanded; IDA*: the current bound; DFS: the depth limit.
    pub level: AtomicUsize,
    /// Called each time the counters are updated, where nobody else can read them while the
    /// search runs (a browser's worker posts them to the page).
    pub beat: Option<fn()>,
}

impl Progress {
    /// Counters at zero that call `beat` each time they are updated.
    pub const fn with_beat(beat: fn()) -> Self {
        Self {
            expanded: AtomicUsize::new(0),
            level: AtomicUsize::new(0),
            beat: Some(beat),
        }
    }

    /// Records the level (depth or bound) now being searched.
    #[inline]
    pub(crate) fn set_level(limits: &Limits<'_>, level: usize) {
        if let Some(p) = limits.progress {
            p.level.store(level, Ordering::Relaxed);
        }
    }
}

impl Limits<'_> {
    /// No node cap, no cancel flag: for searches that must finish (IDA* keeps only its path,
    /// so it never runs out of memory).
    pub fn unlimited() -> Self {
        Self {
            max_nodes: usize::MAX,
            cancel: None,
            progress: None,
        }
    }

    /// Checks the cap and the flag; `Some(outcome)` means stop.
    #[inline]
    pub(crate) fn check(&self, expanded: usize) -> Option<Outcome> {
        if expanded > self.max_nodes {
            return Some(Outcome::NodeLimit(self.max_nodes));
        }
        // the flag is read on the first node and every 4096 after: cheap, and still prompt
        if expanded == 1 || expanded.is_multiple_of(4096) {
            if let Some(p) = self.progress {
                p.expanded.store(expanded, Ordering::Relaxed);
                if let Some(beat) = p.beat {
                    beat();
                }
            }
            if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Some(Outcome::Cancelled);
            }
        }
        None
    }
}

/// Estimates of the moves left, for A* and IDA*.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heuristic {
    /// Tiles not on their goal cell.
    Misplaced,
    /// Sum of the tiles' taxicab distances to their goal cells.
    Manhattan,
    /// Manhattan plus two moves for each tile that must leave its row or column to let
    /// another pass (linear conflict).
    LinearConflict,
}

/// The goal, with each tile's goal row and column at hand.
#[derive(Clone, Copy, Debug)]
pub struct Goal {
    pub board: Board,
    row: [u8; 16],
    col: [u8; 16],
    /// `distance[tile][cell]`: the tile's taxicab distance from the cell to its goal cell.
    distance: [[u8; 16]; 16],
    /// `home[tile]`: the tile's goal cell.
    home: [u8; 16],
}

impl Goal {
    /// Prepares `board` as a goal.
    pub fn new(board: Board) -> Self {
        let side = board.side();
        let mut row = [0; 16];
        let mut col = [0; 16];
        let mut home = [0; 16];
        for (i, &tile) in board.cells().iter().enumerate() {
            row[tile as usize] = (i / side) as u8;
            col[tile as usize] = (i % side) as u8;
            home[tile as usize] = i as u8;
        }
        let mut distance = [[0u8; 16]; 16];
        for (tile, cells) in distance.iter_mut().enumerate().take(board.len()) {
            for (cell, d) in cells.iter_mut().enumerate().take(board.len()) {
                let (r, c) = ((cell / side) as u8, (cell % side) as u8);
                *d = r.abs_diff(row[tile]) + c.abs_diff(col[tile]);
            }
        }
        Self {
            board,
            row,
            col,
            distance,
            home,
        }
    }

    /// The heuristic's estimate for `b`.
    pub fn estimate(&self, heuristic: Heuristic, b: &Board) -> u32 {
        match heuristic {
            Heuristic::Misplaced => self.misplaced_tiles(b),
            Heuristic::Manhattan => self.manhattan(b),
            Heuristic::LinearConflict => self.manhattan(b) + self.linear_conflict(b),
        }
    }

    /// The estimate for `after`, one move from `before` whose estimate is `h_before`: for
    /// misplaced tiles and Manhattan only the moved tile changes, so this is O(1); linear
    /// conflict is recomputed.
    pub fn estimate_after(
        &self,
        heuristic: Heuristic,
        before: &Board,
        after: &Board,
        h_before: u32,
    ) -> u32 {
        if heuristic == Heuristic::LinearConflict {
            return self.estimate(heuristic, after);
        }
        let (from, to) = (after.blank(), before.blank());
        let tile = after.cells()[to];
        self.estimate_moved(heuristic, h_before, tile, from, to)
    }

    /// The estimate after `tile` slid from cell `from` to cell `to`, for misplaced tiles or
    /// Manhattan (whose change comes from that tile alone), given the estimate before.
    #[inline]
    pub(crate) fn estimate_moved(
        &self,
        heuristic: Heuristic,
        h_before: u32,
        tile: u8,
        from: usize,
        to: usize,
    ) -> u32 {
        let t = tile as usize;
        match heuristic {
            Heuristic::Misplaced => {
                let home = self.home[t] as usize;
                // the tile was counted when off home before, and is counted when off home now
                h_before + u32::from(to != home) - u32::from(from != home)
            }
            _ => h_before + u32::from(self.distance[t][to]) - u32::from(self.distance[t][from]),
        }
    }

    /// Tiles (not the blank) off their goal cell.
    pub fn misplaced_tiles(&self, b: &Board) -> u32 {
        b.cells()
            .iter()
            .zip(self.board.cells())
            .filter(|(t, g)| **t != 0 && t != g)
            .count() as u32
    }

    /// Sum of taxicab distances of the tiles to their goal cells.
    pub fn manhattan(&self, b: &Board) -> u32 {
        let side = b.side();
        b.cells()
            .iter()
            .enumerate()
            .filter(|(_, t)| **t != 0)
            .map(|(i, &t)| {
                let (r, c) = ((i / side) as u8, (i % side) as u8);
                u32::from(r.abs_diff(self.row[t as usize]) + c.abs_diff(self.col[t as usize]))
            })
            .sum()
    }

    /// The linear-conflict addition: in every row (column), the tiles whose goal is that row
    /// (column) but which stand in reversed order must partly leave it; two extra moves for each
    /// tile removed, removing the most conflicted tile first (Hansson, Mayer and Yung).
    pub fn linear_conflict(&self, b: &Board) -> u32 {
        let side = b.side();
        let mut extra = 0;
        for line in 0..side {
            for by_row in [true, false] {
                // goal positions along the line of the tiles that belong to this line
                let mut along = [0u8; 4];
                let mut count = 0;
                for k in 0..side {
                    let i = if by_row {
                        line * side + k
                    } else {
                        k * side + line
                    };
                    let t = b.cells()[i] as usize;
                    if t == 0 {
                        continue;
                    }
                    let (home_line, home_along) = if by_row {
                        (self.row[t], self.col[t])
                    } else {
                        (self.col[t], self.row[t])
                    };
                    if home_line as usize == line {
                        along[count] = home_along;
                        count += 1;
                    }
                }
                extra += 2 * removals_to_sort(&mut along[..count]);
            }
        }
        extra
    }
}

/// How many entries must be removed so the rest is increasing, removing each time the one in
/// the most reversed pairs (for at most four entries this is exact).
fn removals_to_sort(values: &mut [u8]) -> u32 {
    let mut alive = [true; 4];
    let mut removed = 0;
    loop {
        let mut worst = None;
        let mut worst_count = 0;
        for i in 0..values.len() {
            if !alive[i] {
                continue;
            }
            let conflicts = (0..values.len())
                .filter(|&j| alive[j] && j != i)
                .filter(|&j| (j < i && values[j] > values[i]) || (j > i && values[j] < values[i]))
                .count();
            if conflicts > worst_count {
                worst_count = conflicts;
                worst = Some(i);
            }
        }
        match worst {
            Some(i) => {
                alive[i] = false;
                removed += 1;
            }
            None => return removed,
        }
    }
}

/// No neighbour that way.
pub(crate) const NONE: u8 = u8::MAX;

/// For each cell, the cell the blank reaches by each of [`Move::ALL`] (or [`NONE`]): looked up
/// instead of divided out in the inner loop.
pub(crate) fn blank_targets(side: usize) -> [[u8; 4]; 16] {
    let mut table = [[NONE; 4]; 16];
    for (cell, row) in table.iter_mut().enumerate().take(side * side) {
        let (r, c) = (cell / side, cell % side);
        for (slot, m) in row.iter_mut().zip(Move::ALL) {
            let to = match m {
                Move::Up if r > 0 => cell - side,
                Move::Down if r + 1 < side => cell + side,
                Move::Left if c > 0 => cell - 1,
                Move::Right if c + 1 < side => cell + 1,
                _ => continue,
            };
            *slot = to as u8;
        }
    }
    table
}

/// Runs `search` unless parity already says "unsolvable", and times it.
pub(crate) fn timed(
    start: &Board,
    goal: &Board,
    search: impl FnOnce() -> (Outcome, usize, usize),
) -> Report {
    let clock = Instant::now();
    if !is_solvable(start, goal) {
        return Report {
            outcome: Outcome::Unsolvable,
            expanded: 0,
            peak_frontier: 0,
            millis: 0.0,
        };
    }
    let (outcome, expanded, peak_frontier) = search();
    Report {
        outcome,
        expanded,
        peak_frontier,
        millis: clock.elapsed().as_secs_f64() * 1000.0,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A random solvable board `steps` random moves away from the goal (deterministic).
    pub(crate) fn scrambled(side: u8, steps: usize, seed: u64) -> Board {
        scrambled_from(Board::goal(side), steps, seed)
    }

    /// A board `steps` random moves away from `goal` (deterministic).
    pub(crate) fn scrambled_from(goal: Board, steps: usize, seed: u64) -> Board {
        let mut b = goal;
        let mut x = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        for _ in 0..steps {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = Move::ALL[(x % 4) as usize];
            if let Some(next) = b.apply(m) {
                b = next;
            }
        }
        b
    }

    fn check_solution(start: &Board, goal: &Board, report: &Report) -> usize {
        let moves = report.outcome.moves().expect("solved");
        assert_eq!(start.play(moves), Some(*goal), "the moves reach the goal");
        moves.len()
    }

    #[test]
    fn optimal_solvers_agree_on_random_8_puzzles() {
        let goal = Board::goal(3);
        for seed in 0..40 {
            let start = scrambled(3, 60, seed);
            let limits = Limits::default();
            let b = bfs(&start, &goal, limits);
            let length = check_solution(&start, &goal, &b);
            for heuristic in [Heuristic::Misplaced, Heuristic::Manhattan] {
                let a = astar(&start, &goal, heuristic, limits);
                assert_eq!(check_solution(&start, &goal, &a), length, "{heuristic:?}");
                assert!(a.expanded <= b.expanded);
            }
            let i = idastar(&start, &goal, Heuristic::LinearConflict, limits);
            assert_eq!(check_solution(&start, &goal, &i), length);
        }
    }

    #[test]
    fn a_goal_other_than_the_standard_one() {
        let goal = Board::parse("0 1 2 3 4 5 6 7 8").unwrap();
        let start = Board::parse("1 2 0 3 4 5 6 7 8").unwrap();
        let report = astar(&start, &goal, Heuristic::Manhattan, Limits::default());
        assert_eq!(report.outcome.moves(), Some(&[Move::Left, Move::Left][..]));
    }

    #[test]
    fn idastar_solves_moderate_15_puzzles_optimally() {
        let goal = Board::goal(4);
        for seed in 0..6 {
            let start = scrambled(4, 40, seed);
            let manhattan = idastar(&start, &goal, Heuristic::Manhattan, Limits::default());
            let conflict = idastar(&start, &goal, Heuristic::LinearConflict, Limits::default());
            let length = check_solution(&start, &goal, &manhattan);
            assert_eq!(check_solution(&start, &goal, &conflict), length);
            assert!(conflict.expanded <= manhattan.expanded);
        }
    }

    #[test]
    fn pattern_databases_give_the_same_lengths_with_fewer_nodes() {
        use crate::core::slide::pdb::{PatternDb, Split};
        // 8-puzzle, a goal other than the standard one
        let goal = Board::parse("1 2 3 8 0 4 7 6 5").unwrap();
        let db = PatternDb::build(&goal, Split::FourFour, None, &mut |_| {}).unwrap();
        for seed in 0..40 {
            let start = scrambled(3, 60, seed);
            if !crate::core::slide::solvability(&start, &goal).0 {
                assert_eq!(
                    idastar_pdb(&start, &db, Limits::default()).outcome,
                    Outcome::Unsolvable
                );
                continue;
            }
            let plain = bfs(&start, &goal, Limits::default());
            let with_db = idastar_pdb(&start, &db, Limits::default());
            assert_eq!(
                check_solution(&start, &goal, &with_db),
                check_solution(&start, &goal, &plain)
            );
        }
        // 15-puzzle with the quick 5-5-5 groups
        let goal = Board::goal(4);
        let db = PatternDb::build(&goal, Split::FiveFiveFive, None, &mut |_| {}).unwrap();
        let (mut nodes_manhattan, mut nodes_db) = (0, 0);
        for seed in 0..6 {
            let start = scrambled(4, 40, 100 + seed);
            let manhattan = idastar(&start, &goal, Heuristic::Manhattan, Limits::default());
            let with_db = idastar_pdb(&start, &db, Limits::default());
            assert_eq!(
                check_solution(&start, &goal, &with_db),
                check_solution(&start, &goal, &manhattan)
            );
            assert!(db.estimate(&start) >= goal_manhattan(&start));
            nodes_manhattan += manhattan.expanded;
            nodes_db += with_db.expanded;
        }
        assert!(
            nodes_db < nodes_manhattan,
            "{nodes_db} vs {nodes_manhattan}"
        );
    }

    /// `board` turned by the symmetry `turn` and its tiles renamed by `rename` (the blank kept).
    fn turned(board: &Board, turn: crate::core::slide::pdb::Symmetry, rename: &[u8]) -> Board {
        let mut cells = [0u8; 16];
        for (i, &t) in board.cells().iter().enumerate() {
            cells[turn.cell(board.side(), i)] = rename[t as usize];
        }
        Board::from_cells(&cells[..board.len()]).unwrap()
    }

    #[test]
    fn a_puzzle_and_its_relabelled_rotations_and_mirror_images_search_the_same_tree() {
        use crate::core::slide::pdb::{PatternDb, Split, Symmetry};
        // Korf's goal (blank top-left), the usual one (blank last), an edge and an inner blank
        let goals = [
            "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
            "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15",
        ];
        // a fixed renaming of the tiles: 0 stays the blank
        let rename: Vec<u8> = [0u8, 7, 3, 12, 1, 15, 9, 4, 14, 2, 11, 6, 13, 5, 10, 8].to_vec();
        for (g, goal) in goals.iter().enumerate() {
            let goal = Board::parse(goal).unwrap();
            let db = PatternDb::build(&goal, Split::FiveFiveFive, None, &mut |_| {}).unwrap();
            for seed in 0..3 {
                let start = scrambled_from(goal, 60, 10 * g as u64 + seed);
                let plain = idastar_pdb(&start, &db, Limits::default());
                let length = check_solution(&start, &goal, &plain);
                for turn in Symmetry::ALL {
                    let (start2, goal2) =
                        (turned(&start, turn, &rename), turned(&goal, turn, &rename));
                    let db2 =
                        PatternDb::build(&goal2, Split::FiveFiveFive, None, &mut |_| {}).unwrap();
                    let other = idastar_pdb(&start2, &db2, Limits::default());
                    assert_eq!(check_solution(&start2, &goal2, &other), length);
                    assert_eq!(
                        other.expanded, plain.expanded,
                        "goal {goal}, start {start}, turned by {turn:?}"
                    );
                    assert_eq!(db2.estimate(&start2), db.estimate(&start));
                }
            }
        }
    }

    /// The node counts the search gives: a change of what the search does, not only of its
    /// speed, shows here. Goals whose blank turns onto the diagonal (a corner or an inner
    /// cell: they have a mirror image) and one whose blank is on an edge (none), three splits.
    /// The edge goal's counts are those the search gave before its inner loop was made lean
    /// (and before the slides were worked out once and the tables put in huge pages); the
    /// others changed when the children came to be ordered by the larger estimate and then by
    /// both (by the board's own estimate they were [751, 8955, 10821, 4920], [10854, 3020,
    /// 23358, 44914], [12471, 5682, 965, 39300] and [19, 66, 56, 32]: 166,184 nodes in all
    /// against 150,346 now).
    #[test]
    fn the_search_expands_exactly_the_nodes_it_always_did() {
        use crate::core::slide::pdb::{PatternDb, Split};
        let cases: [(&str, Split, [usize; 4]); 5] = [
            (
                "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
                Split::SixSixThree,
                [737, 8946, 10152, 2322],
            ),
            (
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0",
                Split::SixSixThree,
                [12523, 3412, 18519, 43167],
            ),
            (
                "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15",
                Split::FiveFiveFive,
                [2626, 18799, 10898, 155_629],
            ),
            (
                "1 2 3 4 5 6 7 8 9 0 10 11 12 13 14 15",
                Split::SixSixThree,
                [12435, 5693, 965, 31314],
            ),
            ("1 2 3 8 0 4 7 6 5", Split::FourFour, [19, 54, 55, 33]),
        ];
        let mut seen = Vec::new();
        for (goal, split, expected) in cases {
            let goal = Board::parse(goal).unwrap();
            let db = PatternDb::build(&goal, split, None, &mut |_| {}).unwrap();
            let counts: Vec<usize> = (0..4)
                .map(|seed| {
                    let start = scrambled_from(goal, 400, 70 + seed);
                    let report = idastar_pdb(&start, &db, Limits::default());
                    check_solution(&start, &goal, &report);
                    report.expanded
                })
                .collect();
            seen.push(format!("{goal} {}: {counts:?}", split.name()));
            assert_eq!(counts, expected, "{}", seen.join("\n"));
        }
    }

    /// IDA* with the pattern databases written plainly — boards copied, every estimate
    /// worked out from scratch, the children sorted — expanding by the same definition as the
    /// lean search: in the databases' frame, the larger of the board's and its mirror's
    /// estimates, never the move just made undone, the children within the bound entered
    /// closest first by that estimate and then by the two estimates together (ties in move
    /// order). The nodes it expands.
    fn plain_pdb_nodes(start: &Board, db: &crate::core::slide::pdb::PatternDb) -> usize {
        use crate::core::slide::pdb::PatternDb;
        fn dive(
            db: &PatternDb,
            (board, g, came): (Board, u32, Option<Move>),
            bound: u32,
            expanded: &mut usize,
        ) -> Result<(), u32> {
            if board == db.standard_goal() {
                return Ok(());
            }
            *expanded += 1;
            let mut smallest = u32::MAX;
            let mut children: Vec<(u32, u32, Move, Board)> = Vec::new();
            for (m, next) in board.moves() {
                if came == Some(m.opposite()) {
                    continue;
                }
                let (h, hm) = db.frame_estimates(&next);
                let f = g + 1 + h.max(hm);
                if f > bound {
                    smallest = smallest.min(f);
                } else {
                    children.push((h, hm, m, next));
                }
            }
            children.sort_by_key(|&(h, hm, ..)| (h.max(hm), h + hm));
            for (_, _, m, next) in children {
                match dive(db, (next, g + 1, Some(m)), bound, expanded) {
                    Ok(()) => return Ok(()),
                    Err(t) => smallest = smallest.min(t),
                }
            }
            Err(smallest)
        }
        let board = db.frame(start).board;
        let (h, hm) = db.frame_estimates(&board);
        let mut bound = h.max(hm);
        let mut expanded = 0;
        loop {
            match dive(db, (board, 0, None), bound, &mut expanded) {
                Ok(()) => return expanded,
                Err(next) => bound = next,
            }
        }
    }

    /// The lean search (ranks and entries updated move by move, two bits decoded from the
    /// parent's value, all children's entries read at once) expands exactly the nodes the
    /// plain one does, for goals with a mirror image (blank on a corner or inner cell of the
    /// diagonal) and without (edge), on the 8-puzzle and the 15-puzzle.
    #[test]
    fn the_lean_search_expands_the_nodes_of_the_plain_one() {
        use crate::core::slide::pdb::{PatternDb, Split};
        for (goal, split, scramble) in [
            (
                "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
                Split::SixSixThree,
                200,
            ),
            (
                "1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15",
                Split::SixSixThree,
                200,
            ),
            (
                "1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15",
                Split::FiveFiveFive,
                200,
            ),
            ("1 2 3 8 0 4 7 6 5", Split::FourFour, 400),
            ("1 2 3 4 5 6 7 8 0", Split::FourFour, 400),
        ] {
            let goal = Board::parse(goal).unwrap();
            let db = PatternDb::build(&goal, split, None, &mut |_| {}).unwrap();
            for seed in 0..3 {
                let start = scrambled_from(goal, scramble, 90 + seed);
                let lean = idastar_pdb(&start, &db, Limits::default());
                check_solution(&start, &goal, &lean);
                assert_eq!(
                    lean.expanded,
                    plain_pdb_nodes(&start, &db),
                    "{goal} {}, seed {seed}",
                    split.name()
                );
            }
        }
    }

    fn goal_manhattan(b: &Board) -> u32 {
        Goal::new(Board::goal(4)).estimate(Heuristic::Manhattan, b)
    }

    #[test]
    fn unsolvable_is_said_at_once_for_every_solver() {
        let goal = Board::goal(3);
        let start = Board::parse("2 1 3 4 5 6 7 8 0").unwrap();
        let limits = Limits::default();
        for report in [
            bfs(&start, &goal, limits),
            depth_limited(&start, &goal, 10, limits),
            astar(&start, &goal, Heuristic::Manhattan, limits),
            idastar(&start, &goal, Heuristic::LinearConflict, limits),
        ] {
            assert_eq!(report.outcome, Outcome::Unsolvable);
            assert_eq!(report.expanded, 0);
        }
    }

    #[test]
    fn limits_are_reported_apart_from_unsolvable() {
        let goal = Board::goal(3);
        let start = scrambled(3, 80, 3);
        let length = bfs(&start, &goal, Limits::default())
            .outcome
            .moves()
            .unwrap()
            .len() as u32;
        let shallow = depth_limited(&start, &goal, length - 1, Limits::default());
        assert_eq!(shallow.outcome, Outcome::NotWithinDepth(length - 1));
        let deep = depth_limited(&start, &goal, length + 4, Limits::default());
        let found = check_solution(&start, &goal, &deep) as u32;
        assert!(found <= length + 4 && found >= length);
        let capped = Limits {
            max_nodes: 10,
            cancel: None,
            progress: None,
        };
        assert_eq!(bfs(&start, &goal, capped).outcome, Outcome::NodeLimit(10));
        assert_eq!(
            astar(&start, &goal, Heuristic::Misplaced, capped).outcome,
            Outcome::NodeLimit(10)
        );
        let flag = AtomicBool::new(true);
        let cancelled = Limits {
            max_nodes: usize::MAX,
            cancel: Some(&flag),
            progress: None,
        };
        assert_eq!(bfs(&start, &goal, cancelled).outcome, Outcome::Cancelled);
    }

    #[test]
    fn heuristics_are_admissible_and_ordered() {
        let goal = Goal::new(Board::goal(3));
        for seed in 0..60 {
            let start = scrambled(3, 50, seed);
            let truth = bfs(&start, &goal.board, Limits::default())
                .outcome
                .moves()
                .unwrap()
                .len() as u32;
            let m = goal.estimate(Heuristic::Misplaced, &start);
            let d = goal.estimate(Heuristic::Manhattan, &start);
            let l = goal.estimate(Heuristic::LinearConflict, &start);
            assert!(m <= d && d <= l && l <= truth, "{m} {d} {l} {truth}");
        }
        // a classic conflict: 2 1 in the top row costs two extra moves
        let b = Board::parse("2 1 3 4 5 6 7 8 0").unwrap();
        assert_eq!(goal.linear_conflict(&b), 2);
        assert_eq!(goal.estimate(Heuristic::Manhattan, &goal.board), 0);
    }

    #[test]
    fn incremental_estimates_equal_full_ones() {
        let goal = Goal::new(Board::goal(4));
        let mut board = scrambled(4, 30, 9);
        for step in 0..200usize {
            let m = Move::ALL[(step * 5 + step / 7) % 4];
            let Some(next) = board.apply(m) else {
                continue;
            };
            for h in [
                Heuristic::Misplaced,
                Heuristic::Manhattan,
                Heuristic::LinearConflict,
            ] {
                let before = goal.estimate(h, &board);
                assert_eq!(
                    goal.estimate_after(h, &board, &next, before),
                    goal.estimate(h, &next)
                );
            }
            board = next;
        }
    }

    #[test]
    fn removals_to_sort_counts_the_fewest() {
        assert_eq!(removals_to_sort(&mut [0, 1, 2]), 0);
        assert_eq!(removals_to_sort(&mut [1, 0]), 1);
        assert_eq!(removals_to_sort(&mut [2, 1, 0]), 2);
        assert_eq!(removals_to_sort(&mut [3, 0, 1, 2]), 1);
    }
}
