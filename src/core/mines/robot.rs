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
//! 4. when it must guess, examines the few least risky cells one step ahead: for each number a
//!    cell could show (weighed by how many mine placements give it), would the robot then know a
//!    safe cell, and if not, how safe would its next guess be? It opens the cell with the best
//!    chance of surviving both moves; the candidates are ordered by risk, then by the chance of
//!    being a zero. With few unknown cells left, the end game is searched exhaustively instead.
//!
//! A component too large to enumerate within the per-move budget falls back, soundly, to the
//! pairwise subset rule for certainties and to a local estimate for its probabilities.

use super::game::{Seen, View};
use super::neighbours;

/// What the robot concluded, for the next move and for the overlay.
#[derive(Clone, Debug, PartialEq)]
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

/// The robot's move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choice {
    /// Open a cell that is certainly safe.
    OpenSafe(usize),
    /// Mark a cell that is certainly a mine.
    Mark(usize),
    /// Open the least dangerous cell: `risk` is its chance of being a mine.
    Guess { cell: usize, risk: f64 },
}

impl Choice {
    pub fn cell(self) -> usize {
        match self {
            Choice::OpenSafe(c) | Choice::Mark(c) | Choice::Guess { cell: c, .. } => c,
        }
    }

    /// One sentence for the hint panel.
    pub fn explain(self, width: usize) -> String {
        let at = |c: usize| format!("row {}, column {}", c / width + 1, c % width + 1);
        match self {
            Choice::OpenSafe(c) => format!("open {}: it is certainly safe", at(c)),
            Choice::Mark(c) => format!("mark {}: it is certainly a mine", at(c)),
            Choice::Guess { cell, risk } => format!(
                "nothing is certain: open {}, the least risky cell ({:.1}% mine)",
                at(cell),
                risk * 100.0
            ),
        }
    }
}

/// Enumeration steps allowed per analysis before large components fall back to estimates.
pub const DEFAULT_BUDGET: usize = 400_000;

/// A number's constraint: these unknown cells hold exactly `mines` mines.
#[derive(Clone, Debug)]
struct Constraint {
    cells: Few,
    mines: i32,
}

/// At most 8 indices (a cell's neighbours, a cell's numbers) without a heap allocation: the
/// analysis builds hundreds of these per move.
#[derive(Clone, Copy, Debug, Default)]
struct Few {
    items: [usize; 8],
    len: u8,
}

impl Few {
    fn push(&mut self, x: usize) {
        self.items[self.len as usize] = x;
        self.len += 1;
    }
}

impl std::ops::Deref for Few {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.items[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Few {
    type Item = &'a usize;
    type IntoIter = std::slice::Iter<'a, usize>;
    fn into_iter(self) -> Self::IntoIter {
        self.items[..self.len as usize].iter()
    }
}

/// Cell knowledge during the analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Unknown,
    Safe,
    Mine,
}

/// The robot's reasoning on `view`. With `full` it always computes probabilities (for the
/// overlay and hints); without it, it stops at sure deductions when there are some.
pub fn analyse(view: &View, budget: usize, full: bool) -> Analysis {
    analyse_inner(view, budget, full, true)
}

/// `look_ahead`: examine guesses one step ahead; without it (the look-ahead's own trial views)
/// no choice is made at all, only the counts and certainties.
fn analyse_inner(view: &View, budget: usize, full: bool, look_ahead: bool) -> Analysis {
    let (w, h) = (view.width, view.height);
    let n = w * h;
    let hidden = |c: usize| matches!(view.cells[c], Seen::Hidden | Seen::Marked);
    let mut known = vec![Known::Unknown; n];
    let mut exploded = 0usize;
    for (k, seen) in known.iter_mut().zip(&view.cells) {
        match seen {
            Seen::Open(_) => *k = Known::Safe,
            Seen::Exploded => {
                *k = Known::Mine;
                exploded += 1;
            }
            _ => {}
        }
    }
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
        return Analysis {
            safe: Vec::new(),
            mines: Vec::new(),
            probability,
            choice: cell.map(|cell| Choice::Guess { cell, risk }),
            exact: true,
            work: 0,
            log_count: None,
        };
    }

    // 1. constraints from the numbers, and sure deductions until nothing changes
    let constraints: Vec<Constraint> = (0..n)
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
                })
            }
            _ => None,
        })
        .collect();
    let mut of_cell: Vec<Few> = vec![Few::default(); n];
    for (i, k) in constraints.iter().enumerate() {
        for &c in &k.cells {
            of_cell[c].push(i);
        }
    }
    propagate(&constraints, &mut known, None);

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
        );
        work += tally.work;
        if tally.overflow {
            exact = false;
        }
        tallies.push(tally);
    }
    // a component over budget: sound certainties by the subset rule, estimates otherwise
    if !exact {
        propagate(&constraints, &mut known, Some(&of_cell));
    }
    let combined = combine(&tallies, unconstrained.len(), remaining);
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
        best_guess(view, &probability, &known, budget)
    } else {
        None
    };
    Analysis {
        safe,
        mines,
        probability,
        choice,
        exact,
        work,
        log_count: (exact && combined.valid).then_some(combined.log_count),
    }
}

