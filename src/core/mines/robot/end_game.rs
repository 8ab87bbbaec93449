//! The end game: with few unknown cells left, every placement of the remaining mines that fits
//! the numbers is listed, and the guess with the best chance of clearing the board is found by
//! expectimax.

use super::*;

/// The end game's sets of unknown cells, a bit each: at most 64 cells.
pub(super) type Mask = u64;

/// At most this many unknown cells for the exhaustive end game.
pub(super) const END_GAME_CELLS: usize = 20;
/// Positions the end-game search may evaluate before it gives up (the look-ahead decides then).
pub(super) const END_GAME_BUDGET: usize = 300_000;

/// The end game, searched exhaustively: when few unknown cells are left, every placement of the
/// remaining mines that fits the numbers is listed, and the guess that maximises the chance of
/// clearing the board (opening cells one at a time, each number it shows narrowing the
/// placements) is found by expectimax. `None` when there are too many cells or placements, or
/// the search runs out of budget.
///
/// With `prune`, a cell certainly safe is opened at once and a dead cell (one that would show
/// the same number in every placement where it is safe) is left for later while any other can
/// be opened: neither lowers the chance found (information never hurts; a dead cell opened
/// last survives wherever it would have survived first), and the search gets far smaller.
pub(super) fn end_game(view: &View, known: &[Known], tuning: &Tuning) -> Option<usize> {
    end_game_chance(view, known, tuning).map(|(c, _)| c)
}

/// [`end_game`]'s cell and its chance of clearing the board.
pub(super) fn end_game_chance(
    view: &View,
    known: &[Known],
    tuning: &Tuning,
) -> Option<(usize, f64)> {
    let (cells, prune) = (tuning.end_game, tuning.end_prune);
    let (w, h) = (view.width, view.height);
    let n = w * h;
    let unknown: Vec<usize> = (0..n).filter(|&c| undecided(view, known, c)).collect();
    // few cells, or (with `end_solutions`) few placements of their mines however many cells
    let cap = if unknown.len() <= cells {
        tuning.end_placements
    } else {
        tuning.end_solutions
    };
    if unknown.len() > Mask::BITS as usize || unknown.len() < 2 || cap == 0 {
        return None;
    }
    let known_mines = known.iter().filter(|&&k| k == Known::Mine).count();
    let remaining = view.mines.checked_sub(known_mines)?;
    if remaining > unknown.len() {
        return None;
    }
    let checks = checks_of(view, known, &unknown)?;
    let placements = placements_of(unknown.len(), remaining, &checks, cap)?;
    best_opening(view, &unknown, &placements, prune, tuning.end_budget)
}

/// The numbers next to `cells` (unknown cells, no more than 64): for each, which of `cells` it
/// sees (a bit each, in the order of `cells`) and how many of them must be mines. `None` when a
/// number has more mines around it than it says (an inconsistent view).
fn checks_of(view: &View, known: &[Known], cells: &[usize]) -> Option<Vec<(Mask, u32)>> {
    let (w, h) = (view.width, view.height);
    let bit = |c: usize| cells.iter().position(|&u| u == c);
    let mut numbers: Vec<usize> = cells
        .iter()
        .flat_map(|&c| neighbours(c, w, h))
        .filter(|&x| matches!(view.cells[x], Seen::Open(_)))
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut checks = Vec::with_capacity(numbers.len());
    for c in numbers {
        let Seen::Open(number) = view.cells[c] else {
            continue;
        };
        let (mut mask, mut mines): (Mask, u32) = (0, 0);
        for x in neighbours(c, w, h) {
            if let Some(b) = bit(x) {
                mask |= 1 << b;
            } else if known[x] == Known::Mine {
                mines += 1;
            }
        }
        checks.push((mask, u32::from(number).checked_sub(mines)?));
    }
    Some(checks)
}

/// The cell of `cells` to open with the best chance of clearing them all, given every
/// placement of their mines still possible, and that chance (see [`end_game`] for `prune`).
fn best_opening(
    view: &View,
    cells: &[usize],
    placements: &[Mask],
    prune: bool,
    budget: usize,
) -> Option<(usize, f64)> {
    if placements.is_empty() {
        return None;
    }
    let (w, h) = (view.width, view.height);
    let k = cells.len();
    let bit = |c: usize| cells.iter().position(|&u| u == c);
    // what each cell would show (mines among its unknown neighbours here; the rest are the
    // same in every placement and so tell nothing)
    let around: Vec<Mask> = cells
        .iter()
        .map(|&c| {
            neighbours(c, w, h)
                .filter_map(bit)
                .fold(0 as Mask, |m, b| m | 1 << b)
        })
        .collect();
    let mut search = EndGame::new(
        around,
        Mask::MAX >> (Mask::BITS as usize - k),
        prune,
        budget,
    );
    let living: Vec<bool> = (0..k)
        .map(|b| !prune || !search.dead(placements, b))
        .collect();
    let any_living = cells
        .iter()
        .enumerate()
        .any(|(b, &c)| view.cells[c] == Seen::Hidden && living[b]);
    let mut best: Option<(usize, f64)> = None;
    for (b, &c) in cells.iter().enumerate() {
        if view.cells[c] != Seen::Hidden || (any_living && !living[b]) {
            continue;
        }
        // a cell replaces the best only by beating it by more than 1e-12
        let floor = best.map_or(-1.0, |(_, p)| p + 1e-12);
        let chance = search.open(placements, 0, b, floor)?;
        if chance > floor {
            best = Some((c, chance));
        }
    }
    best
}

