//! Learn: a search explained step by step, as a course report would — the pseudo-code with the
//! line being executed, one sentence with the numbers, and the algorithm's own data structure
//! (OPEN, the queue, the stack, the path) after the step.
//!
//! The steps come from the solvers themselves: each one reports them through its
//! [`Recorder`](crate::core::trace::Recorder) when the recorder asks ([`Lesson`] does; `()` and
//! a plain [`Trace`] never do, so a search without Learn builds nothing). What a student reads is
//! therefore the real search's state, not a second copy of the algorithm. [`Walkthrough`] steps
//! through a lesson forwards and back with the board following; [`choices`] says which nodes the
//! algorithm may take next, for "you are the algorithm".

mod pseudo;
pub mod tree;

use serde::Serialize;

use crate::core::grid::Pos;
use crate::core::maze::Maze;
use crate::core::slide::Board;
use crate::core::slide::solve::{Algorithm, Limits};
use crate::core::text::Phrase;
use crate::core::trace::{Event, Mark, Recorder, Replay, Trace};

pub use crate::core::step::{Entry, Node, Step};
pub use pseudo::pseudo_code;
pub use tree::SearchTree;

/// Every algorithm Learn explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algo {
    /// The Explore ball: depth first in the rule order down, right, left, up.
    DfsRule,
    /// Breadth-first search on a maze.
    MazeBfs,
    /// A* with Manhattan distance on a maze.
    MazeAstar,
    /// Breadth-first search on a sliding puzzle.
    SlideBfs,
    /// Depth-first search with a depth limit on a sliding puzzle.
    SlideDfs,
    /// A* on a sliding puzzle (misplaced tiles or Manhattan distance).
    SlideAstar,
    /// IDA* on a sliding puzzle.
    SlideIdastar,
    /// Carving a maze: the recursive backtracker.
    GenBacktracker,
    /// Carving a maze: randomized Prim on blocks.
    GenPrim,
    /// Carving a maze: randomized Kruskal.
    GenKruskal,
    /// Carving a maze: Wilson's loop-erased random walks.
    GenWilson,
}

/// What the frontier is called, and so how its entries read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Frontier {
    /// A*'s OPEN list, best first: entries carry g, h and f.
    Open,
    /// A first-in first-out queue, front first: entries carry g.
    Queue,
    /// A stack, bottom first: entries carry their depth.
    Stack,
    /// IDA*'s current path, start first: entries carry g, h and f.
    Path,
    /// Prim's list of walls, in list order (it takes one at random).
    WallList,
    /// Kruskal's shuffled walls still to try, the next first.
    Walls,
    /// Wilson's current walk, loops erased, its start first.
    Walk,
}

impl Algo {
    /// The kind of frontier the algorithm keeps.
    pub fn frontier(self) -> Frontier {
        match self {
            Algo::MazeAstar | Algo::SlideAstar => Frontier::Open,
            Algo::MazeBfs | Algo::SlideBfs => Frontier::Queue,
            Algo::DfsRule | Algo::SlideDfs | Algo::GenBacktracker => Frontier::Stack,
            Algo::SlideIdastar => Frontier::Path,
            Algo::GenPrim => Frontier::WallList,
            Algo::GenKruskal => Frontier::Walls,
            Algo::GenWilson => Frontier::Walk,
        }
    }

    /// The lesson of a puzzle solver: `None` for IDA* with pattern databases, whose tuned
    /// search does not describe its steps (IDA* shows the same walk).
    pub fn of_slide(algorithm: crate::core::slide::solve::Algorithm) -> Option<Algo> {
        use crate::core::slide::solve::Algorithm;
        match algorithm {
            Algorithm::Bfs => Some(Algo::SlideBfs),
            Algorithm::Dfs => Some(Algo::SlideDfs),
            Algorithm::AstarMisplaced | Algorithm::AstarManhattan => Some(Algo::SlideAstar),
            Algorithm::Idastar => Some(Algo::SlideIdastar),
            Algorithm::IdastarPdb => None,
        }
    }

    /// The carving lesson of a maze generator.
    pub fn of_generator(generator: crate::core::maze::generate::Generator) -> Algo {
        use crate::core::maze::generate::Generator;
        match generator {
            Generator::Prim => Algo::GenPrim,
            Generator::Backtracker => Algo::GenBacktracker,
            Generator::Kruskal => Algo::GenKruskal,
            Generator::Wilson => Algo::GenWilson,
        }
    }

