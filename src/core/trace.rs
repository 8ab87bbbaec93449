//! What a solver records while it works, and a replay cursor that animates it.
//!
//! Solvers run to completion and return a [`Trace`]; the game replays it one event per tick with
//! pause, single step and step back ([`Replay`]). The same trace is what the command line prints,
//! so what the player watches is exactly what the algorithm did.

use serde::Serialize;

use super::grid::{Grid, Pos};
use super::step::Step;

/// One thing a search did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The walker (the Explore ball) steps forward onto `Pos`, which joins the current path.
    Enter(Pos),
    /// The walker gives up `dead_end` (it leaves the path and is drawn as a dead end) and steps
    /// back to `back_to`.
    Backtrack { dead_end: Pos, back_to: Pos },
    /// A cell joins the open set (frontier) of a BFS or A* search.
    Frontier(Pos),
    /// A cell is taken from the open set and expanded (joins the closed set).
    Expand(Pos),
    /// A cell of the final answer: the route from start to goal, in order.
    Route(Pos),
    /// A maze generator turns a wall into a path.
    Carve(Pos),
}

/// The record of one search, in the order things happened.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Trace {
    pub events: Vec<Event>,
}

impl Trace {
    /// An empty trace.
    pub fn new() -> Self {
        Self::default()
    }

    /// A trace in which the walker walks `path` from its first cell to its last, as the F2
    /// replay of the correct path shows it.
    pub fn walk_along(path: &[Pos]) -> Self {
        Self {
            events: path.iter().map(|&p| Event::Enter(p)).collect(),
        }
    }

    /// Number of events.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }
}

/// Receives a solver's events. `()` ignores them at no cost, [`Trace`] keeps them, so one solver
/// body serves both the fast benchmark path and the animated one.
///
/// A recorder may also ask for the search's teaching steps ([`Step`]: the pseudo-code line, a
/// sentence, the open list after the step). Solvers build a step only when
/// [`Recorder::wants_steps`] says so, which for `()` and [`Trace`] is a constant `false`: the
/// compiled search then holds no trace of it (the benchmarks check).
pub trait Recorder {
    /// Records one event.
    fn record(&mut self, event: Event);

    /// Whether the solver should describe its steps (see [`Recorder::step`]).
    #[inline]
    fn wants_steps(&self) -> bool {
        false
    }

    /// How many entries of the open list a step should carry at most (its total is always
    /// given).
    #[inline]
    fn open_limit(&self) -> usize {
        usize::MAX
    }

    /// Receives one teaching step; called only while [`Recorder::wants_steps`] is true.
    fn step(&mut self, _step: Step) {}
}

impl Recorder for () {
    #[inline(always)]
    fn record(&mut self, _event: Event) {}
}

impl Recorder for Trace {
    fn record(&mut self, event: Event) {
        self.events.push(event);
    }
}

/// How a cell looks at some moment of a replay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Mark {
    /// Not touched yet.
    #[default]
    Unseen,
    /// In the open set of a BFS / A* search.
    Frontier,
    /// Expanded by a BFS / A* search.
    Closed,
    /// On the walker's current path.
    OnPath,
    /// Visited by the walker and abandoned.
    DeadEnd,
    /// Part of the final route.
    Route,
    /// Opened by a maze generator.
    Carved,
}

/// What one applied event changed, so that it can be undone.
#[derive(Clone, Copy, Debug)]
struct Undo {
    cell: Pos,
    previous: Mark,
    previous_walker: Option<Pos>,
}

/// Replays a [`Trace`] over a grid: forward one event at a time, and back again.
#[derive(Clone, Debug)]
pub struct Replay {
    trace: Trace,
    marks: Grid<Mark>,
    walker: Option<Pos>,
    undo: Vec<Undo>,
    chain: Vec<Pos>,
}

impl Replay {
    /// A replay of `trace` on a `width` × `height` board, positioned before the first event.
    pub fn new(trace: Trace, width: usize, height: usize) -> Self {
        Self {
            trace,
            marks: Grid::new(width, height, Mark::Unseen),
            walker: None,
            undo: Vec::new(),
            chain: Vec::new(),
        }
    }

    /// The walker's current path: the linked chain of cells from the start to where it stands,
    /// dead ends already removed.
    pub fn chain(&self) -> &[Pos] {
        &self.chain
    }

    /// The trace being replayed.
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// How many events have been applied.
    pub fn cursor(&self) -> usize {
        self.undo.len()
    }

    /// True when every event has been applied.
    pub fn finished(&self) -> bool {
        self.cursor() == self.trace.len()
    }

    /// How every cell looks now.
    pub fn marks(&self) -> &Grid<Mark> {
        &self.marks
    }

