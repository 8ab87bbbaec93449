//! 50/50s: guesses no play can avoid (taken as soon as the robot must guess) and David Hill's
//! long-term risk — how much of a cell's risk lies in a 50/50 that may form around it.

use super::*;

/// An unavoidable guess, if the view has one: the unknown cells `T` around an open number
/// (at least two, holding some but not all of its missing mines) such that every cell next to
/// one of them, outside `T`, is a known mine or next to all of them. No cell, open now or
/// later, can then tell the cells of `T` apart (each sees all of them or none), so however
/// the game goes on, one of them must be opened blind, at the same risk as now (every cell of
/// `T` is equally likely a mine: swapping two of them changes no number). Taking that guess
/// first costs nothing and tells something (David Hill's unavoidable 50/50).
pub(super) fn forced_guess(view: &View, known: &[Known]) -> Option<Vec<usize>> {
    let (w, h) = (view.width, view.height);
    let touches =
        |a: usize, b: usize| a != b && (a % w).abs_diff(b % w) <= 1 && (a / w).abs_diff(b / w) <= 1;
    for n in 0..w * h {
        let Seen::Open(number) = view.cells[n] else {
            continue;
        };
        let mut tiles = Vec::new();
        let mut found = 0u8;
        for x in neighbours(n, w, h) {
            if known[x] == Known::Mine {
                found += 1;
            } else if undecided(view, known, x) {
                tiles.push(x);
            }
        }
        let missing = usize::from(number.saturating_sub(found));
        if tiles.len() < 2 || missing == 0 || missing >= tiles.len() {
            continue;
        }
        let unbroken = tiles.iter().all(|&t| {
            neighbours(t, w, h).all(|x| {
                tiles.contains(&x)
                    || known[x] == Known::Mine
                    || tiles.iter().all(|&u| touches(x, u))
            })
        });
        if unbroken {
            return Some(tiles);
        }
    }
    forced_chain(view, known)
}

/// An unavoidable guess made of several numbers' pairs: cells linked two by two, each pair
/// the only unknown cells of a number missing one mine, so that the mines alternate along
/// the links — one way or the other. When both ways hold as many mines and every other cell
/// (not a known mine) sees as many cells of the one way as of the other, nothing can ever tell
/// the two ways apart: every cell of the chain is a 50/50 that must be guessed some time
/// (David Hill's chained 50/50).
fn forced_chain(view: &View, known: &[Known]) -> Option<Vec<usize>> {
    let (width, height) = (view.width, view.height);
    let n = width * height;
    let unknown = |x: usize| undecided(view, known, x);
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut linked = Vec::new();
    for c in 0..n {
        let Seen::Open(number) = view.cells[c] else {
            continue;
        };
        let found = neighbours(c, width, height)
            .filter(|&x| known[x] == Known::Mine)
            .count();
        let tiles: Vec<usize> = neighbours(c, width, height)
            .filter(|&x| unknown(x))
            .collect();
        if let [a, b] = tiles[..]
            && usize::from(number) == found + 1
        {
            if links[a].is_empty() {
                linked.push(a);
            }
            if links[b].is_empty() {
                linked.push(b);
            }
            links[a].push(b);
            links[b].push(a);
        }
    }
    // the chains: cells coloured by which way they are mines in
    let mut way: Vec<Option<bool>> = vec![None; n];
    for &start in &linked {
        if way[start].is_some() {
            continue;
        }
        way[start] = Some(false);
        let mut chain = vec![start];
        let mut consistent = true;
        let mut i = 0;
        while i < chain.len() {
            let c = chain[i];
            i += 1;
            let other = !way[c].unwrap_or(false);
            for &d in &links[c] {
                match way[d] {
                    None => {
                        way[d] = Some(other);
                        chain.push(d);
                    }
                    Some(v) if v != other => consistent = false,
                    Some(_) => {}
                }
            }
        }
        let ones = chain.iter().filter(|&&c| way[c] == Some(true)).count();
        if !consistent || 2 * ones != chain.len() {
            continue;
        }
        // every other cell sees as many of the one way as of the other
        let mut around: Vec<usize> = chain
            .iter()
            .flat_map(|&c| neighbours(c, width, height))
            .filter(|&x| way[x].is_none() || !chain.contains(&x))
            .filter(|&x| known[x] != Known::Mine)
            .collect();
        around.sort_unstable();
        around.dedup();
        let balanced = around.iter().all(|&x| {
            let mut seen = [0usize; 2];
            for y in neighbours(x, width, height) {
                if let Some(v) = way[y]
                    && chain.contains(&y)
                {
                    seen[usize::from(v)] += 1;
                }
            }
            seen[0] == seen[1]
        });
        if balanced {
            return Some(chain);
        }
    }
    None
}

