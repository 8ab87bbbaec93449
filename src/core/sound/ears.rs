//! Which sounds a mode calls for: an ear per mode remembers what it saw last and, shown the
//! mode's state after a frame, returns the voices for what happened since — a step, a dead end,
//! the exit, a tile sliding home, a flood of zeros, a mine.
//!
//! An ear's first look only remembers (entering a mode is silent), and so does a look at a new
//! board (a new maze, a shuffle, a new field): only what the player or an algorithm *did* on the
//! board sounds. Going back (a step back, a restart) is silent too, but for Slide's undo. Each
//! kind of sound plays at most once per look, however many steps a fast frame took.

use super::{Cue, Voice};
use crate::core::maze::explore::{ExploreSession, Status};
use crate::core::maze::runner::{RunnerGame, RunnerSpec};
use crate::core::mines::game::{Game, Seen, Status as MinesStatus};
use crate::core::showcase::{SceneKind, Show};
use crate::core::slide::Board;
use crate::core::slide::session::{CompareRow, SlideSession};
use crate::core::slide::solve::Outcome;
use crate::core::trace::Event;

/// Explore: the ball's steps (higher as its path gets deeper), backtracking, the exit, no exit.
#[derive(Debug, Default)]
pub struct ExploreEar {
    seen: Option<(u64, usize, Status)>,
}

impl ExploreEar {
    pub fn hear(&mut self, session: &ExploreSession) -> Vec<Voice> {
        let replay = session.playback().replay();
        let now = (session.revision(), replay.cursor(), session.status());
        let Some((revision, cursor, status)) = self.seen.replace(now) else {
            return vec![];
        };
        if revision != now.0 || now.1 < cursor {
            return vec![];
        }
        let mut out = Vec::new();
        let events = replay.trace().events.get(cursor..now.1).unwrap_or(&[]);
        if events.iter().any(|e| matches!(e, Event::Backtrack { .. })) {
            out.push(Voice::plain(Cue::ExploreBacktrack));
        } else if events.iter().any(|e| matches!(e, Event::Enter(_))) {
            // half a semitone a cell: an octave over a path of 24 cells
            let depth = replay.chain().len().saturating_sub(1);
            out.push(Voice::raised(Cue::ExploreStep, depth.min(24) as f32 * 0.5));
        }
        if now.2 != status {
            match now.2 {
                Status::ExitFound | Status::PathReplayed => {
                    out.push(Voice::plain(Cue::ExploreExit));
                }
                Status::NoExit => out.push(Voice::plain(Cue::ExploreNoExit)),
                _ => {}
            }
        }
        out
    }
}

/// Runner: the player's steps (left and right foot a semitone apart), the machine's steps, the
/// hint on and off, the win.
#[derive(Debug, Default)]
pub struct RunnerEar {
    seen: Option<RunnerSeen>,
}

#[derive(Debug, Clone, Copy)]
struct RunnerSeen {
    spec: RunnerSpec,
    steps: u32,
    hint: bool,
    machine_steps: u64,
    won: bool,
}

impl RunnerEar {
    pub fn hear(&mut self, game: &RunnerGame) -> Vec<Voice> {
        let now = RunnerSeen {
            spec: game.spec(),
            steps: game.steps(),
            hint: game.hint_on(),
            machine_steps: game.machine_steps(),
            won: game.won(),
        };
        let Some(was) = self.seen.replace(now) else {
            return vec![];
        };
        if was.spec != now.spec || now.steps < was.steps {
            return vec![];
        }
        let mut out = Vec::new();
        if now.steps > was.steps {
            out.push(if now.machine_steps > was.machine_steps {
                Voice::plain(Cue::RunnerMachineStep)
            } else {
                Voice::raised(
                    Cue::RunnerStep,
                    if now.steps.is_multiple_of(2) {
                        0.0
                    } else {
                        1.0
                    },
                )
            });
        }
        if now.hint != was.hint {
            out.push(Voice::plain(if now.hint {
                Cue::RunnerHintOn
            } else {
                Cue::RunnerHintOff
            }));
        }
        if now.won && !was.won {
            out.push(Voice::plain(Cue::RunnerWin));
        }
        out
    }
}

/// Slide: a tile sliding (a chime when it lands on its own cell of the goal; the demo's slides
/// rise as the solution nears the goal), undo, solved, a search finished, no answer (an
/// unsolvable start, a search that gave up, an error said).
#[derive(Debug, Default)]
pub struct SlideEar {
    seen: Option<SlideSeen>,
}

