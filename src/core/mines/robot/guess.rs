//! Guessing: the least risky cells examined one step ahead — for each number a cell could show,
//! would a safe cell then be known, and if not, how safe would the next guess be?

use super::*;

/// How many of the least risky cells the look-ahead examines, and how much riskier than the
/// least risky one a cell may be and still be examined.
pub(super) const LOOK_AHEAD_CELLS: usize = 8;
pub(super) const LOOK_AHEAD_TOLERANCE: f64 = 0.05;

/// The cell to guess. Candidates come least risky first and, among equal risks, likeliest zero
/// first; the few least risky are examined one step ahead, and the cell with the best chance of
/// surviving both this guess and the next move wins (its safety times [`next_safety`]), so a
/// slightly riskier cell that usually unlocks the board beats a safe-looking one that teaches
/// nothing.
pub(super) fn best_guess(
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

/// If `c` is safe: the chance of surviving the move after opening it — 1 when the number it
/// shows leaves a certain safe cell, else the best safety among the guesses then — averaged over
/// the numbers `c` could show, each weighed by how many mine placements give it.
pub(super) fn next_safety(view: &View, known: &[Known], c: usize, budget: usize) -> f64 {
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
        let a = analyse_inner(&trial, budget, true, false, &mut ());
        if let Some(log_count) = a.log_count {
            let next_safety = if a.safe.is_empty() {
                // the best chance of surviving the next guess
                (0..trial.cells.len())
                    .filter(|&x| x != c && trial.cells[x] == Seen::Hidden)
                    .filter_map(|x| a.probability[x])
                    .filter(|&p| p < 1.0)
                    .map(|p| 1.0 - p)
                    .fold(0.0, f64::max)
            } else {
                1.0
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
