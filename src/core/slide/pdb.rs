//! Additive disjoint pattern databases (Korf and Felner, 2002) for the sliding puzzles.
//!
//! The tiles are split into disjoint groups (for the 15-puzzle 6-6-3). For each group a table
//! holds, for every placement of the group's tiles, the fewest moves *of those tiles* that bring
//! them home when the other tiles are indistinct and their moves free. Since each move moves one
//! tile, the group tables add up to an admissible estimate that is far stronger than Manhattan
//! distance (which is the same idea with groups of one tile).
//!
//! A table is built by one 0-1 breadth-first search backwards from the goal over (placement of
//! the group, blank cell): the blank stepping onto a cell of a non-group tile costs 0, swapping
//! with a group tile costs 1. The blank is then forgotten (the minimum over its cells is kept).

use std::sync::atomic::{AtomicBool, Ordering};

use super::Board;

/// The tiles of each group, for boards of side `side` (a partition of 1..N²−1).
pub fn default_partition(side: usize) -> Vec<Vec<u8>> {
    match side {
        // the classic 6-6-3 split: the left two columns less the top corner, the right half
        // less the top row, and the top row's three right tiles
        4 => vec![
            vec![1, 5, 6, 9, 10, 13],
            vec![7, 8, 11, 12, 14, 15],
            vec![2, 3, 4],
        ],
        _ => vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
    }
}

/// A lighter split of the 15-puzzle (5-5-5), quick to build; weaker than 6-6-3.
pub fn light_partition() -> Vec<Vec<u8>> {
    vec![
        vec![1, 2, 3, 5, 6],
        vec![4, 7, 8, 11, 12],
        vec![9, 10, 13, 14, 15],
    ]
}

/// One group's table.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pattern {
    tiles: Vec<u8>,
    /// Moves of the group's tiles, by placement rank.
    table: Vec<u8>,
    /// The same table for the search: the excess over the group's Manhattan distance, which
    /// is always even and small (at most 12 for 6-6-3), halved and packed two to a byte. The
    /// two 6-tile tables then take 2.9 MB each instead of 5.8 MB and share the CPU cache.
    packed: Vec<u8>,
}

impl Pattern {
    fn new(tiles: Vec<u8>, table: Vec<u8>, distance: &[[u8; 16]; 16], n: usize) -> Pattern {
        let mut packed = vec![0u8; table.len().div_ceil(2)];
        let mut walk = Placements {
            tiles: &tiles,
            distance,
            n,
            next_rank: 0,
        };
        walk.visit(0, 0, 0, &mut |r, md| {
            let excess = u32::from(table[r]).saturating_sub(md) / 2;
            packed[r / 2] |= (excess.min(15) as u8) << (4 * (r % 2));
        });
        Pattern {
            tiles,
            table,
            packed,
        }
    }
}

/// Visits every placement of a group in rank order (lexicographic order of the cells), with the
/// group's Manhattan distance there.
struct Placements<'a> {
    tiles: &'a [u8],
    distance: &'a [[u8; 16]; 16],
    n: usize,
    next_rank: usize,
}

impl Placements<'_> {
    fn visit(&mut self, i: usize, used: u32, md: u32, f: &mut dyn FnMut(usize, u32)) {
        if i == self.tiles.len() {
            f(self.next_rank, md);
            self.next_rank += 1;
            return;
        }
        for c in 0..self.n {
            if used & (1 << c) == 0 {
                let d = u32::from(self.distance[self.tiles[i] as usize][c]);
                self.visit(i + 1, used | 1 << c, md + d, f);
            }
        }
    }
}

/// Each tile's taxicab distance from each cell to its goal cell.
fn distances(goal: &Board) -> [[u8; 16]; 16] {
    let side = goal.side();
    let mut d = [[0u8; 16]; 16];
    for (home, &t) in goal.cells().iter().enumerate() {
        if t == 0 {
            continue;
        }
        for (cell, slot) in d[t as usize].iter_mut().enumerate().take(goal.len()) {
            *slot =
                ((home / side).abs_diff(cell / side) + (home % side).abs_diff(cell % side)) as u8;
        }
    }
    d
}