fn component_index(tallies: &[Tally], tally: &Tally) -> usize {
    tallies
        .iter()
        .position(|t| std::ptr::eq(t, tally))
        .expect("the tally is one of them")
}

/// Sure deductions to a fixed point: a constraint whose mines are all found clears the rest; one
/// with as many unknown cells as missing mines marks them. With `subset_rule`, also: when one
/// constraint's unknown cells are among another's, the difference holds the difference of mines.
fn propagate(constraints: &[Constraint], known: &mut [Known], subset_rule: Option<&[Few]>) {
    loop {
        let mut changed = false;
        for k in constraints {
            let (mut mines, mut unknown) = (0, 0);
            for &c in &k.cells {
                match known[c] {
                    Known::Mine => mines += 1,
                    Known::Unknown => unknown += 1,
                    Known::Safe => {}
                }
            }
            let missing = k.mines - mines;
            if unknown == 0 {
                continue;
            }
            let set = if missing == 0 {
                Known::Safe
            } else if missing == unknown {
                Known::Mine
            } else {
                continue;
            };
            for &c in &k.cells {
                if known[c] == Known::Unknown {
                    known[c] = set;
                    changed = true;
                }
            }
        }
        if !changed && let Some(of_cell) = subset_rule {
            changed = subset_pass(constraints, known, of_cell);
        }
        if !changed {
            return;
        }
    }
}

/// One pass of the subset rule over pairs of constraints sharing a cell.
fn subset_pass(constraints: &[Constraint], known: &mut [Known], of_cell: &[Few]) -> bool {
    let reduce = |k: &Constraint, known: &[Known]| -> (Vec<usize>, i32) {
        let mines = k.cells.iter().filter(|&&c| known[c] == Known::Mine).count() as i32;
        let cells = k
            .cells
            .iter()
            .copied()
            .filter(|&c| known[c] == Known::Unknown)
            .collect();
        (cells, k.mines - mines)
    };
    let mut changed = false;
    for a in constraints {
        let (a_cells, a_missing) = reduce(a, known);
        let Some(&first) = a_cells.first() else {
            continue;
        };
        for &j in &of_cell[first] {
            let (b_cells, b_missing) = reduce(&constraints[j], known);
            if b_cells.len() <= a_cells.len() || !a_cells.iter().all(|c| b_cells.contains(c)) {
                continue;
            }
            let rest: Vec<usize> = b_cells
                .iter()
                .copied()
                .filter(|c| !a_cells.contains(c))
                .collect();
            let missing = b_missing - a_missing;
            let set = if missing == 0 {
                Known::Safe
            } else if missing == rest.len() as i32 {
                Known::Mine
            } else {
                continue;
            };
            for c in rest {
                known[c] = set;
                changed = true;
            }
        }
    }
    changed
}

/// Splits unknown frontier cells into components linked by shared constraints, each ordered so
/// that neighbours in the constraint graph come close together (early pruning).
fn split(
    frontier: &[usize],
    constraints: &[Constraint],
    of_cell: &[Few],
    known: &[Known],
) -> Vec<Vec<usize>> {
    let mut done = vec![false; known.len()];
    let mut components = Vec::new();
    for &start in frontier {
        if std::mem::replace(&mut done[start], true) {
            continue;
        }
        let mut order = vec![start];
        let mut i = 0;
        while i < order.len() {
            let c = order[i];
            i += 1;
            for &k in &of_cell[c] {
                for &x in &constraints[k].cells {
                    if known[x] == Known::Unknown && !std::mem::replace(&mut done[x], true) {
                        order.push(x);
                    }
                }
            }
        }
        components.push(order);
    }
    components
}

/// A component's solutions counted by number of mines: `count[k]` solutions use k mines, and
/// `mine[k][i]` of them put a mine on the component's i-th cell.
#[derive(Clone, Debug, Default)]
struct Tally {
    count: Vec<f64>,
    mine: Vec<Vec<f64>>,
    work: usize,
    overflow: bool,
}

/// Enumerates the component's mine placements that satisfy every constraint.
fn enumerate(
    cells: &[usize],
    constraints: &[Constraint],
    of_cell: &[Few],
    known: &[Known],
    budget: usize,
) -> Tally {
    // the constraints touching the component, as local indices, with what is already decided
    let mut members: Vec<usize> = cells.to_vec();
    members.sort_unstable();
    let mut touched: Vec<usize> = cells
        .iter()
        .flat_map(|&c| of_cell[c].iter().copied())
        .collect();
    touched.sort_unstable();
    touched.dedup();
    // per constraint: missing mines, and unknown cells left to assign
    let mut missing = Vec::with_capacity(touched.len());
    let mut open = Vec::with_capacity(touched.len());
    for &k in &touched {
        let kc = &constraints[k];
        let found = kc
            .cells
            .iter()
            .filter(|&&c| known[c] == Known::Mine)
            .count() as i32;
        let unknown = kc
            .cells
            .iter()
            .filter(|&&c| known[c] == Known::Unknown && members.binary_search(&c).is_ok())
            .count() as i32;
        missing.push(kc.mines - found);
        open.push(unknown);
    }
    let cell_constraints: Vec<Vec<usize>> = cells
        .iter()
        .map(|&c| {
            of_cell[c]
                .iter()
                .map(|k| {
                    touched
                        .binary_search(k)
                        .expect("touched lists every constraint")
                })
                .collect()
        })
        .collect();
    let mut tally = Tally {
        count: vec![0.0; cells.len() + 1],
        mine: vec![vec![0.0; cells.len()]; cells.len() + 1],
        work: 0,
        overflow: false,
    };
    let mut assignment = vec![false; cells.len()];
    let mut search = Enumeration {
        cell_constraints: &cell_constraints,
        missing,
        open,
        assignment: &mut assignment,
        tally: &mut tally,
        budget,
    };
    search.go(0, 0);
    tally
}