/// Would-be 50/50s around cells (David Hill's long-term risk): two cells side by side, or a
/// 2×2 square, whose cells beside exactly one of them are all covered and, in some
/// placements, all mines. In those placements the pair (or the square's two diagonals) can
/// never be told apart: a guess there must come some time, so the part of a cell's risk that
/// lies in them is risk no play avoids.
pub(super) struct LongTerm<'a> {
    view: &'a View,
    known: &'a [Known],
    probability: &'a [Option<f64>],
    log_count: f64,
    trial: Tuning,
    left: usize,
    shares: std::collections::HashMap<Vec<usize>, Option<f64>>,
    /// The view's components counted once, for [`LongTerm::share`] to recount only those a
    /// set of mines touches (built at the first share).
    counts: Option<Counts>,
    /// Whether each cell is unknown and away from every number, how many such cells there
    /// are, and how many mines they hold on average.
    far: Vec<bool>,
    far_cells: f64,
    far_mines: f64,
}

impl<'a> LongTerm<'a> {
    /// `log_count`: the logarithm of the view's placement count (its exact analysis).
    pub(super) fn new(
        view: &'a View,
        known: &'a [Known],
        probability: &'a [Option<f64>],
        log_count: f64,
        tuning: &Tuning,
    ) -> Self {
        let mines_known = known.iter().filter(|&&k| k == Known::Mine).count();
        let (w, h) = (view.width, view.height);
        let far: Vec<bool> = (0..w * h)
            .map(|c| undecided(view, known, c) && away_from_numbers(view, c))
            .collect();
        let far_cells = far.iter().filter(|&&f| f).count() as f64;
        let far_mines = far
            .iter()
            .position(|&f| f)
            .and_then(|c| probability[c])
            .map_or(0.0, |p| p * far_cells);
        Self {
            view,
            known,
            probability,
            log_count,
            trial: Tuning {
                budget: tuning.budget / 16,
                ..*tuning
            },
            left: view.mines.saturating_sub(mines_known),
            shares: std::collections::HashMap::new(),
            counts: None,
            far,
            far_cells,
            far_mines,
        }
    }

    fn unknown(&self, c: usize) -> bool {
        undecided(self.view, self.known, c)
    }

    /// The share of the view's placements in which every cell of `mines` is a mine (`None`
    /// when they could not be counted exactly): the placements counted with those cells made
    /// mines, against all of them. Only the components holding one of the cells are enumerated
    /// again; the others keep their counts, and the cells away from every number are fewer by
    /// those of them made mines. The same count as an analysis of the whole view with those
    /// cells exploded (what this ran at every share before), within the same budget (the
    /// trial's: `None` when the enumerations together pass it).
    pub(super) fn share(&mut self, mines: &[usize]) -> Option<f64> {
        let mut key = mines.to_vec();
        key.sort_unstable();
        key.dedup();
        if let Some(&v) = self.shares.get(&key) {
            return v;
        }
        let counts = self
            .counts
            .get_or_insert_with(|| Counts::new(self.view, self.known, self.left, &self.trial));
        let v = counts.share(self.known, &key, &self.trial, self.log_count);
        self.shares.insert(key, v);
        v
    }

