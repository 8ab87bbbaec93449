//! The robot: it sees only a [`View`] (no mine positions) and each turn
//!
//! 1. applies sure deductions (a number whose mines are all accounted for clears its other
//!    neighbours; a number with as many hidden neighbours as missing mines marks them all);
//! 2. otherwise computes exact mine probabilities: the unknown cells next to numbers split into
//!    independent components (cells linked through shared numbers); each component's solutions
//!    are enumerated and counted by how many mines they use; the components are combined with
//!    the remaining mines spread over the unconstrained cells (binomial weights), which gives
//!    every hidden cell's probability;
//! 3. opens every certainly-safe cell and marks every certain mine;
//! 4. when it must guess, examines the least risky cells one step ahead (up to 40, those at
//!    least 85% as safe as the safest): for each number a cell could show (weighed by how many
//!    mine placements give it), how safe would the next move be — the safest cell that can still
//!    tell something (a certainly safe one is 1), blended 4 : 1 with the second safest (7 : 3
//!    once 20 cells are open)? It opens the cell with the best chance of surviving both moves,
//!    a dead cell (one that can show a single number) only when every candidate is dead; the
//!    candidates are ordered by risk, then by the chance of being a zero. With few unknown
//!    cells left, the end game is searched exhaustively instead; a guess no play can avoid (a
//!    50/50 nothing can ever tell apart) is taken first; and a cell's risk that lies in
//!    would-be 50/50s (David Hill's long-term risk) counts 90% as safe, since no play avoids it.
//!
//! The enumeration takes the cells that see the same numbers together (how many of them hold
//! mines, weighed by a binomial), so components rarely pass the per-move budget; one that does
//! falls back, soundly, to the pairwise subset rule for certainties and to a local estimate for
//! its probabilities. [`Tuning`] holds these settings, for `bench mines --robot` to vary.
//!
//! The parts: [`constraints`] (sure deductions, components, enumeration, exact probabilities),
//! [`guess`] (the one-step look-ahead), [`fifty`] (50/50s, certain and would-be),
//! [`end_game`] (the exhaustive end game) and [`play`]
//! (the robot's hands: plans carried out on a game, whole games for the benchmark).

mod constraints;
mod end_game;
mod explain;
mod fifty;
mod guess;
mod judge;
mod play;
mod sample;
mod walk;

use super::game::{Seen, View};
use super::neighbours;
use crate::core::text::{Arg, Phrase};
use crate::{msg, phrase};
use constraints::*;
use end_game::*;
use explain::Notes;
pub use explain::{
    Claim, ClaimCheck, ConstraintView, FOLLOWS, PSEUDO_CODE, Reason, Reasoning, cell_name,
    check_claim, explain,
};
use fifty::*;
use guess::*;
pub use judge::{
    Contender, JudgeSummary, JudgedGame, JudgedGuess, judge_game, play_out, split_gain, summarise,
};
pub use play::{
    GameTrace, RobotGame, Step, Stepper, TracedGuess, order_by_walk, plan, play, play_traced,
    play_tuned, take_turn,
};
pub use sample::Sampler;
pub use walk::{ReasoningWalk, Tint};

/// What the robot concluded, for the next move and for the overlay.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Analysis {
    /// Hidden cells certainly safe.
    pub safe: Vec<usize>,
    /// Hidden cells certainly mines (not yet marked, or marked).
    pub mines: Vec<usize>,
    /// For each cell: the chance it is a mine, when hidden (`None` for open or exploded cells).
    pub probability: Vec<Option<f64>>,
    /// What to do now.
    pub choice: Option<Choice>,
    /// False when a component was too large and its probabilities are estimates.
    pub exact: bool,
    /// Enumeration steps taken.
    pub work: usize,
    /// The natural logarithm of the number of mine placements consistent with the view (when
    /// probabilities were computed exactly).
    pub log_count: Option<f64>,
}

impl Analysis {
    /// The lowest chance of a mine among the hidden (unmarked) cells of `view`, 1 when none
    /// has one: what a guess's risk is measured against.
    pub fn safest_hidden(&self, view: &View) -> f64 {
        self.probability
            .iter()
            .enumerate()
            .filter(|&(c, _)| view.cells[c] == Seen::Hidden)
            .filter_map(|(_, p)| *p)
            .fold(1.0f64, f64::min)
    }
}