/// The databases of one goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDb {
    goal: Board,
    patterns: Vec<Pattern>,
    /// For each tile: its group, and its place in the group.
    group_of: [(u8, u8); 16],
    /// Each tile's Manhattan distance from each cell.
    distance: [[u8; 16]; 16],
}

/// Why a database could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdbError {
    /// The groups are not a partition of the tiles.
    BadPartition(String),
    /// Stopped by the cancel flag.
    Cancelled,
    /// A stored database is damaged or for another goal or version.
    BadFile(String),
}

impl std::fmt::Display for PdbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PdbError::BadPartition(why) => write!(f, "bad tile groups: {why}"),
            PdbError::Cancelled => f.write_str("cancelled"),
            PdbError::BadFile(why) => write!(f, "stored pattern database not usable: {why}"),
        }
    }
}

const MAGIC: &[u8; 8] = b"AIAPDB1\n";

/// n·(n−1)·…·(n−k+1): the number of placements of k distinct tiles on n cells.
fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// Set bits of an 8-bit value (a table: the default x86-64 target has no popcount instruction,
/// and this is the inner loop of the 15-puzzle search).
const ONES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    t
};

/// How many of the cells below `cell` are in `used` (a set of at most 16 cells).
#[inline]
fn ones_below(used: u32, cell: u8) -> usize {
    let below = used & ((1u32 << cell) - 1);
    (ONES[(below & 0xff) as usize] + ONES[(below >> 8) as usize]) as usize
}

/// The rank of a placement (cells of the group's tiles in group order) among all placements,
/// in mixed radix n, n−1, …: each cell counts only the free cells below it.
#[inline]
fn rank(cells: &[u8], n: usize) -> usize {
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        r = r * (n - i) + c as usize - ones_below(used, c);
        used |= 1 << c;
    }
    r
}