/// The unknown cells in regions: linked as neighbours, or as two cells next to one number.
pub(super) fn regions_of(view: &View, known: &[Known]) -> Vec<Vec<usize>> {
    let (width, height) = (view.width, view.height);
    let unknown = |cell: usize| undecided(view, known, cell);
    let mut region = vec![usize::MAX; width * height];
    let mut regions: Vec<Vec<usize>> = Vec::new();
    for start in (0..width * height).filter(|&cell| unknown(cell)) {
        if region[start] != usize::MAX {
            continue;
        }
        let id = regions.len();
        region[start] = id;
        let mut cells = vec![start];
        let mut next = 0;
        while next < cells.len() {
            let cell = cells[next];
            next += 1;
            let near: Vec<usize> = neighbours(cell, width, height)
                .flat_map(|x| {
                    let shared = matches!(view.cells[x], Seen::Open(_));
                    std::iter::once(x).chain(neighbours(x, width, height).filter(move |_| shared))
                })
                .collect();
            for x in near {
                if unknown(x) && region[x] == usize::MAX {
                    region[x] = id;
                    cells.push(x);
                }
            }
        }
        regions.push(cells);
    }
    regions
}

/// A closed region solved on its own: unknown cells linked (as neighbours, or through a number
/// they both touch) into regions; a region whose every cell touches a number and whose mine
/// count is the same in every placement that fits its numbers is independent of the rest of
/// the board, so its best opening — by the same exhaustive search as the end game — is the best
/// way to play it, now or later. The cell and its region's chance of being cleared, for the
/// region of at most `tuning.end_game` cells with the best chance.
pub(super) fn closed_region(view: &View, known: &[Known], tuning: &Tuning) -> Option<(usize, f64)> {
    let (w, h) = (view.width, view.height);
    let regions = regions_of(view, known);
    if regions.len() < 2 {
        return None; // the whole board: the end game's own case
    }
    let mut best: Option<(usize, f64)> = None;
    for cells in regions {
        if cells.len() < 2 || cells.len() > tuning.end_game.min(Mask::BITS as usize) {
            continue;
        }
        // every cell touches a number (else its mines trade with the rest of the board)
        if !cells
            .iter()
            .all(|&c| neighbours(c, w, h).any(|x| matches!(view.cells[x], Seen::Open(_))))
        {
            continue;
        }
        let Some(checks) = checks_of(view, known, &cells) else {
            continue;
        };
        let mut fitting = None;
        let mut fixed = true;
        for mines in 0..=cells.len() {
            match placements_of(cells.len(), mines, &checks, tuning.end_placements) {
                Some(found) if found.is_empty() => {}
                Some(found) if fitting.is_none() => fitting = Some(found),
                _ => {
                    fixed = false;
                    break;
                }
            }
        }
        let (true, Some(placements)) = (fixed, fitting) else {
            continue;
        };
        if let Some((c, chance)) = best_opening(
            view,
            &cells,
            &placements,
            tuning.end_prune,
            tuning.end_budget,
        ) && best.is_none_or(|(_, p)| chance > p + 1e-12)
        {
            best = Some((c, chance));
        }
    }
    best
}

/// Most placements the end game weighs.
pub(super) const END_GAME_PLACEMENTS: usize = 3_000;

