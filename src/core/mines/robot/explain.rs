//! Learn for the robot: one turn of its reasoning on a board, step by step, as it reasons —
//! the numbers as constraints, each sure deduction with the number that forces it, the groups
//! of unknown cells and how many mine placements fit each, the combined chances, the certain
//! cells and the move. The steps are heard from the analysis itself ([`Notes`]: the plain
//! analysis hears nothing and builds nothing).
//!
//! "You are the robot": [`check_claim`] judges a player's claim that a hidden cell is certainly
//! safe or certainly a mine, and points at the step that proves or refutes it.

use super::constraints::{Combined, Constraint, Tally};
use super::{Analysis, Choice, Known, Why};
use crate::core::mines::game::{Seen, View};
use crate::core::text::{Arg, Phrase};
use crate::{msg, phrase};

/// The robot's turn as pseudo-code (messages: `Lang::tr` them); steps name lines from 1.
pub const PSEUDO_CODE: &[&str] = &[
    msg!(
        "each open number n: its hidden neighbours hold n mines (less those exploded): a constraint"
    ),
    msg!("repeat until nothing changes:"),
    msg!("  a constraint with all its mines found: its other cells are safe"),
    msg!("  a constraint with as many unknown cells as missing mines: they are all mines"),
    msg!("group the unknown cells next to numbers: cells sharing a number are in one group"),
    msg!("for each group: count every way to place its mines that fits all its numbers"),
    msg!(
        "combine the groups with the mines left for the cells next to no number: each cell's chance of a mine"
    ),
    msg!("a chance of 0: certainly safe; a chance of 1: certainly a mine"),
    msg!(
        "open a safe cell, or mark a mine; if none, open the least risky cell (looking one move ahead)"
    ),
];

/// Which line may follow which (`FOLLOWS[l - 1]`); the first step is on line 1, or on line 9
/// when nothing is open yet.
pub const FOLLOWS: &[&[u8]] = &[
    &[2, 3, 4],
    &[5],
    &[2, 3, 4],
    &[2, 3, 4],
    &[6, 7],
    &[6, 7],
    &[8],
    &[9],
    &[],
];

/// A player's claim about a hidden cell ("you are the robot").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    Safe,
    Mine,
}

/// A constraint as a step shows it: the number's cell, its hidden neighbours, the mines they
/// hold.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintView {
    pub number: usize,
    pub cells: Vec<usize>,
    pub mines: i32,
}

/// One step of the robot's reasoning.
#[derive(Clone, Debug, PartialEq)]
pub struct Reason {
    /// The pseudo-code line, from 1.
    pub line: u8,
    /// The cells the step decides, groups or chooses.
    pub cells: Vec<usize>,
    /// What the step says of `cells`, when it decides them.
    pub verdict: Option<Claim>,
    /// The number that forces a deduction.
    pub constraint: Option<ConstraintView>,
    /// The chance of a mine the step works out (the move's cell, or the cells next to no number).
    pub chance: Option<f64>,
    pub say: Phrase,
}

/// One turn of reasoning: its steps and the analysis they lead to.
#[derive(Clone, Debug, PartialEq)]
pub struct Reasoning {
    pub steps: Vec<Reason>,
    pub analysis: Analysis,
}

/// A cell as the steps name it: (row, column), counted from 1 as the panels do.
pub fn cell_name(cell: usize, width: usize) -> String {
    format!("({}, {})", cell / width + 1, cell % width + 1)
}

fn names(cells: &[usize], width: usize) -> String {
    const SHOWN: usize = 8;
    let mut out: Vec<String> = cells
        .iter()
        .take(SHOWN)
        .map(|&c| cell_name(c, width))
        .collect();
    if cells.len() > SHOWN {
        out.push(format!("… (+{})", cells.len() - SHOWN)); // not shown: a count
    }
    out.join(" ")
}

