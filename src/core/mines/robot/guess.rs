//! Guessing: the least risky cells examined one step ahead — for each number a cell could show,
//! would a safe cell then be known, and if not, how safe would the next guess be?

use super::*;

/// At most how many of the least risky cells the look-ahead examines; those at least
/// [`LOOK_AHEAD_WINDOW`] as safe as the safest cell (paired over 20,000 expert games, this
/// relative window over 40 cells won 0.30 points more than the 8 cells within 0.05 of the
/// least risk, which let ties away from every number crowd out the cells on the edge), or,
/// without a window, those within [`LOOK_AHEAD_TOLERANCE`] of the least risk.
pub(super) const LOOK_AHEAD_CELLS: usize = 40;
/// 85% rather than the first 90%: paired over 100,000 expert games, +0.04 points in the corner
/// (187 / 147 seeds) and +0.02 at (3,3) (219 / 199); beginner and intermediate unchanged.
pub(super) const LOOK_AHEAD_WINDOW: f64 = 0.85;
pub(super) const LOOK_AHEAD_TOLERANCE: f64 = 0.05;
/// At most how many of the examined cells lie away from every number; those only where they
/// can tell something soon ([`LOOK_AHEAD_PROBES`]).
pub(super) const LOOK_AHEAD_OFF_EDGE: usize = 24;
/// Cells away from every number examined only next to a cell on the edge (two steps from a
/// number) or with at most three covered neighbours, as David Hill's solver picks them: with 24
/// of them instead of the first 8 (likeliest zero, then top left), paired over seeds 1–100,000
/// +0.10 points in the corner (1,702 / 1,603 seeds), and on fresh seeds 100,001–160,000 +0.29
/// (1,128 / 954, p < 0.001); at (3,3) −0.05 (588 / 642, p 0.13) and −0.04 on the fresh seeds
/// (370 / 397), a small cost against the corner's gain.
pub(super) const LOOK_AHEAD_PROBES: bool = true;
/// The second safest next cell's share once [`LATE_OPEN`] cells are open (7 : 3). The share 0.3
/// everywhere won at (3,3) (paired over seeds 1–100,000, +0.07 points, 388 / 314; fresh seeds
/// 100,001–160,000, +0.02) and lost in the corner (−0.04, 511 / 552), where its losses parted
/// with fewer than 20 cells open and its (3,3) gains with more; so 0.3 from 20 open cells on:
/// (3,3) +0.07 (343 / 268, p 0.003) and fresh +0.02 (171 / 157), corner level on fresh seeds
/// (143 / 143).
pub(super) const LOOK_AHEAD_LATE_BLEND: f64 = 0.3;
/// From this many open cells on, the blend is [`Tuning::late_blend`].
pub(super) const LATE_OPEN: usize = 20;
/// How much of a cell's risk inside would-be 50/50s counts as safe ([`Tuning::influence`]):
/// paired over 100,000 expert games, 0.9 won 0.17 points more than none.
pub(super) const INFLUENCE: f64 = 0.9;
/// The second safest next cell's share in an outcome's safety (David Hill's 4 : 1) while fewer
/// than [`LATE_OPEN`] cells are open.
pub(super) const LOOK_AHEAD_BLEND: f64 = 0.2;