    /// Where the walker stands now (after its last `Enter` or `Backtrack`).
    pub fn walker(&self) -> Option<Pos> {
        self.walker
    }

    /// The event applied last, if any.
    pub fn last_event(&self) -> Option<Event> {
        self.cursor().checked_sub(1).map(|i| self.trace.events[i])
    }

    /// Applies the next event; returns it, or `None` at the end.
    pub fn step_forward(&mut self) -> Option<Event> {
        let event = *self.trace.events.get(self.cursor())?;
        let (cell, mark, walker) = match event {
            Event::Enter(p) => (p, Mark::OnPath, Some(p)),
            Event::Backtrack { dead_end, back_to } => (dead_end, Mark::DeadEnd, Some(back_to)),
            Event::Frontier(p) => (p, Mark::Frontier, self.walker),
            Event::Expand(p) => (p, Mark::Closed, self.walker),
            Event::Route(p) => (p, Mark::Route, self.walker),
            Event::Carve(p) => (p, Mark::Carved, Some(p)),
        };
        let previous = self.marks.get(cell).copied().unwrap_or_default();
        self.undo.push(Undo {
            cell,
            previous,
            previous_walker: self.walker,
        });
        if let Some(slot) = self.marks.get_mut(cell) {
            *slot = mark;
        }
        self.walker = walker;
        match event {
            Event::Enter(p) => self.chain.push(p),
            Event::Backtrack { .. } => {
                self.chain.pop();
            }
            _ => {}
        }
        Some(event)
    }

    /// Undoes the last applied event; returns it, or `None` at the start.
    pub fn step_back(&mut self) -> Option<Event> {
        let undo = self.undo.pop()?;
        if let Some(slot) = self.marks.get_mut(undo.cell) {
            *slot = undo.previous;
        }
        self.walker = undo.previous_walker;
        let event = self.trace.events[self.undo.len()];
        match event {
            Event::Enter(_) => {
                self.chain.pop();
            }
            Event::Backtrack { dead_end, .. } => self.chain.push(dead_end),
            _ => {}
        }
        Some(event)
    }

    /// Applies every remaining event.
    pub fn run_to_end(&mut self) {
        while self.step_forward().is_some() {}
    }

    /// Undoes every applied event.
    pub fn rewind(&mut self) {
        while self.step_back().is_some() {}
    }
}

/// Slowest and fastest replay speeds, in events per second.
pub const MIN_SPEED: f32 = 0.5;
pub const MAX_SPEED: f32 = 240.0;

/// A replay driven by the clock: speed, pause, single steps. The game calls [`Playback::advance`]
/// with each frame's elapsed time; everything else is the player's controls.
#[derive(Clone, Debug)]
pub struct Playback {
    replay: Replay,
    paused: bool,
    speed: f32,
    owed: f32,
}

impl Playback {
    /// A playback of `replay`, running at `speed` events per second.
    pub fn new(replay: Replay, speed: f32) -> Self {
        Self {
            replay,
            paused: false,
            speed: speed.clamp(MIN_SPEED, MAX_SPEED),
            owed: 0.0,
        }
    }

    /// The replay as it stands.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// True while paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Events per second.
    pub fn speed(&self) -> f32 {
        self.speed
    }

    /// Sets the speed, clamped to [`MIN_SPEED`]..=[`MAX_SPEED`].
    pub fn set_speed(&mut self, speed: f32) {
        if speed.is_finite() {
            self.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
        }
    }

    /// One and a half times faster.
    pub fn faster(&mut self) {
        self.set_speed(self.speed * 1.5);
    }

    /// One and a half times slower.
    pub fn slower(&mut self) {
        self.set_speed(self.speed / 1.5);
    }

