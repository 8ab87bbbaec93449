//! A student's run as the Lab screen shows it: every accepted expansion with what it did to
//! the frontier (the states it put there, the ones it gave a cheaper way), recorded once by
//! replaying the run through the judge ([`Film::record`]); a [`Reel`] then stands at any step,
//! forwards and back, with the student's own OPEN list (best first, as the algorithm keeps
//! it) and CLOSED set — the views Learn gives the built-in solvers.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::check::{Judge, Reported, Violation};
use serde::{Deserialize, Serialize};

use super::space::{Space, State, Succ};
use super::task::Search;

/// A frontier entry: the state, its g and the algorithm's key when it stood there, and its
/// place in the order things were generated (the tie the views break by).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub state: State,
    pub g: u64,
    pub key: u64,
    pub seq: u64,
}

/// One accepted expansion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The state expanded, as it stood on the frontier when taken.
    pub taken: Entry,
    /// The states it put on the frontier.
    pub added: Vec<Entry>,
    /// The frontier states it gave a cheaper way: before and after.
    pub lowered: Vec<(Entry, Entry)>,
    /// IDA*: where on the branch the state was taken (IDA* keeps a branch, not a frontier).
    #[serde(default)]
    pub ida: Option<IdaStep>,
}

/// Where an IDA* expansion stands: its iteration's bound and the taken state's depth on the
/// branch (0: the start, a new iteration).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdaStep {
    pub bound: u64,
    pub depth: usize,
}

/// IDA*'s view at one step, in place of OPEN: the bound, the branch from the start to the
/// state taken, and the states still to be searched below the branch (within the bound, not
/// yet searched in this iteration), deepest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IdaView {
    pub bound: u64,
    /// The branch, the start first: (state, g).
    pub branch: Vec<(State, u64)>,
    /// (state, g), deepest first.
    pub waiting: Vec<(State, u64)>,
}

/// A judged run, expansion by expansion.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Film {
    pub search: Search,
    /// The start, on the frontier before the first expansion.
    pub start: Entry,
    pub frames: Vec<Frame>,
    /// The first violation: it happened on the expansion after the last frame (or, at step
    /// 0, in the answer).
    pub violation: Option<Violation>,
}

impl Film {
    /// Replays `expansions` (every one the judge accepted) in `space` and records each one's
    /// effect on the frontier. Stops at an expansion the judge does not accept (none, when
    /// they come from a judged run).
    pub fn record(
        space: &Space,
        search: Search,
        expansions: &[State],
        violation: Option<Violation>,
    ) -> Film {
        let mut judge = Judge::new(space, search);
        let start = space.start();
        let start = Entry {
            state: start,
            g: 0,
            key: judge.standing(start).map_or(0, |s| s.key),
            seq: 0,
        };
        let mut open: HashMap<State, Entry> = HashMap::from([(start.state, start)]);
        let mut seq = 1;
        let mut succ: Vec<Succ> = Vec::new();
        let mut frames = Vec::with_capacity(expansions.len());
        // IDA* keeps a path, not a frontier: its frames only name the state
        let keeps_open = search != Search::IdaStar;
        for &s in expansions {
            let before = judge.standing(s);
            if judge.expand(s, Reported::default()).is_err() {
                break;
            }
            let mut taken = open.remove(&s).unwrap_or(Entry {
                state: s,
                g: judge.standing(s).map_or(0, |x| x.g),
                key: before.map_or(0, |x| x.key),
                seq: 0,
            });
            let ida = judge.ida_top().map(|(bound, depth, g)| {
                // the g on this branch (the table keeps a state's first)
                taken.g = g;
                taken.key = g + space.h(s);
                IdaStep { bound, depth }
            });
            let mut frame = Frame {
                taken,
                added: Vec::new(),
                lowered: Vec::new(),
                ida,
            };
            if keeps_open {
                succ.clear();
                space.successors(s, &mut succ);
                for next in &succ {
                    let Some(now) = judge.standing(next.state).filter(|x| x.frontier) else {
                        continue;
                    };
                    match open.get_mut(&next.state) {
                        None => {
                            let entry = Entry {
                                state: next.state,
                                g: now.g,
                                key: now.key,
                                seq,
                            };
                            seq += 1;
                            open.insert(next.state, entry);
                            frame.added.push(entry);
                        }
                        Some(old) if old.g != now.g || old.key != now.key => {
                            let before = *old;
                            old.g = now.g;
                            old.key = now.key;
                            frame.lowered.push((before, *old));
                        }
                        Some(_) => {}
                    }
                }
            }
            frames.push(frame);
        }
        Film {
            search,
            start,
            frames,
            violation,
        }
    }
}