/// What the analysis tells as it goes (the plain analysis: nothing).
pub(super) trait Notes {
    /// True when steps are wanted (otherwise nothing else is called but the two below).
    fn on(&self) -> bool;
    /// True when the look-ahead should score every cell it examines (none skipped because it
    /// cannot beat the best so far) and tell each to [`Notes::scored`].
    fn every_score(&self) -> bool {
        false
    }
    /// A cell the look-ahead examined, and its score.
    fn scored(&mut self, _cell: usize, _score: f64) {}
    fn constraints(&mut self, _view: &View, _constraints: &[Constraint]) {}
    fn deduced(&mut self, _constraint: usize, _cell: usize, _set: Known) {}
    fn deductions_done(&mut self, _known: &[Known]) {}
    fn components(
        &mut self,
        _components: &[Vec<usize>],
        _tallies: &[Tally],
        _unconstrained: (&[usize], i64),
        _combined: &Combined,
    ) {
    }
    fn concluded(&mut self, _view: &View, _analysis: &Analysis) {}
}

impl Notes for () {
    #[inline]
    fn on(&self) -> bool {
        false
    }
}

/// Builds the steps from what the analysis tells.
struct Explainer {
    width: usize,
    constraints: Vec<ConstraintView>,
    steps: Vec<Reason>,
    /// The deduction being gathered: its constraint, what it sets, the cells so far.
    pending: Option<(usize, Known, Vec<usize>)>,
    /// The cells decided by deductions.
    decided: (usize, usize),
}

impl Explainer {
    fn flush(&mut self) {
        let Some((k, set, cells)) = self.pending.take() else {
            return;
        };
        let constraint = self.constraints[k].clone();
        let (number, list) = (
            cell_name(constraint.number, self.width),
            names(&cells, self.width),
        );
        let (verdict, line, say) = if set == Known::Safe {
            self.decided.0 += cells.len();
            let say = phrase!(
                "{number}: mines needed {mines}, all found: {cells} safe",
                number = number,
                mines = constraint.mines,
                cells = list
            );
            (Claim::Safe, 3, say)
        } else {
            self.decided.1 += cells.len();
            let say = phrase!(
                "{number}: mines needed {mines}, and only that many cells can still hold them: {cells} all mines",
                number = number,
                mines = constraint.mines,
                cells = list
            );
            (Claim::Mine, 4, say)
        };
        self.steps.push(Reason {
            line,
            cells,
            verdict: Some(verdict),
            constraint: Some(constraint),
            chance: None,
            say,
        });
    }

    fn push(&mut self, line: u8, cells: Vec<usize>, say: Phrase) {
        self.steps.push(Reason {
            line,
            cells,
            verdict: None,
            constraint: None,
            chance: None,
            say,
        });
    }
}

impl Notes for Explainer {
    fn on(&self) -> bool {
        true
    }

    fn constraints(&mut self, view: &View, constraints: &[Constraint]) {
        self.constraints = constraints
            .iter()
            .map(|k| ConstraintView {
                number: k.number,
                cells: k.cells.iter().copied().collect(),
                mines: k.mines,
            })
            .collect();
        let numbers = constraints.iter().map(|k| k.number).collect();
        let open = view.open_count();
        let say = phrase!(
            "{k} of the {open} open cells touch hidden cells: {k} constraints",
            k = constraints.len(),
            open = open
        );
        self.push(1, numbers, say);
    }

    fn deduced(&mut self, constraint: usize, cell: usize, set: Known) {
        match &mut self.pending {
            Some((k, s, cells)) if *k == constraint && *s == set => cells.push(cell),
            _ => {
                self.flush();
                self.pending = Some((constraint, set, vec![cell]));
            }
        }
    }

    fn deductions_done(&mut self, known: &[Known]) {
        self.flush();
        let _ = known;
        let (safe, mines) = self.decided;
        let say = if safe + mines == 0 {
            phrase!("no number decides a cell by itself: on to counting")
        } else {
            phrase!(
                "nothing more follows number by number: {safe} safe and {mines} mines so far",
                safe = safe,
                mines = mines
            )
        };
        self.push(2, Vec::new(), say);
    }