/// The cell to guess. Candidates come least risky first and, among equal risks, likeliest zero
/// first; the least risky are examined one step ahead, and the cell with the best chance of
/// surviving both this guess and the next move wins (its safety times [`next_safety`]), so a
/// slightly riskier cell that usually unlocks the board beats a safe-looking one that teaches
/// nothing.
pub(super) fn best_guess(
    view: &View,
    probability: &[Option<f64>],
    known: &[Known],
    log_count: Option<f64>,
    tuning: &Tuning,
    notes: &mut impl Notes,
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
            why: Why::LookAhead,
        });
    }
    // a guess chosen by one of the rules below, at its own risk
    let chosen = |cell: usize, why: Why| {
        Some(Choice::Guess {
            cell,
            risk: probability[cell].unwrap_or(lowest),
            why,
        })
    };
    if let Some(cell) = end_game(view, known, log_count, tuning) {
        return chosen(cell, Why::EndGame);
    }
    if tuning.regions
        && let Some((cell, _)) = closed_region(view, known, tuning)
    {
        // independent of the rest: its best opening is the best way to play it, now or later
        return chosen(cell, Why::Region);
    }
    let uncertain = |c: &usize| probability[*c].is_some_and(|p| p > 0.0 && p < 1.0);
    if tuning.forced
        && let Some(tiles) = forced_guess(view, known)
        && tiles.iter().all(uncertain)
    {
        // a guess among these must be taken some time and will be no safer later: taking it
        // now risks nothing more and what it shows helps every later move
        return chosen(
            most_telling(view, probability, known, &tiles, tuning),
            Why::Unavoidable,
        );
    }
    let mut long_term = log_count
        .filter(|_| tuning.influence > 0.0)
        .map(|l| LongTerm::new(view, known, probability, l, tuning));
    let mut enablers = Vec::new();
    if let Some(long_term) = long_term.as_mut() {
        let (pseudo, lent) = long_term.scan();
        enablers = lent;
        let pseudo: Vec<usize> = pseudo.into_iter().filter(uncertain).collect();
        if !pseudo.is_empty() {
            // if such a cell is a mine, the game comes to a coin toss there anyway
            return chosen(
                most_telling(view, probability, known, &pseudo, tuning),
                Why::CoinToss,
            );
        }
    }
    // at most `off_edge` of the examined cells away from every number: when those are the
    // safest, hundreds tie and would crowd out every cell on the edge
    let off = |c: usize| away_from_numbers(view, c);
    // with `window`, a cell is examined when its safety is at least that share of the safest
    // cell's; without, when its risk is within `tolerance` of the least
    let within = |p: f64| {
        if tuning.window > 0.0 {
            1.0 - p >= (1.0 - lowest) * tuning.window
        } else {
            p <= lowest + tuning.tolerance
        }
    };
    // with `probes`, a cell away from every number is examined only when it can tell
    // something soon: next to a cell on the edge (two steps from a number), or with at most
    // three hidden neighbours (a corner's zero opens more)
    let promising = |c: usize| {
        !tuning.probes
            || !off(c)
            || neighbours(c, w, h).any(|x| view.cells[x] == Seen::Hidden && !off(x))
            || neighbours(c, w, h)
                .filter(|&x| matches!(view.cells[x], Seen::Hidden | Seen::Marked))
                .count()
                <= 3
    };
    let mut off_taken = 0;
    let examined: Vec<(usize, f64)> = candidates
        .iter()
        .filter(|&&(c, p, _)| within(p) && promising(c))
        .filter(|&&(c, _, _)| {
            if !off(c) {
                return true;
            }
            off_taken += 1;
            off_taken <= tuning.off_edge
        })
        .take(tuning.look_ahead)
        .map(|&(c, p, _)| (c, p))
        .collect();
    let mut best = (first, lowest, f64::NEG_INFINITY);
    for (c, p) in examined {
        // the share of placements where `c` is a mine in a would-be 50/50 (risk no play
        // avoids): it counts as safe by `influence`
        let unavoidable = long_term.as_mut().map_or(0.0, |long_term| {
            (long_term.influence(c) + enablers[c]).min(p).min(1.0 - p)
        });
        let counted = 1.0 + tuning.influence * unavoidable / (1.0 - p);
        // the score is at most the chance of surviving this move: a cell that cannot beat the
        // best so far even with a sure next move needs no look-ahead (the choice is the same)
        if (1.0 - p) * counted <= best.2 + 1e-12 && !notes.every_score() {
            continue;
        }
        let score = look_ahead_score(view, known, c, 1.0 - p, counted, tuning.dead, tuning);
        notes.scored(c, score);
        if score > best.2 + 1e-12 {
            best = (c, p, score);
        }
    }
    Some(Choice::Guess {
        cell: best.0,
        risk: best.1,
        why: Why::LookAhead,
    })
}

/// Of `tiles`, the one with the best chance of surviving both it and the move after it,
/// living cells before dead ones.
fn most_telling(
    view: &View,
    probability: &[Option<f64>],
    known: &[Known],
    tiles: &[usize],
    tuning: &Tuning,
) -> usize {
    let mut best = (tiles[0], f64::NEG_INFINITY);
    for &c in tiles {
        let safety = 1.0 - probability[c].unwrap_or(0.0);
        let score = look_ahead_score(view, known, c, safety, 1.0, true, tuning);
        if score > best.1 + 1e-12 {
            best = (c, score);
        }
    }
    best.0
}

/// A guess's score: its `safety` times the chance of surviving the move after it, times
/// `factor` (its long-term risk's weight). With `dead_last`, a dead cell's score drops by 1:
/// its number is known already, opening it teaches nothing, so it comes after every cell that
/// can tell something (in the same order among dead cells).
fn look_ahead_score(
    view: &View,
    known: &[Known],
    c: usize,
    safety: f64,
    factor: f64,
    dead_last: bool,
    tuning: &Tuning,
) -> f64 {
    let ahead = next_safety(view, known, c, tuning);
    let score = safety * ahead.safety * factor;
    if ahead.dead && dead_last {
        score - 1.0
    } else {
        score
    }
}