/// A film standing at one step: how many expansions are shown, the frontier and the closed
/// states after them.
#[derive(Clone, Debug)]
pub struct Reel {
    film: Film,
    shown: usize,
    open: HashMap<State, Entry>,
    /// The frontier in the algorithm's order: (key, tie, state), best first.
    order: BTreeSet<(u64, i64, State)>,
    closed: HashSet<State>,
    /// Each state reached: the state whose expansion put it on the frontier last (or last gave
    /// it a cheaper way), after the expansions shown.
    parent: HashMap<State, State>,
    /// Per expansion shown, the parents it replaced (`None`: the state had none), to step back.
    replaced: Vec<Vec<(State, Option<State>)>>,
}

impl Reel {
    /// The film before its first expansion: the start alone on the frontier.
    pub fn new(film: Film) -> Reel {
        let mut reel = Reel {
            shown: 0,
            open: HashMap::new(),
            order: BTreeSet::new(),
            closed: HashSet::new(),
            parent: HashMap::new(),
            replaced: Vec::new(),
            film,
        };
        let start = reel.film.start;
        reel.push(start);
        reel
    }

    /// The film.
    pub fn film(&self) -> &Film {
        &self.film
    }

    /// How many expansions the film holds.
    pub fn len(&self) -> usize {
        self.film.frames.len()
    }

    /// True when the film holds no expansion.
    pub fn is_empty(&self) -> bool {
        self.film.frames.is_empty()
    }

    /// How many expansions are shown.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// True when every expansion is shown.
    pub fn at_end(&self) -> bool {
        self.shown == self.len()
    }

    /// The last expansion shown.
    pub fn current(&self) -> Option<&Frame> {
        self.shown.checked_sub(1).map(|i| &self.film.frames[i])
    }

    /// The violation, once the film is shown to its end.
    pub fn violation(&self) -> Option<&Violation> {
        self.film.violation.as_ref().filter(|_| self.at_end())
    }

    fn tie(&self, entry: &Entry) -> i64 {
        let seq = entry.seq as i64;
        // depth-first takes the newest
        if matches!(self.film.search, Search::Dfs | Search::DfsRule) {
            -seq
        } else {
            seq
        }
    }

    fn push(&mut self, entry: Entry) {
        self.order
            .insert((entry.key, self.tie(&entry), entry.state));
        self.open.insert(entry.state, entry);
    }

    fn pull(&mut self, state: State) {
        if let Some(entry) = self.open.remove(&state) {
            self.order.remove(&(entry.key, self.tie(&entry), state));
        }
    }

    /// Shows one more expansion; false at the end.
    pub fn forward(&mut self) -> bool {
        let Some(frame) = self.film.frames.get(self.shown).cloned() else {
            return false;
        };
        self.pull(frame.taken.state);
        self.closed.insert(frame.taken.state);
        for &entry in &frame.added {
            self.push(entry);
        }
        for &(before, after) in &frame.lowered {
            self.pull(before.state);
            self.push(after);
        }
        let from = frame.taken.state;
        let replaced = frame
            .added
            .iter()
            .chain(frame.lowered.iter().map(|(_, after)| after))
            .map(|e| (e.state, self.parent.insert(e.state, from)))
            .collect();
        self.replaced.push(replaced);
        self.shown += 1;
        true
    }

    /// Shows one expansion fewer; false before the first.
    pub fn back(&mut self) -> bool {
        let Some(i) = self.shown.checked_sub(1) else {
            return false;
        };
        let frame = self.film.frames[i].clone();
        for (state, parent) in self.replaced.pop().unwrap_or_default().into_iter().rev() {
            match parent {
                Some(p) => self.parent.insert(state, p),
                None => self.parent.remove(&state),
            };
        }
        for &(before, after) in frame.lowered.iter().rev() {
            self.pull(after.state);
            self.push(before);
        }
        for entry in &frame.added {
            self.pull(entry.state);
        }
        self.closed.remove(&frame.taken.state);
        if self.film.search != Search::IdaStar {
            self.push(frame.taken);
        }
        self.shown = i;
        true
    }

    /// Shows the first `n` expansions (at most all of them).
    pub fn go_to(&mut self, n: usize) {
        let n = n.min(self.len());
        while self.shown < n && self.forward() {}
        while self.shown > n && self.back() {}
    }

    /// The frontier, best first (for depth-first: the top of the stack first), at most
    /// `limit` entries.
    pub fn open(&self, limit: usize) -> Vec<Entry> {
        self.order
            .iter()
            .take(limit)
            .map(|&(_, _, s)| self.open[&s])
            .collect()
    }