    fn components(
        &mut self,
        components: &[Vec<usize>],
        tallies: &[Tally],
        (unconstrained, remaining): (&[usize], i64),
        combined: &Combined,
    ) {
        let cells: Vec<usize> = components.iter().flatten().copied().collect();
        let say = phrase!(
            "{unknown} unknown cells next to numbers fall into {groups} groups; {free} hidden cells touch no number",
            unknown = cells.len(),
            groups = components.len(),
            free = unconstrained.len()
        );
        self.push(5, cells, say);
        for (i, (component, tally)) in components.iter().zip(tallies).enumerate() {
            let say = if tally.overflow {
                phrase!(
                    "group {i}: {n} cells, too many placements to count within the budget: its chances are estimates",
                    i = i + 1,
                    n = component.len()
                )
            } else {
                let ways: f64 = tally.count.iter().sum();
                phrase!(
                    "group {i}: {n} cells, {ways} ways to place its mines fit its numbers",
                    i = i + 1,
                    n = component.len(),
                    ways = format!("{ways:.0}")
                )
            };
            self.push(6, component.clone(), say);
        }
        let say = phrase!(
            "{left} mines are left for the rest: each of the {free} cells next to no number is a mine with chance {p}%",
            left = remaining,
            free = unconstrained.len(),
            p = format!("{:.1}", combined.unconstrained * 100.0)
        );
        self.push(7, unconstrained.to_vec(), say);
        if let Some(step) = self.steps.last_mut() {
            step.chance = Some(combined.unconstrained);
        }
    }

    fn concluded(&mut self, view: &View, analysis: &Analysis) {
        let hidden =
            |c: &&usize| view.cells[**c] == Seen::Hidden || view.cells[**c] == Seen::Marked;
        if !self.steps.is_empty() {
            let certain: Vec<usize> = analysis
                .safe
                .iter()
                .chain(&analysis.mines)
                .filter(hidden)
                .copied()
                .collect();
            let say = phrase!(
                "certain now: {safe} safe cells and {mines} mines",
                safe = analysis.safe.len(),
                mines = analysis.mines.len()
            );
            self.push(8, certain, say);
        }
        let Some(choice) = analysis.choice else {
            self.push(
                9,
                Vec::new(),
                phrase!("no hidden cell is left: nothing to do"),
            );
            return;
        };
        let cell = choice.cell();
        let chance = analysis.probability.get(cell).copied().flatten();
        let at = cell_name(cell, self.width);
        let say = match choice {
            Choice::OpenSafe(_) => phrase!("open {cell}: it is certainly safe", cell = at),
            Choice::Mark(_) => phrase!("mark {cell}: it is certainly a mine", cell = at),
            Choice::Guess { risk, why, .. } => {
                let key = match why {
                    Why::Start => msg!(
                        "nothing is open yet: open the corner {cell} (fewest neighbours, the likeliest zero), a mine with chance {p}%"
                    ),
                    Why::LookAhead => msg!(
                        "nothing is certain: open {cell}, a mine with chance {p}%, the best bet looking one move ahead"
                    ),
                    Why::EndGame => msg!(
                        "nothing is certain: open {cell}, a mine with chance {p}%, the best chance of winning, counted over every way the mines left can lie"
                    ),
                    Why::Region => msg!(
                        "nothing is certain: open {cell}, a mine with chance {p}%, the best chance of clearing its closed region, counted over every way its mines can lie"
                    ),
                    Why::Unavoidable => msg!(
                        "a guess no move can spare: open {cell} now (a mine with chance {p}%); no other cell will ever tell its cells apart, so waiting makes it no safer"
                    ),
                    Why::CoinToss => msg!(
                        "open {cell} now (a mine with chance {p}%): if it is a mine, the game comes to a coin toss there anyway"
                    ),
                };
                Phrase::new(
                    key,
                    vec![
                        ("cell", Arg::from(at)),
                        ("p", Arg::from(format!("{:.1}", risk * 100.0))),
                    ],
                )
            }
        };
        // the numbers around the chosen cell: the constraints its chance comes from
        let around = self
            .constraints
            .iter()
            .find(|k| k.cells.contains(&cell))
            .cloned();
        self.steps.push(Reason {
            line: 9,
            cells: vec![cell],
            verdict: match choice {
                Choice::OpenSafe(_) => Some(Claim::Safe),
                Choice::Mark(_) => Some(Claim::Mine),
                Choice::Guess { .. } => None,
            },
            constraint: around,
            chance,
            say,
        });
    }
}