/// The robot's move.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Choice {
    /// Open a cell that is certainly safe.
    OpenSafe(usize),
    /// Mark a cell that is certainly a mine.
    Mark(usize),
    /// Open a cell that may be a mine: `risk` is its chance of being one, `why` the rule
    /// that chose it.
    Guess {
        cell: usize,
        risk: f64,
        #[serde(default)]
        why: Why,
    },
}

/// The rule that chose a guess (each has its own sentence in the hint and in Learn).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Why {
    /// The best chance of surviving this move and the next (the look-ahead).
    #[default]
    LookAhead,
    /// Nothing is open yet: a corner, fewest neighbours and the likeliest zero.
    Start,
    /// The end game: the best chance of winning, counted over every placement left.
    EndGame,
    /// A closed region played on its own: the best chance of clearing it.
    Region,
    /// Cells no other cell can ever tell apart: a guess no play avoids, no safer later.
    Unavoidable,
    /// If it is a mine, the game comes to a coin toss there anyway (a would-be 50/50).
    CoinToss,
}

impl Choice {
    pub fn cell(self) -> usize {
        match self {
            Choice::OpenSafe(c) | Choice::Mark(c) | Choice::Guess { cell: c, .. } => c,
        }
    }

    /// One sentence for the hint panel.
    pub fn explain(self, width: usize) -> Phrase {
        match self {
            Choice::OpenSafe(c) => {
                let (row, column) = (c / width + 1, c % width + 1);
                phrase!(
                    "open row {row}, column {column}: it is certainly safe",
                    row = row,
                    column = column
                )
            }
            Choice::Mark(c) => {
                let (row, column) = (c / width + 1, c % width + 1);
                phrase!(
                    "mark row {row}, column {column}: it is certainly a mine",
                    row = row,
                    column = column
                )
            }
            Choice::Guess { cell, risk, why } => {
                let (row, column) = (cell / width + 1, cell % width + 1);
                let key = match why {
                    Why::LookAhead => msg!(
                        "nothing is certain: open row {row}, column {column} ({risk}% mine), the best chance of surviving this move and the next"
                    ),
                    Why::Start => msg!(
                        "nothing is open yet: open row {row}, column {column} ({risk}% mine), a corner: fewest neighbours, the likeliest zero"
                    ),
                    Why::EndGame => msg!(
                        "nothing is certain: open row {row}, column {column} ({risk}% mine), the best chance of winning, counted over every way the mines left can lie"
                    ),
                    Why::Region => msg!(
                        "nothing is certain: open row {row}, column {column} ({risk}% mine), the best chance of clearing its closed region, counted over every way its mines can lie"
                    ),
                    Why::Unavoidable => msg!(
                        "a guess no move can spare: open row {row}, column {column} ({risk}% mine) now; no other cell will ever tell its cells apart, so waiting makes it no safer"
                    ),
                    Why::CoinToss => msg!(
                        "open row {row}, column {column} ({risk}% mine) now: if it is a mine, the game comes to a coin toss there anyway"
                    ),
                };
                Phrase::new(
                    key,
                    vec![
                        ("row", Arg::from(row)),
                        ("column", Arg::from(column)),
                        ("risk", Arg::from(format!("{:.1}", risk * 100.0))),
                    ],
                )
            }
        }
    }
}

/// Enumeration steps allowed per analysis before large components fall back to estimates.
pub const DEFAULT_BUDGET: usize = 400_000;