    /// The generator a carving lesson explains.
    pub fn generator(self) -> Option<crate::core::maze::generate::Generator> {
        use crate::core::maze::generate::Generator;
        Some(match self {
            Algo::GenPrim => Generator::Prim,
            Algo::GenBacktracker => Generator::Backtracker,
            Algo::GenKruskal => Generator::Kruskal,
            Algo::GenWilson => Generator::Wilson,
            _ => return None,
        })
    }

    /// The lines of its pseudo-code (messages: `Lang::tr` them); step lines count from 1.
    pub fn pseudo_code(self) -> &'static [&'static str] {
        pseudo_code(self).0
    }

    /// Whether line `next` may be the step after one on line `line` (`None`: the first step).
    pub fn may_follow(self, line: Option<u8>, next: u8) -> bool {
        let (_, first, successors) = pseudo_code(self);
        match line {
            None => next == first,
            Some(line) => successors
                .get(usize::from(line).wrapping_sub(1))
                .is_some_and(|allowed| allowed.contains(&next)),
        }
    }

    /// The pseudo-code line of the step that takes the next node from the frontier, for the
    /// searches where a player can be asked to choose it ("you are the algorithm"): A* and
    /// breadth-first search.
    pub fn expansion_line(self) -> Option<u8> {
        match self {
            Algo::MazeAstar | Algo::SlideAstar => Some(4),
            Algo::MazeBfs | Algo::SlideBfs => Some(3),
            _ => None,
        }
    }

    /// True when a player can be asked what it does next ("you are the algorithm"): which
    /// node A* or breadth-first search expands, where depth-first search goes.
    pub fn quizzable(self) -> bool {
        self.expansion_line().is_some() || matches!(self, Algo::DfsRule | Algo::SlideDfs)
    }

    /// The command-line name (`solve … --algo`).
    pub fn name(self) -> &'static str {
        match self {
            Algo::DfsRule => "dfs-rule",
            Algo::MazeBfs | Algo::SlideBfs => "bfs",
            Algo::MazeAstar | Algo::SlideAstar => "astar",
            Algo::SlideDfs => "dfs",
            Algo::SlideIdastar => "idastar",
            Algo::GenBacktracker => "backtracker",
            Algo::GenPrim => "prim",
            Algo::GenKruskal => "kruskal",
            Algo::GenWilson => "wilson",
        }
    }
}

/// Keeps a search's trace and its teaching steps (up to a number of steps, after which the
/// search goes on without describing itself).
#[derive(Clone, Debug)]
pub struct Lesson {
    pub algo: Algo,
    pub trace: Trace,
    pub steps: Vec<Step>,
    open_limit: usize,
    max_steps: usize,
    /// True when the search went on past `max_steps` undescribed.
    pub cut_short: bool,
}

impl Lesson {
    /// A lesson of `algo` keeping at most `max_steps` steps with at most `open_limit` frontier
    /// entries each.
    pub fn new(algo: Algo, open_limit: usize, max_steps: usize) -> Lesson {
        Lesson {
            algo,
            trace: Trace::new(),
            steps: Vec::new(),
            open_limit,
            max_steps,
            cut_short: false,
        }
    }
}

impl Recorder for Lesson {
    fn record(&mut self, event: Event) {
        self.trace.events.push(event);
    }

    fn wants_steps(&self) -> bool {
        self.steps.len() < self.max_steps
    }

    fn open_limit(&self) -> usize {
        self.open_limit
    }

    fn step(&mut self, mut step: Step) {
        step.event = self.trace.len();
        self.steps.push(step);
        if self.steps.len() == self.max_steps {
            self.cut_short = true;
        }
    }
}

/// The nodes the algorithm may take next from `open` (a step's frontier): for A* every entry
/// of the lowest f (ties are the algorithm's free choice), for breadth-first search every entry
/// as shallow as the queue's front, for a stack its top, for IDA* the node on top of the path.
/// Empty when the frontier is.
pub fn choices(frontier: Frontier, open: &[Entry]) -> Vec<Node> {
    match frontier {
        Frontier::Open => {
            let Some(best) = open.iter().map(Entry::f).min() else {
                return Vec::new();
            };
            open.iter()
                .filter(|e| e.f() == best)
                .map(|e| e.node)
                .collect()
        }
        Frontier::Queue => {
            let Some(front) = open.first() else {
                return Vec::new();
            };
            open.iter()
                .filter(|e| e.g == front.g)
                .map(|e| e.node)
                .collect()
        }
        Frontier::Stack | Frontier::Path => open.last().map(|e| e.node).into_iter().collect(),
        // the generators choose at random or in a shuffled order: nothing to guess
        Frontier::WallList | Frontier::Walls | Frontier::Walk => Vec::new(),
    }
}

