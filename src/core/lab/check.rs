//! The checker: replays a student's search from its expansions and judges each one against the
//! algorithm's definition. It rebuilds the student's frontier with the task's successor
//! function (what has been generated and not yet expanded, with the cheapest g through expanded
//! states) and accepts an expansion when the state carries the algorithm's best key — the
//! shallowest for breadth-first, the lowest g for uniform-cost, the lowest f = g + h for A*,
//! the lowest h for greedy, the newest for depth-first — **whichever of the tied states it is**.
//! Depth-first is judged against both of its textbook forms at once: the recursive one (go on
//! from the deepest expanded state that still has an unexpanded successor) and the one with an
//! OPEN stack that pushes only states in neither OPEN nor CLOSED.
//!
//! The first violation is said in one sentence, in the voice of Learn, with the expansion
//! number and the state that should have been taken. A long file: the judge, the answer's
//! checks and the reference (optimal costs and the range of expansions over every tie-break)
//! belong together.

use std::collections::{HashMap, HashSet};

use super::ida::{IdaJudge, IdaRun, Pruning, ida_run};
use super::space::{Space, State, Succ};
use super::task::{Guarantee, Search};
use crate::core::grid::Dir;
use crate::core::slide::solve::KeyMap;
use crate::core::text::Phrase;
use crate::phrase;

/// The verdicts, with the codes of programming judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// Accepted: a correct run of the algorithm.
    #[serde(rename = "AC")]
    Ac,
    /// Wrong answer: an illegal state or move, a path that does not reach a goal, a wrong fail.
    #[serde(rename = "WA")]
    Wa,
    /// A path the algorithm guarantees to be the best, and it is not.
    #[serde(rename = "NOT_OPTIMAL")]
    NotOptimal,
    /// An expansion the algorithm never makes at that point.
    #[serde(rename = "WRONG_ORDER")]
    WrongOrder,
    /// Time limit exceeded (wall clock or processor).
    #[serde(rename = "TLE")]
    Tle,
    /// Memory limit exceeded.
    #[serde(rename = "MLE")]
    Mle,
    /// Runtime error: the program crashed or exited with an error.
    #[serde(rename = "RE")]
    Re,
    /// Output limit exceeded.
    #[serde(rename = "OLE")]
    Ole,
    /// Presentation error: a line that is not the protocol.
    #[serde(rename = "PE")]
    Pe,
    /// The program stopped talking (waiting, not computing, no answer).
    #[serde(rename = "IDLE")]
    Idle,
}

impl Verdict {
    /// The code (`AC`, `WRONG_ORDER` …).
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Wa => "WA",
            Verdict::NotOptimal => "NOT_OPTIMAL",
            Verdict::WrongOrder => "WRONG_ORDER",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Re => "RE",
            Verdict::Ole => "OLE",
            Verdict::Pe => "PE",
            Verdict::Idle => "IDLE",
        }
    }

    /// The verdict of a code.
    pub fn from_code(code: &str) -> Option<Verdict> {
        [
            Verdict::Ac,
            Verdict::Wa,
            Verdict::NotOptimal,
            Verdict::WrongOrder,
            Verdict::Tle,
            Verdict::Mle,
            Verdict::Re,
            Verdict::Ole,
            Verdict::Pe,
            Verdict::Idle,
        ]
        .into_iter()
        .find(|v| v.code() == code)
    }
}

/// The first thing no correct run does: its verdict, the expansion it happened at (from 1; 0
/// for the answer), one sentence, and the state that should have been taken, if one.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Violation {
    pub verdict: Verdict,
    pub step: usize,
    pub say: Phrase,
    pub expected: Option<State>,
}

/// What the program said a state's g, h or f is, when it said so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reported {
    pub g: Option<u64>,
    pub h: Option<u64>,
    pub f: Option<u64>,
}

/// Where a state stands in a judged run ([`Judge::standing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// On the frontier (else closed).
    pub frontier: bool,
    /// The cheapest cost from the start found so far.
    pub g: u64,
    /// The algorithm's key (breadth-first: the depth; uniform-cost: g; A*: g + h; greedy: h;
    /// depth-first: 0).
    pub key: u64,
}

/// The program's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The states from start to goal.
    Path(Vec<State>),
    /// The moves from the start, by name.
    Moves(Vec<String>),
    /// No solution.
    Fail,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Frontier,
    Closed,
}

#[derive(Clone, Copy, Debug)]
struct Info {
    status: Status,
    /// The cheapest cost from the start through expanded states.
    g: u64,
    /// Moves from the start when first generated (breadth-first's key).
    depth: u32,
    /// The expansion that first generated it (0 for the start), or that expanded it once closed.
    at: u32,
}

/// The student's states: a dense table for small state numbers (maze cells, graph nodes), a
/// hash map for boards. The dense one packs a state in 16 bytes, zero for "not generated": a
/// 2001×2001 maze's table is then 64 MB the system hands over already zeroed.
enum Table {
    Dense(Vec<u128>),
    /// Breadth-first on unit costs, where g is the depth: 4 bytes a state (a large maze's
    /// table is then a quarter of the memory, and the checker is bound by memory there).
    Narrow(Narrow),
    Sparse(KeyMap<Info>),
}

/// A dense table's slots, for the lean loop of [`Judge::expand`].
trait Slots {
    fn load(&self, s: State) -> Option<Info>;
    fn store(&mut self, s: State, info: Info);
}

impl Slots for Vec<u128> {
    #[inline]
    fn load(&self, s: State) -> Option<Info> {
        Info::unpack(self[s as usize])
    }
    #[inline]
    fn store(&mut self, s: State, info: Info) {
        self[s as usize] = info.pack();
    }
}

/// Breadth-first's table on unit costs: per state its status in the top two bits (0 not
/// generated, 1 frontier, 2 closed) and an expansion number below — of the state's own
/// expansion once closed, of the one that generated it on the frontier (0 for the start).
/// The depths are not stored: an accepted breadth-first run expands by nondecreasing depth,
/// so the first expansion of each depth (`layers`) tells any expansion's depth.
struct Narrow {
    cells: Vec<u32>,
    layers: Vec<u32>,
}

const NARROW_FRONTIER: u32 = 1 << 30;
const NARROW_CLOSED: u32 = 2 << 30;
const NARROW_AT: u32 = (1 << 30) - 1;

impl Narrow {
    /// The depth of the state expanded at expansion `at` (from 1).
    fn depth_of(&self, at: u32) -> u32 {
        self.layers
            .partition_point(|&first| first <= at)
            .saturating_sub(1) as u32
    }

    fn unpack(&self, bits: u32) -> Option<Info> {
        let at = bits & NARROW_AT;
        let (status, depth) = match bits >> 30 {
            1 if at == 0 => (Status::Frontier, 0),
            1 => (Status::Frontier, self.depth_of(at) + 1),
            2 => (Status::Closed, self.depth_of(at)),
            _ => return None,
        };
        Some(Info {
            status,
            g: u64::from(depth),
            depth,
            at,
        })
    }
}

impl Slots for Narrow {
    #[inline]
    fn load(&self, s: State) -> Option<Info> {
        self.unpack(self.cells[s as usize])
    }
    #[inline]
    fn store(&mut self, s: State, info: Info) {
        let status = match info.status {
            Status::Frontier => NARROW_FRONTIER,
            Status::Closed => {
                if self.layers.len() as u32 == info.depth {
                    self.layers.push(info.at);
                }
                NARROW_CLOSED
            }
        };
        self.cells[s as usize] = status | (info.at & NARROW_AT);
    }
}

impl Info {
    /// g in bits 0–63, the depth in 64–93, the status in 94–95 (1 frontier, 2 closed), the
    /// expansion number in 96–127.
    fn pack(self) -> u128 {
        let status: u128 = match self.status {
            Status::Frontier => 1,
            Status::Closed => 2,
        };
        u128::from(self.g)
            | (u128::from(self.depth & 0x3fff_ffff) << 64)
            | (status << 94)
            | (u128::from(self.at) << 96)
    }

    fn unpack(bits: u128) -> Option<Info> {
        let status = match (bits >> 94) & 3 {
            1 => Status::Frontier,
            2 => Status::Closed,
            _ => return None,
        };
        Some(Info {
            status,
            g: bits as u64,
            depth: ((bits >> 64) as u32) & 0x3fff_ffff,
            at: (bits >> 96) as u32,
        })
    }
}

impl Table {
    #[inline]
    fn get(&self, s: State) -> Option<Info> {
        match self {
            Table::Dense(v) => v.get(s as usize).copied().and_then(Info::unpack),
            Table::Narrow(n) => n.cells.get(s as usize).and_then(|&bits| n.unpack(bits)),
            Table::Sparse(m) => m.get(&s).copied(),
        }
    }

    #[inline]
    fn insert(&mut self, s: State, info: Info) {
        match self {
            Table::Dense(v) => v[s as usize] = info.pack(),
            Table::Narrow(n) => n.store(s, info),
            Table::Sparse(m) => {
                m.insert(s, info);
            }
        }
    }