#[derive(Debug, Clone)]
struct SlideSeen {
    start: Board,
    goal: Board,
    board: Board,
    moves: usize,
    won: bool,
    /// The demo's first board, length and moves shown.
    demo: Option<(Board, usize, usize)>,
    last: Option<CompareRow>,
    compared: usize,
    searching: bool,
    solvable: bool,
    /// Notices said, and whether the last one is an error.
    said: u64,
    error: bool,
}

impl SlideEar {
    pub fn hear(&mut self, session: &SlideSession) -> Vec<Voice> {
        let game = session.game();
        let now = SlideSeen {
            start: *game.start(),
            goal: *game.goal(),
            board: *game.board(),
            moves: game.moves(),
            won: game.won(),
            demo: session.demo().map(|d| (d.from, d.moves.len(), d.cursor)),
            last: session.last().cloned(),
            compared: session.compare().len(),
            searching: session.wanted_job().is_some(),
            solvable: game.solvability().0,
            said: session.notices_said(),
            error: session.notice().is_some_and(|n| n.error),
        };
        let Some(was) = self.seen.replace(now.clone()) else {
            return vec![];
        };
        let mut out = Vec::new();
        if was.start != now.start || was.goal != now.goal {
            // a new start: silent, unless the editor made one that cannot be solved
            if was.solvable && !now.solvable {
                out.push(Voice::plain(Cue::SlideUnsolvable));
            }
            return out;
        }
        if now.moves > was.moves {
            out.push(slide_voice(&was.board, &now.board, &now.goal, None));
        } else if now.moves < was.moves {
            out.push(Voice::plain(Cue::SlideUndo));
        }
        if let (Some((from, len, cursor)), Some(before)) = (now.demo, was.demo)
            && (from, len) == (before.0, before.1)
            && cursor > before.2
        {
            let demo = session.demo().expect("seen above");
            let shown = demo.board();
            let before_board = from
                .play(&demo.moves[..before.2])
                .expect("a solver's moves are legal");
            let along = cursor as f32 / len.max(1) as f32;
            out.push(slide_voice(&before_board, &shown, &now.goal, Some(along)));
            if cursor == len && shown == now.goal {
                out.push(Voice::plain(Cue::SlideSolved));
            }
        }
        if now.won && !was.won {
            out.push(Voice::plain(Cue::SlideSolved));
        }
        if now.last != was.last
            && let Some(row) = &now.last
        {
            out.extend(outcome_voice(&row.report.outcome));
        }
        // a search refused or failed (nothing to search, no hint, a database that failed)
        if now.said > was.said && now.error {
            out.push(Voice::plain(Cue::SlideUnsolvable));
        }
        if now.compared > 0 && !now.searching && (was.searching || now.compared != was.compared) {
            out.push(Voice::plain(Cue::SlideSearchDone));
        }
        dedupe(out)
    }
}

/// The sound of the board going from `before` to `after`: a chime when a tile that moved now
/// sits where the goal wants it. In the demo (`along`: how far through it is, 0 to 1) the slides
/// rise an octave from the start to the goal; the player's rise a little as fewer tiles are out
/// of place.
fn slide_voice(before: &Board, after: &Board, goal: &Board, along: Option<f32>) -> Voice {
    let (b, a, g) = (before.cells(), after.cells(), goal.cells());
    let home = (0..a.len()).any(|i| a[i] != b[i] && a[i] != 0 && a[i] == g[i]);
    let cue = if home { Cue::SlideHome } else { Cue::SlideTile };
    let semitones = if let Some(along) = along {
        12.0 * along
    } else {
        let misplaced = (0..a.len()).filter(|&i| a[i] != 0 && a[i] != g[i]).count();
        6.0 - misplaced as f32 * 0.5
    };
    Voice::raised(cue, semitones)
}

/// A finished search's sound: an answer, or none (cancelled searches are silent).
fn outcome_voice(outcome: &Outcome) -> Option<Voice> {
    match outcome {
        Outcome::Solved(_) => Some(Voice::plain(Cue::SlideSearchDone)),
        Outcome::Unsolvable
        | Outcome::NotWithinDepth(_)
        | Outcome::NodeLimit(_)
        | Outcome::OutOfMemory(_) => Some(Voice::plain(Cue::SlideUnsolvable)),
        Outcome::Cancelled => None,
    }
}

/// Mines: a cell opening (higher for bigger numbers), a flood of zeros, a mark, a chord, a mine,
/// the win, the loss.
#[derive(Debug, Default)]
pub struct MinesEar {
    seen: Option<MinesSeen>,
}