    /// The way the search reached the state expanded at the step shown: the states from the
    /// start to it, each reached from the one before (the expansion that put it on the frontier
    /// last, or last gave it a cheaper way). For IDA*, its branch. Empty before the first step.
    pub fn branch(&self) -> Vec<State> {
        let shown = &self.film.frames[..self.shown];
        let Some(last) = shown.last() else {
            return Vec::new();
        };
        if last.ida.is_some() {
            // from the iteration's start (the last expansion of the start) on
            let begun = shown
                .iter()
                .rposition(|f| f.ida.is_some_and(|i| i.depth == 0))
                .unwrap_or(0);
            let mut branch = Vec::new();
            for frame in &shown[begun..] {
                branch.truncate(frame.ida.map_or(0, |i| i.depth));
                branch.push(frame.taken.state);
            }
            return branch;
        }
        let mut branch = vec![last.taken.state];
        while let Some(&up) = self.parent.get(branch.last().expect("not empty")) {
            if branch.len() > shown.len() {
                break; // a loop cannot come from a film, but a drawing must not hang on one
            }
            branch.push(up);
        }
        branch.reverse();
        branch
    }

    /// IDA*'s branch and the states still to search below it, after the expansions shown
    /// (`None` for the other searches, and before the first expansion).
    pub fn ida_view(&self, space: &Space) -> Option<IdaView> {
        let shown = &self.film.frames[..self.shown];
        let last = shown.last()?.ida?;
        // the iteration began at the last expansion of the start
        let begun = shown
            .iter()
            .rposition(|f| f.ida.is_some_and(|i| i.depth == 0))?;
        // the branch as it stands, with what each of its states has searched
        let mut branch: Vec<(State, u64, Vec<State>)> = Vec::new();
        for frame in &shown[begun..] {
            let depth = frame.ida.map_or(0, |i| i.depth);
            branch.truncate(depth);
            if let Some(parent) = branch.last_mut() {
                parent.2.push(frame.taken.state);
            }
            branch.push((frame.taken.state, frame.taken.g, Vec::new()));
        }
        let mut waiting = Vec::new();
        let mut succ = Vec::new();
        for k in (0..branch.len()).rev() {
            let (state, g, searched) = &branch[k];
            succ.clear();
            space.successors(*state, &mut succ);
            for next in &succ {
                let g = g + next.cost;
                let back = branch[..=k].iter().any(|b| b.0 == next.state);
                if !back && !searched.contains(&next.state) && g + space.h(next.state) <= last.bound
                {
                    waiting.push((next.state, g));
                }
            }
        }
        Some(IdaView {
            bound: last.bound,
            branch: branch.into_iter().map(|(s, g, _)| (s, g)).collect(),
            waiting,
        })
    }

    /// How many states are on the frontier.
    pub fn open_len(&self) -> usize {
        self.open.len()
    }

    /// How many states are closed.
    pub fn closed_len(&self) -> usize {
        self.closed.len()
    }

    /// True when `s` is on the frontier.
    pub fn is_open(&self, s: State) -> bool {
        self.open.contains_key(&s)
    }