    /// The unknown cells beside exactly one cell of `tiles` (which must all be mines for the
    /// 50/50 to form), or `None` when one of those cells is open (it tells the tiles apart).
    /// A cell beside exactly one tile turns up once among that tile's neighbours, so each is
    /// found once, in the order of the tiles.
    fn wings(&self, tiles: &[usize]) -> Option<Vec<usize>> {
        let (w, h) = (self.view.width, self.view.height);
        let beside = |a: usize, b: usize| {
            a != b && (a % w).abs_diff(b % w) <= 1 && (a / w).abs_diff(b / w) <= 1
        };
        let mut missing = Vec::new();
        for &t in tiles {
            for x in neighbours(t, w, h) {
                if tiles.iter().any(|&u| u == x || (u != t && beside(u, x))) {
                    continue;
                }
                if matches!(self.view.cells[x], Seen::Open(_)) {
                    return None;
                }
                if self.known[x] != Known::Mine {
                    missing.push(x);
                }
            }
        }
        Some(missing)
    }

    /// The share of placements in which `tiles` form a 50/50 with the cells of `mine` mines
    /// and the others safe; `None` unless every tile is unknown and at most `most` cells
    /// beside them are not known mines.
    pub(super) fn pattern(
        &mut self,
        tiles: &[usize],
        mine: &[usize],
        most: usize,
    ) -> Option<(f64, Vec<usize>)> {
        if !tiles.iter().all(|&t| self.unknown(t)) {
            return None;
        }
        let missing = self.wings(tiles)?;
        if missing.len() > most || missing.len() + mine.len() > self.left {
            return None;
        }
        let safe: Vec<usize> = tiles
            .iter()
            .copied()
            .filter(|t| !mine.contains(t))
            .collect();
        if tiles.iter().chain(&missing).all(|&c| self.far[c]) {
            // cells away from every number are alike: drawn without replacement from the
            // mines they hold on average (no analysis needed)
            let (cells, mines) = (self.far_cells, self.far_mines);
            let k = missing.len() + mine.len();
            let mut share = 1.0;
            for i in 0..k {
                share *= ((mines - i as f64) / (cells - i as f64)).max(0.0);
            }
            for j in 0..safe.len() {
                let drawn = (k + j) as f64;
                share *= ((cells - mines - j as f64) / (cells - drawn)).max(0.0);
            }
            return Some((share, missing));
        }
        // placements with `mine` and the wings mines, less those where a safe tile is a mine
        // too (inclusion and exclusion over the safe tiles)
        let mut total = 0.0;
        for subset in 0u32..1 << safe.len() {
            let mut cells: Vec<usize> = missing.iter().chain(mine).copied().collect();
            cells.extend(
                (0..safe.len())
                    .filter(|&i| subset >> i & 1 == 1)
                    .map(|i| safe[i]),
            );
            let sign = if subset.count_ones() % 2 == 0 {
                1.0
            } else {
                -1.0
            };
            total += sign * self.share(&cells)?;
        }
        Some((total.max(0.0), missing))
    }

