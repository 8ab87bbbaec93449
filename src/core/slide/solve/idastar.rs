//! Iterative-deepening A*: depth-first searches bounded by f = g + h, the bound raised to the
//! smallest f that exceeded it. Memory is just the current path, which is what the 15-puzzle
//! needs; the heuristic does the rest.

// The search's inner steps are forced inline: measured on Korf's 100 (callgrind and
// interleaved runs), the calls cost more than the work in them.
#![allow(clippy::inline_always)]

use super::{Goal, Heuristic, Limits, NONE, Outcome, Progress, Report, blank_targets, timed};
use crate::core::slide::pdb::{PatternDb, Reader, Way, step_excess};
use crate::core::slide::{Board, Move};
use crate::core::step::{Entry, Node, Step as LearnStep};
use crate::core::trace::Recorder;
use crate::phrase;

/// An optimal solution by IDA* with `heuristic` (admissible ones only: Manhattan or
/// `LinearConflict`; Misplaced works too, slowly).
pub fn idastar(start: &Board, goal: &Board, heuristic: Heuristic, limits: Limits<'_>) -> Report {
    idastar_explained(start, goal, heuristic, limits, &mut ())
}

/// [`idastar`], describing its steps to `learner` when it asks.
pub fn idastar_explained<L: Recorder>(
    start: &Board,
    goal: &Board,
    heuristic: Heuristic,
    limits: Limits<'_>,
    learner: &mut L,
) -> Report {
    timed(start, goal, || {
        let target = Goal::new(*goal);
        let mut search = Search {
            start: *start,
            target,
            heuristic,
            goal_key: goal.key(),
            walk: Walk::new(limits),
            learner,
            bound: 0,
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
    /// Hears the bound of each iteration before it starts (`first`: the start's estimate).
    fn bound_set(&mut self, _bound: u32, _first: bool) {}
    /// Hears that the goal was found.
    fn found(&mut self) {}
}

/// Raises the bound to the smallest f that exceeded it until the goal is found or the limits
/// stop the search; returns the outcome, the nodes expanded and the deepest path.
fn deepen<'a>(
    search: &mut impl Deepening<'a>,
    mut bound: u32,
    limits: &Limits<'_>,
) -> (Outcome, usize, usize) {
    let mut first = true;
    loop {
        Progress::set_level(limits, bound as usize);
        search.bound_set(bound, first);
        first = false;
        let dive = search.dive_from_start(bound);
        if matches!(dive, Dive::Found) {
            search.found();
        }
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

struct Search<'a, 'l, L> {
    start: Board,
    target: Goal,
    heuristic: Heuristic,
    goal_key: u64,
    walk: Walk<'a>,
    /// Hears the steps (Learn), when it asks.
    learner: &'l mut L,
    /// The iteration's bound (kept for Learn's steps).
    bound: u32,
}

impl<'a, L: Recorder> Deepening<'a> for Search<'a, '_, L> {
    fn dive_from_start(&mut self, bound: u32) -> Dive {
        self.dive(self.start, 0, bound, None)
    }

    fn walk(&mut self) -> &mut Walk<'a> {
        &mut self.walk
    }

    fn bound_set(&mut self, bound: u32, first: bool) {
        self.bound = bound;
        if self.learner.wants_steps() {
            let (line, say) = if first {
                (
                    1,
                    phrase!("the bound starts at h(start) = {bound}", bound = bound),
                )
            } else {
                (
                    5,
                    phrase!(
                        "nothing within the bound: it rises to {bound}, the smallest f that went over",
                        bound = bound
                    ),
                )
            };
            self.explain(line, Some(self.start), (self.walk.path.len(), None), say);
        }
    }

    fn found(&mut self) {
        if self.learner.wants_steps() {
            let say = phrase!(
                "FOUND: the path of {n} moves is the answer",
                n = self.walk.path.len()
            );
            let depth = self.walk.path.len();
            let end = self.board_at(depth);
            self.explain(4, Some(end), (depth, Some(depth as u32)), say);
        }
    }
}

impl<L: Recorder> Search<'_, '_, L> {
    fn dive(&mut self, board: Board, g: u32, bound: u32, came_by: Option<Move>) -> Dive {
        let h = self.target.estimate(self.heuristic, &board);
        let f = g + h;
        let depth = self.walk.path.len();
        if f > bound {
            if self.learner.wants_steps() {
                let say = phrase!(
                    "f = g + h = {g} + {h} = {f} > bound {bound}: cut off, return {f}",
                    g = g,
                    h = h,
                    f = f,
                    bound = bound
                );
                self.explain(7, Some(board), (depth, Some(g)), say);
            }
            return Dive::Exceeded(f);
        }
        if board.key() == self.goal_key {
            if self.learner.wants_steps() {
                let say = phrase!("it is the goal: return FOUND");
                self.explain(8, Some(board), (depth, Some(g)), say);
            }
            return Dive::Found;
        }
        if !self.walk.expand() {
            return Dive::Stopped;
        }
        if self.learner.wants_steps() {
            let say = phrase!(
                "expand: f = g + h = {g} + {h} = {f} ≤ bound {bound}",
                g = g,
                h = h,
                f = f,
                bound = bound
            );
            self.explain(9, Some(board), (depth, Some(g)), say);
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
        if self.learner.wants_steps() {
            let say = phrase!(
                "every child went over the bound: return the smallest f, {t}",
                t = smallest
            );
            self.explain(10, Some(board), (depth.saturating_sub(1), Some(g)), say);
        }
        Dive::Exceeded(smallest)
    }

    /// The board after the path's first `depth` moves.
    fn board_at(&self, depth: usize) -> Board {
        self.start
            .play(&self.walk.path[..depth])
            .expect("the path's moves stay on the board")
    }

    /// Hands the learner a step whose path (IDA*'s frontier) is the start and the boards after
    /// the first `depth` moves; `g`: the handled node's cost (its h is worked out here).
    fn explain(
        &mut self,
        line: u8,
        node: Option<Board>,
        (depth, g): (usize, Option<u32>),
        say: crate::core::text::Phrase,
    ) {
        let mut board = self.start;
        let mut entries = Vec::with_capacity(depth + 1);
        for g in 0..=depth {
            if g > 0 {
                board = board
                    .apply(self.walk.path[g - 1])
                    .expect("the path's moves stay on the board");
            }
            entries.push(Entry {
                node: Node::Board(board),
                g: g as u32,
                h: Some(self.target.estimate(self.heuristic, &board)),
            });
        }
        let total = entries.len();
        let skip = total.saturating_sub(self.learner.open_limit());
        entries.drain(..skip);
        let mut step = LearnStep::new(line, node.map(Node::Board), say)
            .open(entries, total)
            .closed(self.walk.expanded)
            .bound(self.bound);
        if let (Some(g), Some(board)) = (g, node) {
            step = step.cost(g, Some(self.target.estimate(self.heuristic, &board)));
        }
        self.learner.step(step);
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
        let standard = db.standard_goal();
        if board == standard {
            return (Outcome::Solved(Vec::new()), 0, 0);
        }
        let (at, mirrored_at) = db.positions(&board);
        let (own, h) = View::of(db, &at, board.len());
        let (mirror, hm) = mirrored_at.map_or((own, 0), |m| View::of(db, &m, board.len()));
        let mut transpose = [0u8; 16];
        for (cell, t) in transpose.iter_mut().enumerate().take(board.len()) {
            *t = ((cell % side) * side + cell / side) as u8;
        }
        let mut goal_cells = [0u8; 16];
        goal_cells[..board.len()].copy_from_slice(standard.cells());
        let mut search = PdbSearch {
            db,
            tables: std::array::from_fn(|g| db.reader(g.min(db.groups() - 1))),
            exits: exits(side, &transpose),
            root: (h, hm),
            mirrored: mirrored_at.is_some(),
            rename: db.mirror().copied().unwrap_or([0; 16]),
            blank: board.blank(),
            own,
            mirror,
            goal_cells,
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

/// The most tile groups a split has.
const GROUPS: usize = 4;

/// Each group's table as the search reads it, held in the search itself.
type Tables<'a> = [Reader<'a>; GROUPS];

/// The board as one frame of the search sees it (the board itself, or its mirror image): the
/// tile on each cell, and each group's placement rank, cells and table entry (half its excess
/// over the group's Manhattan distance). A move updates them without ranking a group again.
#[derive(Clone, Copy)]
struct View {
    cells: [u8; 16],
    rank: [u32; GROUPS],
    used: [u32; GROUPS],
    excess: [u8; GROUPS],
}

/// A move as one frame sees it: the moving tile's group, that group's rank and cells after
/// the move, and the index of the new state in the group's table.
#[derive(Clone, Copy, Default)]
struct Step {
    group: u8,
    rank: u32,
    used: u32,
    state: usize,
}

/// What a move replaced in a view, to put back.
#[derive(Clone, Copy)]
struct Undo {
    rank: u32,
    used: u32,
    excess: u8,
}

impl View {
    /// The view of the board whose renamed tiles are on `at` (the blank's cell at 0), and its
    /// estimate.
    fn of(db: &PatternDb, at: &[u8; 16], len: usize) -> (View, u32) {
        assert!(db.groups() <= GROUPS, "at most {GROUPS} groups");
        let mut view = View {
            cells: [0; 16],
            rank: [0; GROUPS],
            used: [0; GROUPS],
            excess: [0; GROUPS],
        };
        for (t, &cell) in at.iter().enumerate().take(len) {
            view.cells[cell as usize] = t as u8;
        }
        let mut h: u32 = (1..len as u8)
            .map(|t| u32::from(db.distance(t, at[t as usize] as usize)))
            .sum();
        for g in 0..db.groups() {
            let (rank, used) = db.group_rank(g, at);
            view.rank[g] = rank as u32;
            view.used[g] = used;
            view.excess[g] = db.group_excess(g, at);
            h += 2 * u32::from(view.excess[g]);
        }
        (view, h)
    }

    /// The state `slide` leads to.
    #[inline(always)]
    fn step(&self, db: &PatternDb, tables: &Tables<'_>, slide: Slide) -> Step {
        let Slide { tile, way } = slide;
        // (masked: a group is below GROUPS, and the bounds checks go)
        let group = db.group_of(tile) & (GROUPS - 1);
        let change = db.rank_change(&self.cells, tile, &way);
        let rank = (i64::from(self.rank[group]) + change) as u32;
        let used = self.used[group] ^ way.both;
        Step {
            group: group as u8,
            rank,
            used,
            state: tables[group].state(rank as usize, used, way.from),
        }
    }

    /// The estimate after `slide` from this board's `h`, and the group's new entry, given the
    /// two bits read for its `step`.
    #[inline(always)]
    fn child(&self, db: &PatternDb, slide: Slide, step: &Step, bits: u8, h: u32) -> (u32, u8) {
        let Slide { tile, way } = slide;
        let old = self.excess[step.group as usize & (GROUPS - 1)];
        let new = step_excess(old, bits);
        let h = (h as i32
            + db.nearer(tile, way.from, way.to)
            + 2 * (i32::from(new) - i32::from(old))) as u32;
        (h, new)
    }

    /// Makes the move; what it replaced comes back for [`View::undo`].
    #[inline(always)]
    fn play(&mut self, slide: Slide, step: &Step, excess: u8) -> Undo {
        let group = step.group as usize & (GROUPS - 1);
        let undo = Undo {
            rank: self.rank[group],
            used: self.used[group],
            excess: self.excess[group],
        };
        self.cells[(slide.way.to & 15) as usize] = slide.tile;
        self.cells[(slide.way.from & 15) as usize] = 0;
        self.rank[group] = step.rank;
        self.used[group] = step.used;
        self.excess[group] = excess;
        undo
    }

    /// Takes the move back.
    #[inline(always)]
    fn undo(&mut self, slide: Slide, step: &Step, undo: Undo) {
        let group = step.group as usize & (GROUPS - 1);
        self.cells[(slide.way.from & 15) as usize] = slide.tile;
        self.cells[(slide.way.to & 15) as usize] = 0;
        self.rank[group] = undo.rank;
        self.used[group] = undo.used;
        self.excess[group] = undo.excess;
    }
}

/// A move as one frame sees it: `tile` slides along `way` into the blank.
#[derive(Clone, Copy, Default)]
struct Slide {
    tile: u8,
    way: Way,
}

/// A move the blank can make: the move, and the way the tile that fills the blank's cell
/// slides, on the board and in its mirror image.
#[derive(Clone, Copy)]
struct Exit {
    m: Move,
    own: Way,
    mirror: Way,
}

impl Default for Exit {
    fn default() -> Exit {
        Exit {
            m: Move::Up,
            own: Way::default(),
            mirror: Way::default(),
        }
    }
}

/// The moves the blank can make from a cell after a given move: those that stay on the board
/// and do not undo it, in [`Move::ALL`] order.
#[derive(Clone, Copy, Default)]
struct Exits {
    moves: [Exit; 4],
    count: u8,
}

/// [`Exits`] of each cell of a board of `side`, after each move (by its index in
/// [`Move::ALL`]) and at the start (index 4); the mirror image's cells by `transpose`.
fn exits(side: usize, transpose: &[u8; 16]) -> [[Exits; 5]; 16] {
    let targets = blank_targets(side);
    std::array::from_fn(|cell| {
        std::array::from_fn(|came| {
            let mut exits = Exits::default();
            for (m, from) in Move::ALL.into_iter().zip(targets[cell]) {
                if from == NONE || (came < 4 && Move::ALL[came] == m.opposite()) {
                    continue; // never leave the board; never undo the last move
                }
                let to = cell as u8;
                let mirrored = |c: u8| transpose[(c & 15) as usize];
                exits.moves[exits.count as usize] = Exit {
                    m,
                    own: Way::new(from, to),
                    mirror: Way::new(mirrored(from), mirrored(to)),
                };
                exits.count += 1;
            }
            exits
        })
    })
}

/// A child of the node being expanded: the move, the slide in the board's own frame and in
/// its mirror image, and the states it leads to in both.
#[derive(Clone, Copy)]
struct Kid {
    m: Move,
    slide: Slide,
    mirror_slide: Slide,
    own: Step,
    mirror: Step,
}

/// IDA* over the board and its mirror image, each group's rank and entry updated for the
/// group of the tile that moved.
struct PdbSearch<'a> {
    db: &'a PatternDb,
    tables: Tables<'a>,
    /// The moves from each cell after each move.
    exits: [[Exits; 5]; 16],
    /// The start's estimates, for the board and its mirror.
    root: (u32, u32),
    mirrored: bool,
    /// The tile that plays each tile's part in the mirror image.
    rename: [u8; 16],
    blank: usize,
    own: View,
    mirror: View,
    goal_cells: [u8; 16],
    walk: Walk<'a>,
}

impl<'a> Deepening<'a> for PdbSearch<'a> {
    fn dive_from_start(&mut self, bound: u32) -> Dive {
        self.dive(0, self.root.0, self.root.1, bound, 4)
    }

    fn walk(&mut self) -> &mut Walk<'a> {
        &mut self.walk
    }
}

impl PdbSearch<'_> {
    /// `h` and `hm` are the estimates of the board and of its mirror.
    fn dive(&mut self, g: u32, h: u32, hm: u32, bound: u32, came: usize) -> Dive {
        if h == 0 && self.own.cells == self.goal_cells {
            return Dive::Found;
        }
        if !self.walk.expand() {
            return Dive::Stopped;
        }
        let db = self.db;
        let blank = self.blank;
        // every child's states in both frames first, then every entry read at once: the
        // reads go to memory far apart in hundreds of megabytes, and their waits overlap when
        // nothing between them depends on one
        let mut kids = [Kid {
            m: Move::Up,
            slide: Slide::default(),
            mirror_slide: Slide::default(),
            own: Step::default(),
            mirror: Step::default(),
        }; 4];
        let mut count = 0;
        let exits = &self.exits[blank & 15][came.min(4)];
        for exit in &exits.moves[..exits.count as usize] {
            let tile = self.own.cells[(exit.own.from & 15) as usize];
            let slide = Slide {
                tile,
                way: exit.own,
            };
            let kid = &mut kids[count];
            kid.m = exit.m;
            kid.slide = slide;
            kid.own = self.own.step(db, &self.tables, slide);
            if self.mirrored {
                kid.mirror_slide = Slide {
                    tile: self.rename[(tile & 15) as usize],
                    way: exit.mirror,
                };
                kid.mirror = self.mirror.step(db, &self.tables, kid.mirror_slide);
            }
            count += 1;
        }
        let (mut bits, mut mirror_bits) = ([0u8; 4], [0u8; 4]);
        for (read, kid) in bits.iter_mut().zip(&kids[..count]) {
            *read = self.tables[kid.own.group as usize & (GROUPS - 1)].bits(kid.own.state);
        }
        if self.mirrored {
            for (read, kid) in mirror_bits.iter_mut().zip(&kids[..count]) {
                *read =
                    self.tables[kid.mirror.group as usize & (GROUPS - 1)].bits(kid.mirror.state);
            }
        }
        // the children within the bound, closest first: by the estimate (the larger of the
        // board's and its mirror's), then by the two together (in the last iteration the goal
        // comes sooner: 14% fewer nodes on Korf's 100 than by the board's own estimate alone)
        let mut order = [(0u32, 0u32, 0u8, 0u8, 0usize); 4];
        let closer = |(h, hm, ..): (u32, u32, u8, u8, usize)| (h.max(hm), h + hm);
        let mut within = 0;
        let mut smallest = u32::MAX;
        for (i, kid) in kids[..count].iter().enumerate() {
            let (child_h, new) = self.own.child(db, kid.slide, &kid.own, bits[i], h);
            let (child_hm, mirror_new) = if self.mirrored {
                self.mirror
                    .child(db, kid.mirror_slide, &kid.mirror, mirror_bits[i], hm)
            } else {
                (0, 0)
            };
            let f = g + 1 + child_h.max(child_hm);
            if f > bound {
                smallest = smallest.min(f);
                continue;
            }
            let child = (child_h, child_hm, new, mirror_new, i);
            let mut at = within;
            while at > 0 && closer(order[at - 1]) > closer(child) {
                order[at & 3] = order[at - 1];
                at -= 1;
            }
            order[at & 3] = child;
            within += 1;
        }
        for &(child_h, child_hm, new, mirror_new, i) in &order[..within] {
            let kid = &kids[i];
            let own_undo = self.own.play(kid.slide, &kid.own, new);
            let mirror_undo = self
                .mirrored
                .then(|| self.mirror.play(kid.mirror_slide, &kid.mirror, mirror_new));
            self.blank = kid.slide.way.from as usize;
            self.walk.path.push(kid.m);
            let result = self.dive(g + 1, child_h, child_hm, bound, kid.m as usize);
            match result {
                Dive::Found | Dive::Stopped => return result,
                Dive::Exceeded(next) => smallest = smallest.min(next),
            }
            self.walk.path.pop();
            self.blank = blank;
            self.own.undo(kid.slide, &kid.own, own_undo);
            if let Some(undo) = mirror_undo {
                self.mirror.undo(kid.mirror_slide, &kid.mirror, undo);
            }
        }
        Dive::Exceeded(smallest)
    }
}