/// The robot's reasoning on `view` (the analysis the overlay shows: probabilities always),
/// step by step, within `budget` enumeration steps.
pub fn explain(view: &View, budget: usize) -> Reasoning {
    let mut explainer = Explainer {
        width: view.width,
        constraints: Vec::new(),
        steps: Vec::new(),
        pending: None,
        decided: (0, 0),
    };
    let analysis = super::analyse_inner(
        view,
        &super::Tuning::with_budget(budget),
        true,
        true,
        &mut explainer,
    );
    Reasoning {
        steps: explainer.steps,
        analysis,
    }
}

/// How a claim was judged, and the step that proves the truth of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ClaimCheck {
    pub right: bool,
    pub say: Phrase,
    /// The step of the reasoning to show as the proof.
    pub proof: Option<usize>,
}

/// Judges the claim that hidden `cell` is certainly safe or certainly a mine against the robot's
/// reasoning on the same board: right exactly when the robot proves it; the proof is the step
/// that decides the cell (a number's deduction, or the counting of its group), and a wrong claim
/// is told what is true (the other certainty, or the cell's chance of a mine).
pub fn check_claim(view: &View, reasoning: &Reasoning, cell: usize, claim: Claim) -> ClaimCheck {
    let at = cell_name(cell, view.width);
    if !matches!(view.cells.get(cell), Some(Seen::Hidden | Seen::Marked)) {
        return ClaimCheck {
            right: false,
            say: phrase!("{cell} is not a hidden cell", cell = at),
            proof: None,
        };
    }
    let analysis = &reasoning.analysis;
    let truth = if analysis.safe.contains(&cell) {
        Some(Claim::Safe)
    } else if analysis.mines.contains(&cell) {
        Some(Claim::Mine)
    } else {
        None
    };
    // the step that decides the cell: a deduction first, else its group's count, else the
    // chance of the cells next to no number
    let proof = reasoning
        .steps
        .iter()
        .position(|r| matches!(r.line, 3 | 4) && r.cells.contains(&cell))
        .or_else(|| {
            reasoning
                .steps
                .iter()
                .position(|r| matches!(r.line, 6 | 7) && r.cells.contains(&cell))
        });
    let by_numbers = proof.is_some_and(|p| matches!(reasoning.steps[p].line, 3 | 4));
    let what = |c: Claim| match c {
        Claim::Safe => Arg::Message(msg!("safe")),
        Claim::Mine => Arg::Message(msg!("a mine")),
    };
    let say = match truth {
        Some(t) if t == claim && by_numbers => phrase!(
            "right: {cell} is certainly {what}, by the numbers alone",
            cell = at.clone(),
            what = what(t)
        ),
        Some(t) if t == claim => phrase!(
            "right: {cell} is {what} in every placement of mines that fits the numbers",
            cell = at.clone(),
            what = what(t)
        ),
        Some(t) => phrase!(
            "wrong: {cell} is certainly {what}",
            cell = at.clone(),
            what = what(t)
        ),
        None => {
            let p = analysis
                .probability
                .get(cell)
                .copied()
                .flatten()
                .unwrap_or(0.5);
            if analysis.exact {
                phrase!(
                    "not certain: {cell} is a mine in {p}% of the placements that fit the numbers",
                    cell = at.clone(),
                    p = format!("{:.1}", p * 100.0)
                )
            } else {
                phrase!(
                    "not proven: the robot cannot decide {cell} either (its group is too large to count; about {p}% a mine)",
                    cell = at.clone(),
                    p = format!("{:.1}", p * 100.0)
                )
            }
        }
    };
    ClaimCheck {
        right: truth == Some(claim),
        say,
        proof,
    }
}
