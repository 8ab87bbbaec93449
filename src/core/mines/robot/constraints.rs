//! The robot's exact reasoning: numbers become constraints; sure deductions to a fixed point
//! (with the pairwise subset rule as the sound fallback); the unknown cells split into
//! independent components whose mine placements are enumerated and counted by mines used; the
//! components combined with the unconstrained cells by binomial weights give exact
//! probabilities; a local estimate where a component is too large.

use super::*;

/// A number's constraint: these unknown cells hold exactly `mines` mines.
#[derive(Clone, Debug)]
pub(super) struct Constraint {
    pub(super) cells: Few,
    pub(super) mines: i32,
    /// The open number it comes from.
    pub(super) number: usize,
}

/// At most 8 indices (a cell's neighbours, a cell's numbers) without a heap allocation: the
/// analysis builds hundreds of these per move.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Few {
    pub(super) items: [usize; 8],
    pub(super) len: u8,
}

impl Few {
    pub(super) fn push(&mut self, x: usize) {
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

pub(super) fn component_index(tallies: &[Tally], tally: &Tally) -> usize {
    tallies
        .iter()
        .position(|t| std::ptr::eq(t, tally))
        .expect("the tally is one of them")
}

/// Sure deductions to a fixed point: a constraint whose mines are all found clears the rest; one
/// with as many unknown cells as missing mines marks them. With `subset_rule`, also: when one
/// constraint's unknown cells are among another's, the difference holds the difference of mines.
///
/// `deduced(k, cell, known)` hears each cell a single constraint (index `k`) decides (Learn's
/// proof; the plain analysis passes a closure that does nothing). False when the deductions
/// contradict a number (a view no placement fits, such as a look-ahead's impossible outcome).
pub(super) fn propagate(
    constraints: &[Constraint],
    known: &mut [Known],
    subset_rule: Option<&[Few]>,
    mut deduced: impl FnMut(usize, usize, Known),
) -> bool {
    loop {
        let mut changed = false;
        for (index, k) in constraints.iter().enumerate() {
            let (mines, unknown) = mines_and_unknown(k, known);
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
                    deduced(index, c, set);
                    changed = true;
                }
            }
        }
        if !changed && let Some(of_cell) = subset_rule {
            changed = subset_pass(constraints, known, of_cell);
        }
        if !changed {
            // no number may now hold more mines than it shows, or fewer than it can
            return constraints.iter().all(|k| {
                let (mines, unknown) = mines_and_unknown(k, known);
                (mines..=mines + unknown).contains(&k.mines)
            });
        }
    }
}

/// One pass of the subset rule over pairs of constraints sharing a cell.
pub(super) fn subset_pass(
    constraints: &[Constraint],
    known: &mut [Known],
    of_cell: &[Few],
) -> bool {
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
pub(super) fn split(
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
pub(super) struct Tally {
    pub(super) count: Vec<f64>,
    pub(super) mine: Vec<Vec<f64>>,
    pub(super) work: usize,
    pub(super) overflow: bool,
}

/// One placement of a component's mines: how many mines each group holds, their total, and
/// the ways to place them in the groups' cells.
#[derive(Clone, Debug)]
pub(super) struct Solution {
    pub(super) per_group: Vec<u8>,
    pub(super) mines: usize,
    pub(super) ways: f64,
}

/// Enumerates the component's mine placements that satisfy every constraint. With `grouped`,
/// cells that see the same numbers are taken together — how many of them hold mines, each
/// count weighed by the ways to place them (a binomial) — which gives the same counts with far
/// fewer steps; without it, cell by cell. `keep` says what is kept besides the counts by
/// mines used; the groups are returned with the tally.
pub(super) fn enumerate(
    cells: &[usize],
    constraints: &[Constraint],
    of_cell: &[Few],
    known: &[Known],
    budget: usize,
    grouped: bool,
    keep: Keep,
) -> (Tally, Vec<Group>) {
    let (per_cell, kept) = match keep {
        Keep::Counts => (false, None),
        Keep::PerCell => (true, None),
        Keep::Solutions(kept) => (true, Some(kept)),
    };
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
            let mut ks: Vec<usize> = of_cell[c]
                .iter()
                .map(|k| {
                    touched
                        .binary_search(k)
                        .expect("touched lists every constraint")
                })
                .collect();
            ks.sort_unstable();
            ks
        })
        .collect();
    // the groups in the order their first cells come (neighbours close together)
    let mut groups: Vec<Group> = Vec::new();
    for (i, ks) in cell_constraints.iter().enumerate() {
        match groups.iter_mut().find(|g| grouped && g.constraints == *ks) {
            Some(g) => g.cells.push(i),
            None => groups.push(Group {
                cells: vec![i],
                constraints: ks.clone(),
            }),
        }
    }
    let mut tally = Tally {
        count: vec![0.0; cells.len() + 1],
        mine: if per_cell {
            vec![vec![0.0; cells.len()]; cells.len() + 1]
        } else {
            Vec::new()
        },
        work: 0,
        overflow: false,
    };
    let mut assignment = vec![0u8; groups.len()];
    let mut search = Enumeration {
        groups: &groups,
        missing,
        open,
        assignment: &mut assignment,
        tally: &mut tally,
        budget,
        kept,
    };
    search.go(0, 0, 1.0);
    (tally, groups)
}