    fn frontier_states(&self) -> Vec<(State, Info)> {
        let mut out: Vec<(State, Info)> = match self {
            Table::Dense(v) => v
                .iter()
                .enumerate()
                .filter_map(|(s, &bits)| Info::unpack(bits).map(|i| (s as State, i)))
                .collect(),
            Table::Narrow(n) => n
                .cells
                .iter()
                .enumerate()
                .filter_map(|(s, &bits)| n.unpack(bits).map(|i| (s as State, i)))
                .collect(),
            Table::Sparse(m) => m.iter().map(|(&s, &i)| (s, i)).collect(),
        };
        out.retain(|(_, i)| i.status == Status::Frontier);
        out.sort_by_key(|&(s, i)| (i.at, s));
        out
    }
}

/// Replays a student's run, one expansion at a time.
pub struct Judge<'a> {
    space: &'a Space,
    search: Search,
    table: Table,
    /// How many frontier states carry each key (breadth-first: depth, uniform-cost: g, A*: f,
    /// greedy: h), sorted: the best key is the first. A frontier holds few distinct keys (two
    /// depths for breadth-first), so a sorted list beats a tree.
    keys: Vec<(u64, u32)>,
    expansions: usize,
    goal_expanded: Option<usize>,
    goal_generated: bool,
    /// Depth-first, recursive form: the branch of expanded states being followed.
    chain: Vec<State>,
    /// The expansion number of each state on the branch (increasing).
    chain_steps: Vec<u32>,
    /// Whether the last depth-first expansion went on from the branch's top (else it came
    /// off the OPEN stack of the other form).
    on_branch: bool,
    /// Depth-first, OPEN-stack form: per expansion, the states it pushed first.
    groups: Vec<Vec<State>>,
    succ: Vec<Succ>,
    /// The keys of the states an expansion generates, with how many share each in a row
    /// (kept to spare an allocation).
    pending: Vec<(u64, u32)>,
    /// The state expanded last.
    last: Option<State>,
    /// A maze whose moves are all four directions (the lean breadth-first path's own).
    every_move: bool,
    /// IDA*: its branch and bound (the table then only records what was ever expanded).
    ida: Option<Box<IdaJudge>>,
    violation: Option<Violation>,
}