/// Why a choice of the player's is not one the algorithm makes, in one sentence (`None` when
/// it is one).
pub fn judge(frontier: Frontier, open: &[Entry], chosen: Node) -> Option<Phrase> {
    use crate::phrase;
    let allowed = choices(frontier, open);
    if allowed.contains(&chosen) {
        return None;
    }
    let Some(entry) = open.iter().find(|e| e.node == chosen) else {
        return Some(phrase!(
            "{node} is not in the frontier",
            node = chosen.to_string()
        ));
    };
    let first = open.iter().find(|e| allowed.contains(&e.node))?;
    Some(match frontier {
        Frontier::Open => phrase!(
            "A* takes the lowest f: {best} has f = {best_f}, you chose f = {f}",
            best = first.node.to_string(),
            best_f = first.f(),
            f = entry.f()
        ),
        Frontier::Queue => phrase!(
            "breadth-first takes the shallowest: {best} has g = {best_g}, you chose g = {g}",
            best = first.node.to_string(),
            best_g = first.g,
            g = entry.g
        ),
        Frontier::Stack | Frontier::Path => phrase!(
            "depth-first takes the top of the stack: {best}",
            best = first.node.to_string()
        ),
        Frontier::WallList | Frontier::Walls | Frontier::Walk => return None,
    })
}

/// How a player's choice of the next node was taken ("you are the algorithm").
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The algorithm takes that node (`exactly`: the very one it took; else one tied with it).
    Right { exactly: bool },
    /// Not a node the algorithm takes here, and why.
    Wrong(Phrase),
}

/// The player's score at choosing nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub asked: usize,
    pub right: usize,
}

/// Steps through a lesson forwards and back, with a replay of its trace following (the
/// board a maze lesson draws); it can also play the steps by itself at a chosen speed, and ask
/// the player which node the algorithm takes next.
#[derive(Clone, Debug)]
pub struct Walkthrough {
    lesson: Lesson,
    replay: Replay,
    /// The step shown: `None` before the first.
    at: Option<usize>,
    pace: Pace,
    score: Score,
    /// Whether the player is asked before each expansion (playing stops at each question).
    quiz: bool,
}

/// The slowest and fastest a walkthrough plays, in steps a second.
pub const PLAY_SPEEDS: std::ops::RangeInclusive<f32> = 0.25..=30.0;

/// Steps played by themselves: on or off, at a speed (steps a second, within [`PLAY_SPEEDS`]),
/// with the time gathered towards the next step. Shared by every Learn that plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    playing: bool,
    speed: f32,
    clock: f32,
}

impl Default for Pace {
    fn default() -> Self {
        Pace {
            playing: false,
            speed: 2.0,
            clock: 0.0,
        }
    }
}

impl Pace {
    /// True while playing.
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// Steps a second.
    pub fn speed(&self) -> f32 {
        self.speed
    }

    /// Plays or pauses; true when it now plays.
    pub fn toggle(&mut self) -> bool {
        self.playing = !self.playing;
        self.clock = 0.0;
        self.playing
    }

    /// Stops playing.
    pub fn stop(&mut self) {
        self.playing = false;
        self.clock = 0.0;
    }

    /// Sets the speed, kept within [`PLAY_SPEEDS`] (2 for a speed that is not a number).
    pub fn set_speed(&mut self, speed: f32) {
        let speed = if speed.is_finite() { speed } else { 2.0 };
        self.speed = speed.clamp(*PLAY_SPEEDS.start(), *PLAY_SPEEDS.end());
    }

    /// Lets `seconds` pass (nothing while paused).
    pub fn wait(&mut self, seconds: f32) {
        if self.playing {
            self.clock += seconds.max(0.0);
        }
    }

    /// True when a step is due (and takes its time off the clock).
    pub fn due(&mut self) -> bool {
        if self.playing && self.clock >= 1.0 / self.speed {
            self.clock -= 1.0 / self.speed;
            return true;
        }
        false
    }
}

