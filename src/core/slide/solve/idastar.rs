//! Iterative-deepening A*: depth-first searches bounded by f = g + h, the bound raised to the
//! smallest f that exceeded it. Memory is just the current path, which is what the 15-puzzle
//! needs; the heuristic does the rest.

use super::{Goal, Heuristic, Limits, NONE, Outcome, Progress, Report, blank_targets, timed};
use crate::core::slide::pdb::{PatternDb, step_excess};
use crate::core::slide::{Board, Move};

/// An optimal solution by IDA* with `heuristic` (admissible ones only: Manhattan or
/// `LinearConflict`; Misplaced works too, slowly).
pub fn idastar(start: &Board, goal: &Board, heuristic: Heuristic, limits: Limits<'_>) -> Report {
    timed(start, goal, || {
        let target = Goal::new(*goal);
        let mut search = Search {
            start: *start,
            target,
            heuristic,
            goal_key: goal.key(),
            walk: Walk::new(limits),
        };
        let bound = target.estimate(heuristic, start);
        deepen(&mut search, bound, &limits)
    })
}

/// What both IDA* variants keep while diving: the limits, the path, the count, why it stopped.
struct Walk<'a> {
    limits: Limits<'a>,
    path: Vec<Move>,
    expanded: usize,
    stopped: Option<Outcome>,
}

impl<'a> Walk<'a> {
    fn new(limits: Limits<'a>) -> Self {
        Self {
            limits,
            path: Vec::new(),
            expanded: 0,
            stopped: None,
        }
    }

    /// Counts an expansion; false when the limits say stop (the reason is kept).
    #[inline]
    fn expand(&mut self) -> bool {
        self.expanded += 1;
        match self.limits.check(self.expanded) {
            Some(stop) => {
                self.stopped = Some(stop);
                false
            }
            None => true,
        }
    }
}

/// A depth-first search bounded by f, as both IDA* variants run it.
trait Deepening<'a> {
    /// One bounded search from the start.
    fn dive_from_start(&mut self, bound: u32) -> Dive;
    fn walk(&mut self) -> &mut Walk<'a>;
}

/// Raises the bound to the smallest f that exceeded it until the goal is found or the limits
/// stop the search; returns the outcome, the nodes expanded and the deepest path.
fn deepen<'a>(
    search: &mut impl Deepening<'a>,
    mut bound: u32,
    limits: &Limits<'_>,
) -> (Outcome, usize, usize) {
    loop {
        Progress::set_level(limits, bound as usize);
        let dive = search.dive_from_start(bound);
        let walk = search.walk();
        match dive {
            Dive::Found => {
                let path = std::mem::take(&mut walk.path);
                let depth = path.len();
                return (Outcome::Solved(path), walk.expanded, depth);
            }
            Dive::Stopped => {
                let outcome = walk.stopped.take().expect("a stop has a reason");
                return (outcome, walk.expanded, walk.path.len());
            }
            Dive::Exceeded(next) => bound = next,
        }
    }
}

enum Dive {
    Found,
    Stopped,
    /// The smallest f above the bound met on the way.
    Exceeded(u32),
}

struct Search<'a> {
    start: Board,
    target: Goal,
    heuristic: Heuristic,
    goal_key: u64,
    walk: Walk<'a>,
}

impl<'a> Deepening<'a> for Search<'a> {
    fn dive_from_start(&mut self, bound: u32) -> Dive {
        self.dive(self.start, 0, bound, None)
    }

    fn walk(&mut self) -> &mut Walk<'a> {
        &mut self.walk
    }
}

impl Search<'_> {
    fn dive(&mut self, board: Board, g: u32, bound: u32, came_by: Option<Move>) -> Dive {
        let f = g + self.target.estimate(self.heuristic, &board);
        if f > bound {
            return Dive::Exceeded(f);
        }
        if board.key() == self.goal_key {
            return Dive::Found;
        }
        if !self.walk.expand() {
            return Dive::Stopped;
        }
        let mut smallest = u32::MAX;
        for (m, next) in board.moves() {
            if came_by == Some(m.opposite()) {
                continue; // never undo the last move
            }
            self.walk.path.push(m);
            match self.dive(next, g + 1, bound, Some(m)) {
                Dive::Found => return Dive::Found,
                Dive::Stopped => return Dive::Stopped,
                Dive::Exceeded(t) => smallest = smallest.min(t),
            }
            self.walk.path.pop();
        }
        Dive::Exceeded(smallest)
    }
}