struct Enumeration<'a> {
    cell_constraints: &'a [Vec<usize>],
    missing: Vec<i32>,
    open: Vec<i32>,
    assignment: &'a mut [bool],
    tally: &'a mut Tally,
    budget: usize,
}

impl Enumeration<'_> {
    fn go(&mut self, i: usize, mines: usize) {
        if self.tally.overflow {
            return;
        }
        self.tally.work += 1;
        if self.tally.work > self.budget {
            self.tally.overflow = true;
            return;
        }
        if i == self.assignment.len() {
            self.tally.count[mines] += 1.0;
            for (j, &m) in self.assignment.iter().enumerate() {
                if m {
                    self.tally.mine[mines][j] += 1.0;
                }
            }
            return;
        }
        for mine in [false, true] {
            // assign, checking every constraint of this cell stays satisfiable
            let mut ok = true;
            for &k in &self.cell_constraints[i] {
                self.open[k] -= 1;
                if mine {
                    self.missing[k] -= 1;
                }
                if self.missing[k] < 0 || self.missing[k] > self.open[k] {
                    ok = false;
                }
            }
            if ok {
                self.assignment[i] = mine;
                self.go(i + 1, mines + usize::from(mine));
                self.assignment[i] = false;
            }
            for &k in &self.cell_constraints[i] {
                self.open[k] += 1;
                if mine {
                    self.missing[k] += 1;
                }
            }
        }
    }
}

/// The components' tallies combined with the unconstrained cells.
struct Combined {
    /// `others[c][s]`: weight of the other components using s mines in all.
    others: Vec<Vec<f64>>,
    /// Each component's counts were divided by this.
    scales: Vec<f64>,
    /// `weight[j]`: relative number of ways to put j mines on the unconstrained cells.
    weight: Vec<f64>,
    total: f64,
    /// ln of the number of consistent placements (undoing the normalisations).
    log_count: f64,
    unconstrained: f64,
    /// False when no placement fits (an inconsistent view): no certainties then.
    valid: bool,
}

impl Combined {
    fn cell_probability(&self, tallies: &[Tally], c: usize, i: usize) -> f64 {
        if !self.valid {
            return 0.5;
        }
        let tally = &tallies[c];
        let mut sum = 0.0;
        for (k, per_cell) in tally.mine.iter().enumerate() {
            let m = per_cell[i] / self.scales[c];
            if m == 0.0 {
                continue;
            }
            for (s, &o) in self.others[c].iter().enumerate() {
                if o != 0.0 {
                    sum += m * o * self.w(k + s);
                }
            }
        }
        (sum / self.total).clamp(0.0, 1.0)
    }