impl<'a> Judge<'a> {
    /// A judge of `search` in `space`, before the first expansion.
    pub fn new(space: &'a Space, search: Search) -> Judge<'a> {
        let table = match space.dense_len() {
            Some(n) if search == Search::Bfs && space.unit_costs() && n < 1 << 30 => {
                Table::Narrow(Narrow {
                    cells: vec![0; n],
                    layers: Vec::new(),
                })
            }
            Some(n) => Table::Dense(vec![0; n]),
            None => Table::Sparse(KeyMap::default()),
        };
        let mut judge = Judge {
            space,
            search,
            table,
            keys: Vec::new(),
            expansions: 0,
            goal_expanded: None,
            goal_generated: false,
            chain: Vec::new(),
            chain_steps: Vec::new(),
            on_branch: true,
            groups: Vec::new(),
            succ: Vec::new(),
            pending: Vec::new(),
            last: None,
            every_move: match space {
                Space::Maze(m) => Dir::ALL.iter().all(|d| m.moves.contains(d)),
                _ => false,
            },
            ida: (search == Search::IdaStar).then(Box::default),
            violation: None,
        };
        let start = space.start();
        judge.table.insert(
            start,
            Info {
                status: Status::Frontier,
                g: 0,
                depth: 0,
                at: 0,
            },
        );
        judge.add_key(start);
        judge
    }

    /// Expansions accepted so far.
    pub fn expansions(&self) -> usize {
        self.expansions
    }

    /// The first violation, once there is one.
    pub fn violation(&self) -> Option<&Violation> {
        self.violation.as_ref()
    }

    /// The successors of the state last expanded (what an oracle session answers).
    pub fn last_successors(&self) -> Vec<Succ> {
        let mut succ = Vec::new();
        if let Some(s) = self.last {
            self.space.successors(s, &mut succ);
        }
        succ
    }

    /// Where `s` stands now: on the frontier (with its g and the algorithm's key) or closed
    /// (with the g it was expanded at); `None` when not generated yet. IDA* keeps no
    /// frontier: its states are closed once expanded.
    pub fn standing(&self, s: State) -> Option<Standing> {
        let info = self.table.get(s)?;
        Some(Standing {
            frontier: info.status == Status::Frontier,
            g: info.g,
            key: self.key_of(s, &info),
        })
    }

    /// IDA*: this iteration's bound, and the depth on the branch and the g of the state
    /// expanded last (`None` for the other searches, and before the first expansion).
    pub fn ida_top(&self) -> Option<(u64, usize, u64)> {
        self.ida.as_ref()?.top()
    }

    /// The frontier as the algorithm keeps it, for Learn's views: (state, g, h), best first.
    pub fn frontier(&self) -> Vec<(State, u64, u64)> {
        if let Some(ida) = &self.ida {
            return ida.frontier(self.space);
        }
        let mut states: Vec<(u64, (State, u64, u64))> = self
            .table
            .frontier_states()
            .into_iter()
            .map(|(s, i)| (self.key_of(s, &i), (s, i.g, self.space.h(s))))
            .collect();
        if matches!(self.search, Search::Dfs | Search::DfsRule) {
            states.reverse();
        } else {
            states.sort_by_key(|&(k, _)| k);
        }
        states.into_iter().map(|(_, e)| e).collect()
    }

    #[inline]
    fn key_of(&self, s: State, info: &Info) -> u64 {
        match self.search {
            Search::Bfs => u64::from(info.depth),
            Search::Ucs => info.g,
            Search::Astar | Search::IdaStar => info.g + self.space.h(s),
            Search::Greedy => self.space.h(s),
            Search::Dfs | Search::DfsRule | Search::Heuristic | Search::Agent => 0,
        }
    }

    fn add_key(&mut self, s: State) {
        if let Some(info) = self.table.get(s) {
            self.add_key_of(s, &info);
        }
    }

    /// Counts `s` (generated with `info`) under its key.
    #[inline]
    fn add_key_of(&mut self, s: State, info: &Info) {
        self.count_key(self.key_of(s, info));
    }

    /// Counts one more frontier state with `key`.
    #[inline]
    fn count_key(&mut self, key: u64) {
        self.count_keys(key, 1);
    }

    /// Counts `n` more frontier states with `key`.
    #[inline]
    fn count_keys(&mut self, key: u64, n: u32) {
        // the newest keys are the largest (breadth-first's next layer): look there first
        if let Some(last) = self.keys.last_mut()
            && last.0 == key
        {
            last.1 += n;
            return;
        }
        match self.keys.binary_search_by_key(&key, |&(k, _)| k) {
            Ok(i) => self.keys[i].1 += n,
            Err(i) => self.keys.insert(i, (key, n)),
        }
    }

    #[inline]
    fn remove_key(&mut self, key: u64) {
        // the key taken is mostly the best one
        if let Some(first) = self.keys.first_mut()
            && first.0 == key
        {
            first.1 -= 1;
            if first.1 == 0 {
                self.keys.remove(0);
            }
            return;
        }
        if let Ok(i) = self.keys.binary_search_by_key(&key, |&(k, _)| k) {
            self.keys[i].1 -= 1;
            if self.keys[i].1 == 0 {
                self.keys.remove(i);
            }
        }
    }

    fn fail(&mut self, verdict: Verdict, say: Phrase, expected: Option<State>) -> Violation {
        let violation = Violation {
            verdict,
            step: self.expansions + 1,
            say,
            expected,
        };
        self.violation = Some(violation.clone());
        violation
    }

    /// A frontier state with key `key` (for the sentence that names it).
    fn some_state_with_key(&self, key: u64) -> Option<State> {
        self.table
            .frontier_states()
            .into_iter()
            .find(|(s, i)| self.key_of(*s, i) == key)
            .map(|(s, _)| s)
    }

    /// Depth-first, recursive form: drops finished states off the branch and returns the
    /// deepest one with an unexpanded successor.
    fn branch_top(&mut self) -> Option<State> {
        let mut succ = Vec::new();
        while let Some(&top) = self.chain.last() {
            self.space.successors(top, &mut succ);
            if succ.iter().any(|s| !self.is_closed(s.state)) {
                return Some(top);
            }
            self.chain.pop();
            self.chain_steps.pop();
        }
        None
    }

    /// Depth-first, OPEN-stack form: drops expanded states and empty groups off the stack.
    fn group_top(&mut self) -> Option<&Vec<State>> {
        while let Some(group) = self.groups.last_mut() {
            let table = &self.table;
            group.retain(|&s| table.get(s).is_some_and(|i| i.status == Status::Frontier));
            if group.is_empty() {
                self.groups.pop();
            } else {
                break;
            }
        }
        self.groups.last()
    }

    fn is_closed(&self, s: State) -> bool {
        match &self.table {
            // the status alone (a narrow table works a depth out by a search)
            Table::Narrow(n) => n.cells.get(s as usize).is_some_and(|&bits| bits >> 30 == 2),
            table => table.get(s).is_some_and(|i| i.status == Status::Closed),
        }
    }

    /// Whether depth-first may take `s` now; else the state it takes and where from.
    fn depth_first_allows(&mut self, s: State) -> Result<(), (State, State)> {
        let top = self.branch_top();
        let mut succ = Vec::new();
        let mut expected = None;
        self.on_branch = true;
        if let Some(top) = top {
            self.space.successors(top, &mut succ);
            let open: Vec<State> = succ
                .iter()
                .map(|x| x.state)
                .filter(|&x| !self.is_closed(x))
                .collect();
            if self.search == Search::DfsRule {
                // the ball: exactly the first open way in the rule order
                return match open.first() {
                    Some(&first) if first == s => Ok(()),
                    Some(&first) => Err((first, top)),
                    None => Ok(()),
                };
            }
            if open.contains(&s) {
                return Ok(());
            }
            expected = open.first().map(|&x| (x, top));
        }
        if self.search == Search::Dfs
            && let Some(group) = self.group_top()
        {
            if group.contains(&s) {
                self.on_branch = false;
                return Ok(());
            }
            expected = expected.or(group.first().map(|&x| (x, x)));
        }
        match expected {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Judges the program's next expansion of `s` (with the g, h, f it reported, if any).
    /// On success the state's successors are at [`Judge::last_successors`].
    pub fn expand(&mut self, s: State, reported: Reported) -> Result<(), Violation> {
        if let Some(v) = &self.violation {
            return Err(v.clone());
        }
        if reported == Reported::default() && self.expand_narrow(s) {
            return Ok(());
        }
        let space = self.space;
        let step = self.expansions + 1;
        // said only when something is wrong: no text is made for a right expansion
        let shown = || space.show(s);
        if !space.open(s)
            && let Some(why) = space.invalid(s)
        {
            return Err(self.fail(
                Verdict::Wa,
                phrase!("you expanded {s}: {why}", s = shown(), why = why),
                None,
            ));
        }
        if step == 1 && s != space.start() {
            let start = space.start();
            return Err(self.fail(
                Verdict::WrongOrder,
                phrase!(
                    "a search expands the start {start} first; you expanded {s}",
                    start = space.show(start),
                    s = shown()
                ),
                Some(start),
            ));
        }
        if let Some(at) = self.goal_expanded {
            return Err(self.fail(
                Verdict::WrongOrder,
                phrase!(
                    "the goal was expanded at step {at}: the search stops there, yet you expanded {s}",
                    at = at,
                    s = shown()
                ),
                None,
            ));
        }
        if self.ida.is_some() {
            return self.expand_ida(s, reported);
        }
        let Some(info) = self.table.get(s) else {
            return Err(self.fail(
                Verdict::Wa,
                phrase!(
                    "{s} cannot be reached yet: no state you expanded leads to it",
                    s = shown()
                ),
                None,
            ));
        };
        if info.status == Status::Closed {
            return Err(self.fail(
                Verdict::WrongOrder,
                phrase!(
                    "{s} was already expanded at step {at}: with a CLOSED set a state is expanded once",
                    s = shown(),
                    at = info.at
                ),
                None,
            ));
        }
        // a state with the best key passes at once (the rest is said in judge_order)
        let key = self.key_of(s, &info);
        let best = !matches!(self.search, Search::Dfs | Search::DfsRule)
            && self.keys.first().is_none_or(|&(k, _)| key <= k);
        if !best {
            self.judge_order(s, &info)?;
        }
        if reported != Reported::default() {
            self.judge_reported(s, &info, reported)?;
        }

        // accepted: close it and generate its successors
        self.remove_key(key);
        self.expansions = step;
        self.table.insert(
            s,
            Info {
                status: Status::Closed,
                at: step as u32,
                ..info
            },
        );
        if space.is_goal(s) {
            self.goal_expanded = Some(step);
        }
        if matches!(self.search, Search::Dfs | Search::DfsRule) {
            // the recursive form's branch: s goes on from its top, or (taken off the other
            // form's OPEN stack) from the state whose expansion generated it
            if !self.on_branch {
                let keep = self
                    .chain_steps
                    .binary_search(&info.at)
                    .map_or(0, |at| at + 1);
                self.chain.truncate(keep);
                self.chain_steps.truncate(keep);
            }
            self.chain.push(s);
            self.chain_steps.push(step as u32);
        }
        self.last = Some(s);
        let depth_first = matches!(self.search, Search::Dfs | Search::DfsRule);
        if !depth_first && !matches!(self.table, Table::Sparse(_)) {
            // the common case, kept lean: a best-first search over small state numbers; on a
            // maze the neighbours are read straight from the grid (a 2001×2001 maze is two
            // million expansions)
            if let Space::Maze(maze) = space {
                self.generate_dense(&info, step, maze.neighbours(s as usize));
            } else {
                let mut succ = std::mem::take(&mut self.succ);
                space.successors(s, &mut succ);
                self.generate_dense(&info, step, succ.iter().map(|x| (x.state, x.cost)));
                self.succ = succ;
            }
            return Ok(());
        }
        let mut succ = std::mem::take(&mut self.succ);
        space.successors(s, &mut succ);
        let mut group = Vec::new();
        for next in &succ {
            let g = info.g + next.cost;
            match self.table.get(next.state) {
                None => {
                    let generated = Info {
                        status: Status::Frontier,
                        g,
                        depth: info.depth + 1,
                        at: step as u32,
                    };
                    self.table.insert(next.state, generated);
                    self.add_key_of(next.state, &generated);
                    if depth_first {
                        group.push(next.state);
                    }
                    if space.is_goal(next.state) {
                        self.goal_generated = true;
                    }
                }
                Some(_) => self.lower(next.state, g),
            }
        }
        if !group.is_empty() {
            self.groups.push(group);
        }
        self.succ = succ;
        Ok(())
    }

    /// Breadth-first on a unit-cost maze (the checker's heaviest load: a 2001×2001 maze is two
    /// million expansions), the lean way: when `s` is a frontier state of the best depth, it is
    /// closed and its open neighbours not yet seen are generated one deeper, all in place, and
    /// the answer is true. Anything else (a state off the frontier, a deeper one, after the
    /// goal) returns false having changed nothing, for the general path to judge and name.
    #[inline]
    fn expand_narrow(&mut self, s: State) -> bool {
        let (Space::Maze(maze), Table::Narrow(table)) = (self.space, &mut self.table) else {
            return false;
        };
        if !self.every_move || self.goal_expanded.is_some() {
            return false;
        }
        let i = s as usize;
        let Some(&bits) = table.cells.get(i) else {
            return false;
        };
        if bits >> 30 != 1 {
            return false;
        }
        // a frontier state's depth: one below the expansion that generated it, which (in an
        // accepted run) is of the last depth begun or the one before
        let by = bits & NARROW_AT;
        let begun = table.layers.len();
        let depth = match table.layers.last() {
            None => 0,
            Some(&last) if by >= last => begun,
            Some(_) if begun >= 2 && by >= table.layers[begun - 2] => begun - 1,
            Some(_) => return false,
        } as u64;
        let best = match self.keys.first_mut() {
            Some(first) if first.0 == depth => first,
            _ => return false,
        };
        // accepted: one fewer at this depth, s closed at this step
        best.1 -= 1;
        if best.1 == 0 {
            self.keys.remove(0);
        }
        let step = self.expansions + 1;
        let at = step as u32;
        let cells = &mut table.cells;
        cells[i] = NARROW_CLOSED | at;
        if depth == begun as u64 {
            table.layers.push(at);
        }
        self.expansions = step;
        self.last = Some(s);
        if maze.goal == Some(i) {
            self.goal_expanded = Some(step);
        }
        let (w, cost) = (maze.width, &maze.cost);
        let row = i / w;
        let col = i - row * w;
        let generated = NARROW_FRONTIER | at;
        // the four neighbours (off the maze: the cell itself, closed now, so never generated)
        let next = [
            if row > 0 { i - w } else { i },
            if row + 1 < maze.height { i + w } else { i },
            if col > 0 { i - 1 } else { i },
            if col + 1 < w { i + 1 } else { i },
        ];
        let mut new = 0;
        for j in next {
            if cost[j] > 0 && cells[j] == 0 {
                cells[j] = generated;
                new += 1;
                self.goal_generated |= maze.goal == Some(j);
            }
        }
        if new > 0 {
            self.count_keys(depth + 1, new);
        }
        true
    }

    /// Records the states generated by an expansion (of a state with `info`, expansion
    /// `step`) in a dense table: `next` gives each with its move's cost.
    fn generate_dense(
        &mut self,
        info: &Info,
        step: usize,
        next: impl Iterator<Item = (State, u64)> + Clone,
    ) {
        let mut keys = std::mem::take(&mut self.pending);
        let (space, search, at) = (self.space, self.search, step as u32);
        let (lowered, goal) = match &mut self.table {
            Table::Dense(cells) => {
                generate(cells, space, search, info, at, next.clone(), &mut keys)
            }
            Table::Narrow(cells) => {
                generate(cells, space, search, info, at, next.clone(), &mut keys)
            }
            Table::Sparse(_) => (false, false),
        };
        self.goal_generated |= goal;
        for &(key, n) in &keys {
            self.count_keys(key, n);
        }
        keys.clear();
        self.pending = keys;
        if lowered {
            // rare: a cheaper way to a frontier state, handled as in the general case
            for (state, cost) in next {
                self.lower(state, info.g + cost);
            }
        }
    }

    /// A way of cost `g` to `s`: a frontier state's g is lowered when it is cheaper.
    fn lower(&mut self, s: State, g: u64) {
        if let Some(old) = self.table.get(s)
            && old.status == Status::Frontier
            && g < old.g
        {
            let old_key = self.key_of(s, &old);
            self.remove_key(old_key);
            self.table.insert(s, Info { g, ..old });
            self.add_key(s);
        }
    }

    /// IDA*'s expansion: judged on the branch ([`Ida`]); the table keeps every state ever
    /// expanded (a path must pass through them), with the g it had first.
    fn expand_ida(&mut self, s: State, reported: Reported) -> Result<(), Violation> {
        let space = self.space;
        let step = self.expansions + 1;
        let ida = self.ida.as_mut().expect("an IDA* judge");
        let g = match ida.expand(space, s, reported.g) {
            Ok(g) => g,
            Err(wrong) => return Err(self.fail(Verdict::WrongOrder, wrong.say, wrong.expected)),
        };
        let info = Info {
            status: Status::Closed,
            g,
            depth: 0,
            at: step as u32,
        };
        self.judge_reported(s, &info, reported)?;
        self.expansions = step;
        self.last = Some(s);
        space.successors(s, &mut self.succ);
        if !self.is_closed(s) {
            self.table.insert(s, info);
        }
        if space.is_goal(s) {
            self.goal_expanded = Some(step);
        }
        if self.succ.iter().any(|x| space.is_goal(x.state)) {
            self.goal_generated = true;
        }
        Ok(())
    }

    fn judge_order(&mut self, s: State, info: &Info) -> Result<(), Violation> {
        let space = self.space;
        let shown = || space.show(s);
        if matches!(self.search, Search::Dfs | Search::DfsRule) {
            return match self.depth_first_allows(s) {
                Ok(()) => Ok(()),
                Err((best, from)) => {
                    let say = if self.search == Search::DfsRule {
                        phrase!(
                            "depth first in the rule order goes from {from} to {best} next, not to {s}",
                            from = self.space.show(from),
                            best = self.space.show(best),
                            s = shown()
                        )
                    } else {
                        phrase!(
                            "depth-first takes the newest state: {best} (reached from {from}) comes before {s}",
                            best = self.space.show(best),
                            from = self.space.show(from),
                            s = shown()
                        )
                    };
                    Err(self.fail(Verdict::WrongOrder, say, Some(best)))
                }
            };
        }
        let key = self.key_of(s, info);
        let Some(&(best_key, _)) = self.keys.first() else {
            return Ok(());
        };
        if key <= best_key {
            return Ok(());
        }
        let best = self.some_state_with_key(best_key).unwrap_or(s);
        let best_shown = self.space.show(best);
        let say = match self.search {
            Search::Bfs => phrase!(
                "breadth-first takes the shallowest: {best} is {best_d} moves from the start, you took {s} at {d}",
                best = best_shown,
                best_d = best_key,
                s = shown(),
                d = key
            ),
            Search::Ucs => phrase!(
                "uniform-cost search takes the lowest g: {best} has g = {best_g}, you took {s} with g = {g}",
                best = best_shown,
                best_g = best_key,
                s = shown(),
                g = key
            ),
            Search::Astar => phrase!(
                "A* takes the lowest f: {best} has f = {best_f}, you took {s} with f = {f}",
                best = best_shown,
                best_f = best_key,
                s = shown(),
                f = key
            ),
            _ => phrase!(
                "greedy best-first takes the lowest h: {best} has h = {best_h}, you took {s} with h = {h}",
                best = best_shown,
                best_h = best_key,
                s = shown(),
                h = key
            ),
        };
        Err(self.fail(Verdict::WrongOrder, say, Some(best)))
    }

    fn judge_reported(&mut self, s: State, info: &Info, said: Reported) -> Result<(), Violation> {
        if said == Reported::default() {
            return Ok(());
        }
        let space = self.space;
        let shown = || space.show(s);
        // depth-first's g is the depth along the branch, which the forms count differently
        let g_known = !matches!(self.search, Search::Dfs | Search::DfsRule);
        let h = self.space.h(s);
        if g_known
            && let Some(g) = said.g
            && g != info.g
        {
            return Err(self.fail(
                Verdict::Wa,
                phrase!(
                    "you said g = {said} for {s}; its cheapest way through expanded states costs {g}",
                    said = g,
                    s = shown(),
                    g = info.g
                ),
                None,
            ));
        }
        if let Some(said_h) = said.h
            && said_h != h
        {
            return Err(self.fail(
                Verdict::Wa,
                phrase!(
                    "you said h = {said} for {s}; the task's h is {h}",
                    said = said_h,
                    s = shown(),
                    h = h
                ),
                None,
            ));
        }
        if g_known
            && let Some(f) = said.f
            && f != info.g + h
        {
            return Err(self.fail(
                Verdict::Wa,
                phrase!(
                    "you said f = {said} for {s}; g + h = {f}",
                    said = f,
                    s = shown(),
                    f = info.g + h
                ),
                None,
            ));
        }
        Ok(())
    }

    /// Judges the answer against the reference: the path is legal, goes through expanded
    /// states and ends at a goal, and is optimal where the algorithm promises it; `fail` only
    /// when no goal can be reached. Returns the path's cost and moves (`None` for a right fail).
    pub fn finish(
        &mut self,
        answer: &Answer,
        reference: &Reference,
    ) -> Result<Option<PathCost>, Violation> {
        if let Some(v) = &self.violation {
            return Err(v.clone());
        }
        let space = self.space;
        let path = match answer {
            Answer::Fail => {
                if let Some(cost) = reference.optimal_cost {
                    return Err(self.answer_fail(
                        Verdict::Wa,
                        phrase!(
                            "you answered fail, but a goal can be reached (the cheapest path costs {cost})",
                            cost = cost
                        ),
                    ));
                }
                // a search answers fail once its frontier is empty, not before: the states it
                // still holds could lead on (IDA*: once an iteration ends with nothing over
                // its bound); or before it searches at all, by a test of its own (the
                // 8-puzzle's parity)
                if self.expansions == 0 {
                    return Ok(None);
                }
                let (say, next) = if let Some(ida) = &self.ida {
                    match ida.may_fail(space) {
                        Ok(()) => return Ok(None),
                        Err(wrong) => (wrong.say, wrong.expected),
                    }
                } else {
                    let left = self.frontier();
                    let Some(&(next, _, _)) = left.first() else {
                        return Ok(None);
                    };
                    let say = phrase!(
                        "you answered fail with your frontier not empty ({n} on it, {s} next): a search answers fail only once its frontier is empty",
                        n = left.len(),
                        s = space.show(next)
                    );
                    (say, Some(next))
                };
                return Err(self.answer_fail_at(Verdict::Wa, say, next));
            }
            Answer::Moves(names) => {
                let mut at = space.start();
                let mut states = vec![at];
                for (k, name) in names.iter().enumerate() {
                    let Some(next) = space.follow(at, name) else {
                        return Err(self.answer_fail(
                            Verdict::Wa,
                            phrase!(
                                "move {k} of your path, {name}, is not a move from {s}",
                                k = k + 1,
                                name = format!("{name:?}"),
                                s = space.show(at)
                            ),
                        ));
                    };
                    at = next.state;
                    states.push(at);
                }
                states
            }
            Answer::Path(states) => states.clone(),
        };
        let Some(&first) = path.first() else {
            return Err(self.answer_fail(Verdict::Wa, phrase!("your path is empty")));
        };
        if first != space.start() {
            return Err(self.answer_fail(
                Verdict::Wa,
                phrase!(
                    "your path starts at {s}, not at the start {start}",
                    s = space.show(first),
                    start = space.show(space.start())
                ),
            ));
        }
        let mut cost = 0;
        for pair in path.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let Some(step) = space.step_cost(a, b) else {
                let say = match space.invalid(b) {
                    Some(why) => phrase!(
                        "your path steps from {a} to {b}: {why}",
                        a = space.show(a),
                        b = space.show(b),
                        why = why
                    ),
                    None => phrase!(
                        "your path steps from {a} to {b}, which is not a move",
                        a = space.show(a),
                        b = space.show(b)
                    ),
                };
                return Err(self.answer_fail(Verdict::Wa, say));
            };
            cost += step;
            if !self.is_closed(a) {
                return Err(self.answer_fail(
                    Verdict::Wa,
                    phrase!(
                        "your path passes {a}, which your search never expanded",
                        a = space.show(a)
                    ),
                ));
            }
        }
        let last = *path.last().expect("not empty");
        if !space.is_goal(last) {
            return Err(self.answer_fail(
                Verdict::Wa,
                phrase!(
                    "your path ends at {s}, which is not a goal",
                    s = space.show(last)
                ),
            ));
        }
        let moves = path.len() as u64 - 1;
        match self.search.guarantee() {
            Guarantee::FewestMoves => {
                if let Some(best) = reference.optimal_moves
                    && moves > best
                {
                    return Err(self.answer_fail(
                        Verdict::NotOptimal,
                        phrase!(
                            "breadth-first finds the fewest moves: your path has {moves}, the shortest {best}",
                            moves = moves,
                            best = best
                        ),
                    ));
                }
            }
            Guarantee::LeastCost => {
                if let Some(best) = reference.optimal_cost
                    && cost > best
                {
                    return Err(self.answer_fail(
                        Verdict::NotOptimal,
                        phrase!(
                            "this search finds the cheapest path: yours costs {cost}, the cheapest {best}",
                            cost = cost,
                            best = best
                        ),
                    ));
                }
            }
            Guarantee::None => {}
        }
        Ok(Some(PathCost { cost, moves }))
    }

    fn answer_fail(&mut self, verdict: Verdict, say: Phrase) -> Violation {
        self.answer_fail_at(verdict, say, None)
    }

    /// The answer's violation, with the state that should have been taken, if one.
    fn answer_fail_at(
        &mut self,
        verdict: Verdict,
        say: Phrase,
        expected: Option<State>,
    ) -> Violation {
        let violation = Violation {
            verdict,
            step: 0,
            say,
            expected,
        };
        self.violation = Some(violation.clone());
        violation
    }

    /// True once the goal was expanded, or generated (a search may test goals when it
    /// generates them).
    pub fn reached_goal(&self) -> bool {
        self.goal_expanded.is_some() || self.goal_generated
    }
}

/// Records the states an expansion (of a state with `info`, expansion `at`) generates into
/// a dense table, their keys into `keys`. Returns whether a frontier state got a cheaper way
/// (to be lowered) and whether a goal was generated.
#[inline]
fn generate(
    cells: &mut impl Slots,
    space: &Space,
    search: Search,
    info: &Info,
    at: u32,
    succ: impl Iterator<Item = (State, u64)>,
    keys: &mut Vec<(u64, u32)>,
) -> (bool, bool) {
    let (mut lowered, mut goal) = (false, false);
    for (next, cost) in succ {
        let g = info.g + cost;
        match cells.load(next) {
            None => {
                let depth = info.depth + 1;
                cells.store(
                    next,
                    Info {
                        status: Status::Frontier,
                        g,
                        depth,
                        at,
                    },
                );
                let key = match search {
                    Search::Bfs => u64::from(depth),
                    Search::Ucs => g,
                    Search::Astar | Search::IdaStar => g + space.h(next),
                    _ => space.h(next),
                };
                match keys.last_mut() {
                    Some(last) if last.0 == key => last.1 += 1,
                    _ => keys.push((key, 1)),
                }
                goal |= space.is_goal(next);
            }
            Some(old) => lowered |= old.status == Status::Frontier && g < old.g,
        }
    }
    (lowered, goal)
}

/// A path's cost and number of moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PathCost {
    pub cost: u64,
    pub moves: u64,
}

/// What a correct run of a case looks like: the cheapest cost and fewest moves to a goal
/// (`None`: no goal can be reached), how many states can be reached, and the range of
/// expansions over every tie-break the algorithm allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub optimal_cost: Option<u64>,
    pub optimal_moves: Option<u64>,
    pub reachable: usize,
    pub min_expansions: usize,
    pub max_expansions: usize,
}