    /// The cells side by side with `t` (right, left, below, above) and the 2×2 squares holding
    /// it, as (tiles, diagonal partner of `t` for squares).
    fn shapes(&self, t: usize) -> (Vec<usize>, Vec<[usize; 4]>) {
        let (width, height) = (self.view.width, self.view.height);
        let (col, row) = (t % width, t / width);
        let mut pairs = Vec::new();
        if col + 1 < width {
            pairs.push(t + 1);
        }
        if col > 0 {
            pairs.push(t - 1);
        }
        if row + 1 < height {
            pairs.push(t + width);
        }
        if row > 0 {
            pairs.push(t - width);
        }
        let mut squares = Vec::new();
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            if col < dx || row < dy || col - dx + 1 >= width || row - dy + 1 >= height {
                continue;
            }
            let corner = (row - dy) * width + col - dx;
            let square = [corner, corner + 1, corner + width, corner + width + 1];
            // t first, its diagonal partner second
            let i = square.iter().position(|&s| s == t).unwrap_or(0);
            let partner = square[3 - i];
            let others: Vec<usize> = square
                .iter()
                .copied()
                .filter(|&s| s != t && s != partner)
                .collect();
            squares.push([t, partner, others[0], others[1]]);
        }
        (pairs, squares)
    }

    /// The share of placements in which `t` is a mine inside a would-be 50/50: the pairs
    /// summed, the likeliest square added.
    pub(super) fn influence(&mut self, t: usize) -> f64 {
        let (pairs, squares) = self.shapes(t);
        let mut pair = 0.0;
        for u in pairs {
            if let Some((s, _)) = self.pattern(&[t, u], &[t], 3) {
                pair += s;
            }
        }
        let mut square = 0.0f64;
        for [a, b, c, d] in squares {
            if let Some((s, _)) = self.pattern(&[a, b, c, d], &[a, b], 3) {
                square = square.max(s);
            }
        }
        pair + square
    }

    /// The cells whose every mine placement is a would-be 50/50 with its wings filled
    /// (pseudo-50/50s: if the cell is a mine, the game comes to a coin toss there anyway),
    /// and the share each cell beside a likely 50/50 is worth as the mine that would make it
    /// (Hill's enablers).
    pub(super) fn scan(&mut self) -> (Vec<usize>, Vec<f64>) {
        let (w, h) = (self.view.width, self.view.height);
        let mut pseudo = Vec::new();
        let mut enablers = vec![0.0; w * h];
        for c in 0..w * h {
            if !self.unknown(c) {
                continue;
            }
            let (x, y) = (c % w, c / w);
            // the pair to the right, the pair below, the square to the right and below
            let pair_right = [c, c + 1];
            let pair_below = [c, c + w];
            let square = [c, c + w + 1, c + 1, c + w];
            let shapes: [(&[usize], &[usize], usize, bool); 3] = [
                (&pair_right, &[c], 1, x + 1 < w),
                (&pair_below, &[c], 1, y + 1 < h),
                (&square, &[c, c + w + 1], 2, x + 1 < w && y + 1 < h),
            ];
            for (tiles, mine, most, fits) in shapes {
                if fits {
                    self.scan_shape(tiles, mine, most, &mut pseudo, &mut enablers);
                }
            }
        }
        (pseudo, enablers)
    }

    /// One shape of [`LongTerm::scan`]: its wing cells lent its share when it is likely, its
    /// tiles that are mines exactly in its placements added to `pseudo`.
    fn scan_shape(
        &mut self,
        tiles: &[usize],
        mine: &[usize],
        most: usize,
        pseudo: &mut Vec<usize>,
        enablers: &mut [f64],
    ) {
        let Some((s, missing)) = self.pattern(tiles, mine, most) else {
            return;
        };
        if s <= 0.0 {
            return;
        }
        if s > INFLUENCE_THRESHOLD {
            for &m in &missing {
                enablers[m] += s;
            }
        }
        for &t in tiles {
            if self.probability[t].is_some_and(|p| (p - s).abs() <= 1e-6 * p)
                && !is_dead(self.view, self.probability, t)
                && !pseudo.contains(&t)
            {
                pseudo.push(t);
            }
        }
    }
}

/// A view's placements counted by components (counts by mines used, no probabilities), kept
/// so that a share of them recounts only the components a set of mines touches.
struct Counts {
    constraints: Vec<Constraint>,
    of_cell: Vec<Few>,
    components: Vec<Vec<usize>>,
    tallies: Vec<Tally>,
    /// Each cell's component, for the unknown cells next to a number.
    component_of: Vec<Option<usize>>,
    /// Unknown cells next to no number.
    unconstrained: usize,
    /// Mines not yet known.
    remaining: i64,
    /// The logarithm of the placement count, when every component was counted.
    log_count: Option<f64>,
}