/// An optimal solution by IDA* with the additive pattern databases `db` (for `db`'s goal).
///
/// The search runs in the databases' frame (the goal turned so that its blank sits on a
/// corner, edge or inner cell, the tiles renamed by their goal cells), so a puzzle and any
/// rotation or mirror image of it expand the same nodes. When the turned goal's blank lies on
/// the main diagonal, the goal is its own mirror image across that diagonal, so every state's
/// distance equals its mirror's: the search takes the larger of the two database estimates
/// (Korf and Felner's reflection).
pub fn idastar_pdb(start: &Board, db: &PatternDb, limits: Limits<'_>) -> Report {
    let goal = *db.goal();
    timed(start, &goal, || {
        let frame = db.frame(start);
        let board = frame.board;
        let side = board.side();
        let n = board.len();
        let mirror = db.mirror().copied();
        let (at, mirrored_at) = db.positions(&board);
        let mirror_at = mirrored_at.unwrap_or([0; 16]);
        let mut group_h = [0u8; 16];
        let mut mirror_h = [0u8; 16];
        for g in 0..db.groups() {
            group_h[g] = db.group_excess(g, &at);
            if mirror.is_some() {
                mirror_h[g] = db.group_excess(g, &mirror_at);
            }
        }
        let manhattan = |at: &[u8; 16]| -> u32 {
            (1..n as u8)
                .map(|t| u32::from(db.distance(t, at[t as usize] as usize)))
                .sum()
        };
        let sum = |hs: &[u8; 16]| hs.iter().map(|&h| 2 * u32::from(h)).sum::<u32>();
        let h = manhattan(&at) + sum(&group_h);
        let hm = if mirror.is_some() {
            manhattan(&mirror_at) + sum(&mirror_h)
        } else {
            0
        };
        let goal_key = db.standard_goal().key();
        if board.key() == goal_key {
            return (Outcome::Solved(Vec::new()), 0, 0);
        }
        let mut search = PdbSearch {
            db,
            targets: blank_targets(side),
            root: (h, hm),
            mirrored: mirror.is_some(),
            cells: board,
            at,
            mirror_at,
            group_h,
            mirror_h,
            rename: mirror.unwrap_or([0; 16]),
            goal_key,
            walk: Walk::new(limits),
        };
        let (outcome, expanded, depth) = deepen(&mut search, h.max(hm), &limits);
        let outcome = match outcome {
            Outcome::Solved(moves) => Outcome::Solved(db.moves_back(&frame, &moves)),
            other => other,
        };
        (outcome, expanded, depth)
    })
}

/// IDA* over one board changed in place, with each group's estimate updated only for the
/// group of the tile that moved (and of its mirror image).
struct PdbSearch<'a> {
    db: &'a PatternDb,
    /// The cell the blank reaches by each move, from each cell.
    targets: [[u8; 4]; 16],
    /// The start's estimates, for the board and its mirror.
    root: (u32, u32),
    mirrored: bool,
    cells: Board,
    /// Each tile's cell, in the board and in its mirror image.
    at: [u8; 16],
    mirror_at: [u8; 16],
    /// Each group's current packed entry (half its excess over Manhattan distance), for the
    /// board and for its mirror image.
    group_h: [u8; 16],
    mirror_h: [u8; 16],
    rename: [u8; 16],
    goal_key: u64,
    walk: Walk<'a>,
}

impl<'a> Deepening<'a> for PdbSearch<'a> {
    fn dive_from_start(&mut self, bound: u32) -> Dive {
        self.dive(0, self.root.0, self.root.1, bound, None)
    }

    fn walk(&mut self) -> &mut Walk<'a> {
        &mut self.walk
    }
}

