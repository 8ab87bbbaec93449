//! The IDA* judge and reference. IDA* is depth first within a bound on f = g + h: each
//! iteration searches from the start, expanding (generating the successors of) only states
//! whose f is within the bound, and the next iteration's bound is the least f that went over.
//! The judge keeps the student's branch — per state on it, its successors and which of them
//! were searched — and accepts an expansion when it is an unsearched successor of a state on
//! the branch with f within the bound, every deeper state on the branch being finished (no
//! successor within the bound left). The successors of a state may be searched in **any
//! order** (a tie), and a successor back on the branch may be skipped or searched (the three
//! textbook forms: no pruning, never straight back to the parent, no state already on the path).

use super::space::{Space, State, Succ};
use crate::core::text::Phrase;
use crate::phrase;

/// One successor of a state on the branch.
#[derive(Clone, Copy, Debug)]
struct Child {
    state: State,
    cost: u64,
    f: u64,
    searched: bool,
}

/// A state on the branch.
#[derive(Clone, Debug)]
struct Frame {
    state: State,
    g: u64,
    children: Vec<Child>,
}

/// Why an IDA* expansion is wrong: the verdict's sentence and the state that should have been
/// taken.
pub(super) struct Wrong {
    pub say: Phrase,
    pub expected: Option<State>,
}

/// The student's IDA*, replayed (one reading of its expansions).
#[derive(Clone, Debug, Default)]
struct Ida {
    /// This iteration's bound on f.
    bound: u64,
    /// The least f above the bound seen this iteration (the move back onto the branch left
    /// out), and the least counting it.
    over: Option<u64>,
    over_loose: Option<u64>,
    branch: Vec<Frame>,
}

fn least(a: Option<u64>, b: u64) -> u64 {
    a.map_or(b, |a| a.min(b))
}

impl Ida {
    fn frame(space: &Space, state: State, g: u64) -> Frame {
        let mut succ = Vec::new();
        space.successors(state, &mut succ);
        Frame {
            state,
            g,
            children: succ
                .iter()
                .map(|x| Child {
                    state: x.state,
                    cost: x.cost,
                    f: g + x.cost + space.h(x.state),
                    searched: false,
                })
                .collect(),
        }
    }

    /// The first successor of the branch's frame `k` that must still be searched: within the
    /// bound, not searched, not back on the branch.
    fn unfinished(&self, k: usize) -> Option<Child> {
        let on_branch = |s: State| self.branch[..=k].iter().any(|f| f.state == s);
        self.branch[k]
            .children
            .iter()
            .find(|c| !c.searched && c.f <= self.bound && !on_branch(c.state))
            .copied()
    }

    /// Takes frame `k` (the top) off the branch, folding what went over the bound into the
    /// next bound.
    fn leave(&mut self, k: usize) {
        debug_assert_eq!(k + 1, self.branch.len());
        let over: Vec<(u64, bool)> = self.over_bound(k).collect();
        for (f, back) in over {
            self.over_loose = Some(least(self.over_loose, f));
            if !back {
                self.over = Some(least(self.over, f));
            }
        }
        self.branch.pop();
    }