impl PatternDb {
    /// Builds the databases of `partition` for `goal`. `progress` hears the fraction done
    /// (0 to 1) now and then; `cancel` stops the build.
    pub fn build(
        goal: &Board,
        partition: &[Vec<u8>],
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(f64),
    ) -> Result<PatternDb, PdbError> {
        let n = goal.len();
        let group_of = check_partition(partition, n)?;
        let total: usize = partition.iter().map(|p| placements(n, p.len()) * n).sum();
        let distance = distances(goal);
        // the groups are independent: one thread each (the 6-tile tables take most of the
        // time, so two cores halve it); this thread reports the progress they count
        let seen = std::sync::atomic::AtomicUsize::new(0);
        let tables: Vec<Result<Vec<u8>, PdbError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = partition
                .iter()
                .map(|tiles| {
                    let seen = &seen;
                    scope.spawn(move || {
                        let mut last = 0;
                        build_table(goal, tiles, cancel, &mut |states| {
                            seen.fetch_add(states - last, Ordering::Relaxed);
                            last = states;
                        })
                    })
                })
                .collect();
            while !handles
                .iter()
                .all(std::thread::ScopedJoinHandle::is_finished)
            {
                progress(seen.load(Ordering::Relaxed) as f64 / total as f64);
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            handles
                .into_iter()
                .map(|h| h.join().expect("a table builder panicked"))
                .collect()
        });
        let mut patterns = Vec::with_capacity(partition.len());
        for (tiles, table) in partition.iter().zip(tables) {
            patterns.push(Pattern::new(tiles.clone(), table?, &distance, n));
        }
        progress(1.0);
        Ok(PatternDb {
            goal: *goal,
            patterns,
            group_of,
            distance,
        })
    }

    /// The goal the tables were built for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The tile groups.
    pub fn partition(&self) -> Vec<Vec<u8>> {
        self.patterns.iter().map(|p| p.tiles.clone()).collect()
    }

    /// The estimate for `board`: the sum of the groups' table entries.
    pub fn estimate(&self, board: &Board) -> u32 {
        let mut at = [0u8; 16];
        for (i, &t) in board.cells().iter().enumerate() {
            at[t as usize] = i as u8;
        }
        (0..self.patterns.len())
            .map(|g| u32::from(self.group_estimate(g, &at)))
            .sum()
    }

    /// The rank of one group's placement (see `rank`), read from every tile's cell without
    /// copying the cells out.
    #[inline]
    fn group_rank(&self, group: usize, at: &[u8; 16]) -> usize {
        let n = self.goal.len();
        let mut used = 0u32;
        let mut r = 0usize;
        for (i, &t) in self.patterns[group].tiles.iter().enumerate() {
            let c = at[t as usize];
            r = r * (n - i) + c as usize - ones_below(used, c);
            used |= 1 << c;
        }
        r
    }

    /// One group's entry, given every tile's cell.
    #[inline]
    pub(crate) fn group_estimate(&self, group: usize, at: &[u8; 16]) -> u8 {
        self.patterns[group].table[self.group_rank(group, at)]
    }

    /// Half the excess of one group's entry over its tiles' Manhattan distance (so the entry is
    /// that distance plus twice this), from the packed table.
    #[inline]
    pub(crate) fn group_excess(&self, group: usize, at: &[u8; 16]) -> u8 {
        let r = self.group_rank(group, at);
        (self.patterns[group].packed[r / 2] >> (4 * (r % 2))) & 0xf
    }

    /// `tile`'s Manhattan distance from `cell` to its goal cell.
    #[inline]
    pub(crate) fn distance(&self, tile: u8, cell: usize) -> u8 {
        self.distance[tile as usize][cell]
    }

    /// The group of `tile` (not the blank).
    #[inline]
    pub(crate) fn group_of(&self, tile: u8) -> usize {
        self.group_of[tile as usize].0 as usize
    }

    /// How many groups.
    pub fn groups(&self) -> usize {
        self.patterns.len()
    }

    /// The bytes of a stored database: a header naming the goal and the groups, then the tables.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(16 + self.patterns.iter().map(|p| p.table.len()).sum::<usize>());
        out.extend_from_slice(MAGIC);
        out.push(self.goal.side() as u8);
        out.extend_from_slice(self.goal.cells());
        out.push(self.patterns.len() as u8);
        for p in &self.patterns {
            out.push(p.tiles.len() as u8);
            out.extend_from_slice(&p.tiles);
            out.extend_from_slice(&(p.table.len() as u32).to_le_bytes());
            out.extend_from_slice(&p.table);
        }
        out.extend_from_slice(&checksum(&out).to_le_bytes());
        out
    }

    /// Reads stored bytes back, and checks they are for `goal` and `partition`.
    pub fn from_bytes(
        bytes: &[u8],
        goal: &Board,
        partition: &[Vec<u8>],
    ) -> Result<PatternDb, PdbError> {
        let bad = |why: &str| PdbError::BadFile(why.to_string());
        if bytes.len() < MAGIC.len() + 4 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(bad("not a pattern database of this version"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        if checksum(body).to_le_bytes() != sum {
            return Err(bad("checksum mismatch (the file is damaged)"));
        }
        let mut r = Reader {
            bytes: &body[MAGIC.len()..],
        };
        let n = goal.len();
        let side = r.take(1).ok_or_else(|| bad("truncated"))?[0];
        let cells = r.take(n).ok_or_else(|| bad("truncated"))?;
        if side as usize != goal.side() || cells != goal.cells() {
            return Err(bad("built for another goal"));
        }
        let count = r.take(1).ok_or_else(|| bad("truncated"))?[0] as usize;
        if count != partition.len() {
            return Err(bad("built for other tile groups"));
        }
        let group_of = check_partition(partition, n)?;
        let distance = distances(goal);
        let mut patterns = Vec::with_capacity(count);
        for tiles in partition {
            let k = r.take(1).ok_or_else(|| bad("truncated"))?[0] as usize;
            let stored = r.take(k).ok_or_else(|| bad("truncated"))?;
            if stored != tiles.as_slice() {
                return Err(bad("built for other tile groups"));
            }
            let len = r.take(4).ok_or_else(|| bad("truncated"))?;
            let len = u32::from_le_bytes(len.try_into().expect("four bytes")) as usize;
            if len != placements(n, k) {
                return Err(bad("a table has the wrong size"));
            }
            let table = r.take(len).ok_or_else(|| bad("truncated"))?.to_vec();
            patterns.push(Pattern::new(tiles.clone(), table, &distance, n));
        }
        if !r.bytes.is_empty() {
            return Err(bad("trailing bytes"));
        }
        Ok(PatternDb {
            goal: *goal,
            patterns,
            group_of,
            distance,
        })
    }

    /// A file name that tells goals and groups apart, for the on-disk cache.
    pub fn file_name(goal: &Board, partition: &[Vec<u8>]) -> String {
        let goal: String = goal
            .cells()
            .iter()
            .map(|&t| char::from_digit(u32::from(t), 16).expect("tiles are below 16"))
            .collect();
        let groups: Vec<String> = partition.iter().map(|p| p.len().to_string()).collect();
        let mut tiles = Vec::new();
        for p in partition {
            tiles.extend_from_slice(p);
        }
        format!(
            "pdb-{}-{goal}-{:08x}.bin",
            groups.join("-"),
            checksum(&tiles)
        )
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if self.bytes.len() < n {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }
}

/// FNV-1a, enough to notice a damaged file.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Checks the groups split the tiles 1..n−1 and returns each tile's (group, index).
fn check_partition(partition: &[Vec<u8>], n: usize) -> Result<[(u8, u8); 16], PdbError> {
    let mut group_of = [(u8::MAX, 0u8); 16];
    for (g, tiles) in partition.iter().enumerate() {
        if tiles.is_empty() || tiles.len() > 8 {
            return Err(PdbError::BadPartition(format!(
                "group {} has {} tiles (1 to 8 allowed)",
                g + 1,
                tiles.len()
            )));
        }
        for (i, &t) in tiles.iter().enumerate() {
            if t == 0 || t as usize >= n {
                return Err(PdbError::BadPartition(format!(
                    "tile {t} is not on the board"
                )));
            }
            if group_of[t as usize].0 != u8::MAX {
                return Err(PdbError::BadPartition(format!("tile {t} is in two groups")));
            }
            group_of[t as usize] = (g as u8, i as u8);
        }
    }
    if let Some(t) = (1..n).find(|&t| group_of[t].0 == u8::MAX) {
        return Err(PdbError::BadPartition(format!("tile {t} is in no group")));
    }
    Ok(group_of)
}

/// One group's table by a 0-1 BFS backwards from the goal over (placement, blank cell).
#[allow(
    clippy::many_single_char_names,
    reason = "n cells, k tiles, and the usual one-letter indices of the ranking"
)]
fn build_table(
    goal: &Board,
    tiles: &[u8],
    cancel: Option<&AtomicBool>,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<u8>, PdbError> {
    let side = goal.side();
    let n = goal.len();
    let k = tiles.len();
    let count = placements(n, k);
    // the distance of (placement, blank), u8::MAX when unseen
    let mut distance = vec![u8::MAX; count * n];
    let mut table = vec![u8::MAX; count];
    // a state packed in a u64: the group's cells, 4 bits each, then the blank
    let pack = |cells: &[u8], blank: u8| -> u64 {
        cells
            .iter()
            .fold(u64::from(blank), |s, &c| (s << 4) | u64::from(c))
    };
    let mut start = [0u8; 16];
    for (i, &t) in tiles.iter().enumerate() {
        start[i] = goal
            .cells()
            .iter()
            .position(|&x| x == t)
            .expect("tile on board") as u8;
    }
    let start_blank = goal.blank() as u8;
    distance[rank(&start[..k], n) * n + start_blank as usize] = 0;
    let mut current = vec![pack(&start[..k], start_blank)];
    let mut next = Vec::new();
    let mut depth = 0u8;
    let mut seen = 0usize;
    while !current.is_empty() {
        let mut i = 0;
        while i < current.len() {
            let state = current[i];
            i += 1;
            let mut cells = [0u8; 16];
            for j in 0..k {
                cells[k - 1 - j] = ((state >> (4 * j)) & 0xf) as u8;
            }
            let blank = ((state >> (4 * k)) & 0xf) as usize;
            let r = rank(&cells[..k], n);
            if distance[r * n + blank] != depth {
                continue; // queued twice: once at depth + 1, then reached for free
            }
            seen += 1;
            if seen.is_multiple_of(1 << 18) {
                if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    return Err(PdbError::Cancelled);
                }
                progress(seen);
            }
            if table[r] == u8::MAX {
                table[r] = depth;
            }
            let (row, col) = (blank / side, blank % side);
            let neighbours = [
                (row > 0).then(|| blank - side),
                (row + 1 < side).then(|| blank + side),
                (col > 0).then(|| blank - 1),
                (col + 1 < side).then(|| blank + 1),
            ];
            for to in neighbours.into_iter().flatten() {
                match cells[..k].iter().position(|&c| c as usize == to) {
                    None => {
                        // an indistinct tile slides into the blank: free
                        let slot = &mut distance[r * n + to];
                        if *slot == u8::MAX || *slot > depth {
                            *slot = depth;
                            current.push(pack(&cells[..k], to as u8));
                        }
                    }
                    Some(j) => {
                        // a group tile slides into the blank: one move
                        let mut moved = cells;
                        moved[j] = blank as u8;
                        let slot = &mut distance[rank(&moved[..k], n) * n + to];
                        if *slot == u8::MAX {
                            *slot = depth + 1;
                            next.push(pack(&moved[..k], to as u8));
                        }
                    }
                }
            }
        }
        current.clear();
        std::mem::swap(&mut current, &mut next);
        depth += 1;
    }
    debug_assert!(table.iter().all(|&d| d != u8::MAX));
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::slide::solve::{Goal, Heuristic};

    #[test]
    fn ranks_are_a_bijection() {
        let n = 6;
        let k = 3;
        let mut seen = vec![false; placements(n, k)];
        for a in 0..n as u8 {
            for b in 0..n as u8 {
                for c in 0..n as u8 {
                    if a != b && b != c && a != c {
                        let r = rank(&[a, b, c], n);
                        assert!(!seen[r]);
                        seen[r] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn partitions_are_checked() {
        let goal = Board::goal(3);
        let mut none = |_| {};
        let err = PatternDb::build(
            &goal,
            &[vec![1, 2, 3], vec![3, 4, 5, 6, 7, 8]],
            None,
            &mut none,
        );
        assert_eq!(
            err.unwrap_err(),
            PdbError::BadPartition("tile 3 is in two groups".into())
        );
        let err = PatternDb::build(&goal, &[vec![1, 2, 3]], None, &mut none);
        assert_eq!(
            err.unwrap_err(),
            PdbError::BadPartition("tile 4 is in no group".into())
        );
    }

    #[test]
    fn the_8_puzzle_database_is_admissible_and_beats_manhattan() {
        let goal = Board::goal(3);
        let mut calls = 0;
        let db = PatternDb::build(&goal, &default_partition(3), None, &mut |_| calls += 1).unwrap();
        assert!(calls >= 1);
        assert_eq!(db.estimate(&goal), 0);
        // every state's true distance, by BFS from the goal
        let mut distance = std::collections::HashMap::from([(goal.key(), 0u32)]);
        let mut queue = std::collections::VecDeque::from([goal]);
        let manhattan = Goal::new(goal);
        let (mut sum_pdb, mut sum_manhattan) = (0u64, 0u64);
        while let Some(b) = queue.pop_front() {
            let d = distance[&b.key()];
            let h = db.estimate(&b);
            let m = manhattan.estimate(Heuristic::Manhattan, &b);
            assert!(h <= d, "{b}: estimate {h} > distance {d}");
            assert!(h >= m, "{b}: pattern database {h} < Manhattan {m}");
            sum_pdb += u64::from(h);
            sum_manhattan += u64::from(m);
            for (_, next) in b.moves() {
                distance.entry(next.key()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
        assert_eq!(distance.len(), 181_440);
        assert!(sum_pdb > sum_manhattan);
    }

    #[test]
    fn packed_tables_hold_the_same_estimates() {
        let goal = Board::goal(4);
        let db = PatternDb::build(&goal, &light_partition(), None, &mut |_| {}).unwrap();
        let manhattan = Goal::new(goal);
        for seed in 0..500 {
            let b = Board::random_solvable(&goal, &mut crate::core::rng::from_seed(seed));
            let mut at = [0u8; 16];
            for (i, &t) in b.cells().iter().enumerate() {
                at[t as usize] = i as u8;
            }
            let excess: u32 = (0..db.groups())
                .map(|g| u32::from(db.group_excess(g, &at)))
                .sum();
            assert_eq!(
                db.estimate(&b),
                manhattan.estimate(Heuristic::Manhattan, &b) + 2 * excess,
                "{b}"
            );
        }
    }

    #[test]
    fn stored_bytes_round_trip_and_damage_is_noticed() {
        let goal = Board::parse("0 1 2 3 4 5 6 7 8").unwrap();
        let partition = default_partition(3);
        let db = PatternDb::build(&goal, &partition, None, &mut |_| {}).unwrap();
        let bytes = db.to_bytes();
        assert_eq!(
            PatternDb::from_bytes(&bytes, &goal, &partition).unwrap(),
            db
        );
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert!(matches!(
            PatternDb::from_bytes(&damaged, &goal, &partition),
            Err(PdbError::BadFile(_))
        ));
        let other = Board::goal(3);
        assert_eq!(
            PatternDb::from_bytes(&bytes, &other, &partition),
            Err(PdbError::BadFile("built for another goal".into()))
        );
        assert!(PatternDb::from_bytes(&bytes[..20], &goal, &partition).is_err());
        assert!(PatternDb::from_bytes(b"", &goal, &partition).is_err());
        assert_ne!(
            PatternDb::file_name(&goal, &partition),
            PatternDb::file_name(&other, &partition)
        );
    }

    #[test]
    fn a_cancelled_build_stops() {
        let flag = AtomicBool::new(true);
        let result = PatternDb::build(
            &Board::goal(4),
            &light_partition(),
            Some(&flag),
            &mut |_| {},
        );
        assert_eq!(result.unwrap_err(), PdbError::Cancelled);
    }

    /// The 15-puzzle databases against the truth on random boards of realistic length: on every
    /// board of an optimal solution IDA* with Manhattan distance finds, the estimate is at most
    /// the moves left (admissible) and at least Manhattan's estimate. (They are not consistent:
    /// a table keeps the fewest moves over every blank cell, and one move can change a sum by
    /// more than one — seen by 3 on a board 120 random moves out — which IDA* does not need.)
    fn check_fifteen(partition: &[Vec<u8>], boards: usize) {
        use crate::core::slide::solve::{Heuristic, Limits, idastar};
        let goal = Board::goal(4);
        let db = PatternDb::build(&goal, partition, None, &mut |_| {}).unwrap();
        let manhattan = crate::core::slide::solve::Goal::new(goal);
        let mut checked = 0;
        for seed in 0..boards as u64 {
            let start = crate::core::slide::solve::tests::scrambled(4, 300, seed);
            let moves = idastar(&start, &goal, Heuristic::Manhattan, Limits::default())
                .outcome
                .moves()
                .expect("solved")
                .to_vec();
            let mut board = start;
            for (done, m) in moves.iter().enumerate() {
                let left = moves.len() - done;
                let h = db.estimate(&board) as usize;
                assert!(
                    h <= left,
                    "seed {seed}: estimate {h} with {left} moves left"
                );
                assert!(h >= manhattan.manhattan(&board) as usize, "seed {seed}");
                board = board.apply(*m).expect("a legal move");
                checked += 1;
            }
            assert_eq!(board, goal);
            assert_eq!(db.estimate(&goal), 0);
        }
        assert!(checked > 300, "{checked} boards checked");
    }

    #[test]
    fn the_fifteen_puzzle_databases_are_admissible_on_every_board_of_optimal_solutions() {
        check_fifteen(&default_partition(4), 12);
        check_fifteen(&light_partition(), 12);
    }
}
