//! The end game: with few unknown cells left, every placement of the remaining mines that fits
//! the numbers is listed, and the guess with the best chance of clearing the board is found by
//! expectimax.

use super::*;

/// At most this many unknown cells for the exhaustive end game.
pub(super) const END_GAME_CELLS: usize = 20;
/// Positions the end-game search may evaluate before it gives up (the look-ahead decides then).
pub(super) const END_GAME_BUDGET: usize = 300_000;

/// The end game, searched exhaustively: when few unknown cells are left, every placement of the
/// remaining mines that fits the numbers is listed, and the guess that maximises the chance of
/// clearing the board (opening cells one at a time, each number it shows narrowing the
/// placements) is found by expectimax. `None` when there are too many cells or placements, or
/// the search runs out of budget.
pub(super) fn end_game(view: &View, known: &[Known]) -> Option<usize> {
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
pub(super) const END_GAME_PLACEMENTS: usize = 3_000;

/// Every set of `mines` cells among `k` (bit masks) that meets every `(cells, need)` check, found
/// by trying cells in order and cutting a branch as soon as a check can no longer be met; `None`
/// when there are more than `cap`.
pub(super) fn placements_of(
    k: usize,
    mines: usize,
    checks: &[(u32, u32)],
    cap: usize,
) -> Option<Vec<u32>> {
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

pub(super) struct EndGame {
    /// For each unknown cell, its unknown neighbours.
    pub(super) around: Vec<u32>,
    pub(super) all: u32,
    pub(super) memo: std::collections::HashMap<(Vec<u32>, u32), f64>,
    pub(super) steps: usize,
}

impl EndGame {
    /// The chance of clearing the board from `placements` (those still possible) with the cells
    /// in `opened` open; `None` when over budget.
    pub(super) fn win(&mut self, placements: &[u32], opened: u32) -> Option<f64> {
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
    pub(super) fn open(&mut self, placements: &[u32], opened: u32, b: usize) -> Option<f64> {
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