/// Every set of `mines` cells among `k` (bit masks) that meets every `(cells, need)` check, found
/// by trying cells in order and cutting a branch as soon as a check can no longer be met; `None`
/// when there are more than `cap` (or the walk passes [`PLACEMENT_STEPS`]).
pub(super) fn placements_of(
    k: usize,
    mines: usize,
    checks: &[(Mask, u32)],
    cap: usize,
) -> Option<Vec<Mask>> {
    struct Walk<'a> {
        k: usize,
        checks: &'a [(Mask, u32)],
        cap: usize,
        found: Vec<Mask>,
        steps: usize,
    }
    impl Walk<'_> {
        /// Cells below `next` are decided: `mask` holds the mines among them. False when the
        /// walk must stop (too many placements or steps).
        fn go(&mut self, next: usize, mask: Mask, left: usize) -> bool {
            self.steps += 1;
            if self.steps > PLACEMENT_STEPS {
                self.found.clear();
                return false;
            }
            let decided = if next >= Mask::BITS as usize {
                Mask::MAX
            } else {
                (1 << next) - 1
            };
            for &(cells, need) in self.checks {
                let have = (mask & cells).count_ones();
                let open = (cells & !decided).count_ones();
                // a number's missing mines must come from the mines left
                if have > need || have + open < need || (need - have) as usize > left {
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
        steps: 0,
    };
    walk.go(0, 0, mines).then_some(walk.found)
}

/// Most steps [`placements_of`] takes (cells decided one way or the other) before it gives up:
/// past the end game's 20 cells, cells away from every number can hide few placements behind
/// many dead ends.
pub(super) const PLACEMENT_STEPS: usize = 2_000_000;

pub(super) struct EndGame {
    /// For each unknown cell, its unknown neighbours.
    pub(super) around: Vec<Mask>,
    pub(super) all: Mask,
    pub(super) memo: std::collections::HashMap<(Vec<Mask>, Mask), f64>,
    pub(super) steps: usize,
    /// Certain cells first, dead cells last (see [`end_game`]).
    pub(super) prune: bool,
    /// Positions the search may evaluate before it gives up.
    pub(super) budget: usize,
}

impl EndGame {
    /// A search over the cells whose unknown neighbours are `around` (`all` of them a bit
    /// each), with nothing remembered yet.
    pub(super) fn new(around: Vec<Mask>, all: Mask, prune: bool, budget: usize) -> Self {
        Self {
            around,
            all,
            memo: std::collections::HashMap::new(),
            steps: 0,
            prune,
            budget,
        }
    }

    /// The chance of clearing the board from `placements` (those still possible) with the cells
    /// in `opened` open; `None` when over budget.
    pub(super) fn win(&mut self, placements: &[Mask], opened: Mask) -> Option<f64> {
        // won when no unopened cell is safe in any placement still possible
        let unopened = self.all & !opened;
        if placements.len() == 1 || placements.iter().all(|&m| unopened & !m == 0) {
            return Some(1.0);
        }
        let key = (placements.to_vec(), opened);
        if let Some(&p) = self.memo.get(&key) {
            return Some(p);
        }
        self.steps += 1;
        if self.steps > self.budget {
            return None;
        }
        if self.prune {
            // a cell safe in every placement still possible: open it, nothing to weigh
            let certain = placements.iter().fold(unopened, |safe, &m| safe & !m);
            if certain != 0 {
                let p = self.open(placements, opened, certain.trailing_zeros() as usize, -1.0)?;
                self.memo.insert(key, p);
                return Some(p);
            }
        }
        let candidates: Mask = (0..self.around.len())
            .filter(|&b| unopened & (1 << b) != 0)
            .fold(0, |m, b| m | 1 << b);
        let living: Mask = if self.prune {
            (0..self.around.len())
                .filter(|&b| candidates & (1 << b) != 0 && !self.dead(placements, b))
                .fold(0, |m, b| m | 1 << b)
        } else {
            candidates
        };
        let consider = if living != 0 { living } else { candidates };
        // the safest cells first: their chances bound the rest's, and a good bound early cuts
        // more (the best chance is the same in any order)
        let mut order: Vec<(usize, usize)> = (0..self.around.len())
            .filter(|&b| consider & (1 << b) != 0)
            .map(|b| (placements.iter().filter(|&&m| m & (1 << b) == 0).count(), b))
            .collect();
        order.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = 0.0f64;
        for (safe, b) in order {
            // a cell can do no better than survive its own opening
            if safe as f64 <= best * placements.len() as f64 {
                break;
            }
            best = best.max(self.open(placements, opened, b, best)?);
            if best >= 1.0 {
                break;
            }
        }
        self.memo.insert(key, best);
        Some(best)
    }

    /// Whether cell `b` would show the same number in every placement where it is safe (a
    /// certain mine counts as dead too: there is nothing to learn by opening it).
    pub(super) fn dead(&self, placements: &[Mask], b: usize) -> bool {
        let mut shown = None;
        for &m in placements {
            if m & (1 << b) == 0 {
                let value = (m & self.around[b]).count_ones();
                if shown.is_some_and(|v| v != value) {
                    return false;
                }
                shown = Some(value);
            }
        }
        true
    }

    /// The chance of clearing the board by opening cell `b` next — exactly when it is above
    /// `floor`; otherwise some chance no higher than `floor` (the search stops once the
    /// outcomes left cannot lift it past).
    pub(super) fn open(
        &mut self,
        placements: &[Mask],
        opened: Mask,
        b: usize,
        floor: f64,
    ) -> Option<f64> {
        let mut by_value: Vec<Vec<Mask>> = vec![Vec::new(); 9];
        for &m in placements {
            if m & (1 << b) == 0 {
                by_value[(m & self.around[b]).count_ones() as usize].push(m);
            }
        }
        let all = placements.len() as f64;
        // placements not yet weighed where `b` is safe: each could add a win at most
        let mut left: usize = by_value.iter().map(Vec::len).sum();
        let mut wins = 0.0;
        for group in by_value.iter().filter(|g| !g.is_empty()) {
            if (wins + left as f64) / all <= floor {
                return Some((wins + left as f64) / all);
            }
            left -= group.len();
            wins += group.len() as f64 * self.win(group, opened | (1 << b))?;
        }
        Some(wins / all)
    }
}