/// States are explored at most this many before the reference gives up (a 2001×2001 maze has
/// two million open cells; an 8-puzzle half a million boards).
const REFERENCE_STATES: usize = 20_000_000;

impl Reference {
    /// Works out the reference of `search` in `space`.
    pub fn new(space: &Space, search: Search) -> Reference {
        if search == Search::IdaStar {
            return Reference::ida(space);
        }
        if !search.expands() {
            // a heuristic or a game's agent: no expansions to range
            return Reference {
                optimal_cost: None,
                optimal_moves: None,
                reachable: 0,
                min_expansions: 0,
                max_expansions: 0,
            };
        }
        // costs from the start (Dijkstra) and moves from the start (breadth-first)
        let cost = dijkstra(space, |s| s.cost);
        let moves = dijkstra(space, |_| 1);
        let goals = space.goals();
        let best = |d: &HashMap<State, u64>| goals.iter().filter_map(|g| d.get(g)).min().copied();
        let optimal_cost = best(&cost);
        let optimal_moves = best(&moves);
        let reachable = cost.len();
        let (min_expansions, max_expansions) = match (search, optimal_cost) {
            (_, None) => (reachable, reachable),
            (Search::Bfs, Some(_)) => {
                let d = optimal_moves.expect("a goal is reached");
                let below = moves.values().filter(|&&m| m < d).count();
                let at = moves.values().filter(|&&m| m == d).count();
                let goals_at = goals.iter().filter(|g| moves.get(g) == Some(&d)).count();
                // early goal test: the goal's parent first in its layer; late: the goal last
                let before_last = moves.values().filter(|&&m| m + 1 < d).count();
                (before_last + 1, below + at - goals_at + 1)
            }
            (Search::Ucs | Search::Astar | Search::IdaStar, Some(c)) => {
                let f = |s: &State| {
                    cost[s]
                        + if search == Search::Astar {
                            space.h(*s)
                        } else {
                            0
                        }
                };
                let below = cost.keys().filter(|s| f(s) < c).count();
                let at = cost.keys().filter(|s| f(s) == c).count();
                let goals_at = goals.iter().filter(|g| cost.get(g) == Some(&c)).count();
                // at least every state of one cheapest path, the goal included
                let path = optimal_moves.map_or(1, |m| m as usize + 1);
                ((below + 1).max(path), below + at - goals_at + 1)
            }
            // which way depth-first and greedy go depends on every tie: the honest bounds are
            // the shortest path's states (the goal tested when generated) and every state
            (
                Search::Dfs | Search::DfsRule | Search::Greedy | Search::Heuristic | Search::Agent,
                Some(_),
            ) => (optimal_moves.map_or(1, |m| (m as usize).max(1)), reachable),
        };
        Reference {
            optimal_cost,
            optimal_moves,
            reachable,
            min_expansions,
            max_expansions,
        }
    }
}