    /// The weight of the unconstrained cells when the components use `used` mines.
    fn w(&self, used: usize) -> f64 {
        self.weight.get(used).copied().unwrap_or(0.0)
    }
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

fn combine(tallies: &[Tally], unconstrained: usize, remaining: i64) -> Combined {
    // each tally normalised (a constant factor per component cancels out)
    let scales: Vec<f64> = tallies
        .iter()
        .map(|t| t.count.iter().cloned().fold(0.0, f64::max).max(1.0))
        .collect();
    let dists: Vec<Vec<f64>> = tallies
        .iter()
        .zip(&scales)
        .map(|(t, scale)| {
            if t.overflow {
                return vec![1.0];
            }
            t.count.iter().map(|x| x / scale).collect()
        })
        .collect();
    let m = dists.len();
    let mut prefix = vec![vec![1.0]];
    for d in &dists {
        let next = convolve(prefix.last().expect("starts with one"), d);
        prefix.push(next);
    }
    let mut suffix = vec![vec![1.0]; m + 1];
    for i in (0..m).rev() {
        suffix[i] = convolve(&suffix[i + 1], &dists[i]);
    }
    let others: Vec<Vec<f64>> = (0..m)
        .map(|i| convolve(&prefix[i], &suffix[i + 1]))
        .collect();
    let all = &prefix[m];
    // weight[used] = C(U, remaining - used), relative to the largest, by logarithms
    let u = unconstrained as f64;
    let ln_choose = |k: i64| -> Option<f64> {
        if k < 0 || k as usize > unconstrained {
            return None;
        }
        let k = k as f64;
        Some(ln_gamma(u + 1.0) - ln_gamma(k + 1.0) - ln_gamma(u - k + 1.0))
    };
    // a component's k plus the others' s never exceeds the largest total
    let max_used = all.len();
    let logs: Vec<Option<f64>> = (0..max_used)
        .map(|used| ln_choose(remaining - used as i64))
        .collect();
    let top = logs
        .iter()
        .flatten()
        .cloned()
        .fold(f64::NEG_INFINITY, f64::max);
    let weight: Vec<f64> = logs
        .iter()
        .map(|l| l.map_or(0.0, |l| (l - top).exp()))
        .collect();
    let w = |used: usize| weight.get(used).copied().unwrap_or(0.0);
    let total: f64 = all.iter().enumerate().map(|(s, &x)| x * w(s)).sum();
    let valid = total > 0.0 && total.is_finite();
    let unconstrained_p = if unconstrained == 0 || !valid {
        0.0
    } else {
        all.iter()
            .enumerate()
            .map(|(s, &x)| x * w(s) * (remaining - s as i64).max(0) as f64 / u)
            .sum::<f64>()
            / total
    };
    let log_count = total.ln() + scales.iter().map(|s| s.ln()).sum::<f64>() + top;
    Combined {
        others,
        scales,
        weight,
        total,
        log_count,
        unconstrained: unconstrained_p.clamp(0.0, 1.0),
        valid,
    }
}

/// ln Γ(x) for x ≥ 1 (Lanczos approximation; ample for relative binomial weights).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, &g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// A component too big to enumerate: the largest local density among the cell's numbers.
fn local_estimate(c: usize, constraints: &[Constraint], of_cell: &[Few], known: &[Known]) -> f64 {
    of_cell[c]
        .iter()
        .map(|&k| {
            let kc = &constraints[k];
            let found = kc
                .cells
                .iter()
                .filter(|&&x| known[x] == Known::Mine)
                .count() as f64;
            let unknown = kc
                .cells
                .iter()
                .filter(|&&x| known[x] == Known::Unknown)
                .count() as f64;
            ((kc.mines as f64 - found) / unknown.max(1.0)).clamp(0.0, 1.0)
        })
        .fold(0.0, f64::max)
}

/// How many of the least risky cells the look-ahead examines, and how much riskier than the
/// least risky one a cell may be and still be examined.
const LOOK_AHEAD_CELLS: usize = 8;
const LOOK_AHEAD_TOLERANCE: f64 = 0.05;

/// The cell to guess. Candidates come least risky first and, among equal risks, likeliest zero
/// first; the few least risky are examined one step ahead, and the cell with the best chance of
/// surviving both this guess and the next move wins (its safety times [`next_safety`]), so a
/// slightly riskier cell that usually unlocks the board beats a safe-looking one that teaches
/// nothing.
fn best_guess(
    view: &View,
    probability: &[Option<f64>],
    known: &[Known],
    budget: usize,
) -> Option<Choice> {
    let (w, h) = (view.width, view.height);
    let zero_chance = |c: usize| -> f64 {
        neighbours(c, w, h)
            .map(|x| match known[x] {
                Known::Mine => 0.0,
                Known::Safe => 1.0,
                Known::Unknown => 1.0 - probability[x].unwrap_or(0.5),
            })
            .product()
    };
    let mut candidates: Vec<(usize, f64, f64)> = (0..w * h)
        .filter(|&c| view.cells[c] == Seen::Hidden && known[c] == Known::Unknown)
        .filter_map(|c| probability[c].map(|p| (c, p, zero_chance(c))))
        .collect();
    // least risk first; among equal risks the likeliest zero; then the lowest index
    candidates.sort_by(|a, b| {
        a.1.total_cmp(&b.1)
            .then(b.2.total_cmp(&a.2))
            .then(a.0.cmp(&b.0))
    });
    let &(first, lowest, _) = candidates.first()?;
    if lowest <= 0.0 {
        return Some(Choice::Guess {
            cell: first,
            risk: lowest,
        });
    }
    if let Some(cell) = end_game(view, known) {
        let risk = probability[cell].unwrap_or(lowest);
        return Some(Choice::Guess { cell, risk });
    }
    let examined: Vec<(usize, f64)> = candidates
        .iter()
        .filter(|&&(_, p, _)| p <= lowest + LOOK_AHEAD_TOLERANCE)
        .take(LOOK_AHEAD_CELLS)
        .map(|&(c, p, _)| (c, p))
        .collect();
    let mut best = (first, lowest, f64::NEG_INFINITY);
    for (c, p) in examined {
        // the score is at most the chance of surviving this move: a cell that cannot beat the
        // best so far even with a sure next move needs no look-ahead (the choice is the same)
        if 1.0 - p <= best.2 + 1e-12 {
            continue;
        }
        let next_safety = next_safety(view, known, c, budget / 16);
        let score = (1.0 - p) * next_safety;
        if score > best.2 + 1e-12 {
            best = (c, p, score);
        }
    }
    Some(Choice::Guess {
        cell: best.0,
        risk: best.1,
    })
}

/// At most this many unknown cells for the exhaustive end game.
const END_GAME_CELLS: usize = 20;
/// Positions the end-game search may evaluate before it gives up (the look-ahead decides then).
const END_GAME_BUDGET: usize = 300_000;

/// The end game, searched exhaustively: when few unknown cells are left, every placement of the
/// remaining mines that fits the numbers is listed, and the guess that maximises the chance of
/// clearing the board (opening cells one at a time, each number it shows narrowing the
/// placements) is found by expectimax. `None` when there are too many cells or placements, or
/// the search runs out of budget.
fn end_game(view: &View, known: &[Known]) -> Option<usize> {
    let (w, h) = (view.width, view.height);
    let n = w * h;
    let unknown: Vec<usize> = (0..n)
        .filter(|&c| {
            matches!(view.cells[c], Seen::Hidden | Seen::Marked) && known[c] == Known::Unknown
        })
        .collect();
    if unknown.len() > END_GAME_CELLS || unknown.len() < 2 {
        return None;
    }
    let known_mines = known.iter().filter(|&&k| k == Known::Mine).count();
    let remaining = view.mines.checked_sub(known_mines)?;
    if remaining > unknown.len() {
        return None;
    }
    let bit = |c: usize| unknown.iter().position(|&u| u == c);
    // each number next to an unknown cell: which unknown cells it sees, and how many of them
    // must be mines
    let mut checks: Vec<(u32, u32)> = Vec::new();
    for c in 0..n {
        let Seen::Open(number) = view.cells[c] else {
            continue;
        };
        let (mut mask, mut mines) = (0u32, 0u32);
        for x in neighbours(c, w, h) {
            if let Some(b) = bit(x) {
                mask |= 1 << b;
            } else if known[x] == Known::Mine {
                mines += 1;
            }
        }
        if mask != 0 {
            checks.push((mask, u32::from(number).checked_sub(mines)?));
        }
    }
    // every placement of `remaining` mines on the unknown cells that satisfies every number
    let k = unknown.len();
    let placements = placements_of(k, remaining, &checks, END_GAME_PLACEMENTS)?;
    if placements.is_empty() {
        return None;
    }
    // what each unknown cell would show (mines among its unknown neighbours; the known ones are
    // the same in every placement and so tell nothing)
    let around: Vec<u32> = unknown
        .iter()
        .map(|&c| {
            neighbours(c, w, h)
                .filter_map(bit)
                .fold(0u32, |m, b| m | 1 << b)
        })
        .collect();
    let mut search = EndGame {
        around,
        all: (1u32 << k) - 1,
        memo: std::collections::HashMap::new(),
        steps: 0,
    };
    let mut best: Option<(usize, f64)> = None;
    for (b, &c) in unknown.iter().enumerate() {
        if view.cells[c] != Seen::Hidden {
            continue;
        }
        let chance = search.open(&placements, 0, b)?;
        if best.is_none_or(|(_, p)| chance > p + 1e-12) {
            best = Some((c, chance));
        }
    }
    best.map(|(c, _)| c)
}

/// Most placements the end game weighs.
const END_GAME_PLACEMENTS: usize = 3_000;

/// Every set of `mines` cells among `k` (bit masks) that meets every `(cells, need)` check, found
/// by trying cells in order and cutting a branch as soon as a check can no longer be met; `None`
/// when there are more than `cap`.
fn placements_of(k: usize, mines: usize, checks: &[(u32, u32)], cap: usize) -> Option<Vec<u32>> {
    struct Walk<'a> {
        k: usize,
        checks: &'a [(u32, u32)],
        cap: usize,
        found: Vec<u32>,
    }
    impl Walk<'_> {
        /// Cells below `next` are decided: `mask` holds the mines among them.
        fn go(&mut self, next: usize, mask: u32, left: usize) -> bool {
            let decided = if next >= 32 {
                u32::MAX
            } else {
                (1u32 << next) - 1
            };
            for &(cells, need) in self.checks {
                let have = (mask & cells).count_ones();
                let open = (cells & !decided).count_ones();
                if have > need || have + open < need {
                    return true;
                }
            }
            if left > self.k - next {
                return true;
            }
            if next == self.k {
                if left == 0 {
                    self.found.push(mask);
                    return self.found.len() <= self.cap;
                }
                return true;
            }
            if left > 0 && !self.go(next + 1, mask | 1 << next, left - 1) {
                return false;
            }
            self.go(next + 1, mask, left)
        }
    }
    let mut walk = Walk {
        k,
        checks,
        cap,
        found: Vec::new(),
    };
    walk.go(0, 0, mines).then_some(walk.found)
}