    /// The f of each successor of frame `k` not searched and over the bound, and whether it
    /// is back on the branch above the frame.
    fn over_bound(&self, k: usize) -> impl Iterator<Item = (u64, bool)> + '_ {
        self.branch[k]
            .children
            .iter()
            .filter(|c| !c.searched && c.f > self.bound)
            .map(move |c| (c.f, self.branch[..k].iter().any(|f| f.state == c.state)))
    }

    /// The state IDA* would take next (for the sentence), and where from.
    fn next_expected(&self) -> Option<(State, State, u64)> {
        (0..self.branch.len()).rev().find_map(|k| {
            self.unfinished(k)
                .map(|c| (c.state, self.branch[k].state, c.f))
        })
    }

    /// Where going down to `s` is right: the deepest state on the branch with `s` an
    /// unsearched successor within the bound, every state deeper than it finished.
    fn descent(&self, space: &Space, s: State) -> Result<usize, Wrong> {
        let shown = || space.show(s);
        let holds = |k: usize, within: bool| {
            self.branch[k]
                .children
                .iter()
                .any(|c| !c.searched && c.state == s && (!within || c.f <= self.bound))
        };
        let mut wrong = None;
        for p in (0..self.branch.len()).rev().filter(|&p| holds(p, true)) {
            let left = (p + 1..self.branch.len())
                .rev()
                .find_map(|k| self.unfinished(k).map(|c| (k, c)));
            let Some((k, c)) = left else {
                return Ok(p);
            };
            wrong.get_or_insert(Wrong {
                say: phrase!(
                    "IDA* finishes {from} before going back: {best} has f = {f}, within the bound {bound}, and is not searched yet; you took {s}",
                    from = space.show(self.branch[k].state),
                    best = space.show(c.state),
                    f = c.f,
                    bound = self.bound,
                    s = shown()
                ),
                expected: Some(c.state),
            });
        }
        if let Some(wrong) = wrong {
            return Err(wrong);
        }
        if let Some(p) = (0..self.branch.len()).rev().find(|&p| holds(p, false)) {
            let f = self.branch[p]
                .children
                .iter()
                .filter(|c| !c.searched && c.state == s)
                .map(|c| c.f)
                .min()
                .unwrap_or(0);
            return Err(Wrong {
                say: phrase!(
                    "IDA* does not expand {s}: its f = {f} is above this iteration's bound {bound}",
                    s = shown(),
                    f = f,
                    bound = self.bound
                ),
                expected: self.next_expected().map(|e| e.0),
            });
        }
        Err(self.unreachable(space, s))
    }

    /// Judges the expansion of `s` (not the first: [`Ida::begin`] is), going down to it or
    /// (`restart`) beginning a new iteration. Returns the g of `s`.
    fn expand(&mut self, space: &Space, s: State, restart: bool) -> Result<u64, Wrong> {
        if restart {
            return self.restart(space);
        }
        let p = self.descent(space, s)?;
        for k in (p + 1..self.branch.len()).rev() {
            self.leave(k);
        }
        let bound = self.bound;
        let frame = &mut self.branch[p];
        let child = frame
            .children
            .iter_mut()
            .find(|c| !c.searched && c.state == s && c.f <= bound)
            .expect("a descent's successor");
        child.searched = true;
        let g = frame.g + child.cost;
        self.branch.push(Self::frame(space, s, g));
        Ok(g)
    }

    /// The first expansion: the start, with the bound h(start).
    fn begin(&mut self, space: &Space) {
        let start = space.start();
        self.bound = space.h(start);
        self.branch = vec![Self::frame(space, start, 0)];
    }

    /// Whether `s` is the start and may also be gone down to (a successor within the bound of
    /// a search that does not prune the way back): then both readings are followed.
    fn ambiguous(&self, space: &Space, s: State) -> bool {
        s == space.start() && self.descent(space, s).is_ok()
    }

    /// The start again: a new iteration, once this one is finished, with the least f that
    /// went over as its bound.
    fn restart(&mut self, space: &Space) -> Result<u64, Wrong> {
        for k in (0..self.branch.len()).rev() {
            if let Some(c) = self.unfinished(k) {
                return Err(Wrong {
                    say: phrase!(
                        "IDA* starts a new iteration only when this one is finished: {best} (reached from {from}) has f = {f}, within the bound {bound}, and is not searched yet",
                        best = space.show(c.state),
                        from = space.show(self.branch[k].state),
                        f = c.f,
                        bound = self.bound
                    ),
                    expected: Some(c.state),
                });
            }
            self.leave(k);
        }
        let Some(next) = self.over.or(self.over_loose) else {
            return Err(Wrong {
                say: phrase!(
                    "nothing went over the bound {bound}: every state was searched, so IDA* ends with fail",
                    bound = self.bound
                ),
                expected: None,
            });
        };
        self.bound = next;
        self.over = None;
        self.over_loose = None;
        self.branch = vec![Self::frame(space, space.start(), 0)];
        Ok(0)
    }

    fn unreachable(&self, space: &Space, s: State) -> Wrong {
        let expected = self.next_expected();
        let searched = self
            .branch
            .iter()
            .any(|f| f.children.iter().any(|c| c.searched && c.state == s));
        let say = match (searched, expected) {
            (true, _) => phrase!(
                "you already searched below {s} in this iteration (bound {bound})",
                s = space.show(s),
                bound = self.bound
            ),
            (false, Some((best, from, f))) => phrase!(
                "IDA* goes on depth first from its branch: {s} is not a successor of a state on it; next is {best} (reached from {from}, f = {f})",
                s = space.show(s),
                best = space.show(best),
                from = space.show(from),
                f = f
            ),
            (false, None) => phrase!(
                "{s} is not a successor of a state on your branch; this iteration is finished, so IDA* starts again from the start",
                s = space.show(s)
            ),
        };
        Wrong {
            say,
            expected: expected.map(|e| e.0).or(Some(space.start())),
        }
    }

    /// Whether this reading may end with fail now: its iteration finished, and nothing off
    /// the branch went over the bound (else the next iteration could still reach a goal).
    fn may_fail(&self, space: &Space) -> Result<(), Wrong> {
        if let Some((best, from, f)) = self.next_expected() {
            return Err(Wrong {
                say: phrase!(
                    "IDA* answers fail only once an iteration ends with nothing over its bound: {best} (reached from {from}) has f = {f}, within the bound {bound}, and is not searched yet",
                    best = space.show(best),
                    from = space.show(from),
                    f = f,
                    bound = self.bound
                ),
                expected: Some(best),
            });
        }
        // what the frames still on the branch would fold into the next bound as they end
        let over = (0..self.branch.len())
            .flat_map(|k| self.over_bound(k))
            .filter(|&(_, back)| !back)
            .fold(self.over, |over, (f, _)| Some(least(over, f)));
        match over {
            None => Ok(()),
            Some(f) => Err(Wrong {
                say: phrase!(
                    "IDA* answers fail only once nothing goes over its bound: f = {f} went over the bound {bound}, so the next iteration could still reach a goal",
                    f = f,
                    bound = self.bound
                ),
                expected: Some(space.start()),
            }),
        }
    }

    /// The states IDA* may still search on the branch, deepest first: (state, g, h).
    fn frontier(&self, space: &Space) -> Vec<(State, u64, u64)> {
        let mut out = Vec::new();
        for k in (0..self.branch.len()).rev() {
            let frame = &self.branch[k];
            for c in &frame.children {
                let back = self.branch[..=k].iter().any(|f| f.state == c.state);
                if !c.searched && c.f <= self.bound && !back {
                    out.push((c.state, frame.g + c.cost, space.h(c.state)));
                }
            }
        }
        out
    }
}