impl Reference {
    /// IDA*'s reference, from IDA* itself (a 15-puzzle's states are too many to sweep): the
    /// optimum is the path it finds; the iterations before the last expand the same states
    /// whatever the order, so the range is theirs (fewest with no state of the path repeated)
    /// plus, in the last, at least the path and at most every state within the bound.
    fn ida(space: &Space) -> Reference {
        let keep = |_: &mut Vec<Succ>, _: State| {};
        let parent = ida_run(
            space,
            Pruning::Parent,
            false,
            &keep,
            IDA_REFERENCE_EXPANSIONS,
        );
        let path = ida_run(space, Pruning::Path, true, &keep, IDA_REFERENCE_EXPANSIONS);
        let found = parent.path.as_ref().map(|p| {
            let cost: u64 = p
                .windows(2)
                .map(|w| space.step_cost(w[0], w[1]).unwrap_or(0))
                .sum();
            (cost, p.len() as u64 - 1)
        });
        let (min_expansions, max_expansions) = match &path.path {
            Some(p) => (
                path.before_last + (p.len() - 1).max(1),
                parent.before_last + parent.last_full + 1,
            ),
            None => (path.expansions.len(), parent.expansions.len()),
        };
        Reference {
            optimal_cost: found.map(|f| f.0),
            optimal_moves: found.filter(|_| space.unit_costs()).map(|f| f.1),
            reachable: 0,
            min_expansions,
            max_expansions: max_expansions.max(min_expansions),
        }
    }
}

/// Expansions a reference IDA* makes at most (an unsolvable case deepens for ever).
const IDA_REFERENCE_EXPANSIONS: usize = 50_000_000;

/// Least cost from the start to every reachable state, each move costing `weight(successor)`.
fn dijkstra(space: &Space, weight: impl Fn(&Succ) -> u64) -> HashMap<State, u64> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut dist: HashMap<State, u64> = HashMap::new();
    let mut heap = BinaryHeap::new();
    let start = space.start();
    dist.insert(start, 0);
    heap.push(Reverse((0u64, start)));
    let mut succ = Vec::new();
    while let Some(Reverse((d, s))) = heap.pop() {
        if dist.get(&s).is_some_and(|&best| best < d) {
            continue;
        }
        if dist.len() > REFERENCE_STATES {
            break;
        }
        space.successors(s, &mut succ);
        for next in &succ {
            let nd = d + weight(next);
            if dist.get(&next.state).is_none_or(|&old| nd < old) {
                dist.insert(next.state, nd);
                heap.push(Reverse((nd, next.state)));
            }
        }
    }
    dist
}

/// How a reference run breaks ties (and, for depth-first, orders successors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TiePolicy {
    /// The first generated of the tied states.
    Fifo,
    /// The last generated.
    Lifo,
    /// The one with the larger g (A*'s common choice: deeper first).
    LargerG,
    /// A random one, from a seed (and, for depth-first, successors in a shuffled order).
    Shuffled(u64),
    /// Breadth-first testing goals when it generates them (it stops one layer early).
    EarlyGoalTest,
}

impl TiePolicy {
    /// The policies the reference range is taken over.
    pub const ALL: [TiePolicy; 5] = [
        TiePolicy::Fifo,
        TiePolicy::Lifo,
        TiePolicy::LargerG,
        TiePolicy::Shuffled(1),
        TiePolicy::EarlyGoalTest,
    ];
}

/// A reference run: what the program prints (its expansions and its answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub expansions: Vec<State>,
    pub answer: Answer,
}