struct EndGame {
    /// For each unknown cell, its unknown neighbours.
    around: Vec<u32>,
    all: u32,
    memo: std::collections::HashMap<(Vec<u32>, u32), f64>,
    steps: usize,
}

impl EndGame {
    /// The chance of clearing the board from `placements` (those still possible) with the cells
    /// in `opened` open; `None` when over budget.
    fn win(&mut self, placements: &[u32], opened: u32) -> Option<f64> {
        // won when no unopened cell is safe in any placement still possible
        let unopened = self.all & !opened;
        if placements.iter().all(|&m| unopened & !m == 0) {
            return Some(1.0);
        }
        let key = (placements.to_vec(), opened);
        if let Some(&p) = self.memo.get(&key) {
            return Some(p);
        }
        self.steps += 1;
        if self.steps > END_GAME_BUDGET {
            return None;
        }
        let mut best = 0.0f64;
        for b in 0..self.around.len() {
            if opened & (1 << b) != 0 {
                continue;
            }
            best = best.max(self.open(placements, opened, b)?);
            if best >= 1.0 {
                break;
            }
        }
        self.memo.insert(key, best);
        Some(best)
    }

    /// The chance of clearing the board by opening cell `b` next.
    fn open(&mut self, placements: &[u32], opened: u32, b: usize) -> Option<f64> {
        let mut by_value: Vec<Vec<u32>> = vec![Vec::new(); 9];
        for &m in placements {
            if m & (1 << b) == 0 {
                by_value[(m & self.around[b]).count_ones() as usize].push(m);
            }
        }
        let mut wins = 0.0;
        for group in by_value.iter().filter(|g| !g.is_empty()) {
            wins += group.len() as f64 * self.win(group, opened | (1 << b))?;
        }
        Some(wins / placements.len() as f64)
    }
}