#[derive(Debug, Clone)]
struct MinesSeen {
    seed: u64,
    revision: u64,
    cells: Vec<Seen>,
    status: MinesStatus,
}

impl MinesEar {
    /// `chorded`: the player chorded since the last look (a chord and a flood open alike).
    pub fn hear(&mut self, game: &Game, chorded: bool) -> Vec<Voice> {
        // nothing changed on the field since the last look: nothing to hear (and no copy of it)
        if self
            .seen
            .as_ref()
            .is_some_and(|was| (was.seed, was.revision) == (game.seed(), game.revision()))
        {
            return vec![];
        }
        let cells: Vec<Seen> = (0..game.config().cells()).map(|i| game.seen(i)).collect();
        let now = MinesSeen {
            seed: game.seed(),
            revision: game.revision(),
            cells,
            status: game.status(),
        };
        let Some(was) = self.seen.replace(now.clone()) else {
            return vec![];
        };
        let hidden = |s: Seen| matches!(s, Seen::Hidden | Seen::Marked);
        let pairs = || was.cells.iter().zip(&now.cells);
        let opened: Vec<Seen> = pairs()
            .filter(|(a, b)| hidden(**a) && matches!(b, Seen::Open(_)))
            .map(|(_, b)| *b)
            .collect();
        let exploded = pairs().any(|(a, b)| hidden(*a) && *b == Seen::Exploded);
        let marked = pairs().any(|(a, b)| {
            matches!(
                (a, b),
                (Seen::Hidden, Seen::Marked) | (Seen::Marked, Seen::Hidden)
            )
        });
        // a new field (or the same field again): everything hidden again
        let closed = pairs().any(|(a, b)| !hidden(*a) && hidden(*b));
        if was.seed != now.seed || was.cells.len() != now.cells.len() || closed {
            return vec![];
        }
        let mut out = Vec::new();
        if exploded {
            out.push(Voice::plain(Cue::MinesBlown));
        }
        match opened.as_slice() {
            [] => {}
            _ if chorded => out.push(Voice::plain(Cue::MinesChord)),
            [Seen::Open(n)] => out.push(Voice::raised(Cue::MinesOpen, f32::from(*n) * 2.0)),
            _ => out.push(Voice::plain(Cue::MinesFlood)),
        }
        if marked {
            out.push(Voice::plain(Cue::MinesMark));
        }
        if now.status != was.status {
            match now.status {
                MinesStatus::Won => out.push(Voice::plain(Cue::MinesWin)),
                MinesStatus::Lost => out.push(Voice::plain(Cue::MinesLost)),
                MinesStatus::Playing => {}
            }
        }
        out
    }
}

/// The Showcase: a chime when a scene begins, and soft ticks as its searches step (rising
/// through the scene, and no closer together than [`SHOWCASE_TICK`] seconds).
#[derive(Debug, Default)]
pub struct ShowcaseEar {
    seen: Option<(SceneKind, u64, usize)>,
    last_tick: Option<f64>,
}

/// The shortest time between two of the Showcase's ticks, in seconds.
pub const SHOWCASE_TICK: f64 = 0.12;

impl ShowcaseEar {
    /// `show`: the scene showing, if built; `now`: the time in seconds.
    pub fn hear(&mut self, show: Option<&Show>, now: f64) -> Vec<Voice> {
        let Some(show) = show else {
            return vec![];
        };
        let step = show
            .panes
            .iter()
            .map(crate::core::showcase::Pane::step)
            .max()
            .unwrap_or(0);
        let seen = (show.kind, show.seed, step);
        let Some(was) = self.seen.replace(seen) else {
            return vec![];
        };
        if (was.0, was.1) != (show.kind, show.seed) {
            self.last_tick = Some(now);
            return vec![Voice::plain(Cue::ShowcaseScene)];
        }
        let due = self.last_tick.is_none_or(|t| now - t >= SHOWCASE_TICK);
        if step > was.2 && due {
            self.last_tick = Some(now);
            let along = step as f32 / show.len().max(1) as f32;
            return vec![Voice::raised(Cue::ShowcaseStep, 12.0 * along)];
        }
        vec![]
    }
}

/// One voice per cue (the last asked for), in the order first asked.
pub fn dedupe(voices: Vec<Voice>) -> Vec<Voice> {
    let mut out: Vec<Voice> = Vec::with_capacity(voices.len());
    for voice in voices {
        match out.iter_mut().find(|v| v.cue == voice.cue) {
            Some(v) => *v = voice,
            None => out.push(voice),
        }
    }
    out
}
