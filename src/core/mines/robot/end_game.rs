//! The end game: with few unknown cells left, every placement of the remaining mines that fits
//! the numbers is listed, and the guess with the best chance of clearing the board is found by
//! expectimax.

use super::*;

/// The end game's sets of unknown cells, a bit each: at most 128 cells.
pub(super) type Mask = u128;
/// The most cells the end game plays.
const MOST: usize = Mask::BITS as usize;

/// At most this many unknown cells for the exhaustive end game.
pub(super) const END_GAME_CELLS: usize = 20;
/// Past [`END_GAME_CELLS`] unknown cells, the end game starts when at most this many placements
/// fit (David Hill's trigger on the solution count): paired over 100,000 expert games, it won
/// more than the look-ahead there; 3,000 gained nothing more over 20,000 and took 1.7 times as
/// long.
pub(super) const END_GAME_SOLUTIONS: usize = 1_000;
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
///
/// `log_count` is the analysis's count of the placements (its natural logarithm): past
/// `tuning.end_game` cells the end game starts only when it is known and at most
/// `tuning.end_solutions`, so a view with too many is refused without listing them.
pub(super) fn end_game(
    view: &View,
    known: &[Known],
    log_count: Option<f64>,
    tuning: &Tuning,
) -> Option<usize> {
    end_game_chance(view, known, log_count, tuning).map(|(c, _)| c)
}