    /// Pauses or resumes.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.owed = 0.0;
    }

    /// Pauses (or resumes).
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
        self.owed = 0.0;
    }

    /// One event forward; pauses, since a player stepping wants to look.
    pub fn step_forward(&mut self) -> Option<Event> {
        self.set_paused(true);
        self.replay.step_forward()
    }

    /// One event back; pauses.
    pub fn step_back(&mut self) -> Option<Event> {
        self.set_paused(true);
        self.replay.step_back()
    }

    /// Lets `seconds` of time pass: applies as many events as the speed allows (none while
    /// paused or finished). Returns how many were applied.
    pub fn advance(&mut self, seconds: f32) -> usize {
        if self.paused || self.replay.finished() || !seconds.is_finite() || seconds <= 0.0 {
            self.owed = 0.0;
            return 0;
        }
        self.owed += seconds * self.speed;
        let mut applied = 0;
        while self.owed >= 1.0 && self.replay.step_forward().is_some() {
            self.owed -= 1.0;
            applied += 1;
        }
        if self.replay.finished() {
            self.owed = 0.0;
        }
        applied
    }

    /// How far the next event is, from 0 (just applied) to 1 (due now): lets the game glide
    /// the walker between cells instead of jumping.
    pub fn progress_to_next(&self) -> f32 {
        if self.paused || self.replay.finished() {
            0.0
        } else {
            self.owed.clamp(0.0, 1.0)
        }
    }

    /// Runs every remaining event at once.
    pub fn finish(&mut self) {
        self.replay.run_to_end();
        self.owed = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Trace {
        let a = Pos::new(0, 0);
        let b = Pos::new(0, 1);
        let c = Pos::new(1, 1);
        Trace {
            events: vec![
                Event::Enter(a),
                Event::Enter(b),
                Event::Backtrack {
                    dead_end: b,
                    back_to: a,
                },
                Event::Frontier(c),
                Event::Expand(c),
                Event::Route(c),
            ],
        }
    }

    #[test]
    fn forward_applies_each_event() {
        let mut replay = Replay::new(sample(), 2, 2);
        replay.step_forward();
        assert_eq!(replay.walker(), Some(Pos::new(0, 0)));
        assert_eq!(replay.marks()[Pos::new(0, 0)], Mark::OnPath);
        replay.step_forward();
        assert_eq!(replay.chain(), &[Pos::new(0, 0), Pos::new(0, 1)]);
        replay.step_forward();
        assert_eq!(replay.walker(), Some(Pos::new(0, 0)));
        assert_eq!(replay.marks()[Pos::new(0, 1)], Mark::DeadEnd);
        assert_eq!(replay.chain(), &[Pos::new(0, 0)]);
        replay.step_forward();
        assert_eq!(replay.marks()[Pos::new(1, 1)], Mark::Frontier);
        replay.run_to_end();
        assert!(replay.finished());
        assert_eq!(replay.marks()[Pos::new(1, 1)], Mark::Route);
        assert_eq!(replay.step_forward(), None);
    }

    #[test]
    fn stepping_back_restores_every_earlier_moment() {
        let trace = sample();
        let mut replay = Replay::new(trace.clone(), 2, 2);
        let snapshot = |r: &Replay| (r.marks().clone(), r.walker(), r.chain().to_vec());
        let mut snapshots = vec![snapshot(&replay)];
        while replay.step_forward().is_some() {
            snapshots.push(snapshot(&replay));
        }
        for expected in snapshots.iter().rev().skip(1) {
            replay.step_back().unwrap();
            assert_eq!(&snapshot(&replay), expected);
        }
        assert_eq!(replay.cursor(), 0);
        assert_eq!(replay.step_back(), None);
    }

    #[test]
    fn walk_along_enters_each_cell_in_order() {
        let path = [Pos::new(0, 0), Pos::new(1, 0), Pos::new(1, 1)];
        let trace = Trace::walk_along(&path);
        assert_eq!(trace.events[2], Event::Enter(Pos::new(1, 1)));
        let mut replay = Replay::new(trace, 2, 2);
        replay.run_to_end();
        assert_eq!(replay.walker(), Some(Pos::new(1, 1)));
    }

    #[test]
    fn playback_applies_events_at_its_speed() {
        let mut playback = Playback::new(Replay::new(sample(), 2, 2), 4.0);
        assert_eq!(playback.advance(0.1), 0); // 0.4 of an event owed
        assert_eq!(playback.advance(0.2), 1); // 1.2 owed: one applied
        assert_eq!(playback.replay().cursor(), 1);
        assert_eq!(playback.advance(0.5), 2);
        playback.toggle_pause();
        assert_eq!(playback.advance(10.0), 0);
        playback.toggle_pause();
        assert_eq!(playback.advance(10.0), 3); // only three events were left
        assert!(playback.replay().finished());
        assert_eq!(playback.advance(1.0), 0);
    }

    #[test]
    fn steps_pause_and_speed_is_clamped() {
        let mut playback = Playback::new(Replay::new(sample(), 2, 2), 1.0);
        assert!(playback.step_forward().is_some());
        assert!(playback.paused());
        assert!(playback.step_back().is_some());
        assert_eq!(playback.replay().cursor(), 0);
        playback.set_speed(1e9);
        assert_eq!(playback.speed(), MAX_SPEED);
        playback.set_speed(f32::NAN);
        assert_eq!(playback.speed(), MAX_SPEED);
        for _ in 0..100 {
            playback.slower();
        }
        assert_eq!(playback.speed(), MIN_SPEED);
        playback.faster();
        assert!(playback.speed() > MIN_SPEED);
    }
}