/// What an enumeration keeps besides each component's counts by mines used.
pub(super) enum Keep<'a> {
    /// The counts alone ([`Tally::mine`] left empty): what a count of placements needs, at a
    /// fraction of the cost.
    Counts,
    /// How often each cell holds a mine, for its probability.
    PerCell,
    /// That, and every solution found (the sampler's).
    Solutions(&'a mut Vec<Solution>),
}

/// Cells of a component that see the same numbers (local indices), and those numbers.
pub(super) struct Group {
    pub(super) cells: Vec<usize>,
    pub(super) constraints: Vec<usize>,
}

/// The ways to choose `k` of `n` things, for the small groups of the enumeration.
fn choose(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |ways, i| ways * (n - i) as f64 / (i + 1) as f64)
}

pub(super) struct Enumeration<'a> {
    pub(super) groups: &'a [Group],
    pub(super) missing: Vec<i32>,
    pub(super) open: Vec<i32>,
    /// The mines put in each group so far.
    pub(super) assignment: &'a mut [u8],
    pub(super) tally: &'a mut Tally,
    pub(super) budget: usize,
    /// Where every solution found goes, when kept.
    pub(super) kept: Option<&'a mut Vec<Solution>>,
}

impl Enumeration<'_> {
    /// Groups below `g` are decided, with `mines` mines in `ways` placements.
    pub(super) fn go(&mut self, g: usize, mines: usize, ways: f64) {
        if self.tally.overflow {
            return;
        }
        self.tally.work += 1;
        if self.tally.work > self.budget {
            self.tally.overflow = true;
            return;
        }
        if g == self.groups.len() {
            self.tally.count[mines] += ways;
            if let Some(kept) = self.kept.as_deref_mut() {
                kept.push(Solution {
                    per_group: self.assignment.to_vec(),
                    mines,
                    ways,
                });
            }
            if self.tally.mine.is_empty() {
                // counts alone (`Keep::Counts`)
                return;
            }
            for (group, &m) in self.groups.iter().zip(self.assignment.iter()) {
                if m > 0 {
                    // each cell of the group holds a mine in m/size of the placements
                    let share = ways * f64::from(m) / group.cells.len() as f64;
                    for &i in &group.cells {
                        self.tally.mine[mines][i] += share;
                    }
                }
            }
            return;
        }
        let group = &self.groups[g];
        let size = group.cells.len() as i32;
        for put in 0..=size {
            // assign, checking every constraint of this group stays satisfiable
            let mut ok = true;
            for &k in &group.constraints {
                self.open[k] -= size;
                self.missing[k] -= put;
                if self.missing[k] < 0 || self.missing[k] > self.open[k] {
                    ok = false;
                }
            }
            if ok {
                self.assignment[g] = put as u8;
                self.go(
                    g + 1,
                    mines + put as usize,
                    ways * choose(size as usize, put as usize),
                );
                self.assignment[g] = 0;
            }
            for &k in &group.constraints {
                self.open[k] += size;
                self.missing[k] += put;
            }
            if !ok && group.constraints.iter().any(|&k| self.missing[k] < put + 1) {
                // more mines cannot help a number already full
                break;
            }
        }
    }
}