/// The student's IDA*, replayed under every reading its expansions allow so far: an expansion
/// of the start is a new iteration or, in a search that does not prune the way back, a step
/// down to it; the readings that stay right (and agree with a reported g) are kept.
#[derive(Clone, Debug, Default)]
pub(super) struct IdaJudge {
    ways: Vec<Ida>,
}

/// Readings followed at most (each is a branch of a few dozen states).
const MOST_WAYS: usize = 8;

impl IdaJudge {
    /// Judges the expansion of `s` (the start, at the first); `said_g` is the g the program
    /// reported, if it did. Returns the g of `s` in the first reading still right.
    pub fn expand(&mut self, space: &Space, s: State, said_g: Option<u64>) -> Result<u64, Wrong> {
        if self.ways.is_empty() {
            let mut first = Ida::default();
            first.begin(space);
            self.ways.push(first);
            return Ok(0);
        }
        let mut kept: Vec<(Ida, u64)> = Vec::new();
        let mut first_wrong = None;
        for way in std::mem::take(&mut self.ways) {
            let restart = s == space.start();
            let readings: &[bool] = if way.ambiguous(space, s) {
                &[true, false]
            } else {
                &[restart]
            };
            for &restart in readings {
                let mut next = way.clone();
                match next.expand(space, s, restart) {
                    Ok(g) if said_g.is_none_or(|said| said == g) || kept.is_empty() => {
                        kept.push((next, g));
                    }
                    Ok(_) => {}
                    Err(wrong) => {
                        first_wrong.get_or_insert(wrong);
                    }
                }
            }
        }
        if kept.is_empty() {
            return Err(first_wrong.expect("a reading was tried"));
        }
        // a reading whose g matches what was said goes first
        if let Some(said) = said_g
            && let Some(i) = kept.iter().position(|(_, g)| *g == said)
        {
            kept.swap(0, i);
        }
        let g = kept[0].1;
        self.ways = kept.into_iter().map(|(w, _)| w).take(MOST_WAYS).collect();
        Ok(g)
    }

    /// The first reading's bound, and the depth and g of the state on top of its branch (the
    /// one expanded last).
    pub fn top(&self) -> Option<(u64, usize, u64)> {
        let way = self.ways.first()?;
        let top = way.branch.last()?;
        Some((way.bound, way.branch.len() - 1, top.g))
    }