impl Walkthrough {
    /// A walkthrough of `lesson` on a `width` × `height` board (0 × 0 for a puzzle), on its
    /// first step, paused.
    pub fn new(lesson: Lesson, width: usize, height: usize) -> Walkthrough {
        let replay = Replay::new(lesson.trace.clone(), width, height);
        let mut walk = Walkthrough {
            lesson,
            replay,
            at: None,
            pace: Pace::default(),
            score: Score::default(),
            quiz: false,
        };
        walk.forward();
        walk
    }

    /// The index of the next step that takes a node from the frontier (A*, breadth-first) or
    /// pushes one (depth-first), when the algorithm can be played ("you are the algorithm")
    /// and the step shown is the one just before it.
    pub fn question(&self) -> Option<usize> {
        self.at?;
        let next = self.at.map_or(0, |i| i + 1);
        let step = self.lesson.steps.get(next)?;
        let asked = match self.lesson.algo.expansion_line() {
            Some(line) => step.line == line,
            None => !step.options.is_empty(),
        };
        asked.then_some(next)
    }

    /// The nodes the player may choose from now: the frontier of the step shown (A*,
    /// breadth-first), or the ways the next push could take (depth-first); empty when there is
    /// no question.
    pub fn candidates(&self) -> &[Entry] {
        match (self.question(), self.step()) {
            (Some(next), Some(step)) => {
                if self.lesson.algo.expansion_line().is_some() {
                    &step.open
                } else {
                    &self.lesson.steps[next].options
                }
            }
            _ => &[],
        }
    }

    /// The player chooses `node` as the next to take: judged against the algorithm's own
    /// choices (ties included), counted in the score, and the walkthrough moves on to the step
    /// where the algorithm takes its node. `None` when there is no question now.
    pub fn answer(&mut self, node: Node) -> Option<Verdict> {
        use crate::phrase;
        let next = self.question()?;
        let taken = &self.lesson.steps[next];
        let verdict = if self.lesson.algo.expansion_line().is_some() {
            let open = &self.step()?.open;
            match judge(self.lesson.algo.frontier(), open, node) {
                None => Verdict::Right {
                    exactly: taken.node == Some(node),
                },
                Some(why) => Verdict::Wrong(why),
            }
        } else if taken.node == Some(node) {
            // depth-first has no ties: its order decides
            Verdict::Right { exactly: true }
        } else if taken.options.iter().any(|e| e.node == node) {
            let best = taken.options[0].node.to_string();
            Verdict::Wrong(phrase!(
                "depth-first takes the first way in its order: {best}",
                best = best
            ))
        } else {
            Verdict::Wrong(phrase!(
                "{node} is not a way from here",
                node = node.to_string()
            ))
        };
        self.score.asked += 1;
        if matches!(verdict, Verdict::Right { .. }) {
            self.score.right += 1;
        }
        self.go_to(next);
        Some(verdict)
    }

    /// Asks the player before each expansion, or stops asking.
    pub fn set_quiz(&mut self, on: bool) {
        self.quiz = on;
    }

    /// True when the player is asked before each expansion.
    pub fn quiz(&self) -> bool {
        self.quiz
    }

    /// The player's score so far.
    pub fn score(&self) -> Score {
        self.score
    }

    /// True while it steps by itself.
    pub fn playing(&self) -> bool {
        self.pace.playing()
    }

    /// Steps a second when playing.
    pub fn speed(&self) -> f32 {
        self.pace.speed()
    }

    /// Plays or pauses (playing from the last step starts again at the first).
    pub fn toggle_play(&mut self) {
        if self.pace.toggle() && self.at_end() {
            self.go_to(0);
        }
    }

    /// Sets the speed, kept within [`PLAY_SPEEDS`].
    pub fn set_speed(&mut self, speed: f32) {
        self.pace.set_speed(speed);
    }

    /// Twice as fast.
    pub fn faster(&mut self) {
        self.set_speed(self.speed() * 2.0);
    }

    /// Half as fast.
    pub fn slower(&mut self) {
        self.set_speed(self.speed() / 2.0);
    }

    /// Lets `seconds` pass: when playing, steps forward at its speed (stopping at the end).
    /// Returns the steps taken.
    pub fn tick(&mut self, seconds: f32) -> usize {
        self.pace.wait(seconds);
        let mut taken = 0;
        while self.pace.due() {
            // at a question it is the player's turn: playing waits for the answer
            if (self.quiz && self.question().is_some()) || !self.forward() {
                self.pace.stop();
                break;
            }
            taken += 1;
        }
        taken
    }

    /// The lesson walked through.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The step shown, if any.
    pub fn step(&self) -> Option<&Step> {
        self.at.map(|i| &self.lesson.steps[i])
    }