impl Counts {
    /// `left`: the mines not yet known.
    fn new(view: &View, known: &[Known], left: usize, trial: &Tuning) -> Self {
        let n = view.cells.len();
        let constraints = constraints_of(view);
        let of_cell = constraints_of_cells(&constraints, n);
        let unknown = |c: usize| undecided(view, known, c);
        let frontier: Vec<usize> = (0..n)
            .filter(|&c| unknown(c) && !of_cell[c].is_empty())
            .collect();
        let unconstrained = (0..n)
            .filter(|&c| unknown(c) && of_cell[c].is_empty())
            .count();
        let components = split(&frontier, &constraints, &of_cell, known);
        let mut component_of = vec![None; n];
        for (i, component) in components.iter().enumerate() {
            for &c in component {
                component_of[c] = Some(i);
            }
        }
        let tallies: Vec<Tally> = components
            .iter()
            .map(|component| {
                enumerate(
                    component,
                    &constraints,
                    &of_cell,
                    known,
                    trial.budget,
                    trial.grouped,
                    Keep::Counts,
                )
                .0
            })
            .collect();
        let remaining = left as i64;
        let log_count = if tallies.iter().any(|t| t.overflow) {
            None
        } else {
            log_count(&tallies, unconstrained, remaining)
        };
        Self {
            constraints,
            of_cell,
            components,
            tallies,
            component_of,
            unconstrained,
            remaining,
            log_count,
        }
    }

    /// The share of placements in which every cell of `key` (sorted, no repeats) is a mine;
    /// `view_log_count` is the view's own count, the base when a component could not be
    /// counted here.
    fn share(
        &self,
        known: &[Known],
        key: &[usize],
        trial: &Tuning,
        view_log_count: f64,
    ) -> Option<f64> {
        let mut made = known.to_vec();
        let (mut far, mut new_mines) = (0usize, 0i64);
        let mut touched: Vec<usize> = Vec::new();
        for &c in key {
            match known[c] {
                Known::Mine => continue,
                // a hidden cell known safe (or an open one) is a mine in no placement
                Known::Safe => return Some(0.0),
                Known::Unknown => {}
            }
            made[c] = Known::Mine;
            new_mines += 1;
            match self.component_of[c] {
                Some(i) => {
                    if !touched.contains(&i) {
                        touched.push(i);
                    }
                }
                None => far += 1,
            }
        }
        // every number beside a cell made a mine must still be satisfiable (a number whose
        // cells are all decided now is checked by no enumeration)
        for &c in key {
            for &k in &self.of_cell[c] {
                let constraint = &self.constraints[k];
                let (found, open) = mines_and_unknown(constraint, &made);
                if !(found..=found + open).contains(&constraint.mines) {
                    return Some(0.0);
                }
            }
        }
        let mut recounted = Vec::with_capacity(touched.len());
        let mut work = 0;
        for (i, tally) in self.tallies.iter().enumerate() {
            if touched.contains(&i) {
                let cells: Vec<usize> = self.components[i]
                    .iter()
                    .copied()
                    .filter(|&c| made[c] == Known::Unknown)
                    .collect();
                let (t, _) = enumerate(
                    &cells,
                    &self.constraints,
                    &self.of_cell,
                    &made,
                    trial.budget.saturating_sub(work),
                    trial.grouped,
                    Keep::Counts,
                );
                work += t.work;
                if t.overflow {
                    return None;
                }
                recounted.push((i, t));
            } else {
                work += tally.work;
            }
        }
        // the trial analysis's budget, over all its components together
        if work > trial.budget {
            return None;
        }
        let tallies = self.tallies.iter().enumerate().map(|(i, t)| {
            recounted
                .iter()
                .find(|(j, _)| *j == i)
                .map_or(t, |(_, recount)| recount)
        });
        let base = self.log_count.unwrap_or(view_log_count);
        Some(
            log_count(
                tallies,
                self.unconstrained - far,
                self.remaining - new_mines,
            )
            .map_or(0.0, |l| (l - base).exp()),
        )
    }
}

/// A would-be 50/50 in at least this share of placements lends its wing cells influence.
const INFLUENCE_THRESHOLD: f64 = 0.025;