/// What the look-ahead found about a cell: the chance of surviving the move after it (if it is
/// safe), and whether it is dead.
pub(super) struct Ahead {
    pub(super) safety: f64,
    pub(super) dead: bool,
}

/// If `c` is safe: the chance of surviving the move after opening it — 1 when the number it
/// shows leaves a certain safe cell, else the best safety among the guesses then — averaged over
/// the numbers `c` could show, each weighed by how many mine placements give it; and whether
/// `c` is dead (it can show one number only).
///
/// With `tuning.living`, only cells that can still tell something count (a safe cell whose
/// number is known already is no progress, a dead cell no guess worth taking); with
/// `tuning.blend`, an outcome's safety is the best living cell's blended with the second
/// best's (`blend` the second's share; `late_blend` once `view` has `late_open` cells open), so
/// that an outcome with one good way on is worth less than one with two.
pub(super) fn next_safety(view: &View, known: &[Known], c: usize, tuning: &Tuning) -> Ahead {
    let trial_tuning = Tuning {
        budget: tuning.budget / 16,
        ..*tuning
    };
    let open = view.open_count();
    let blend = if open >= tuning.late_open {
        tuning.late_blend
    } else {
        tuning.blend
    };
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
    let mut unsure = false;
    let mut trial = view.clone();
    for value in mines..=mines + unknown {
        trial.cells[c] = Seen::Open(value);
        let a = analyse_inner(&trial, &trial_tuning, true, false, &mut ());
        if let Some(log_count) = a.log_count {
            let safety = |x: usize| a.probability[x].filter(|&p| p < 1.0).map(|p| 1.0 - p);
            let safest = (0..trial.cells.len())
                .filter(|&x| x != c && trial.cells[x] == Seen::Hidden)
                .filter_map(|x| safety(x).map(|s| (x, s)));
            let next_safety = if tuning.living || blend > 0.0 {
                // the two safest cells (living ones with `living`; the lower index first
                // among equals), found in one pass: a cell is tested for life only when it
                // would be one of the two
                let living = |x: usize| !tuning.living || !is_dead(&trial, &a.probability, x);
                let (first, second) = two_safest(safest, living);
                let first = first.unwrap_or(0.0);
                let second = second.unwrap_or(first);
                (1.0 - blend) * first + blend * second
            } else if a.safe.is_empty() {
                // the best chance of surviving the next guess
                safest.map(|(_, s)| s).fold(0.0, f64::max)
            } else {
                1.0
            };
            outcomes.push((log_count, next_safety));
        } else if !a.exact {
            unsure = true;
        }
    }
    let dead = outcomes.len() == 1 && !unsure;
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
    Ahead {
        safety: if all > 0.0 { survival / all } else { 0.0 },
        dead,
    }
}

/// Of `cells` (index and safety, in index order), the safeties of the two safest for which
/// `keep` holds, the lower index first among equal safeties: the first two of them sorted
/// safest first, without the sort. `keep` is asked only of a cell that would be one of them.
pub(super) fn two_safest(
    cells: impl Iterator<Item = (usize, f64)>,
    mut keep: impl FnMut(usize) -> bool,
) -> (Option<f64>, Option<f64>) {
    let (mut first, mut second): (Option<f64>, Option<f64>) = (None, None);
    for (x, s) in cells {
        // in index order, a later cell goes before an earlier one only when strictly safer
        if second.is_some_and(|t| s <= t) || !keep(x) {
            continue;
        }
        if first.is_none_or(|f| s > f) {
            second = first;
            first = Some(s);
        } else {
            second = Some(s);
        }
    }
    (first, second)
}

/// Whether the hidden cell `x` is dead on `view` given its cells' mine chances `probability`:
/// the number it would show is the same wherever it is safe — every hidden neighbour certain,
/// or the uncertain ones exactly the uncertain cells of one open number (whose count they
/// then hold). A sufficient test: a cell it calls living may still be dead.
pub(super) fn is_dead(view: &View, probability: &[Option<f64>], x: usize) -> bool {
    let (w, h) = (view.width, view.height);
    let uncertain = |y: usize| {
        matches!(view.cells[y], Seen::Hidden | Seen::Marked)
            && probability[y].is_some_and(|p| p > 0.0 && p < 1.0)
    };
    let mut cells: Vec<usize> = neighbours(x, w, h).filter(|&y| uncertain(y)).collect();
    if cells.is_empty() {
        return true;
    }
    cells.sort_unstable();
    // an open number next to one of them that sees exactly these uncertain cells
    neighbours(cells[0], w, h).any(|n| {
        matches!(view.cells[n], Seen::Open(_)) && {
            let mut seen: Vec<usize> = neighbours(n, w, h).filter(|&y| uncertain(y)).collect();
            seen.sort_unstable();
            seen == cells
        }
    })
}