/// The robot's settings. [`Tuning::default`] is the robot the game plays; `bench mines --robot`
/// changes one setting at a time so that a change can be measured against the default seed by
/// seed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Enumeration steps allowed per analysis.
    pub budget: usize,
    /// At most how many of the least risky cells the look-ahead examines.
    pub look_ahead: usize,
    /// How much riskier than the least risky cell an examined cell may be.
    pub tolerance: f64,
    /// The exhaustive end game starts at this many unknown cells or fewer.
    pub end_game: usize,
    /// Enumerate cells that see the same numbers together (binomial weights) instead of cell
    /// by cell: the same probabilities in far fewer steps, so fewer components overflow.
    pub grouped: bool,
    /// Dead cells (whose number is known already) come after every living one among guesses.
    pub dead: bool,
    /// The look-ahead counts living cells only: a safe dead cell is no progress.
    pub living: bool,
    /// The look-ahead's outcome safety blends the best next cell with the second best, this
    /// the second's share (0: the best alone).
    pub blend: f64,
    /// Once at least `late_open` cells are open, the second safest next cell's share is this
    /// instead of `blend`.
    pub late_blend: f64,
    /// How many cells must be open for `late_blend` (0: always).
    pub late_open: usize,
    /// At most this many of the cells the look-ahead examines may lie away from every number.
    pub off_edge: usize,
    /// The end game opens certain cells at once and leaves dead cells for last.
    pub end_prune: bool,
    /// The end game weighs at most this many placements of the remaining mines.
    pub end_placements: usize,
    /// Past `end_game` unknown cells (up to 128), the end game still starts when the analysis
    /// counts at most this many placements of the remaining mines that fit the numbers (David
    /// Hill's trigger on the solution count). 0: off.
    pub end_solutions: usize,
    /// Positions the end game's search may evaluate before it gives up (the look-ahead
    /// decides then).
    pub end_budget: usize,
    /// When above 0: examine the cells at least this share as safe as the safest (a relative
    /// window) instead of those within `tolerance`.
    pub window: f64,
    /// Examine only the cells away from every number that can tell something soon: next to a
    /// cell on the edge (two steps from a number) or with at most three covered neighbours.
    pub probes: bool,
    /// A closed region of at most `end_game` cells with a fixed mine count is played by the
    /// end game's exhaustive search on its own, whenever the robot must guess.
    pub regions: bool,
    /// An unavoidable guess (cells no other cell can ever tell apart) is taken as soon as the
    /// robot must guess.
    pub forced: bool,
    /// David Hill's long-term risk: an examined cell's score grows by this share of the
    /// placements where it is a mine inside a would-be 50/50 (a risk no play avoids), relative
    /// to those where it is safe; and a cell whose every mine placement is such a 50/50 is
    /// taken at once. 0: off.
    pub influence: f64,
}

impl Default for Tuning {
    fn default() -> Self {
        Self {
            budget: DEFAULT_BUDGET,
            look_ahead: guess::LOOK_AHEAD_CELLS,
            tolerance: guess::LOOK_AHEAD_TOLERANCE,
            end_game: end_game::END_GAME_CELLS,
            grouped: true,
            dead: true,
            living: true,
            blend: guess::LOOK_AHEAD_BLEND,
            late_blend: guess::LOOK_AHEAD_LATE_BLEND,
            late_open: guess::LATE_OPEN,
            off_edge: guess::LOOK_AHEAD_OFF_EDGE,
            end_prune: false,
            end_placements: end_game::END_GAME_PLACEMENTS,
            end_solutions: end_game::END_GAME_SOLUTIONS,
            end_budget: end_game::END_GAME_BUDGET,
            window: guess::LOOK_AHEAD_WINDOW,
            probes: guess::LOOK_AHEAD_PROBES,
            regions: false,
            forced: true,
            influence: guess::INFLUENCE,
        }
    }
}

/// A setting's value from 0 to 1.
fn fraction(name: &str, value: &str) -> Result<f64, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|v| (0.0..=1.0).contains(v))
        .ok_or_else(|| format!("{name}={value:?}: give a number from 0 to 1"))
}

/// An on/off setting's value.
fn switch(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "1" => Ok(true),
        "off" | "false" | "0" => Ok(false),
        _ => Err(format!("{name}={value:?}: give on or off")),
    }
}

impl Tuning {
    /// The default robot with another enumeration budget.
    pub fn with_budget(budget: usize) -> Self {
        Self {
            budget,
            ..Self::default()
        }
    }