impl PdbSearch<'_> {
    /// `h` and `hm` are the sums of the groups' entries for the board and its mirror.
    fn dive(&mut self, g: u32, h: u32, hm: u32, bound: u32, came_by: Option<Move>) -> Dive {
        if h == 0 && self.cells.key() == self.goal_key {
            return Dive::Found;
        }
        if !self.walk.expand() {
            return Dive::Stopped;
        }
        let mut smallest = u32::MAX;
        let side = self.cells.side();
        let blank = self.cells.blank();
        let (row, col) = (blank / side, blank % side);
        // the children within the bound on the board's own estimate (the mirror's is read only
        // for them), visited closest first: in the last iteration the goal comes sooner
        let mut kids = [(0u32, 0u8, Move::Up, 0usize); 4];
        let mut count = 0;
        for (m, to) in Move::ALL.into_iter().zip(self.targets[blank]) {
            if came_by == Some(m.opposite()) || to == NONE {
                continue; // never undo the last move; never leave the board
            }
            let to = to as usize;
            let tile = self.cells.cells()[to];
            // the tile slides from `to` into the blank's cell
            let group = self.db.group_of(tile);
            let old = self.group_h[group];
            self.at[tile as usize] = blank as u8;
            self.at[0] = to as u8;
            let new = step_excess(old, self.db.group_bits(group, &self.at));
            self.at[tile as usize] = to as u8;
            self.at[0] = blank as u8;
            let child_h = h + u32::from(self.db.distance(tile, blank))
                - u32::from(self.db.distance(tile, to))
                + 2 * u32::from(new)
                - 2 * u32::from(old);
            if g + 1 + child_h > bound {
                // pruned on the board's own estimate: the mirror's is not needed (and the
                // next bound found this way is still at most the true next f)
                smallest = smallest.min(g + 1 + child_h);
                continue;
            }
            let mut at = count;
            while at > 0 && kids[at - 1].0 > child_h {
                kids[at] = kids[at - 1];
                at -= 1;
            }
            kids[at] = (child_h, new, m, to);
            count += 1;
        }
        for &(child_h, new, m, to) in &kids[..count] {
            let tile = self.cells.cells()[to];
            let group = self.db.group_of(tile);
            let old = self.group_h[group];
            self.at[tile as usize] = blank as u8;
            self.at[0] = to as u8;
            let (mut child_hm, mut mirror_group, mut mirror_old) = (0, 0, 0);
            let mirror_tile = self.rename[tile as usize];
            if self.mirrored {
                mirror_group = self.db.group_of(mirror_tile);
                mirror_old = self.mirror_h[mirror_group];
                let (from_m, to_m) = ((to % side) * side + to / side, col * side + row);
                self.mirror_at[mirror_tile as usize] = to_m as u8;
                self.mirror_at[0] = from_m as u8;
                let mirror_new = step_excess(
                    mirror_old,
                    self.db.group_bits(mirror_group, &self.mirror_at),
                );
                self.mirror_h[mirror_group] = mirror_new;
                child_hm = hm + u32::from(self.db.distance(mirror_tile, to_m))
                    - u32::from(self.db.distance(mirror_tile, from_m))
                    + 2 * u32::from(mirror_new)
                    - 2 * u32::from(mirror_old);
            }
            let f = g + 1 + child_h.max(child_hm);
            if f > bound {
                smallest = smallest.min(f);
            } else {
                self.group_h[group] = new;
                let before = self.cells;
                self.cells = before.apply(m).expect("the move stays on the board");
                self.walk.path.push(m);
                let result = self.dive(g + 1, child_h, child_hm, bound, Some(m));
                match result {
                    Dive::Found | Dive::Stopped => return result,
                    Dive::Exceeded(t) => smallest = smallest.min(t),
                }
                self.walk.path.pop();
                self.cells = before;
                self.group_h[group] = old;
            }
            self.at[tile as usize] = to as u8;
            self.at[0] = blank as u8;
            if self.mirrored {
                self.mirror_at[mirror_tile as usize] = ((to % side) * side + to / side) as u8;
                self.mirror_at[0] = (col * side + row) as u8;
                self.mirror_h[mirror_group] = mirror_old;
            }
        }
        Dive::Exceeded(smallest)
    }
}