/// Runs `search` in `space` as a correct program would, breaking ties by `policy`. The
/// checker accepts every such run (the property tests hold it to that).
pub fn reference_run(space: &Space, search: Search, policy: TiePolicy) -> Run {
    match search {
        Search::Dfs | Search::DfsRule => depth_first_run(space, search, policy),
        Search::IdaStar => ida_reference_run(space, policy),
        _ => best_first_run(space, search, policy),
    }
}

/// IDA* under a tie policy: successors in the task's order (FIFO), reversed (LIFO), shuffled;
/// never straight back to the parent, or (larger g first) no state of the path repeated; the
/// early goal test.
fn ida_reference_run(space: &Space, policy: TiePolicy) -> Run {
    let order = move |list: &mut Vec<Succ>, at: State| match policy {
        TiePolicy::Lifo => list.reverse(),
        TiePolicy::Shuffled(seed) => list.sort_by_key(|s| mix(seed ^ at, s.state)),
        _ => {}
    };
    let pruning = if policy == TiePolicy::LargerG {
        Pruning::Path
    } else {
        Pruning::Parent
    };
    let IdaRun {
        expansions, path, ..
    } = ida_run(
        space,
        pruning,
        policy == TiePolicy::EarlyGoalTest,
        &order,
        IDA_REFERENCE_EXPANSIONS,
    );
    Run {
        expansions,
        answer: path.map_or(Answer::Fail, Answer::Path),
    }
}

fn mix(seed: u64, x: u64) -> u64 {
    let mut z = seed ^ x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^ (z >> 27)
}

fn best_first_run(space: &Space, search: Search, policy: TiePolicy) -> Run {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let start = space.start();
    let mut g: HashMap<State, u64> = HashMap::new();
    let mut depth: HashMap<State, u64> = HashMap::new();
    let mut parent: HashMap<State, State> = HashMap::new();
    let mut closed: HashSet<State> = HashSet::new();
    let mut heap = BinaryHeap::new();
    let mut counter: u64 = 0;
    let key = |s: State, g: u64, d: u64| match search {
        Search::Bfs => d,
        Search::Ucs => g,
        Search::Astar => g + space.h(s),
        _ => space.h(s),
    };
    let tie = |counter: u64, g: u64, s: State| -> i128 {
        match policy {
            TiePolicy::Fifo | TiePolicy::EarlyGoalTest => i128::from(counter),
            TiePolicy::Lifo => -i128::from(counter),
            TiePolicy::LargerG => -(i128::from(g) << 40) + i128::from(counter),
            TiePolicy::Shuffled(seed) => i128::from(mix(seed, s)),
        }
    };
    g.insert(start, 0);
    depth.insert(start, 0);
    heap.push(Reverse((key(start, 0, 0), tie(0, 0, start), start, 0u64)));
    let mut expansions = Vec::new();
    let mut succ = Vec::new();
    let path_to = |parent: &HashMap<State, State>, mut s: State| {
        let mut path = vec![s];
        while let Some(&p) = parent.get(&s) {
            path.push(p);
            s = p;
        }
        path.reverse();
        path
    };
    if policy == TiePolicy::EarlyGoalTest && search == Search::Bfs && space.is_goal(start) {
        return Run {
            expansions: vec![start],
            answer: Answer::Path(vec![start]),
        };
    }
    while let Some(Reverse((_, _, s, gs))) = heap.pop() {
        if closed.contains(&s) || g.get(&s).is_some_and(|&best| best < gs) {
            continue;
        }
        closed.insert(s);
        expansions.push(s);
        if space.is_goal(s) {
            return Run {
                expansions,
                answer: Answer::Path(path_to(&parent, s)),
            };
        }
        space.successors(s, &mut succ);
        for next in &succ {
            if closed.contains(&next.state) {
                continue;
            }
            let ng = gs + next.cost;
            let seen = g.contains_key(&next.state);
            // breadth-first and greedy keep a state's first key; the cost-driven ones lower g
            let better =
                !seen || (matches!(search, Search::Ucs | Search::Astar) && ng < g[&next.state]);
            if !better {
                continue;
            }
            let d = depth[&s] + 1;
            g.insert(next.state, ng);
            if !seen {
                depth.insert(next.state, d);
            }
            parent.insert(next.state, s);
            if policy == TiePolicy::EarlyGoalTest
                && search == Search::Bfs
                && space.is_goal(next.state)
            {
                return Run {
                    expansions,
                    answer: Answer::Path(path_to(&parent, next.state)),
                };
            }
            counter += 1;
            heap.push(Reverse((
                key(next.state, ng, depth[&next.state]),
                tie(counter, ng, next.state),
                next.state,
                ng,
            )));
        }
    }
    Run {
        expansions,
        answer: Answer::Fail,
    }
}

fn depth_first_run(space: &Space, search: Search, policy: TiePolicy) -> Run {
    let start = space.start();
    let mut closed: HashSet<State> = HashSet::new();
    let mut expansions = Vec::new();
    let order = |list: &mut Vec<Succ>, at: State| match policy {
        _ if search == Search::DfsRule => {}
        TiePolicy::Lifo => list.reverse(),
        TiePolicy::Shuffled(seed) => list.sort_by_key(|s| mix(seed ^ at, s.state)),
        _ => {}
    };
    // Fifo, LargerG, Shuffled: the recursive form; Lifo and the early goal test: the
    // OPEN-stack form that pushes states in neither OPEN nor CLOSED
    let stack_form =
        search == Search::Dfs && matches!(policy, TiePolicy::Lifo | TiePolicy::EarlyGoalTest);
    if stack_form {
        // parents instead of paths: a path copied per push would be quadratic
        let mut open: Vec<State> = vec![start];
        let mut parent: HashMap<State, State> = HashMap::new();
        let mut in_open: HashSet<State> = HashSet::from([start]);
        let mut succ = Vec::new();
        while let Some(s) = open.pop() {
            in_open.remove(&s);
            closed.insert(s);
            expansions.push(s);
            if space.is_goal(s) {
                let mut path = vec![s];
                while let Some(&p) = parent.get(path.last().expect("not empty")) {
                    path.push(p);
                }
                path.reverse();
                return Run {
                    expansions,
                    answer: Answer::Path(path),
                };
            }
            space.successors(s, &mut succ);
            order(&mut succ, s);
            // pushed in reverse so that the first successor is on top
            for next in succ.iter().rev() {
                if !closed.contains(&next.state) && !in_open.contains(&next.state) {
                    in_open.insert(next.state);
                    parent.insert(next.state, s);
                    open.push(next.state);
                }
            }
        }
        return Run {
            expansions,
            answer: Answer::Fail,
        };
    }
    let mut branch: Vec<State> = vec![start];
    closed.insert(start);
    expansions.push(start);
    if space.is_goal(start) {
        return Run {
            expansions,
            answer: Answer::Path(branch),
        };
    }
    let mut succ = Vec::new();
    while let Some(&top) = branch.last() {
        space.successors(top, &mut succ);
        order(&mut succ, top);
        match succ.iter().find(|x| !closed.contains(&x.state)) {
            Some(next) => {
                closed.insert(next.state);
                expansions.push(next.state);
                branch.push(next.state);
                if space.is_goal(next.state) {
                    return Run {
                        expansions,
                        answer: Answer::Path(branch),
                    };
                }
            }
            None => {
                branch.pop();
            }
        }
    }
    Run {
        expansions,
        answer: Answer::Fail,
    }
}