    /// Settings changed by `name=value` pairs separated by commas (`look-ahead=5,end-game=14`);
    /// an unknown name or a value out of its range is an error that names it.
    pub fn parse(text: &str) -> Result<Tuning, String> {
        let mut tuning = Tuning::default();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("{pair:?}: give NAME=VALUE"))?;
            let (name, value) = (name.trim(), value.trim());
            let whole = |low: usize, high: usize| -> Result<usize, String> {
                value
                    .replace('_', "")
                    .parse::<usize>()
                    .ok()
                    .filter(|v| (low..=high).contains(v))
                    .ok_or_else(|| {
                        format!("{name}={value:?}: give a whole number from {low} to {high}")
                    })
            };
            match name {
                "budget" => tuning.budget = whole(1, 100_000_000)?,
                "look-ahead" => tuning.look_ahead = whole(0, 64)?,
                "end-game" => tuning.end_game = whole(0, 64)?,
                "grouped" => tuning.grouped = switch(name, value)?,
                "dead" => tuning.dead = switch(name, value)?,
                "living" => tuning.living = switch(name, value)?,
                "blend" => tuning.blend = fraction(name, value)?,
                "late-blend" => tuning.late_blend = fraction(name, value)?,
                "late-open" => tuning.late_open = whole(0, 10_000)?,
                "off-edge" => tuning.off_edge = whole(0, 64)?,
                "end-prune" => tuning.end_prune = switch(name, value)?,
                "end-placements" => tuning.end_placements = whole(1, 1_000_000)?,
                "end-solutions" => tuning.end_solutions = whole(0, 1_000_000)?,
                "end-budget" => tuning.end_budget = whole(1, 100_000_000)?,
                "window" => tuning.window = fraction(name, value)?,
                "probes" => tuning.probes = switch(name, value)?,
                "regions" => tuning.regions = switch(name, value)?,
                "forced" => tuning.forced = switch(name, value)?,
                "influence" => tuning.influence = fraction(name, value)?,
                "tolerance" => tuning.tolerance = fraction(name, value)?,
                _ => {
                    return Err(format!(
                        "{name:?}: the settings are budget, look-ahead, tolerance, end-game, grouped, dead, living, blend, late-blend, late-open, off-edge, end-prune, end-placements, end-solutions, end-budget, window, probes, regions, forced and influence"
                    ));
                }
            }
        }
        Ok(tuning)
    }
}

/// Cell knowledge during the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Known {
    Unknown,
    Safe,
    Mine,
}

/// Whether `c` is covered and not yet decided (neither known safe nor a known mine).
pub(super) fn undecided(view: &View, known: &[Known], c: usize) -> bool {
    known[c] == Known::Unknown && matches!(view.cells[c], Seen::Hidden | Seen::Marked)
}

/// Whether `c` lies away from every number (no open neighbour).
pub(super) fn away_from_numbers(view: &View, c: usize) -> bool {
    neighbours(c, view.width, view.height).all(|x| !matches!(view.cells[x], Seen::Open(_)))
}

/// The robot's reasoning on `view`. With `full` it always computes probabilities (for the
/// overlay and hints); without it, it stops at sure deductions when there are some.
pub fn analyse(view: &View, budget: usize, full: bool) -> Analysis {
    analyse_tuned(view, &Tuning::with_budget(budget), full)
}

/// [`analyse`] by a robot of other settings.
pub fn analyse_tuned(view: &View, tuning: &Tuning, full: bool) -> Analysis {
    analyse_inner(view, tuning, full, true, &mut ())
}

/// What the view itself tells of each cell (open cells safe, exploded ones mines), and how
/// many have exploded.
fn known_from(view: &View) -> (Vec<Known>, usize) {
    let mut exploded = 0;
    let known = view
        .cells
        .iter()
        .map(|seen| match seen {
            Seen::Open(_) => Known::Safe,
            Seen::Exploded => {
                exploded += 1;
                Known::Mine
            }
            _ => Known::Unknown,
        })
        .collect();
    (known, exploded)
}

/// For each of `n` cells, the constraints (indices into `constraints`) that see it.
fn constraints_of_cells(constraints: &[Constraint], n: usize) -> Vec<Few> {
    let mut of_cell = vec![Few::default(); n];
    for (i, k) in constraints.iter().enumerate() {
        for &c in &k.cells {
            of_cell[c].push(i);
        }
    }
    of_cell
}

