//! Mine layouts drawn at random, each placement that fits a view equally likely: the boards a
//! judge of the robot's guesses plays its rollouts on.
//!
//! The numbers' components are enumerated as the analysis does (cells that see the same numbers
//! in groups), but every solution is kept; a draw then picks how many mines each component
//! holds (weighed by its solutions with that many mines and by the ways to put the rest on the
//! cells no number sees), one solution of that size (by its ways), the cells of each group
//! that hold its mines, and the rest of the mines among the unconstrained cells — all uniformly,
//! so that every consistent placement has the same chance.

use super::*;
use crate::core::rng::GameRng;
use rand::RngExt;

/// A component's groups (field cells) and its solutions by the number of mines they use.
struct Part {
    groups: Vec<Vec<usize>>,
    by_mines: Vec<Vec<Solution>>,
    /// `dist[k]`: the component's placements with k mines (relative).
    dist: Vec<f64>,
}

/// Draws mine layouts that fit a view, each consistent placement equally likely.
pub struct Sampler {
    /// Cells every placement puts a mine on (exploded, or certain by the numbers).
    sure: Vec<usize>,
    parts: Vec<Part>,
    unconstrained: Vec<usize>,
    /// Mines left for the components and the unconstrained cells together.
    remaining: usize,
    /// `tail[i][s]`: the weight of components i.. and the unconstrained cells when the
    /// components before i used s mines.
    tail: Vec<Vec<f64>>,
}

impl Sampler {
    /// The sampler of `view`'s placements; `None` when none fits or when a component has more
    /// than `budget` enumeration steps (the sampler is exact or nothing).
    pub fn new(view: &View, budget: usize) -> Option<Sampler> {
        let n = view.width * view.height;
        let hidden = |c: usize| matches!(view.cells[c], Seen::Hidden | Seen::Marked);
        let (mut known, _) = known_from(view);
        let constraints = constraints_of(view);
        let of_cell = constraints_of_cells(&constraints, n);
        if !propagate(&constraints, &mut known, None, |_, _, _| {}) {
            return None;
        }
        let sure: Vec<usize> = (0..n).filter(|&c| known[c] == Known::Mine).collect();
        let remaining = view.mines.checked_sub(sure.len())?;
        let frontier: Vec<usize> = (0..n)
            .filter(|&c| hidden(c) && known[c] == Known::Unknown && !of_cell[c].is_empty())
            .collect();
        let unconstrained: Vec<usize> = (0..n)
            .filter(|&c| hidden(c) && known[c] == Known::Unknown && of_cell[c].is_empty())
            .collect();
        let mut parts = Vec::new();
        let mut tallies = Vec::new();
        for component in split(&frontier, &constraints, &of_cell, &known) {
            let mut solutions = Vec::new();
            let (tally, groups) = enumerate(
                &component,
                &constraints,
                &of_cell,
                &known,
                budget,
                true,
                Keep::Solutions(&mut solutions),
            );
            if tally.overflow {
                return None;
            }
            let mut by_mines = vec![Vec::new(); component.len() + 1];
            for solution in solutions {
                by_mines[solution.mines].push(solution);
            }
            let groups = groups
                .iter()
                .map(|g| g.cells.iter().map(|&i| component[i]).collect())
                .collect();
            parts.push(Part {
                groups,
                by_mines,
                dist: Vec::new(),
            });
            tallies.push(tally);
        }
        let combined = combine(&tallies, unconstrained.len(), remaining as i64);
        if !combined.valid {
            return None;
        }
        for ((part, tally), scale) in parts.iter_mut().zip(&tallies).zip(&combined.scales) {
            part.dist = tally.count.iter().map(|x| x / scale).collect();
        }
        // tail[m] is the unconstrained cells' weight alone; tail[i] = part i's dist convolved
        // into tail[i + 1]
        let most = remaining + 1;
        let mut tail = vec![Vec::new(); parts.len() + 1];
        tail[parts.len()] = (0..most).map(|s| combined.w(s)).collect();
        for i in (0..parts.len()).rev() {
            tail[i] = (0..most)
                .map(|s| {
                    parts[i]
                        .dist
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| s + k < most)
                        .map(|(k, &d)| d * tail[i + 1][s + k])
                        .sum()
                })
                .collect();
        }
        if tail[0][0] <= 0.0 || !tail[0][0].is_finite() {
            return None;
        }
        Some(Sampler {
            sure,
            parts,
            unconstrained,
            remaining,
            tail,
        })
    }

    /// One layout: every mine's cell, in no particular order.
    pub fn draw(&self, rng: &mut GameRng) -> Vec<usize> {
        let mut mines = self.sure.clone();
        let mut used = 0;
        for (i, part) in self.parts.iter().enumerate() {
            let next = &self.tail[i + 1];
            let weight = |k: usize| part.dist[k] * next.get(used + k).copied().unwrap_or(0.0);
            let k = pick(rng, part.dist.len(), weight);
            used += k;
            let solutions = &part.by_mines[k];
            let solution = &solutions[pick(rng, solutions.len(), |j| solutions[j].ways)];
            for (cells, &put) in part.groups.iter().zip(&solution.per_group) {
                mines.extend(choose_cells(rng, cells, usize::from(put)));
            }
        }
        mines.extend(choose_cells(
            rng,
            &self.unconstrained,
            self.remaining - used,
        ));
        mines
    }
}

/// An index below `count` drawn with chance proportional to `weight` (which must not all be 0).
fn pick(rng: &mut GameRng, count: usize, weight: impl Fn(usize) -> f64) -> usize {
    let total: f64 = (0..count).map(&weight).sum();
    let mut at = rng.random::<f64>() * total;
    let mut last = 0;
    for i in 0..count {
        let w = weight(i);
        if w > 0.0 {
            last = i;
            if at < w {
                return i;
            }
            at -= w;
        }
    }
    last
}

/// `k` of `cells` drawn uniformly (a partial Fisher–Yates shuffle).
fn choose_cells(rng: &mut GameRng, cells: &[usize], k: usize) -> Vec<usize> {
    let mut pool = cells.to_vec();
    for i in 0..k {
        let j = rng.random_range(i..pool.len());
        pool.swap(i, j);
    }
    pool.truncate(k);
    pool
}