    /// Whether the run may answer fail now (some reading has searched everything within its
    /// bound and nothing went over; before the first expansion there is none, and the judge
    /// decides); else why not, in the first reading.
    pub fn may_fail(&self, space: &Space) -> Result<(), Wrong> {
        let mut first_wrong = None;
        for way in &self.ways {
            match way.may_fail(space) {
                Ok(()) => return Ok(()),
                Err(wrong) => {
                    first_wrong.get_or_insert(wrong);
                }
            }
        }
        first_wrong.map_or(Ok(()), Err)
    }

    /// The states the first reading may still search on the branch, deepest first.
    pub fn frontier(&self, space: &Space) -> Vec<(State, u64, u64)> {
        self.ways
            .first()
            .map(|w| w.frontier(space))
            .unwrap_or_default()
    }
}

/// How a reference IDA* prunes and orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pruning {
    /// Never straight back to the parent (Korf's).
    Parent,
    /// No state already on the path.
    Path,
}

/// A reference IDA*: the expansions and the answer, successors in the order `order` gives;
/// `early` tests goals when they are generated. `stop_at_goal` false runs the last iteration
/// to its end (for the range). At most `most` expansions.
pub(super) struct IdaRun {
    pub expansions: Vec<State>,
    pub path: Option<Vec<State>>,
    /// Expansions before the last iteration.
    pub before_last: usize,
    /// Expansions of the whole last iteration but of goals (not gone past).
    pub last_full: usize,
}

pub(super) fn ida_run(
    space: &Space,
    pruning: Pruning,
    early: bool,
    order: &dyn Fn(&mut Vec<Succ>, State),
    most: usize,
) -> IdaRun {
    let start = space.start();
    let mut bound = space.h(start);
    let mut expansions = Vec::new();
    let mut before_last;
    loop {
        before_last = expansions.len();
        let mut over: Option<u64> = None;
        let mut branch = vec![start];
        let mut found = None;
        // the iteration, run to its end: the goal's first finding is kept
        let mut count = 0usize;
        walk(
            space,
            &mut Walk {
                bound,
                pruning,
                early,
                order,
                most,
                over: &mut over,
                expansions: &mut expansions,
                found: &mut found,
                count: &mut count,
            },
            &mut branch,
            0,
        );
        if let Some((path, at)) = found {
            let full = count;
            expansions.truncate(at);
            return IdaRun {
                expansions,
                path: Some(path),
                before_last,
                last_full: full,
            };
        }
        match over {
            Some(next) if expansions.len() < most => bound = next,
            _ => {
                return IdaRun {
                    last_full: expansions.len() - before_last,
                    expansions,
                    path: None,
                    before_last,
                };
            }
        }
    }
}

struct Walk<'a> {
    bound: u64,
    pruning: Pruning,
    early: bool,
    order: &'a dyn Fn(&mut Vec<Succ>, State),
    most: usize,
    over: &'a mut Option<u64>,
    expansions: &'a mut Vec<State>,
    /// The path to the first goal found and how many expansions were made by then.
    found: &'a mut Option<(Vec<State>, usize)>,
    /// Expansions this iteration but of goals.
    count: &'a mut usize,
}

fn walk(space: &Space, w: &mut Walk<'_>, branch: &mut Vec<State>, g: u64) {
    let s = *branch.last().expect("not empty");
    if w.found.is_none() {
        w.expansions.push(s);
    }
    if space.is_goal(s) {
        if w.found.is_none() {
            *w.found = Some((branch.clone(), w.expansions.len()));
        }
        return;
    }
    *w.count += 1;
    if w.expansions.len() >= w.most {
        return;
    }
    let mut succ = Vec::new();
    space.successors(s, &mut succ);
    (w.order)(&mut succ, s);
    if w.early
        && w.found.is_none()
        && let Some(goal) = succ.iter().find(|x| space.is_goal(x.state))
        && g + goal.cost <= w.bound
    {
        let mut path = branch.clone();
        path.push(goal.state);
        *w.found = Some((path, w.expansions.len()));
    }
    let parent = branch.len().checked_sub(2).map(|i| branch[i]);
    for next in succ {
        let back = match w.pruning {
            Pruning::Parent => Some(next.state) == parent,
            Pruning::Path => branch.contains(&next.state),
        };
        if back {
            continue;
        }
        let f = g + next.cost + space.h(next.state);
        if f > w.bound {
            *w.over = Some(least(*w.over, f));
            continue;
        }
        branch.push(next.state);
        walk(space, w, branch, g + next.cost);
        branch.pop();
    }
}