/// [`end_game`]'s cell and its chance of clearing the board.
pub(super) fn end_game_chance(
    view: &View,
    known: &[Known],
    log_count: Option<f64>,
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
    if unknown.len() > cells && log_count.is_none_or(|l| l > (cap as f64).ln() + 1e-9) {
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
    let mut search = EndGame::new(&around, placements, prune, budget);
    let start = search.start();
    let varying = search.varying(&start);
    let living: Vec<bool> = (0..k).map(|b| !prune || varying[b]).collect();
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
        let chance = search.open(&start, b, floor)?;
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

/// The end game's search. A position is the set of placements still possible (indices into the
/// placements it started from): what has been opened is all in it — an opened cell is safe in
/// every one of them and shows the same number in each — so positions reached by opening the
/// same cells in another order are one position, searched once.
pub(super) struct EndGame {
    /// For each cell and placement: the number the cell shows there ([`MINE`] if a mine; only
    /// the unknown neighbours count — the rest are the same in every placement).
    shown: Vec<Vec<u8>>,
    /// The same numbers placement by placement ([`Self::shown`] transposed: placement `i`'s row
    /// is `rows[i * cells..][..cells]`), so that one pass over a position surveys every cell.
    rows: Vec<u8>,
    /// How many placements the search started from.
    placements: usize,
    /// Two independent random words for each placement: a position's key is each one's XOR
    /// over its placements (a 128-bit Zobrist key: two positions share one with a chance of
    /// about 2^-128).
    words: Vec<(u64, u64)>,
    /// Positions searched, by the first word of their key (already well spread: the sliding
    /// puzzle's cheap hasher keys it): the second word, and the chance.
    memo: crate::core::slide::solve::KeyMap<(u64, f64)>,
    /// Positions evaluated so far.
    steps: usize,
    /// Buffers to reuse: the cells to try at a position, the placements grouped by a cell's
    /// number (one for each level of the search, taken and given back).
    spare_orders: Vec<Vec<(usize, usize, bool)>>,
    spare_groups: Vec<Vec<u32>>,
    /// Certain cells first, dead cells last (see [`end_game`]).
    prune: bool,
    /// Positions the search may evaluate before it gives up.
    budget: usize,
}

/// [`EndGame::shown`] of a mine.
const MINE: u8 = 9;

impl EndGame {
    /// A search over the cells whose unknown neighbours are `around` (a bit each, in the order
    /// of the cells), starting from `placements`, with nothing remembered yet.
    pub(super) fn new(around: &[Mask], placements: &[Mask], prune: bool, budget: usize) -> Self {
        let shown: Vec<Vec<u8>> = around
            .iter()
            .enumerate()
            .map(|(b, &near)| {
                placements
                    .iter()
                    .map(|&m| {
                        if m & (1 << b) != 0 {
                            MINE
                        } else {
                            (m & near).count_ones() as u8
                        }
                    })
                    .collect()
            })
            .collect();
        let cells = shown.len();
        let mut rows = vec![0u8; cells * placements.len()];
        for (b, column) in shown.iter().enumerate() {
            for (i, &v) in column.iter().enumerate() {
                rows[i * cells + b] = v;
            }
        }
        // the game's seeded generator: the same words every time
        let mut rng = crate::core::rng::from_seed(0);
        let words = placements
            .iter()
            .map(|_| {
                use rand::RngExt;
                (rng.random::<u64>(), rng.random::<u64>())
            })
            .collect();
        Self {
            shown,
            rows,
            placements: placements.len(),
            words,
            memo: crate::core::slide::solve::KeyMap::default(),
            steps: 0,
            spare_orders: Vec::new(),
            spare_groups: Vec::new(),
            prune,
            budget,
        }
    }

    /// The position the search starts from: every placement.
    pub(super) fn start(&self) -> Vec<u32> {
        (0..self.placements as u32).collect()
    }

    /// The chance of clearing the board from the position `state` (the placements still
    /// possible); `None` when over budget.
    fn win(&mut self, state: &[u32], key: (u64, u64)) -> Option<f64> {
        // one placement left: every safe cell is known
        if state.len() == 1 {
            return Some(1.0);
        }
        if let Some(&(second, p)) = self.memo.get(&key.0)
            && second == key.1
        {
            return Some(p);
        }
        self.steps += 1;
        if self.steps > self.budget {
            return None;
        }
        // each cell worth opening: in how many placements it is safe, the cell, and whether
        // its number varies there
        let mut order = self.spare_orders.pop().unwrap_or_default();
        order.clear();
        let mut living_any = false;
        let mut certain = None;
        let (safes, varying) = self.survey_all(state);
        for b in 0..self.shown.len() {
            let (safe, varies) = (safes[b] as usize, varying[b]);
            if safe == state.len() {
                // safe everywhere: worth opening (at no risk) only if its number tells something
                if varies && certain.is_none() {
                    certain = Some(b);
                }
                if varies && !self.prune {
                    order.push((safe, b, varies));
                    living_any = true;
                }
            } else if safe > 0 {
                order.push((safe, b, varies));
                living_any |= varies;
            }
        }
        if self.prune
            && let Some(b) = certain
        {
            // a cell safe in every placement still possible: open it, nothing to weigh
            self.spare_orders.push(order);
            let p = self.open(state, b, -1.0)?;
            self.memo.insert(key.0, (key.1, p));
            return Some(p);
        }
        if self.prune && living_any {
            // dead cells last: opened later, they survive wherever they would have survived now
            order.retain(|&(_, _, varies)| varies);
        }
        // the safest cells first: their chances bound the rest's, and a good bound early cuts
        // more (the best chance is the same in any order)
        order.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = 0.0f64;
        for &(safe, b, _) in &order {
            // a cell can do no better than survive its own opening
            if safe as f64 <= best * state.len() as f64 {
                break;
            }
            best = best.max(self.open(state, b, best)?);
            if best >= 1.0 {
                break;
            }
        }
        self.spare_orders.push(order);
        self.memo.insert(key.0, (key.1, best));
        Some(best)
    }

    /// For each cell: in how many of `state`'s placements it is safe, and whether the number it
    /// shows differs between them — every cell in one pass over the placements (the cells of a
    /// row side by side, which the compiler does several at a time).
    fn survey_all(&self, state: &[u32]) -> ([u32; MOST], [bool; MOST]) {
        let k = self.shown.len();
        // the lowest number a cell shows ([`MINE`] where it is a mine, so a safe cell's lowest
        // number wins), the highest (a mine as 0), and in how many placements it is safe
        let (mut low, mut high, mut all_safe) = ([MINE; MOST], [0u8; MOST], [0u32; MOST]);
        let (low, high, safe) = (&mut low[..k], &mut high[..k], &mut all_safe[..k]);
        for &i in state {
            let at = i as usize * k;
            let row = &self.rows[at..at + k];
            for b in 0..k {
                let (v, mine) = (row[b], row[b] == MINE);
                low[b] = low[b].min(v);
                high[b] = high[b].max(if mine { 0 } else { v });
                safe[b] += u32::from(!mine);
            }
        }
        let mut varies = [false; MOST];
        for b in 0..k {
            varies[b] = safe[b] > 0 && low[b] != high[b];
        }
        (all_safe, varies)
    }

    /// For each cell, whether the number it shows differs between `state`'s placements where
    /// it is safe (a dead cell's does not; nor does a certain mine's: there is nothing to learn
    /// by opening it).
    pub(super) fn varying(&self, state: &[u32]) -> [bool; MOST] {
        self.survey_all(state).1
    }

    /// The chance of clearing the board by opening cell `b` next — exactly when it is above
    /// `floor`; otherwise some chance no higher than `floor` (the search stops once the
    /// outcomes left cannot lift it past).
    pub(super) fn open(&mut self, state: &[u32], b: usize, floor: f64) -> Option<f64> {
        // the placements where `b` is safe, grouped by the number it shows (one buffer, a
        // counting sort), each group with its key
        let shown = &self.shown[b];
        let mut count = [0usize; 10];
        let mut keys = [(0u64, 0u64); 9];
        for &i in state {
            let v = shown[i as usize] as usize;
            count[v] += 1;
            if v != MINE as usize {
                let word = self.words[i as usize];
                keys[v] = (keys[v].0 ^ word.0, keys[v].1 ^ word.1);
            }
        }
        let mut starts = [0usize; 10];
        for v in 1..10 {
            starts[v] = starts[v - 1] + count[v - 1];
        }
        let safe = starts[9];
        let mut grouped = self.spare_groups.pop().unwrap_or_default();
        grouped.clear();
        grouped.resize(safe, 0);
        let mut next = starts;
        for &i in state {
            let v = shown[i as usize] as usize;
            if v != MINE as usize {
                grouped[next[v]] = i;
                next[v] += 1;
            }
        }
        let all = state.len() as f64;
        // placements not yet weighed where `b` is safe: each could add a win at most
        let mut left = safe;
        let mut wins = 0.0;
        for v in (0..9).filter(|&v| count[v] > 0) {
            if (wins + left as f64) / all <= floor {
                self.spare_groups.push(grouped);
                return Some((wins + left as f64) / all);
            }
            left -= count[v];
            let group = &grouped[starts[v]..starts[v] + count[v]];
            wins += count[v] as f64 * self.win(group, keys[v])?;
        }
        self.spare_groups.push(grouped);
        Some(wins / all)
    }
}