/// The constraints the open numbers set on their hidden neighbours (mines already exploded
/// taken off).
fn constraints_of(view: &View) -> Vec<Constraint> {
    let (w, h) = (view.width, view.height);
    let hidden = |c: usize| matches!(view.cells[c], Seen::Hidden | Seen::Marked);
    (0..w * h)
        .filter_map(|c| match view.cells[c] {
            Seen::Open(number) => {
                let mut cells = Few::default();
                let mut found = 0;
                for x in neighbours(c, w, h) {
                    if hidden(x) {
                        cells.push(x);
                    } else if view.cells[x] == Seen::Exploded {
                        found += 1;
                    }
                }
                if cells.is_empty() {
                    return None;
                }
                Some(Constraint {
                    cells,
                    mines: i32::from(number) - found,
                    number: c,
                })
            }
            _ => None,
        })
        .collect()
}

/// The hidden cells certainly safe by the single-number rules alone (a number whose mines are
/// all found clears its other neighbours; one with as many hidden neighbours as missing mines
/// has them all), applied until nothing changes: what the report's robot deduces first.
pub fn evidently_safe(view: &View) -> Vec<usize> {
    let mut known = vec![Known::Unknown; view.cells.len()];
    for (k, seen) in known.iter_mut().zip(&view.cells) {
        match seen {
            Seen::Open(_) => *k = Known::Safe,
            Seen::Exploded => *k = Known::Mine,
            _ => {}
        }
    }
    let _ = propagate(&constraints_of(view), &mut known, None, |_, _, _| {});
    (0..view.cells.len())
        .filter(|&c| {
            matches!(view.cells[c], Seen::Hidden | Seen::Marked) && known[c] == Known::Safe
        })
        .collect()
}

/// Every hidden cell's exact mine probability (estimated where a component is too large for
/// `budget`, then `exact` is false) and the certain cells, without choosing a move.
pub fn probabilities(view: &View, budget: usize) -> Analysis {
    probabilities_tuned(view, &Tuning::with_budget(budget))
}

/// [`probabilities`] by a robot of other settings.
pub fn probabilities_tuned(view: &View, tuning: &Tuning) -> Analysis {
    analyse_inner(view, tuning, true, false, &mut ())
}