    /// True when `s` was expanded.
    pub fn is_closed(&self, s: State) -> bool {
        self.closed.contains(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lab::check::{TiePolicy, reference_run};
    use crate::core::lab::task::{task, tasks};

    #[test]
    fn a_reel_shows_the_judges_frontier_at_every_step_forwards_and_back() {
        let mut checked = 0;
        for task in tasks() {
            if matches!(
                task.search,
                Search::Heuristic | Search::Agent | Search::IdaStar
            ) {
                continue;
            }
            let case = task.case(1).unwrap();
            let run = reference_run(&case.space, case.search, TiePolicy::Fifo);
            let steps = &run.expansions[..run.expansions.len().min(400)];
            let film = Film::record(&case.space, case.search, steps, None);
            assert_eq!(film.frames.len(), steps.len(), "{}", task.name);
            let mut reel = Reel::new(film);
            let mut judge = Judge::new(&case.space, case.search);
            let mut frontiers = vec![judge.frontier()];
            for &s in steps {
                judge.expand(s, Reported::default()).unwrap();
                frontiers.push(judge.frontier());
            }
            let same = |reel: &Reel, k: usize| {
                let mut mine: Vec<(State, u64)> = reel
                    .open(usize::MAX)
                    .iter()
                    .map(|e| (e.state, e.g))
                    .collect();
                let mut theirs: Vec<(State, u64)> =
                    frontiers[k].iter().map(|&(s, g, _)| (s, g)).collect();
                mine.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(mine, theirs, "{} at step {k}", task.name);
                assert_eq!(reel.closed_len(), k);
                // best first: the first entry is one the algorithm may take next
                if let (Some(first), Some(&next)) = (reel.open(1).first(), steps.get(k)) {
                    let best = reel.open(usize::MAX).iter().map(|e| e.key).min();
                    if !matches!(case.search, Search::Dfs | Search::DfsRule) {
                        assert_eq!(Some(first.key), best, "{} at step {k}", task.name);
                        assert!(reel.is_open(next), "{} at step {k}", task.name);
                    }
                }
            };
            let mut branches = Vec::new();
            for k in 0..=steps.len() {
                same(&reel, k);
                // the way to the state taken: from the start, along edges, costing its g
                let branch = reel.branch();
                branches.push(branch.clone());
                if let Some(frame) = reel.current() {
                    assert_eq!(branch[0], case.space.start(), "{} at step {k}", task.name);
                    assert_eq!(branch.last(), Some(&frame.taken.state));
                    let cost: u64 = branch
                        .windows(2)
                        .map(|w| case.space.step_cost(w[0], w[1]).expect("an edge"))
                        .sum();
                    assert_eq!(cost, frame.taken.g, "{} at step {k}", task.name);
                } else {
                    assert!(branch.is_empty());
                }
                reel.forward();
            }
            assert!(reel.at_end() && !reel.forward());
            for k in (0..steps.len()).rev() {
                assert!(reel.back());
                same(&reel, k);
                assert_eq!(reel.branch(), branches[k], "{} back at step {k}", task.name);
            }
            assert!(!reel.back());
            reel.go_to(steps.len() / 2);
            same(&reel, steps.len() / 2);
            checked += 1;
        }
        assert!(checked >= 12, "{checked} tasks");
    }

    #[test]
    fn idas_view_is_the_judges_branch_and_what_it_may_still_search() {
        let case = task("slide-idastar").unwrap().case(2).unwrap();
        let run = reference_run(&case.space, case.search, TiePolicy::Fifo);
        let film = Film::record(&case.space, case.search, &run.expansions, None);
        let mut reel = Reel::new(film);
        assert_eq!(
            reel.ida_view(&case.space),
            None,
            "before the first expansion"
        );
        let mut judge = Judge::new(&case.space, case.search);
        let mut restarts = 0;
        for (k, &s) in run.expansions.iter().enumerate() {
            judge.expand(s, Reported::default()).unwrap();
            reel.forward();
            let view = reel.ida_view(&case.space).unwrap();
            let (bound, depth, g) = judge.ida_top().unwrap();
            assert_eq!(view.bound, bound, "step {k}");
            assert_eq!(view.branch.len(), depth + 1, "step {k}");
            assert_eq!(view.branch.last(), Some(&(s, g)), "step {k}");
            assert_eq!(view.branch[0], (case.space.start(), 0));
            let states: Vec<State> = view.branch.iter().map(|b| b.0).collect();
            assert_eq!(reel.branch(), states, "step {k}");
            let theirs: Vec<(State, u64)> =
                judge.frontier().iter().map(|&(s, g, _)| (s, g)).collect();
            assert_eq!(view.waiting, theirs, "step {k}");
            restarts += usize::from(depth == 0);
        }
        assert!(restarts > 1, "the case runs more than one iteration");
        // stepping back shows the earlier step's view again
        let end = reel.ida_view(&case.space);
        reel.go_to(3);
        reel.go_to(reel.len());
        assert_eq!(reel.ida_view(&case.space), end);
    }

    #[test]
    fn the_violation_shows_once_the_film_is_at_its_end() {
        let task = task("maze-bfs").unwrap();
        let case = task.case(1).unwrap();
        let run = reference_run(&case.space, case.search, TiePolicy::Fifo);
        let violation = Violation {
            verdict: crate::core::lab::Verdict::WrongOrder,
            step: 4,
            say: crate::core::text::Phrase::new("your path is empty", Vec::new()),
            expected: Some(run.expansions[3]),
        };
        let film = Film::record(
            &case.space,
            case.search,
            &run.expansions[..3],
            Some(violation),
        );
        let mut reel = Reel::new(film);
        reel.go_to(2);
        assert!(reel.violation().is_none());
        assert_eq!(
            reel.current().map(|f| f.taken.state),
            Some(run.expansions[1])
        );
        reel.go_to(10);
        assert_eq!(reel.shown(), 3);
        let v = reel.violation().expect("shown at the end");
        assert_eq!(v.step, 4);
        // the state that should have been taken waits on the frontier
        assert!(reel.is_open(run.expansions[3]));
    }
}