/// The components' tallies combined with the unconstrained cells.
pub(super) struct Combined {
    /// `others[c][s]`: weight of the other components using s mines in all.
    pub(super) others: Vec<Vec<f64>>,
    /// Each component's counts were divided by this.
    pub(super) scales: Vec<f64>,
    /// `weight[j]`: relative number of ways to put j mines on the unconstrained cells.
    pub(super) weight: Vec<f64>,
    pub(super) total: f64,
    /// ln of the number of consistent placements (undoing the normalisations).
    pub(super) log_count: f64,
    pub(super) unconstrained: f64,
    /// False when no placement fits (an inconsistent view): no certainties then.
    pub(super) valid: bool,
}

impl Combined {
    pub(super) fn cell_probability(&self, tallies: &[Tally], c: usize, i: usize) -> f64 {
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
    pub(super) fn w(&self, used: usize) -> f64 {
        self.weight.get(used).copied().unwrap_or(0.0)
    }
}

pub(super) fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
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

pub(super) fn combine(tallies: &[Tally], unconstrained: usize, remaining: i64) -> Combined {
    // each tally normalised (a constant factor per component cancels out)
    let scales: Vec<f64> = tallies
        .iter()
        .map(|t| t.count.iter().copied().fold(0.0, f64::max).max(1.0))
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
    // a component's k plus the others' s never exceeds the largest total
    let (weight, top) = unconstrained_weights(all.len(), unconstrained, remaining);
    let u = unconstrained as f64;
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

/// `weight[used]` for `used` below `len`: the ways to put the `remaining` mines the components
/// leave (`remaining - used`) on the `unconstrained` cells, C(U, remaining − used), relative to
/// the largest (by logarithms), and the logarithm of that largest.
fn unconstrained_weights(len: usize, unconstrained: usize, remaining: i64) -> (Vec<f64>, f64) {
    let u = unconstrained as f64;
    let ln_choose = |k: i64| -> Option<f64> {
        if k < 0 || k as usize > unconstrained {
            return None;
        }
        let k = k as f64;
        Some(ln_gamma(u + 1.0) - ln_gamma(k + 1.0) - ln_gamma(u - k + 1.0))
    };
    let logs: Vec<Option<f64>> = (0..len)
        .map(|used| ln_choose(remaining - used as i64))
        .collect();
    let top = logs
        .iter()
        .flatten()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let weight = logs
        .iter()
        .map(|l| l.map_or(0.0, |l| (l - top).exp()))
        .collect();
    (weight, top)
}

/// The logarithm of the number of placements [`combine`] counts (its `log_count`), from the
/// components' counts alone — `None` when no placement fits. No probabilities: the cheap count
/// a share of placements needs.
pub(super) fn log_count<'t>(
    tallies: impl IntoIterator<Item = &'t Tally>,
    unconstrained: usize,
    remaining: i64,
) -> Option<f64> {
    let mut all = vec![1.0];
    let mut log_scales = 0.0;
    for t in tallies {
        let scale = t.count.iter().copied().fold(0.0, f64::max).max(1.0);
        log_scales += scale.ln();
        let d: Vec<f64> = t.count.iter().map(|x| x / scale).collect();
        all = convolve(&all, &d);
    }
    let (weight, top) = unconstrained_weights(all.len(), unconstrained, remaining);
    let total: f64 = all.iter().zip(&weight).map(|(x, w)| x * w).sum();
    (total > 0.0 && total.is_finite()).then(|| total.ln() + log_scales + top)
}

/// ln Γ(x) for x ≥ 1 (Lanczos approximation; ample for relative binomial weights).
pub(super) fn ln_gamma(x: f64) -> f64 {
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
pub(super) fn local_estimate(
    c: usize,
    constraints: &[Constraint],
    of_cell: &[Few],
    known: &[Known],
) -> f64 {
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

/// How many of a constraint's cells are known mines, and how many are still unknown.
pub(super) fn mines_and_unknown(k: &Constraint, known: &[Known]) -> (i32, i32) {
    let (mut mines, mut unknown) = (0, 0);
    for &c in &k.cells {
        match known[c] {
            Known::Mine => mines += 1,
            Known::Unknown => unknown += 1,
            Known::Safe => {}
        }
    }
    (mines, unknown)
}