/// If `c` is safe: the chance of surviving the move after opening it — 1 when the number it
/// shows leaves a certain safe cell, else the best safety among the guesses then — averaged over
/// the numbers `c` could show, each weighed by how many mine placements give it.
fn next_safety(view: &View, known: &[Known], c: usize, budget: usize) -> f64 {
    let (w, h) = (view.width, view.height);
    let (mut mines, mut unknown) = (0u8, 0u8);
    for x in neighbours(c, w, h) {
        match known[x] {
            Known::Mine => mines += 1,
            Known::Unknown => unknown += 1,
            Known::Safe => {}
        }
    }
    let mut outcomes = Vec::new();
    let mut trial = view.clone();
    for value in mines..=mines + unknown {
        trial.cells[c] = Seen::Open(value);
        let a = analyse_inner(&trial, budget, true, false);
        if let Some(log_count) = a.log_count {
            let next_safety = if !a.safe.is_empty() {
                1.0
            } else {
                // the best chance of surviving the next guess
                (0..trial.cells.len())
                    .filter(|&x| x != c && trial.cells[x] == Seen::Hidden)
                    .filter_map(|x| a.probability[x])
                    .filter(|&p| p < 1.0)
                    .map(|p| 1.0 - p)
                    .fold(0.0, f64::max)
            };
            outcomes.push((log_count, next_safety));
        }
    }
    let top = outcomes
        .iter()
        .map(|o| o.0)
        .fold(f64::NEG_INFINITY, f64::max);
    let (mut all, mut survival) = (0.0, 0.0);
    for (log_count, next_safety) in outcomes {
        let weight = (log_count - top).exp();
        all += weight;
        survival += weight * next_safety;
    }
    if all > 0.0 { survival / all } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::mines::field::{Config, Field, FirstClick};
    use crate::core::mines::game::Game;

    fn view_of(rows: &[&str], mines: usize) -> View {
        // '#' hidden, 'F' marked, '*' exploded, digits open
        let height = rows.len();
        let width = rows[0].len();
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| match ch {
                '#' => Seen::Hidden,
                'F' => Seen::Marked,
                '*' => Seen::Exploded,
                d => Seen::Open(d.to_digit(10).expect("a digit") as u8),
            })
            .collect();
        View {
            width,
            height,
            mines,
            lives_left: 1,
            cells,
        }
    }

    #[test]
    fn the_end_game_lists_exactly_the_placements_that_fit() {
        use rand::RngExt;
        let mut rng = crate::core::rng::from_seed(5);
        for _ in 0..300 {
            let k = rng.random_range(1..=12usize);
            let mines = rng.random_range(0..=k);
            let checks: Vec<(u32, u32)> = (0..rng.random_range(0..5))
                .map(|_| {
                    let cells = rng.random_range(1..(1u32 << k));
                    let need = rng.random_range(0..=cells.count_ones());
                    (cells, need)
                })
                .collect();
            let brute: Vec<u32> = (0u32..1 << k)
                .filter(|m| m.count_ones() as usize == mines)
                .filter(|m| checks.iter().all(|&(c, n)| (m & c).count_ones() == n))
                .collect();
            let mut found = placements_of(k, mines, &checks, usize::MAX).unwrap();
            found.sort_unstable();
            assert_eq!(found, brute, "k {k}, mines {mines}, checks {checks:?}");
            if brute.len() > 1 {
                assert_eq!(placements_of(k, mines, &checks, brute.len() - 1), None);
            }
        }
    }

    #[test]
    fn only_the_placement_every_number_allows_is_taken() {
        // the 1s of the middle column: (0,1) needs a mine in {2, 5}, (2,1) in {5, 8}, and (1,1)
        // exactly one in {2, 5, 8}: only 5 satisfies all three
        let v = view_of(&["01#", "01#", "01#"], 1);
        let a = analyse(&v, DEFAULT_BUDGET, true);
        assert_eq!(a.mines, vec![5]);
        assert_eq!(a.safe, vec![2, 8]);
        assert_eq!(a.choice, Some(Choice::OpenSafe(2)));
    }

    #[test]
    fn as_many_hidden_as_missing_marks_them() {
        let v = view_of(&["#2#", "111", "000"], 2);
        let a = analyse(&v, DEFAULT_BUDGET, false);
        assert_eq!(a.mines, vec![0, 2]);
        assert_eq!(a.choice, Some(Choice::Mark(0)));
    }

    #[test]
    fn exact_probabilities_weigh_the_unconstrained_cells() {
        // a 1 with two hidden neighbours, and 4 unconstrained cells; 2 mines in all
        // layout: row 0: "1##"? we build: cells (0,0)=1 open; hidden (0,1),(1,0),(1,1) touch it
        let v = view_of(&["1####", "#####"], 2);
        let a = analyse(&v, DEFAULT_BUDGET, true);
        // the 1 sees 3 hidden cells (1, 5, 6): exactly one mine there; the other 6 cells hold the
        // other mine: each frontier cell 1/3, each unconstrained cell 1/6
        for c in [1, 5, 6] {
            assert!((a.probability[c].unwrap() - 1.0 / 3.0).abs() < 1e-9);
        }
        for c in [2, 3, 4, 7, 8, 9] {
            assert!((a.probability[c].unwrap() - 1.0 / 6.0).abs() < 1e-9);
        }
        // expected mines add up to the mines left
        let sum: f64 = a.probability.iter().flatten().sum();
        assert!((sum - 2.0).abs() < 1e-9);
        // ten cells and two mines: the exhaustive end game picks the guess (any risk is 1/6 or
        // 1/3 here)
        match a.choice {
            Some(Choice::Guess { risk, .. }) => {
                assert!((risk - 1.0 / 6.0).abs() < 1e-9 || (risk - 1.0 / 3.0).abs() < 1e-9)
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_mine_count_decides_when_the_numbers_cannot() {
        // the 1 sees cells 0 and 2 (one mine between them); cell 3 touches no number
        let one = analyse(&view_of(&["#1##"], 1), DEFAULT_BUDGET, true);
        assert_eq!(one.safe, vec![3], "one mine in all: it is next to the 1");
        let two = analyse(&view_of(&["#1##"], 2), DEFAULT_BUDGET, true);
        assert_eq!(
            two.mines,
            vec![3],
            "two mines in all: the other one is cell 3"
        );
        assert!((two.probability[0].unwrap() - 0.5).abs() < 1e-9);
        // two placements either way: a mine at 0 or at 2 (and, with two mines, one at 3)
        assert!((one.log_count.unwrap() - 2f64.ln()).abs() < 1e-9);
        assert!((two.log_count.unwrap() - 2f64.ln()).abs() < 1e-9);
    }

    #[test]
    fn the_end_game_prefers_the_guess_that_tells_the_rest_apart() {
        // three unknown cells A B C in a row, one mine among them; A and C see only B, B sees
        // both. Opening A (safe 2/3) then tells B from C: a win. Opening B (safe 2/3) shows 1
        // either way and leaves a 50/50.
        let mut search = EndGame {
            around: vec![0b010, 0b101, 0b010],
            all: 0b111,
            memo: std::collections::HashMap::new(),
            steps: 0,
        };
        let placements = [0b001, 0b010, 0b100];
        let a = search.open(&placements, 0, 0).unwrap();
        let b = search.open(&placements, 0, 1).unwrap();
        assert!((a - 2.0 / 3.0).abs() < 1e-12, "{a}");
        assert!((b - 1.0 / 3.0).abs() < 1e-12, "{b}");
    }

    #[test]
    fn exploded_mines_count_as_found() {
        let v = view_of(&["*1#", "11#", "###"], 2);
        let a = analyse(&v, DEFAULT_BUDGET, true);
        // the 1 at (0,1) already touches the exploded mine: (0,2),(1,2) are safe
        assert!(a.safe.contains(&2) && a.safe.contains(&5));
    }

    #[test]
    fn the_robot_sees_no_mine_positions() {
        // two fields that look the same after the same first opening, with the hidden mines
        // elsewhere: the robot's analysis must be identical
        let config = Config {
            width: 6,
            height: 4,
            mines: 2,
            lives: 1,
            first_click: FirstClick::Any,
        };
        // mines at 5 and 23, or at 5 and 22: opening cell 0 reveals the same area
        let mut a = Game::on_field(config, Field::with_mines(6, 4, &[5, 23]));
        let mut b = Game::on_field(config, Field::with_mines(6, 4, &[5, 22]));
        a.open(0);
        b.open(0);
        if a.view() == b.view() {
            assert_eq!(
                analyse(&a.view(), DEFAULT_BUDGET, true),
                analyse(&b.view(), DEFAULT_BUDGET, true)
            );
        }
        // and the analysis takes only a View: this function could not be written with a Field
        fn robot_input_is_a_view(v: &View) -> Analysis {
            analyse(v, DEFAULT_BUDGET, false)
        }
        let _ = robot_input_is_a_view(&a.view());
    }

    #[test]
    fn certainties_are_never_wrong_on_random_games() {
        use crate::core::mines::field::Preset;
        for seed in 0..60 {
            let config = Config {
                first_click: FirstClick::Safe,
                ..Preset::Intermediate.config()
            };
            let mut game = Game::new(config, seed).unwrap();
            game.open(0);
            let mut turns = 0;
            while game.status() == crate::core::mines::Status::Playing && turns < 400 {
                turns += 1;
                let a = analyse(&game.view(), DEFAULT_BUDGET, true);
                let field = game.field().unwrap().clone();
                for &c in &a.safe {
                    assert!(!field.is_mine(c), "seed {seed}: {c} called safe");
                }
                for &c in &a.mines {
                    assert!(field.is_mine(c), "seed {seed}: {c} called a mine");
                }
                match a.choice {
                    Some(Choice::Mark(c)) => {
                        game.toggle_mark(c);
                    }
                    Some(choice) => {
                        game.open(choice.cell());
                    }
                    None => break,
                }
            }
        }
    }

    #[test]
    fn the_robot_walks_its_plan_nearest_first() {
        let mut plan = vec![Step::Open(99), Step::Mark(1), Step::Open(12)];
        order_by_walk(&mut plan, 0, 10);
        assert_eq!(plan, vec![Step::Mark(1), Step::Open(12), Step::Open(99)]);
    }

    #[test]
    fn a_huge_component_stays_within_the_budget() {
        // a long ribbon of 1s over a hidden row: one huge chain component
        let top: String = "1".repeat(60);
        let mid: String = "#".repeat(60);
        let bottom: String = "#".repeat(60);
        let v = view_of(&[&top, &mid, &bottom], 40);
        let a = analyse(&v, 50, true);
        assert!(!a.exact);
        assert!(a.work <= 51, "{}", a.work);
        assert!(a.choice.is_some());
    }
}

/// How a robot game went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RobotGame {
    pub won: bool,
    pub mines_hit: u32,
    /// Seconds spent thinking (analyses only, not the game's own bookkeeping).
    pub think_seconds: f64,
    /// Guesses it had to make.
    pub guesses: u32,
}

/// One action of the robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Open(usize),
    Mark(usize),
}