    /// The index of the step shown.
    pub fn index(&self) -> Option<usize> {
        self.at
    }

    /// The number of steps.
    pub fn len(&self) -> usize {
        self.lesson.steps.len()
    }

    /// True when the lesson has no step.
    pub fn is_empty(&self) -> bool {
        self.lesson.steps.is_empty()
    }

    /// True on the last step.
    pub fn at_end(&self) -> bool {
        self.at.map_or(self.is_empty(), |i| i + 1 >= self.len())
    }

    /// How the board looks at the step shown.
    pub fn marks(&self) -> &crate::core::grid::Grid<Mark> {
        self.replay.marks()
    }

    /// The replay of the trace, at the step shown.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Shows step `index` (clamped to the last); the replay follows.
    pub fn go_to(&mut self, index: usize) {
        if self.is_empty() {
            return;
        }
        let index = index.min(self.len() - 1);
        self.at = Some(index);
        // what a finished search records after its last step (the route followed back from
        // the goal) is that step's own doing: the last step shows it
        let event = if index + 1 == self.len() && !self.lesson.cut_short {
            self.lesson.trace.len()
        } else {
            self.lesson.steps[index].event
        };
        while self.replay.cursor() < event && self.replay.step_forward().is_some() {}
        while self.replay.cursor() > event && self.replay.step_back().is_some() {}
    }

    /// One step forward; false at the end.
    pub fn forward(&mut self) -> bool {
        let next = self.at.map_or(0, |i| i + 1);
        if next >= self.len() {
            return false;
        }
        self.go_to(next);
        true
    }

    /// One step back; false at the first step.
    pub fn back(&mut self) -> bool {
        match self.at {
            Some(i) if i > 0 => {
                self.go_to(i - 1);
                true
            }
            _ => false,
        }
    }
}

/// How much a lesson keeps: the frontier entries a step carries and the steps described.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Keep {
    pub open: usize,
    pub steps: usize,
}

/// A walkthrough of a maze search: the Explore ball's rule-order walk from the entry, or BFS
/// or A* from `from` to the exit. `None` for a puzzle algorithm, or a maze with no entry for the
/// ball.
pub fn maze_walkthrough(maze: &Maze, algo: Algo, from: Pos, keep: Keep) -> Option<Walkthrough> {
    use crate::core::maze::solve::{astar, bfs, dfs_rule_explained};
    let mut lesson = Lesson::new(algo, keep.open, keep.steps);
    match algo {
        Algo::DfsRule => {
            dfs_rule_explained(maze, &mut lesson).ok()?;
        }
        Algo::MazeBfs => {
            bfs(maze, from, maze.exit(), &mut lesson);
        }
        Algo::MazeAstar => {
            astar(maze, from, maze.exit(), &mut lesson);
        }
        _ => return None,
    }
    Some(Walkthrough::new(lesson, maze.width(), maze.height()))
}

/// A walkthrough of carving the maze `generator` makes from `seed` at `width` × `height` (the
/// same maze as without Learn: the steps change nothing the generator does). `None` for a size
/// the generators refuse.
pub fn carving_walkthrough(
    generator: crate::core::maze::generate::Generator,
    (width, height): (usize, usize),
    seed: u64,
    keep: Keep,
) -> Option<Walkthrough> {
    let mut lesson = Lesson::new(Algo::of_generator(generator), keep.open, keep.steps);
    crate::core::maze::generate::generate(generator, width, height, seed, &mut lesson).ok()?;
    Some(Walkthrough::new(lesson, width, height))
}

/// A walkthrough of `algorithm` from `start` to `goal` (IDA* with pattern databases is
/// explained as IDA*: its tuned search does not describe itself), expanding at most
/// `max_nodes`. `None` when parity says the goal cannot be reached.
pub fn slide_walkthrough(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    depth_limit: u32,
    max_nodes: usize,
    keep: Keep,
) -> Option<Walkthrough> {
    if !crate::core::slide::is_solvable(start, goal) {
        return None;
    }
    let algo = Algo::of_slide(algorithm).unwrap_or(Algo::SlideIdastar);
    let mut lesson = Lesson::new(algo, keep.open, keep.steps);
    let limits = Limits {
        max_nodes,
        ..Limits::default()
    };
    algorithm.run_explained(start, goal, depth_limit, limits, &mut lesson);
    Some(Walkthrough::new(lesson, 0, 0))
}

#[cfg(test)]
mod tests;