/// `look_ahead`: examine guesses one step ahead; without it (the look-ahead's own trial views)
/// no choice is made at all, only the counts and certainties.
fn analyse_inner<N: Notes>(
    view: &View,
    tuning: &Tuning,
    full: bool,
    look_ahead: bool,
    notes: &mut N,
) -> Analysis {
    let (w, h) = (view.width, view.height);
    let n = w * h;
    let hidden = |c: usize| matches!(view.cells[c], Seen::Hidden | Seen::Marked);
    let (mut known, exploded) = known_from(view);
    let mut probability = vec![None; n];
    let any_open = view.cells.iter().any(|s| matches!(s, Seen::Open(_)));
    if !any_open {
        // nothing to reason from: open a corner (fewest neighbours, likeliest zero)
        let risk =
            (view.mines - exploded) as f64 / (0..n).filter(|&c| hidden(c)).count().max(1) as f64;
        for (c, p) in probability.iter_mut().enumerate() {
            if hidden(c) {
                *p = Some(risk);
            }
        }
        let corner = [0, w - 1, n - w, n - 1]
            .into_iter()
            .find(|&c| view.cells[c] == Seen::Hidden);
        let cell = corner.or_else(|| (0..n).find(|&c| view.cells[c] == Seen::Hidden));
        let analysis = Analysis {
            safe: Vec::new(),
            mines: Vec::new(),
            probability,
            choice: cell.map(|cell| Choice::Guess {
                cell,
                risk,
                why: Why::Start,
            }),
            exact: true,
            work: 0,
            log_count: None,
        };
        if notes.on() {
            notes.concluded(view, &analysis);
        }
        return analysis;
    }

    // 1. constraints from the numbers, and sure deductions until nothing changes
    let constraints = constraints_of(view);
    let of_cell = constraints_of_cells(&constraints, n);
    let mut consistent = if notes.on() {
        notes.constraints(view, &constraints);
        let consistent = propagate(&constraints, &mut known, None, |k, cell, set| {
            notes.deduced(k, cell, set);
        });
        notes.deductions_done(&known);
        consistent
    } else {
        propagate(&constraints, &mut known, None, |_, _, _| {})
    };

    let certain = |known: &[Known]| -> (Vec<usize>, Vec<usize>) {
        let safe = (0..n)
            .filter(|&c| hidden(c) && known[c] == Known::Safe)
            .collect();
        let mines = (0..n)
            .filter(|&c| hidden(c) && known[c] == Known::Mine)
            .collect();
        (safe, mines)
    };
    let (safe, mines) = certain(&known);
    if !full && (!safe.is_empty() || mines.iter().any(|&c| view.cells[c] == Seen::Hidden)) {
        for &c in &safe {
            probability[c] = Some(0.0);
        }
        for &c in &mines {
            probability[c] = Some(1.0);
        }
        let choice = safe.first().map(|&c| Choice::OpenSafe(c)).or_else(|| {
            mines
                .iter()
                .find(|&&c| view.cells[c] == Seen::Hidden)
                .map(|&c| Choice::Mark(c))
        });
        return Analysis {
            safe,
            mines,
            probability,
            choice,
            exact: true,
            work: 0,
            log_count: None,
        };
    }

    // 2. exact probabilities by components
    let frontier: Vec<usize> = (0..n)
        .filter(|&c| hidden(c) && known[c] == Known::Unknown && !of_cell[c].is_empty())
        .collect();
    let mines_known = known.iter().filter(|&&k| k == Known::Mine).count();
    let remaining = view.mines as i64 - mines_known as i64;
    let unconstrained: Vec<usize> = (0..n)
        .filter(|&c| hidden(c) && known[c] == Known::Unknown && of_cell[c].is_empty())
        .collect();
    let budget = tuning.budget;
    let components = split(&frontier, &constraints, &of_cell, &known);
    let mut work = 0usize;
    let mut exact = true;
    let mut tallies = Vec::with_capacity(components.len());
    for component in &components {
        let tally = enumerate(
            component,
            &constraints,
            &of_cell,
            &known,
            budget.saturating_sub(work),
            tuning.grouped,
            Keep::PerCell,
        )
        .0;
        work += tally.work;
        if tally.overflow {
            exact = false;
        }
        tallies.push(tally);
    }
    // a component over budget: sound certainties by the subset rule, estimates otherwise
    if !exact {
        consistent &= propagate(&constraints, &mut known, Some(&of_cell), |_, _, _| {});
    }
    let combined = combine(&tallies, unconstrained.len(), remaining);
    if notes.on() {
        notes.components(
            &components,
            &tallies,
            (&unconstrained, remaining),
            &combined,
        );
    }
    for (component, tally) in components.iter().zip(&tallies) {
        for (i, &c) in component.iter().enumerate() {
            if known[c] != Known::Unknown {
                probability[c] = Some(if known[c] == Known::Mine { 1.0 } else { 0.0 });
                continue;
            }
            let p = if tally.overflow {
                local_estimate(c, &constraints, &of_cell, &known)
            } else {
                combined.cell_probability(&tallies, component_index(&tallies, tally), i)
            };
            probability[c] = Some(p);
            if !tally.overflow && combined.valid {
                if p <= 0.0 {
                    known[c] = Known::Safe;
                } else if p >= 1.0 {
                    known[c] = Known::Mine;
                }
            }
        }
    }
    for &c in &unconstrained {
        probability[c] = Some(combined.unconstrained);
        if combined.valid && exact {
            if combined.unconstrained <= 0.0 {
                known[c] = Known::Safe;
            } else if combined.unconstrained >= 1.0 {
                known[c] = Known::Mine;
            }
        }
    }
    for c in 0..n {
        if hidden(c) && known[c] != Known::Unknown {
            probability[c] = Some(if known[c] == Known::Mine { 1.0 } else { 0.0 });
        }
    }
    let (safe, mines) = certain(&known);

    // 3 and 4: a certain move, else the best guess
    let choice = if let Some(&c) = safe.first() {
        Some(Choice::OpenSafe(c))
    } else if let Some(&c) = mines.iter().find(|&&c| view.cells[c] == Seen::Hidden) {
        Some(Choice::Mark(c))
    } else if look_ahead {
        let log_count = (exact && consistent && combined.valid).then_some(combined.log_count);
        best_guess(view, &probability, &known, log_count, tuning, notes)
    } else {
        None
    };
    let analysis = Analysis {
        safe,
        mines,
        probability,
        choice,
        exact,
        work,
        log_count: (exact && consistent && combined.valid).then_some(combined.log_count),
    };
    if notes.on() {
        notes.concluded(view, &analysis);
    }
    analysis
}

#[cfg(test)]
mod tests;