impl Step {
    pub fn cell(self) -> usize {
        match self {
            Step::Open(c) | Step::Mark(c) => c,
        }
    }
}

/// What the robot does with an analysis of `view`: mark every certain mine not yet marked,
/// open every certain safe cell, and only when there is none, its guess.
pub fn plan(analysis: &Analysis, view: &View) -> Vec<Step> {
    let mut steps: Vec<Step> = analysis
        .mines
        .iter()
        .filter(|&&c| view.cells[c] == Seen::Hidden)
        .map(|&c| Step::Mark(c))
        .collect();
    steps.extend(analysis.safe.iter().map(|&c| Step::Open(c)));
    if analysis.safe.is_empty()
        && let Some(Choice::Guess { cell, .. }) = analysis.choice
    {
        steps.push(Step::Open(cell));
    }
    steps
}

/// Orders steps greedily by distance from `from` (king moves on a field `width` wide), so a
/// robot walking between them takes a short path.
pub fn order_by_walk(steps: &mut Vec<Step>, from: usize, width: usize) {
    let distance = |a: usize, b: usize| {
        let (ar, ac) = ((a / width) as i64, (a % width) as i64);
        let (br, bc) = ((b / width) as i64, (b % width) as i64);
        (ar - br).abs().max((ac - bc).abs())
    };
    let mut rest = std::mem::take(steps);
    let mut at = from;
    while !rest.is_empty() {
        let (i, _) = rest
            .iter()
            .enumerate()
            .min_by_key(|(_, s)| distance(at, s.cell()))
            .expect("not empty");
        let step = rest.remove(i);
        at = step.cell();
        steps.push(step);
    }
}