/// Judges a whole recorded run: every expansion, then the answer.
pub fn judge_run(
    space: &Space,
    search: Search,
    expansions: &[(State, Reported)],
    answer: &Answer,
    reference: &Reference,
) -> (usize, Result<Option<PathCost>, Violation>) {
    let mut judge = Judge::new(space, search);
    for &(s, reported) in expansions {
        if let Err(v) = judge.expand(s, reported) {
            return (judge.expansions(), Err(v));
        }
    }
    let result = judge.finish(answer, reference);
    (judge.expansions(), result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lab::task::{Task, task, tasks};
    use crate::core::maze::solve::{ShortestAlgo, dfs_rule, shortest};
    use crate::core::trace::{Event, Trace};

    fn plain(run: &[State]) -> Vec<(State, Reported)> {
        run.iter().map(|&s| (s, Reported::default())).collect()
    }

    fn judged(task: &Task, n: usize, run: &Run) -> (usize, Result<Option<PathCost>, Violation>) {
        let case = task.case(n).unwrap();
        let reference = Reference::new(&case.space, case.search);
        judge_run(
            &case.space,
            case.search,
            &plain(&run.expansions),
            &run.answer,
            &reference,
        )
    }

    #[test]
    fn fail_is_right_only_once_the_frontier_is_empty() {
        // the classic maze with its exit walled in: each search's whole run ends with fail;
        // cut short, its fail leaves states it could still take
        for (name, search) in [
            ("maze-bfs", Search::Bfs),
            ("maze-dfs", Search::Dfs),
            ("explore-dfs", Search::DfsRule),
            ("maze-ucs", Search::Ucs),
            ("maze-astar", Search::Astar),
            ("maze-astar", Search::Greedy),
            ("maze-astar", Search::IdaStar),
        ] {
            let case = task(name).unwrap().case(5).unwrap();
            let reference = Reference::new(&case.space, search);
            assert_eq!(reference.optimal_cost, None, "{name}");
            // IDA* without a pruned path goes round the maze's loops for ever
            let policy = if search == Search::IdaStar {
                TiePolicy::LargerG
            } else {
                TiePolicy::Fifo
            };
            let run = reference_run(&case.space, search, policy);
            assert_eq!(run.answer, Answer::Fail, "{search:?}");
            let full = plain(&run.expansions);
            let judged = |cut: usize| {
                judge_run(&case.space, search, &full[..cut], &Answer::Fail, &reference).1
            };
            assert!(judged(full.len()).is_ok(), "{search:?}: the whole run");
            // no search at all: the program's own test (the 8-puzzle's parity) decided
            assert!(judged(0).is_ok(), "{search:?}: fail before any expansion");
            for cut in [1, 2, full.len() / 2, full.len() - 1] {
                let v = judged(cut).expect_err("fail before the frontier is empty");
                assert_eq!((v.verdict, v.step), (Verdict::Wa, 0), "{search:?} at {cut}");
                let say = v.say.english();
                assert!(say.contains("fail only once"), "{search:?} at {cut}: {say}");
                assert!(v.expected.is_some(), "{search:?} at {cut}: {say}");
            }
        }
    }

    #[test]
    fn an_edge_given_twice_is_one_successor() {
        // a lab file that lists an undirected edge both ways, and a costlier second road: B is
        // one successor of A, at the cheaper cost, so IDA*'s iteration at bound 1 is A then B
        let task = crate::core::lab::parse_lab_file(
            r#"{"name":"x","search":"idastar","cases":[{"edges":[["A","B",1],["B","A",1],["A","B",4],["C","D",1]],"start":"A","goal":"D"}]}"#,
        )
        .unwrap();
        let case = task.case(1).unwrap();
        let Space::Graph(graph) = &case.space else {
            panic!("a graph")
        };
        let (a, b) = (
            graph.node("A").unwrap() as State,
            graph.node("B").unwrap() as State,
        );
        assert_eq!(graph.next[a as usize], vec![(b as usize, 1)]);
        let reference = Reference::new(&case.space, Search::IdaStar);
        for search in [Search::IdaStar, Search::Dfs, Search::Bfs] {
            let run = if search == Search::IdaStar {
                vec![a, a, b]
            } else {
                vec![a, b]
            };
            let (_, result) =
                judge_run(&case.space, search, &plain(&run), &Answer::Fail, &reference);
            assert!(
                result.is_ok(),
                "{search:?}: {:?}",
                result.map_err(|v| v.say.english())
            );
        }
    }

    #[test]
    fn every_reference_run_under_every_tie_policy_is_accepted() {
        for task in tasks().into_iter().filter(|t| t.search.expands()) {
            for n in 1..=task.cases() {
                let case = task.case(n).unwrap();
                let reference = Reference::new(&case.space, case.search);
                for policy in TiePolicy::ALL.into_iter().chain([TiePolicy::Shuffled(7)]) {
                    let run = reference_run(&case.space, case.search, policy);
                    let (count, result) = judge_run(
                        &case.space,
                        case.search,
                        &plain(&run.expansions),
                        &run.answer,
                        &reference,
                    );
                    assert!(
                        result.is_ok(),
                        "{} case {n} {policy:?}: {:?}",
                        task.name,
                        result.map_err(|v| (v.step, v.say.english()))
                    );
                    assert!(
                        (reference.min_expansions..=reference.max_expansions).contains(&count),
                        "{} case {n} {policy:?}: {count} outside {}–{}",
                        task.name,
                        reference.min_expansions,
                        reference.max_expansions
                    );
                }
            }
        }
    }

    #[test]
    fn ida_star_is_judged_on_its_branch_and_bound() {
        let task = task("slide-idastar").unwrap();
        let case = task.case(3).unwrap();
        let reference = Reference::new(&case.space, case.search);
        let judge = |run: &[State], answer: &Answer| {
            judge_run(&case.space, case.search, &plain(run), answer, &reference)
        };
        let right = reference_run(&case.space, Search::IdaStar, TiePolicy::Fifo);
        assert!(judge(&right.expansions, &right.answer).1.is_ok());

        // a search that backtracks past a state it never searched: the step after is wrong,
        // and the state left out is the one expected
        let mut succ = Vec::new();
        let leaf = (1..right.expansions.len() - 1)
            .find(|&i| {
                case.space.successors(right.expansions[i], &mut succ);
                !succ.iter().any(|x| x.state == right.expansions[i + 1])
            })
            .expect("a state IDA* backtracks from");
        let mut skipped = right.expansions.clone();
        let left_out = skipped.remove(leaf);
        let (_, result) = judge(&skipped, &right.answer);
        let v = result.expect_err("a state within the bound left out");
        assert_eq!((v.verdict, v.step), (Verdict::WrongOrder, leaf + 1));
        assert_eq!(v.expected, Some(left_out));

        // iterative deepening without h, sold as IDA*: its first bound is 0, so it starts
        // again while the start's successors within h(start) wait
        let Space::Slide(slide) = &case.space else {
            panic!("a puzzle")
        };
        let blind = Space::Slide(Box::new(crate::core::lab::space::SlideSpace {
            heuristic: None,
            ..**slide
        }));
        let deepening = reference_run(&blind, Search::IdaStar, TiePolicy::Fifo);
        let (_, result) = judge(&deepening.expansions, &deepening.answer);
        let v = result.expect_err("not IDA*");
        assert_eq!((v.verdict, v.step), (Verdict::WrongOrder, 2));
        assert!(
            v.say.english().contains("new iteration"),
            "{}",
            v.say.english()
        );

        // a state past the bound taken: the f it has and the bound are named
        let start = case.space.start();
        case.space.successors(start, &mut succ);
        let bound = case.space.h(start);
        if let Some(over) = succ.iter().find(|x| 1 + case.space.h(x.state) > bound) {
            let (_, result) = judge(&[start, over.state], &right.answer);
            let v = result.expect_err("above the bound");
            assert_eq!((v.verdict, v.step), (Verdict::WrongOrder, 2));
            assert!(v.say.english().contains("above this iteration's bound"));
        }
    }

    #[test]
    fn the_games_own_maze_solvers_are_accepted() {
        for (name, algo) in [
            ("maze-bfs", ShortestAlgo::Bfs),
            ("maze-astar", ShortestAlgo::AStar),
        ] {
            let task = task(name).unwrap();
            for n in 1..=task.cases() {
                let Space::Maze(space) = task.case(n).unwrap().space else {
                    panic!("a maze")
                };
                let mut maze = crate::core::maze::Maze::new(space.width, space.height);
                for (i, &c) in space.cost.iter().enumerate() {
                    let pos = maze.grid().pos(i);
                    let cell = if i == space.start {
                        crate::core::maze::Cell::Entry
                    } else if Some(i) == space.goal {
                        crate::core::maze::Cell::Exit
                    } else if c > 0 {
                        crate::core::maze::Cell::Path
                    } else {
                        crate::core::maze::Cell::Wall
                    };
                    maze.set(pos, cell);
                }
                let mut trace = Trace::new();
                let answer = shortest(&maze, algo, &mut trace).unwrap();
                let index = |p: crate::core::grid::Pos| maze.grid().index(p).unwrap() as State;
                let expansions: Vec<State> = trace
                    .events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Expand(p) => Some(index(*p)),
                        _ => None,
                    })
                    .collect();
                let run = Run {
                    expansions,
                    answer: if answer.found {
                        Answer::Path(answer.path.iter().map(|&p| index(p)).collect())
                    } else {
                        Answer::Fail
                    },
                };
                let (_, result) = judged(&task, n, &run);
                assert!(result.is_ok(), "{name} case {n}: {result:?}");
            }
        }
        // the Explore ball: the cells it enters, in order
        let task = task("explore-dfs").unwrap();
        let case = task.case(1).unwrap();
        let walk = dfs_rule(&crate::core::maze::classic::classic()).unwrap();
        let expansions: Vec<State> = walk
            .trace
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Enter(p) => Some((p.row * 8 + p.col) as State),
                _ => None,
            })
            .collect();
        let path = walk
            .path
            .iter()
            .map(|p| (p.row * 8 + p.col) as State)
            .collect();
        let reference = Reference::new(&case.space, case.search);
        let (_, result) = judge_run(
            &case.space,
            case.search,
            &plain(&expansions),
            &Answer::Path(path),
            &reference,
        );
        assert!(result.is_ok(), "{result:?}");
    }

    #[test]
    fn two_expansions_swapped_across_keys_are_the_wrong_order_at_that_step() {
        let (mut checked, mut mazes) = (0, 0);
        for task in tasks() {
            for n in 1..=task.cases() {
                let case = task.case(n).unwrap();
                let run = reference_run(&case.space, case.search, TiePolicy::Fifo);
                let mut judge = Judge::new(&case.space, case.search);
                let e = &run.expansions;
                // the first few hundred steps: the frontier is copied at each one
                for i in 0..e.len().saturating_sub(1).min(300) {
                    // the later one was waiting in the frontier with a worse key, or (depth
                    // first) is not a successor of the branch's top
                    let frontier = judge.frontier();
                    let waiting = frontier.iter().any(|f| f.0 == e[i + 1]);
                    let key = |s: State| {
                        frontier
                            .iter()
                            .find(|f| f.0 == s)
                            .map(|&(_, g, h)| match case.search {
                                // breadth-first's key is the depth, g on unit costs
                                Search::Bfs | Search::Ucs => g,
                                Search::Astar => g + h,
                                Search::Greedy => h,
                                _ => 0,
                            })
                    };
                    let keyed = match case.search {
                        Search::Bfs => case.space.unit_costs(),
                        search => matches!(search, Search::Ucs | Search::Astar | Search::Greedy),
                    };
                    let across = keyed && key(e[i + 1]) > key(e[i]);
                    if waiting && across && i > 0 {
                        let mut swapped = e.clone();
                        swapped.swap(i, i + 1);
                        let reference = Reference::new(&case.space, case.search);
                        let (_, result) = judge_run(
                            &case.space,
                            case.search,
                            &plain(&swapped),
                            &run.answer,
                            &reference,
                        );
                        let v = result.expect_err("a swap across keys");
                        assert_eq!(v.verdict, Verdict::WrongOrder, "{} {n}", task.name);
                        assert_eq!(v.step, i + 1, "{} {n}", task.name);
                        let expected = v.expected.expect("the state to take");
                        assert_eq!(key(expected), key(e[i]), "{} {n}", task.name);
                        checked += 1;
                        mazes += usize::from(
                            case.search == Search::Bfs && matches!(case.space, Space::Maze(_)),
                        );
                        break;
                    }
                    judge.expand(e[i], Reported::default()).unwrap();
                }
            }
        }
        assert!(checked >= 10, "{checked} swaps checked");
        assert!(mazes >= 3, "{mazes} breadth-first mazes checked");
    }

    #[test]
    fn breadth_first_with_a_stack_and_greedy_sold_as_astar_are_caught() {
        // breadth-first with a stack on the open room: it goes deep at once
        let bfs = task("maze-bfs").unwrap();
        let case = bfs.case(4).unwrap();
        let dfs_like = reference_run(&case.space, Search::Dfs, TiePolicy::Fifo);
        let (_, result) = judged(&bfs, 4, &dfs_like);
        let v = result.unwrap_err();
        assert_eq!(v.verdict, Verdict::WrongOrder);
        assert!(
            v.say
                .english()
                .starts_with("breadth-first takes the shallowest"),
            "{}",
            v.say.english()
        );
        // greedy on Romania goes Sibiu, Fagaras, Bucharest: A* takes Rimnicu Vilcea after Sibiu
        let astar = task("graph-astar").unwrap();
        let case = astar.case(1).unwrap();
        let greedy = reference_run(&case.space, Search::Greedy, TiePolicy::Fifo);
        let names: Vec<String> = greedy
            .expansions
            .iter()
            .map(|&s| case.space.show(s))
            .collect();
        assert_eq!(names, ["Arad", "Sibiu", "Fagaras", "Bucharest"]);
        let (_, result) = judged(&astar, 1, &greedy);
        let v = result.unwrap_err();
        assert_eq!((v.verdict, v.step), (Verdict::WrongOrder, 3));
        assert_eq!(
            v.say.english(),
            "A* takes the lowest f: Rimnicu_Vilcea has f = 413, you took Fagaras with f = 415"
        );
        assert_eq!(
            v.expected.map(|s| case.space.show(s)).as_deref(),
            Some("Rimnicu_Vilcea")
        );
        // the A* path is Arad, Sibiu, Rimnicu Vilcea, Pitesti, Bucharest: 418
        let run = reference_run(&case.space, Search::Astar, TiePolicy::Fifo);
        assert_eq!(judged(&astar, 1, &run).1.unwrap().unwrap().cost, 418);
    }

    #[test]
    fn breadth_first_sold_as_depth_first_is_caught() {
        let dfs = task("maze-dfs").unwrap();
        let case = dfs.case(4).unwrap();
        let bfs_like = reference_run(&case.space, Search::Bfs, TiePolicy::Fifo);
        let (count, result) = judged(&dfs, 4, &bfs_like);
        let v = result.unwrap_err();
        assert_eq!(v.verdict, Verdict::WrongOrder);
        assert_eq!(v.step, count + 1);
        assert!(
            v.say
                .english()
                .starts_with("depth-first takes the newest state"),
            "{}",
            v.say.english()
        );
    }

    #[test]
    fn answers_are_judged() {
        let bfs = task("maze-bfs").unwrap();
        let case = bfs.case(1).unwrap();
        let reference = Reference::new(&case.space, case.search);
        let run = reference_run(&case.space, case.search, TiePolicy::Fifo);
        let check = |answer: Answer| {
            judge_run(
                &case.space,
                case.search,
                &plain(&run.expansions),
                &answer,
                &reference,
            )
            .1
            .map_err(|v| (v.verdict, v.say.english()))
        };
        let Answer::Path(path) = run.answer.clone() else {
            panic!("solvable")
        };
        assert!(check(Answer::Path(path.clone())).is_ok());
        // a wrong fail, a path through a wall, one that stops short, one from elsewhere
        assert_eq!(check(Answer::Fail).unwrap_err().0, Verdict::Wa);
        let mut through_wall = path.clone();
        through_wall.insert(1, 0);
        let (verdict, say) = check(Answer::Path(through_wall)).unwrap_err();
        assert_eq!(verdict, Verdict::Wa);
        assert!(say.contains("is a wall"), "{say}");
        let short = path[..path.len() - 1].to_vec();
        assert!(
            check(Answer::Path(short))
                .unwrap_err()
                .1
                .contains("not a goal")
        );
        assert!(
            check(Answer::Path(path[1..].to_vec()))
                .unwrap_err()
                .1
                .contains("starts at")
        );
        assert!(
            check(Answer::Moves(vec!["jump".into()]))
                .unwrap_err()
                .1
                .contains("not a move")
        );
        // a longer legal path: there and back once
        let mut longer = path.clone();
        longer.insert(1, path[1]);
        longer.insert(1, path[0]);
        assert!(check(Answer::Path(longer)).is_err());
        // the unsolvable case: fail is right
        let case5 = bfs.case(5).unwrap();
        let reference5 = Reference::new(&case5.space, case5.search);
        assert_eq!(reference5.optimal_cost, None);
        let run5 = reference_run(&case5.space, case5.search, TiePolicy::Fifo);
        assert_eq!(run5.answer, Answer::Fail);
        assert!(
            judge_run(
                &case5.space,
                case5.search,
                &plain(&run5.expansions),
                &Answer::Fail,
                &reference5
            )
            .1
            .is_ok()
        );
    }

    #[test]
    fn expansions_out_of_the_rules_are_named() {
        let bfs = task("maze-bfs").unwrap();
        let case = bfs.case(1).unwrap();
        let space = &case.space;
        let mut judge = Judge::new(space, case.search);
        // a wall, then the start twice, then a cell nobody reached
        assert!(
            judge
                .expand(0, Reported::default())
                .unwrap_err()
                .say
                .english()
                .contains("wall")
        );
        let mut judge = Judge::new(space, case.search);
        let start = space.start();
        judge
            .expand(
                start,
                Reported {
                    g: Some(0),
                    h: None,
                    f: None,
                },
            )
            .unwrap();
        let v = judge.expand(start, Reported::default()).unwrap_err();
        assert_eq!(v.verdict, Verdict::WrongOrder);
        assert!(v.say.english().contains("already expanded at step 1"));
        let mut judge = Judge::new(space, case.search);
        let far = space.goals()[0];
        let v = judge.expand(far, Reported::default()).unwrap_err();
        assert!(v.say.english().contains("expands the start"));
        let mut judge = Judge::new(space, case.search);
        judge.expand(start, Reported::default()).unwrap();
        let v = judge.expand(far, Reported::default()).unwrap_err();
        assert!(
            v.say.english().contains("cannot be reached yet"),
            "{}",
            v.say.english()
        );
        // a reported g or h that is not true
        let astar = task("maze-astar").unwrap();
        let case = astar.case(1).unwrap();
        let mut judge = Judge::new(&case.space, case.search);
        let v = judge
            .expand(
                case.space.start(),
                Reported {
                    g: None,
                    h: Some(99),
                    f: None,
                },
            )
            .unwrap_err();
        assert!(
            v.say.english().contains("the task's h is"),
            "{}",
            v.say.english()
        );
    }

    #[test]
    fn a_search_without_h_is_judged_with_h_zero() {
        // graph-ucs's problem says h none, though Romania has its straight-line distances:
        // a uniform-cost search that reports h = 0 and f = g is right, one that reports the
        // distance to Bucharest is not; on graph-astar it is the other way round
        for (name, h, right) in [
            ("graph-ucs", 0, true),
            ("graph-ucs", 366, false),
            ("graph-bfs", 0, true),
            ("graph-astar", 366, true),
            ("graph-astar", 0, false),
        ] {
            let task = task(name).unwrap();
            let case = task.case(1).unwrap();
            let mut judge = Judge::new(&case.space, case.search);
            let said = Reported {
                g: Some(0),
                h: Some(h),
                f: Some(h),
            };
            let result = judge.expand(case.space.start(), said);
            assert_eq!(result.is_ok(), right, "{name}, h = {h}: {result:?}");
        }
    }
}