/// One turn of the robot on `game`: every certain cell opened or marked at once, else one
/// guess. Returns the analysis it acted on, or `None` when the game is over.
pub fn take_turn(game: &mut super::Game, budget: usize) -> Option<Analysis> {
    if game.status() != super::Status::Playing {
        return None;
    }
    let view = game.view();
    let analysis = analyse(&view, budget, false);
    for step in plan(&analysis, &view) {
        match step {
            Step::Mark(c) => {
                game.toggle_mark(c);
            }
            Step::Open(c) => {
                game.open(c);
            }
        }
    }
    Some(analysis)
}

/// The robot plays a whole game of `config` from `seed`, its first click on `first` (the
/// top-left corner is cell 0).
pub fn play(
    config: super::Config,
    seed: u64,
    first: usize,
    budget: usize,
) -> Result<RobotGame, String> {
    let mut game = super::Game::new(config, seed)?;
    if first >= config.cells() {
        return Err(format!("first click {first} is off the field"));
    }
    let clock = std::time::Instant::now();
    game.open(first);
    let mut think = clock.elapsed().as_secs_f64();
    let mut guesses = 0;
    let mut turns = 0;
    while game.status() == super::Status::Playing {
        turns += 1;
        if turns > 4 * config.cells() {
            return Err(format!("seed {seed}: the robot made no progress"));
        }
        let clock = std::time::Instant::now();
        let before = game.revision();
        let analysis = take_turn(&mut game, budget);
        think += clock.elapsed().as_secs_f64();
        if let Some(Analysis {
            choice: Some(Choice::Guess { .. }),
            safe,
            ..
        }) = &analysis
            && safe.is_empty()
        {
            guesses += 1;
        }
        if game.revision() == before {
            return Err(format!("seed {seed}: the robot found no move"));
        }
    }
    Ok(RobotGame {
        won: game.status() == super::Status::Won,
        mines_hit: game.mines_hit(),
        think_seconds: think,
        guesses,
    })
}
