//! Additive disjoint pattern databases (Korf and Felner, 2002) for the sliding puzzles, with
//! the tile groups chosen by the goal's *cells*, so that every goal gets the same strength.
//!
//! The board's cells less the blank's goal cell are split into disjoint regions (for the
//! 15-puzzle 6-6-3, 7-8 or 5-5-5). A region's table holds, for every placement of the tiles
//! whose goal cells form the region and every side of them the blank may be on, the fewest
//! moves *of those tiles* that bring them home while the other tiles are indistinct and their
//! moves free (see [`Table`]). That is the distance in an abstraction of the puzzle in which
//! every real move costs 1 in one region's table and 0 in the others, so the tables add up to
//! an estimate that is admissible *and consistent* (one move changes it by at most 1), and far
//! stronger than Manhattan distance (the same idea with regions of one cell). (The usual
//! tables keep only the fewest moves over every blank cell; that is admissible but not
//! consistent, and weaker.)
//!
//! A table depends only on its region's cells and the blank's goal cell, not on the tile
//! numbers. A goal is first turned by one of the square's eight symmetries so that its blank
//! sits on one of three cells (a corner, an edge or an inner cell: [`canonical_blank`]); the
//! regions are laid out around that cell, and the tiles are renamed by their goal cells. A
//! goal and its rotations or mirror images therefore use the same tables and search the same
//! tree. When the turned goal's blank lies on the main diagonal, the goal is also its own
//! mirror image across that diagonal, and the search takes the larger of the two estimates
//! (Korf and Felner's reflection).
//!
//! Each table is built by a breadth-first search from the goal over every state, level by
//! level, on all cores, and kept in two bits a state.

// The search's inner steps are forced inline: measured on Korf's 100 (callgrind and
// interleaved runs), the calls cost more than the work in them.
#![allow(clippy::inline_always)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};

use super::packed::Packed;
use super::{Board, Move};

/// The ways of splitting the tiles into groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Split {
    /// The 8-puzzle: 4-4.
    FourFour,
    /// The 15-puzzle's quick default: 6-6-3 (built in a second or two).
    SixSixThree,
    /// The 15-puzzle's lightest: 5-5-5 (for tests and the Showcase).
    FiveFiveFive,
    /// The 15-puzzle's strongest: 7-8 (a few minutes to build, about 519 MB in memory).
    SevenEight,
}

impl Split {
    pub const ALL: [Split; 4] = [
        Split::FourFour,
        Split::SixSixThree,
        Split::FiveFiveFive,
        Split::SevenEight,
    ];

    /// The name: "4-4", "6-6-3", "5-5-5", "7-8".
    pub fn name(self) -> &'static str {
        match self {
            Split::FourFour => "4-4",
            Split::SixSixThree => "6-6-3",
            Split::FiveFiveFive => "5-5-5",
            Split::SevenEight => "7-8",
        }
    }

    /// The strongest split of the 15-puzzle.
    pub const STRONGEST: Split = Split::SevenEight;

    /// The board side it is for.
    pub fn side(self) -> usize {
        match self {
            Split::FourFour => 3,
            _ => 4,
        }
    }

    /// The quick default for boards of `side`.
    pub fn default_for(side: usize) -> Split {
        if side == 3 {
            Split::FourFour
        } else {
            Split::SixSixThree
        }
    }

    /// The regions (cells, in table order) for a goal whose blank is on cell 0: compact
    /// blocks, the largest away from the blank.
    fn corner_regions(self) -> Vec<Vec<u8>> {
        match self {
            // the top row and the left of the middle row; the rest
            Split::FourFour => vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
            // the top-left block, the right two columns' lower part, the bottom row's left
            Split::SixSixThree => vec![
                vec![1, 2, 4, 5, 8, 9],
                vec![3, 6, 7, 10, 11, 15],
                vec![12, 13, 14],
            ],
            Split::FiveFiveFive => vec![
                vec![1, 2, 3, 6, 7],
                vec![4, 5, 8, 9, 12],
                vec![10, 11, 13, 14, 15],
            ],
            // the top two rows, the bottom two rows
            Split::SevenEight => vec![(1..8).collect(), (8..16).collect()],
        }
    }

    /// The regions for a goal whose blank is on `blank` (one of [`canonical_blank`]'s cells):
    /// the corner layout with `blank` given back the corner cell.
    pub fn regions(self, blank: usize) -> Vec<Vec<u8>> {
        let mut regions = self.corner_regions();
        for region in &mut regions {
            for cell in region.iter_mut() {
                if *cell as usize == blank {
                    *cell = 0;
                }
            }
            region.sort_unstable();
        }
        regions
    }
}

/// One of the square's eight symmetries: transpose first (bit 0), then flip the rows (bit 1),
/// then the columns (bit 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];
    /// The mirror image across the main diagonal.
    pub const TRANSPOSE: Symmetry = Symmetry(1);

    /// Where `cell` goes on a board of `side`.
    pub fn cell(self, side: usize, cell: usize) -> usize {
        let (mut r, mut c) = (cell / side, cell % side);
        if self.0 & 1 != 0 {
            std::mem::swap(&mut r, &mut c);
        }
        if self.0 & 2 != 0 {
            r = side - 1 - r;
        }
        if self.0 & 4 != 0 {
            c = side - 1 - c;
        }
        r * side + c
    }

    /// The cell map, and its inverse.
    fn maps(self, side: usize) -> ([u8; 16], [u8; 16]) {
        let (mut to, mut from) = ([0u8; 16], [0u8; 16]);
        for (cell, slot) in to.iter_mut().enumerate().take(side * side) {
            let image = self.cell(side, cell);
            *slot = image as u8;
            from[image] = cell as u8;
        }
        (to, from)
    }
}

/// The cell a goal's blank is turned onto: 0 (a corner), 1 (an edge) or `side` + 1 (an inner
/// cell), and the symmetries that turn it there (first the one [`PatternDb::estimate`] uses).
pub fn canonical_blank(side: usize, blank: usize) -> (usize, Vec<Symmetry>) {
    for rep in [0, 1, side + 1] {
        let turns: Vec<Symmetry> = Symmetry::ALL
            .into_iter()
            .filter(|s| s.cell(side, blank) == rep)
            .collect();
        if !turns.is_empty() {
            return (rep, turns);
        }
    }
    unreachable!("every cell of a 3×3 or 4×4 board is a corner, an edge or an inner cell")
}

/// The goal a blank on `blank` is searched towards: the blank there, the tiles 1, 2, … in
/// reading order on the other cells. Tiles are renamed by their goal cells into this one.
fn standard_goal(side: usize, blank: usize) -> Board {
    let n = side * side;
    let mut cells = [0u8; 16];
    let mut next = 1;
    for (cell, slot) in cells.iter_mut().enumerate().take(n) {
        if cell != blank {
            *slot = next;
            next += 1;
        }
    }
    Board::from_cells(&cells[..n]).expect("a permutation")
}

/// Why a database could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdbError {
    /// The split is for boards of another size.
    WrongSize(String),
    /// Stopped by the cancel flag.
    Cancelled,
    /// A stored table is damaged or for another region or version.
    BadFile(String),
}

impl std::fmt::Display for PdbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PdbError::WrongSize(why) => f.write_str(why),
            PdbError::Cancelled => f.write_str("cancelled"),
            PdbError::BadFile(why) => write!(f, "stored pattern database not usable: {why}"),
        }
    }
}

const MAGIC: &[u8; 8] = b"AIAPDB3\n";

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

/// The rank of a placement (cells of the region's tiles in region order) among all
/// placements, in mixed radix n, n−1, …: each cell counts only the free cells below it.
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

/// The placement of rank `r` (the inverse of [`rank`]) into `cells[..k]`.
#[allow(
    clippy::many_single_char_names,
    reason = "n cells, k tiles, rank r: the usual names of the ranking"
)]
fn unrank(mut r: usize, n: usize, k: usize, cells: &mut [u8; 16]) {
    let mut digits = [0usize; 16];
    for i in (0..k).rev() {
        digits[i] = r % (n - i);
        r /= n - i;
    }
    let mut free = (1u32 << n) - 1;
    for i in 0..k {
        // the digits[i]-th free cell, counting from 0
        let mut f = free;
        for _ in 0..digits[i] {
            f &= f - 1;
        }
        let c = f.trailing_zeros() as u8;
        cells[i] = c;
        free &= !(1 << c);
    }
}

/// Taxicab distance between two cells of a board of `side`.
fn taxicab(side: usize, a: usize, b: usize) -> u32 {
    ((a / side).abs_diff(b / side) + (a % side).abs_diff(b % side)) as u32
}

/// The cells next to each cell ([`NO_CELL`] where the board ends).
fn neighbour_cells(side: usize) -> [[u8; 4]; 16] {
    let mut table = [[NO_CELL; 4]; 16];
    for (cell, row) in table.iter_mut().enumerate().take(side * side) {
        let (r, c) = (cell / side, cell % side);
        let near = [
            (r > 0).then(|| cell - side),
            (r + 1 < side).then(|| cell + side),
            (c > 0).then(|| cell - 1),
            (c + 1 < side).then(|| cell + 1),
        ];
        for (slot, n) in row.iter_mut().zip(near) {
            if let Some(n) = n {
                *slot = n as u8;
            }
        }
    }
    table
}

const NO_CELL: u8 = u8::MAX;

/// One region's table.
///
/// A state is the placement of the region's tiles and the blank's *area*: the free cells
/// (those no tile of the region holds) fall into connected areas, and the blank moves for free
/// within its area. The areas are numbered by their lowest cells; every table tells all of
/// them apart but the 8-tile one of 7-8, which keeps three (the third standing for the third
/// and any further area, which few placements have) to stay in 390 MB. The table holds the
/// distance of every state to the goal (the tiles home, the blank in the area of its goal
/// cell) in that abstraction of the puzzle, where a move of one of the region's tiles costs 1
/// and any other move nothing: an exact distance in an abstraction, so admissible and
/// consistent.
///
/// Each entry is kept as its excess over the region's Manhattan distance, halved, modulo 3 (two
/// bits): one move changes the halved excess by at most 1, so a search that knows a state's
/// value reads its neighbours' from the two bits; a value is found from scratch by walking
/// down to the goal ([`Table::excess`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Table {
    side: u8,
    /// The region's goal cells, in the order placements are ranked.
    cells: Vec<u8>,
    /// The blank's goal cell.
    blank: u8,
    /// The areas told apart.
    areas: u8,
    /// By state (placement rank × areas + the blank's area), two bits each.
    packed: Packed,
    /// Board geometry for the flood fills.
    geometry: Geometry,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Table {{ side: {}, cells: {:?}, blank: {}, {} bytes }}",
            self.side,
            self.cells,
            self.blank,
            self.packed.len()
        )
    }
}

/// The worker threads a build uses: every core, at most 8.
fn build_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Placements a worker takes at a time.
const CHUNK: usize = 1 << 14;

/// A state's mark in a build once expanded, and (plus the level's parity) once reached.
const EXPANDED: u8 = 1;
const REACHED: u8 = 2;

/// What a flood fill needs to know of a board, and the board's [`area_numbers`] (held here
/// so that the search's inner loop reads them without asking for them).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Geometry {
    side: u8,
    /// Every cell.
    all: u32,
    /// The cells not in the first column, and not in the last.
    not_first: u32,
    not_last: u32,
    numbers: &'static AreaNumbers,
}

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Geometry {{ side: {} }}", self.side)
    }
}

impl Geometry {
    fn new(side: usize) -> Geometry {
        Geometry {
            numbers: area_numbers(side as u8),
            ..Geometry::bare(side)
        }
    }

    /// The geometry without the area numbers (which are made from it).
    fn bare(side: usize) -> Geometry {
        let n = side * side;
        let all = (1u32 << n) - 1;
        let mut not_first = 0u32;
        for cell in 0..n {
            if cell % side != 0 {
                not_first |= 1 << cell;
            }
        }
        Geometry {
            side: side as u8,
            all,
            not_first,
            not_last: (not_first >> 1) & all,
            numbers: &NO_AREA_NUMBERS,
        }
    }

    /// The cells of `free` connected to `from` within `free`.
    #[inline]
    fn flood(&self, free: u32, from: u32) -> u32 {
        let side = u32::from(self.side);
        let mut seen = from & free;
        loop {
            let grown = (seen
                | (seen << side)
                | (seen >> side)
                | ((seen << 1) & self.not_first)
                | ((seen >> 1) & self.not_last))
                & free;
            if grown == seen {
                return seen;
            }
            seen = grown;
        }
    }

    /// The number of the blank's area when `used` holds the region's tiles and `areas` are
    /// told apart (read from [`area_numbers`]).
    #[inline(always)]
    fn area_of(&self, used: u32, blank: u8, areas: usize) -> usize {
        let free = (self.all & !used) as usize;
        // (one read: a test of "all one area" in a smaller table first measured slower,
        // 4% on Korf's 100 with the 7-8 tables, the read it spares being in cache mostly)
        // (a set of free cells is below 1 << 16: no bounds check)
        (((self.numbers[free & 0xffff] >> (4 * blank)) & 0xf) as usize).min(areas - 1)
    }

    /// The cells of each area (the last holding the rest) when `used` holds the tiles, by the
    /// same numbers as [`Geometry::area_of`].
    #[inline]
    fn areas(&self, used: u32, areas: usize) -> [u32; 16] {
        let free = self.all & !used;
        let numbers = self.numbers[(free & 0xffff) as usize];
        let mut out = [0u32; 16];
        let mut cells = free;
        while cells != 0 {
            let cell = cells.trailing_zeros();
            cells &= cells - 1;
            out[(((numbers >> (4 * cell)) & 0xf) as usize).min(areas - 1)] |= 1 << cell;
        }
        out
    }
}

/// For every set of free cells of a board of `side`: the number of each free cell's area (the
/// areas numbered by their lowest cells, 15 standing for the 16th and beyond), four bits a
/// cell. One read where flood fills would take dozens of steps in the search's inner loop.
/// (Every set of 16 cells has its place, on a 3×3 board too, so that no index needs checking.)
fn area_numbers(side: u8) -> &'static AreaNumbers {
    static THREE: std::sync::OnceLock<Box<AreaNumbers>> = std::sync::OnceLock::new();
    static FOUR: std::sync::OnceLock<Box<AreaNumbers>> = std::sync::OnceLock::new();
    let cell = if side == 3 { &THREE } else { &FOUR };
    cell.get_or_init(|| {
        let g = Geometry::bare(side as usize);
        let mut numbers: Box<AreaNumbers> = vec![0; 1 << 16]
            .into_boxed_slice()
            .try_into()
            .expect("1 << 16 numbers");
        for (free, out) in numbers.iter_mut().enumerate().take(g.all as usize + 1) {
            let (mut left, mut number) = (free as u32, 0u64);
            while left != 0 {
                let area = g.flood(left, left & left.wrapping_neg());
                let mut cells = area;
                while cells != 0 {
                    *out |= number.min(15) << (4 * cells.trailing_zeros());
                    cells &= cells - 1;
                }
                left &= !area;
                number += 1;
            }
        }
        numbers
    })
}

/// Area numbers for every set of free cells (as bits) of a board of at most 16 cells.
type AreaNumbers = [u64; 1 << 16];

/// The area numbers of a geometry that has none yet (while they are being made).
static NO_AREA_NUMBERS: AreaNumbers = [0; 1 << 16];

/// The areas a table of `k` tiles on `n` cells tells apart: all there can be, unless the table
/// would pass two billion states.
fn areas_kept(n: usize, k: usize) -> usize {
    if placements(n, k) * (n - k) <= 1 << 31 {
        n - k
    } else {
        3
    }
}

/// For each known halved excess (of a neighbour) and each two bits read, the state's own:
/// the bits are its value modulo 3, and one move changes the value by at most 1. A lookup
/// instead of `% 3` arithmetic and a three-way branch on a near-random value.
/// (Saturating: a table forged to pass the checksum gives wrong values, never a panic.)
static STEP: [[u8; 4]; 256] = {
    let mut table = [[0u8; 4]; 256];
    let mut known = 0;
    while known < 256 {
        let mut bits = 0;
        while bits < 4 {
            table[known][bits] = match (bits % 3 + 3 - known % 3) % 3 {
                0 => known as u8,
                1 if known < 255 => (known + 1) as u8,
                1 => 255,
                _ if known > 0 => (known - 1) as u8,
                _ => 0,
            };
            bits += 1;
        }
        known += 1;
    }
    table
};

/// From two bits (a halved excess modulo 3) and a neighbour's halved excess, this state's.
#[inline(always)]
pub(crate) fn step_excess(known: u8, bits: u8) -> u8 {
    STEP[known as usize][(bits & 3) as usize]
}

/// What the search reads of a table at every node, held by value in the search (no pointer
/// chased to reach the entries): the entries, the areas told apart and the board's geometry.
#[derive(Clone, Copy)]
pub(crate) struct Reader<'a> {
    packed: &'a [u8],
    areas: usize,
    geometry: Geometry,
}

impl Reader<'_> {
    /// As [`Table::state`].
    #[inline(always)]
    pub(crate) fn state(&self, r: usize, used: u32, blank: u8) -> usize {
        self.areas * r + self.geometry.area_of(used, blank, self.areas)
    }

    /// As [`Table::state_bits`].
    #[inline(always)]
    pub(crate) fn bits(&self, i: usize) -> u8 {
        (self.packed[i / 4] >> (2 * (i % 4))) & 3
    }
}

impl Table {
    /// The region's cells.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The blank's goal cell.
    pub fn blank(&self) -> u8 {
        self.blank
    }

    /// The placements of `k` tiles on `n` cells (a build's progress counts them).
    pub fn placements(n: usize, k: usize) -> usize {
        placements(n, k)
    }

    /// The states of a table of `k` tiles on `n` cells.
    pub fn states(n: usize, k: usize) -> usize {
        placements(n, k) * areas_kept(n, k)
    }

    /// Whether this is the table of `cells` on a board of `side` whose blank's goal cell is
    /// `blank`.
    pub fn is_for(&self, side: usize, cells: &[u8], blank: u8) -> bool {
        self.side as usize == side && self.cells == cells && self.blank == blank
    }

    /// Bytes in memory.
    pub fn bytes(&self) -> usize {
        self.packed.len()
    }

    /// The two bits of the state of placement rank `r` (whose cells are `used`) with the
    /// blank on `blank`.
    #[inline]
    pub(crate) fn bits(&self, r: usize, used: u32, blank: u8) -> u8 {
        self.state_bits(self.state(r, used, blank))
    }

    /// The index of the state of placement rank `r` (whose cells are `used`) with the blank on
    /// `blank`.
    #[inline]
    pub(crate) fn state(&self, r: usize, used: u32, blank: u8) -> usize {
        let areas = self.areas as usize;
        areas * r + self.geometry.area_of(used, blank, areas)
    }

    /// The two bits of state `i`.
    #[inline]
    pub(crate) fn state_bits(&self, i: usize) -> u8 {
        (self.packed[i / 4] >> (2 * (i % 4))) & 3
    }

    /// The entries and what finds a state's index, for the search's inner loop.
    pub(crate) fn reader(&self) -> Reader<'_> {
        Reader {
            packed: &self.packed,
            areas: self.areas as usize,
            geometry: self.geometry,
        }
    }

    /// The halved excess over Manhattan distance of the placement `at` (the region's tiles'
    /// cells, in region order) with the blank on `blank` (a free cell), found by walking down
    /// to the goal: of a state's neighbours in the abstraction, the two bits tell each one's
    /// distance relative to it, and one of them is a move closer.
    pub fn excess(&self, at: &[u8], blank: u8) -> u32 {
        let side = self.side as usize;
        let n = side * side;
        let k = self.cells.len();
        let g = self.geometry;
        let areas = self.areas as usize;
        let home_used = self.cells.iter().fold(0u32, |m, &c| m | 1 << c);
        let goal_side = g.area_of(home_used, self.blank, areas);
        let neighbours = neighbour_cells(side);
        let used_of = |cells: &[u8; 16]| cells[..k].iter().fold(0u32, |m, &c| m | 1 << c);
        let mut cells = [0u8; 16];
        cells[..k].copy_from_slice(&at[..k]);
        let mut used = used_of(&cells);
        let mut here = g.area_of(used, blank, areas);
        let mut bits = self.bits(rank(&cells[..k], n), used, blank);
        // the halved excess where the walk is, less the start's
        let mut change = 0i64;
        // a real table's walk takes at most the state's distance (under 256 moves); a forged
        // one's may find no way down or go round in circles: then 0, which is still a bound
        let mut walked = 0;
        while cells[..k] != self.cells[..] || here != goal_side {
            walked += 1;
            if walked > 255 {
                return 0;
            }
            let area = g.areas(used, areas)[here];
            let mut step = None;
            'look: for b in (0..n as u8).filter(|&b| area & (1 << b) != 0) {
                for &from in &neighbours[b as usize] {
                    if from == NO_CELL || used & (1 << from) == 0 {
                        continue;
                    }
                    let tile = (0..k).find(|&i| cells[i] == from).expect("a tile there");
                    let mut next = cells;
                    next[tile] = b;
                    let next_used = used_of(&next);
                    let next_bits = self.bits(rank(&next[..k], n), next_used, from);
                    let d_excess =
                        i64::from(step_excess(3 + bits, next_bits)) - 3 - i64::from(bits);
                    let home = self.cells[tile] as usize;
                    let d_md = i64::from(taxicab(side, home, b as usize))
                        - i64::from(taxicab(side, home, from as usize));
                    if d_md + 2 * d_excess == -1 {
                        step = Some((next, next_used, next_bits, from, d_excess));
                        break 'look;
                    }
                }
            }
            let Some((next, next_used, next_bits, from, d_excess)) = step else {
                return 0; // no way down: not a real table
            };
            (cells, used, bits) = (next, next_used, next_bits);
            here = g.area_of(used, from, areas);
            change += d_excess;
        }
        // the goal's halved excess is 0
        u32::try_from(-change).unwrap_or(0)
    }

    /// The fewest moves of the region's tiles from the placement `at` home, the blank on
    /// `blank` (a free cell).
    pub fn moves(&self, at: &[u8], blank: u8) -> u32 {
        let side = self.side as usize;
        let md: u32 = self
            .cells
            .iter()
            .zip(at)
            .map(|(&home, &c)| taxicab(side, home as usize, c as usize))
            .sum();
        md + 2 * self.excess(at, blank)
    }

    /// Builds the table of the region `cells` on a board of `side` whose blank's goal cell is
    /// `blank`, by a breadth-first search backwards from the goal over every state, level by
    /// level, each level's states shared out among every core. `progress` hears the placements
    /// done so far now and then (on this thread); `cancel` stops the build. Memory: a 2-bit
    /// mark and the 2-bit entry per state (for the 8 tiles of 7-8, 1.04 billion states: 520 MB
    /// while building, 260 MB after).
    pub fn build(
        side: usize,
        cells: &[u8],
        blank: u8,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(usize),
    ) -> Result<Table, PdbError> {
        let n = side * side;
        let k = cells.len();
        let home = cells.iter().fold(0u32, |m, &c| m | 1 << c);
        assert!(
            (1..=8).contains(&k)
                && k + 2 <= n
                && cells.iter().all(|&c| (c as usize) < n)
                && home.count_ones() as usize == k
                && (blank as usize) < n
                && home & (1 << blank) == 0,
            "a region of 1 to 8 distinct cells of the board, two cells at least and the \
             blank's goal cell left free"
        );
        let count = placements(n, k);
        let areas = areas_kept(n, k);
        let states = count * areas;
        let marks: Vec<AtomicU64> = (0..states.div_ceil(32))
            .map(|_| AtomicU64::new(0))
            .collect();
        let packed: Vec<AtomicU8> = (0..states.div_ceil(4)).map(|_| AtomicU8::new(0)).collect();
        let geometry = Geometry::new(side);
        let search = Search {
            side,
            n,
            home: cells,
            areas,
            geometry,
            neighbours: neighbour_cells(side),
            marks: &marks,
            packed: &packed,
        };
        // the goal: the tiles home, the blank in the area of its goal cell
        search.mark(
            areas * rank(cells, n) + geometry.area_of(home, blank, areas),
            REACHED,
        );
        let done = AtomicUsize::new(0);
        let threads = if count < 4 * CHUNK {
            1
        } else {
            build_threads()
        };
        for d in 0..u8::MAX {
            let next = AtomicUsize::new(0);
            let expanded = AtomicUsize::new(0);
            let cancelled = AtomicBool::new(false);
            // one chunk of placements; false when there is none left or the build is cancelled
            let step = || -> bool {
                let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                if start >= count || cancelled.load(Ordering::Relaxed) {
                    return false;
                }
                if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                    cancelled.store(true, Ordering::Relaxed);
                    return false;
                }
                let (states, first_areas) = search.expand(d, start..(start + CHUNK).min(count));
                expanded.fetch_add(states, Ordering::Relaxed);
                done.fetch_add(first_areas, Ordering::Relaxed);
                true
            };
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    scope.spawn(|| while step() {});
                }
                // this thread works too, and reports between its chunks
                while step() {
                    progress(done.load(Ordering::Relaxed));
                }
            });
            if cancelled.load(Ordering::Relaxed) {
                return Err(PdbError::Cancelled);
            }
            if expanded.load(Ordering::Relaxed) == 0 {
                break;
            }
        }
        // a placement has as many states as areas are told apart, but seldom as many areas:
        // the states of the missing ones stay unreached, and no search asks for them
        progress(count);
        drop(marks);
        Ok(Table {
            side: side as u8,
            cells: cells.to_vec(),
            blank,
            areas: areas as u8,
            packed: Packed::from_vec(packed.into_iter().map(AtomicU8::into_inner).collect()),
            geometry,
        })
    }

    /// A file name for the cache that tells regions, blank goal cells and versions apart.
    pub fn file_name(side: usize, cells: &[u8], blank: u8) -> String {
        let hex = |c: u8| char::from_digit(u32::from(c), 16).expect("cells are below 16");
        let cells: String = cells.iter().map(|&c| hex(c)).collect();
        format!("pdb3-{side}x{side}-{cells}-blank{}.bin", hex(blank))
    }

    /// The bytes of a stored table: a header naming the region, the entries, a checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.packed.len() + 32);
        out.extend_from_slice(MAGIC);
        out.push(self.side);
        out.push(self.blank);
        out.push(self.cells.len() as u8);
        out.extend_from_slice(&self.cells);
        out.extend_from_slice(&(self.packed.len() as u64).to_le_bytes());
        out.extend_from_slice(&self.packed);
        out.extend_from_slice(&checksum(&out).to_le_bytes());
        out
    }

    /// Reads stored bytes back (taking them, not copying the table), and checks they are the
    /// table of `cells` on a board of `side` whose blank's goal cell is `blank`.
    pub fn from_bytes(
        mut bytes: Vec<u8>,
        side: usize,
        cells: &[u8],
        blank: u8,
    ) -> Result<Table, PdbError> {
        let header = Table::header_len(cells);
        if bytes.len() < header + 4 {
            Table::check_header(&bytes[..header.min(bytes.len())], side, cells, blank)?;
            return Err(bad("truncated"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        let want = Table::check_header(&body[..header], side, cells, blank)?;
        if body.len() < header + want {
            return Err(bad("truncated"));
        }
        if body.len() > header + want {
            return Err(bad("the table has the wrong size"));
        }
        if checksum(body).to_le_bytes() != sum {
            return Err(bad("checksum mismatch (the file is damaged)"));
        }
        bytes.truncate(header + want);
        bytes.drain(..header);
        Ok(Table::with_entries(
            side,
            cells,
            blank,
            Packed::from_vec(bytes),
        ))
    }

    /// [`Table::from_bytes`] reading the stored table from `reader` (a file) straight into
    /// the table's memory: no copy of the whole file is held besides it.
    pub fn read_from(
        reader: &mut dyn std::io::Read,
        side: usize,
        cells: &[u8],
        blank: u8,
    ) -> Result<Table, PdbError> {
        let truncated = |e: std::io::Error| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => bad("truncated"),
            _ => PdbError::BadFile(e.to_string()),
        };
        let mut head = vec![0u8; Table::header_len(cells)];
        let got = read_up_to(reader, &mut head).map_err(truncated)?;
        let want = Table::check_header(&head[..got], side, cells, blank)?;
        if got < head.len() {
            return Err(bad("truncated"));
        }
        let mut packed = Packed::zeroed(want);
        reader.read_exact(&mut packed).map_err(truncated)?;
        let mut sum = [0u8; 4];
        reader.read_exact(&mut sum).map_err(truncated)?;
        if read_up_to(reader, &mut [0u8; 1]).map_err(truncated)? != 0 {
            return Err(bad("the table has the wrong size"));
        }
        let mut check = Checksum::new();
        check.add(&head);
        check.add(&packed);
        if check.finish().to_le_bytes() != sum {
            return Err(bad("checksum mismatch (the file is damaged)"));
        }
        Ok(Table::with_entries(side, cells, blank, packed))
    }

    /// The bytes of a stored table's header for the region `cells`.
    fn header_len(cells: &[u8]) -> usize {
        MAGIC.len() + 3 + cells.len() + 8
    }

    /// Checks a stored table's header (or as much of it as there is) against the region; the
    /// bytes of its entries.
    fn check_header(head: &[u8], side: usize, cells: &[u8], blank: u8) -> Result<usize, PdbError> {
        if head.len() < MAGIC.len() || &head[..MAGIC.len()] != MAGIC {
            return Err(bad("not a pattern database of this version"));
        }
        let header = Table::header_len(cells);
        if head.len() < header {
            return Err(bad("truncated"));
        }
        let at = MAGIC.len();
        if head[at] as usize != side
            || head[at + 1] != blank
            || head[at + 2] as usize != cells.len()
            || &head[at + 3..at + 3 + cells.len()] != cells
        {
            return Err(bad("built for another region"));
        }
        let len = u64::from_le_bytes(head[header - 8..header].try_into().expect("eight bytes"));
        let want = Table::states(side * side, cells.len()).div_ceil(4);
        if len != want as u64 {
            return Err(bad("the table has the wrong size"));
        }
        Ok(want)
    }

    /// The table of `cells` whose entries are `packed`.
    fn with_entries(side: usize, cells: &[u8], blank: u8, packed: Packed) -> Table {
        let n = side * side;
        Table {
            side: side as u8,
            cells: cells.to_vec(),
            blank,
            areas: areas_kept(n, cells.len()) as u8,
            packed,
            geometry: Geometry::new(side),
        }
    }
}

/// A damaged stored table, saying how.
fn bad(why: &str) -> PdbError {
    PdbError::BadFile(why.to_string())
}

/// Reads into `buf` until it is full or the reader ends; the bytes read.
fn read_up_to(reader: &mut dyn std::io::Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// A table's breadth-first search: the 2-bit marks and the entries being filled in.
///
/// A state's mark is 0 while unseen, 2 or 3 (by the level's parity) once reached, and 1 once
/// expanded: a level expands the states marked with its parity, and the states they reach are
/// marked with the next level's.
struct Search<'a> {
    side: usize,
    n: usize,
    home: &'a [u8],
    areas: usize,
    geometry: Geometry,
    neighbours: [[u8; 4]; 16],
    /// 32 states a word.
    marks: &'a [AtomicU64],
    packed: &'a [AtomicU8],
}

impl Search<'_> {
    #[inline]
    fn mark_of(&self, i: usize) -> u8 {
        ((self.marks[i / 32].load(Ordering::Relaxed) >> (2 * (i % 32))) & 3) as u8
    }

    /// Marks state `i` as reached (two threads may both mark it: with the same value).
    #[inline]
    fn mark(&self, i: usize, mark: u8) {
        self.marks[i / 32].fetch_or(u64::from(mark) << (2 * (i % 32)), Ordering::Relaxed);
    }

    /// Marks state `i`, reached with mark `now`, as expanded (nobody else writes it: a
    /// reached state is marked again by no one).
    #[inline]
    fn close(&self, i: usize, now: u8) {
        self.marks[i / 32].fetch_xor(
            u64::from(now ^ EXPANDED) << (2 * (i % 32)),
            Ordering::Relaxed,
        );
    }

    /// Expands the states of the placements `ranks` first reached at level `d`: records their
    /// entries and marks the states one move on as reached at `d` + 1. Returns how many, and how
    /// many of them were a placement's first area (every placement has one: they count the
    /// progress).
    #[allow(
        clippy::many_single_char_names,
        reason = "level d, n cells, k tiles, rank r, geometry g: the names of the ranking"
    )]
    fn expand(&self, d: u8, ranks: std::ops::Range<usize>) -> (usize, usize) {
        let (n, k) = (self.n, self.home.len());
        let (now, then) = (REACHED + d % 2, REACHED + (d + 1) % 2);
        let g = self.geometry;
        let (mut count, mut first_areas) = (0, 0);
        let mut cells = [0u8; 16];
        // the rank and the cells used of each prefix of the placement
        let mut prefix = [0usize; 9];
        let mut used = [0u32; 9];
        // the placements with a state marked `now`, found a word of 32 marks at a time (a
        // chunk starts on a word: CHUNK is a multiple of 32)
        let (from, to) = (ranks.start * self.areas, ranks.end * self.areas);
        let low = 0x5555_5555_5555_5555u64;
        let mut frontier = Vec::new();
        for w in from / 32..to.div_ceil(32) {
            let word = self.marks[w].load(Ordering::Relaxed);
            let (hi, lo) = ((word >> 1) & low, word & low);
            let mut hits = if now == REACHED { hi & !lo } else { hi & lo };
            while hits != 0 {
                let i = w * 32 + hits.trailing_zeros() as usize / 2;
                hits &= hits - 1;
                let r = i / self.areas;
                if i < to && frontier.last() != Some(&r) {
                    frontier.push(r);
                }
            }
        }
        for r in frontier {
            let first = self.areas * r;
            let mut ready = 0u32;
            for a in 0..self.areas {
                if self.mark_of(first + a) == now {
                    ready |= 1 << a;
                }
            }
            if ready == 0 {
                continue;
            }
            unrank(r, n, k, &mut cells);
            let mut md = 0;
            for i in 0..k {
                prefix[i + 1] =
                    prefix[i] * (n - i) + cells[i] as usize - ones_below(used[i], cells[i]);
                used[i + 1] = used[i] | 1 << cells[i];
                md += taxicab(self.side, self.home[i] as usize, cells[i] as usize);
            }
            debug_assert_eq!(prefix[k], r);
            debug_assert!(u32::from(d) >= md && (u32::from(d) - md) % 2 == 0);
            let bits = (((u32::from(d) - md) / 2) % 3) as u8;
            let occupied = used[k];
            let areas = g.areas(occupied, self.areas);
            for (a, &area) in areas.iter().enumerate().take(self.areas) {
                if ready & (1 << a) == 0 {
                    continue;
                }
                let i = first + a;
                count += 1;
                first_areas += usize::from(a == 0);
                self.close(i, now);
                self.packed[i / 4].fetch_or(bits << (2 * (i % 4)), Ordering::Relaxed);
                // a tile of the region next to a cell of the blank's area slides into it
                let mut cells_of_area = area;
                while cells_of_area != 0 {
                    let blank = cells_of_area.trailing_zeros() as u8;
                    cells_of_area &= cells_of_area - 1;
                    for &from in &self.neighbours[blank as usize] {
                        if from == NO_CELL || occupied & (1 << from) == 0 {
                            continue;
                        }
                        let tile = cells[..k]
                            .iter()
                            .position(|&c| c == from)
                            .expect("an occupied cell holds a tile");
                        let mut next = prefix[tile] * (n - tile) + blank as usize
                            - ones_below(used[tile], blank);
                        let mut mask = used[tile] | 1 << blank;
                        for (j, &c) in cells.iter().enumerate().take(k).skip(tile + 1) {
                            next = next * (n - j) + c as usize - ones_below(mask, c);
                            mask |= 1 << c;
                        }
                        let j = self.areas * next + g.area_of(mask, from, self.areas);
                        if self.mark_of(j) == 0 {
                            self.mark(j, then);
                        }
                    }
                }
            }
        }
        (count, first_areas)
    }
}

/// FNV-1a over 8-byte words (and the tail), enough to notice a damaged file and quick on the
/// 7-8 tables' 519 MB.
fn checksum(bytes: &[u8]) -> u32 {
    let mut check = Checksum::new();
    check.add(bytes);
    check.finish()
}

/// [`checksum`] of bytes that come in pieces: the same value as of them all at once.
struct Checksum {
    h: u64,
    /// The bytes of a word not yet complete.
    pending: [u8; 8],
    waiting: usize,
}

impl Checksum {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn new() -> Checksum {
        Checksum {
            h: 0xcbf2_9ce4_8422_2325,
            pending: [0; 8],
            waiting: 0,
        }
    }

    fn add(&mut self, mut bytes: &[u8]) {
        if self.waiting > 0 {
            let take = (8 - self.waiting).min(bytes.len());
            self.pending[self.waiting..self.waiting + take].copy_from_slice(&bytes[..take]);
            self.waiting += take;
            bytes = &bytes[take..];
            if self.waiting < 8 {
                return;
            }
            self.h = (self.h ^ u64::from_le_bytes(self.pending)).wrapping_mul(Self::PRIME);
            self.waiting = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.h = (self.h ^ u64::from_le_bytes(w.try_into().expect("eight bytes")))
                .wrapping_mul(Self::PRIME);
        }
        let rest = words.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.waiting = rest.len();
    }

    fn finish(mut self) -> u32 {
        for &b in &self.pending[..self.waiting] {
            self.h = (self.h ^ u64::from(b)).wrapping_mul(Self::PRIME);
        }
        (self.h ^ (self.h >> 32)) as u32
    }
}

/// Each tile's group, its place in the group's order and the weight of its digit in the
/// group's rank (the product of the radixes after its own: see [`rank`]), so that a move
/// updates the moving tile's group's rank without ranking the group again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ranking {
    group_of: [u8; 16],
    place: [u8; 16],
    weight: [u32; 16],
    /// What a tile passing over another tile (in a move up or down) adds to the change of its
    /// group's rank: less its own weight when the other is an earlier tile of its group, the
    /// other's weight when a later one, nothing when of another group or the blank.
    pass: [[i64; 16]; 16],
}

impl Ranking {
    /// For `groups` of tiles (each in table order) on a board of `n` cells.
    fn new(groups: &[Vec<u8>], n: usize) -> Ranking {
        let mut ranking = Ranking {
            group_of: [u8::MAX; 16],
            place: [u8::MAX; 16],
            weight: [0; 16],
            pass: [[0; 16]; 16],
        };
        for (g, group) in groups.iter().enumerate() {
            for (i, &t) in group.iter().enumerate() {
                ranking.group_of[t as usize] = g as u8;
                ranking.place[t as usize] = i as u8;
                ranking.weight[t as usize] =
                    ((i + 1)..group.len()).map(|j| (n - j) as u32).product();
            }
        }
        for t in 0..16 {
            for o in 0..16 {
                ranking.pass[t][o] = if ranking.group_of[o] != ranking.group_of[t]
                    || ranking.group_of[t] == u8::MAX
                    || o == t
                {
                    0
                } else if ranking.place[o] < ranking.place[t] {
                    -i64::from(ranking.weight[t])
                } else {
                    i64::from(ranking.weight[o])
                };
            }
        }
        ranking
    }

    /// How the rank of `tile`'s group changes when `tile` slides along `way` on the board
    /// `cells` (the renamed tile on each cell), without ranking the group again. A sideways
    /// move changes only the tile's own digit, by one; a move up or down passes over the
    /// cells between, and changes the tile's digit by the side less the earlier tiles of its
    /// group among them, and each later tile's among them by one.
    #[inline(always)]
    fn change(&self, cells: &[u8; 16], tile: u8, way: &Way) -> i64 {
        let t = (tile & 15) as usize;
        // a table load for each tile passed (three on a 4×4 board, two on a 3×3 one, none
        // sideways), no loop, no branch on the tiles
        let pass = &self.pass[t];
        let passed = |i: u8| pass[(cells[((way.passed + i) & 15) as usize] & 15) as usize];
        let between = match way.count {
            0 => 0,
            3 => passed(0) + passed(1) + passed(2),
            2 => passed(0) + passed(1),
            n => (0..n).map(passed).sum(),
        };
        i64::from(way.sign) * (i64::from(way.span) * i64::from(self.weight[t]) + between)
    }
}

/// A slide between two neighbouring cells, worked out once for the search's inner loop: the
/// cells, the cells passed over on the way (a move up or down passes those between), and the
/// bits of both cells for a group's set of cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Way {
    pub(crate) from: u8,
    pub(crate) to: u8,
    /// The first cell passed over, and how many (none sideways).
    passed: u8,
    count: u8,
    /// How many cells apart, and +1 when `to` comes after `from`, −1 when before.
    span: u8,
    sign: i8,
    /// `from`'s bit and `to`'s.
    pub(crate) both: u32,
}

impl Way {
    /// The slide from `from` to `to` (neighbouring cells).
    pub(crate) fn new(from: u8, to: u8) -> Way {
        let (low, high) = (from.min(to), from.max(to));
        Way {
            from,
            to,
            passed: low + 1,
            count: high - low - 1,
            span: high - low,
            sign: if to > from { 1 } else { -1 },
            both: 1 << (from & 15) | 1 << (to & 15),
        }
    }
}

/// Where [`PatternDb::build_from`] looks for a region's table before building it: given the
/// region's cells and the blank's goal cell.
pub type FindTable<'a> = dyn FnMut(&[u8], u8) -> Option<Arc<Table>> + 'a;

/// The databases of one goal: the tables of its regions, and how the goal is turned and its
/// tiles renamed for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternDb {
    goal: Board,
    split: Split,
    /// The cell the goal's blank is turned onto, and the symmetries that do it.
    blank: usize,
    turns: Vec<Symmetry>,
    tables: Vec<Arc<Table>>,
    /// Each group's tiles (renamed by their goal cells into the standard goal), in table
    /// order.
    tiles: Vec<Vec<u8>>,
    /// Each renamed tile's group, and how a move changes the group's rank.
    ranking: Ranking,
    /// Each renamed tile's Manhattan distance from each cell.
    distance: [[u8; 16]; 16],
    /// How a renamed tile's Manhattan distance changes when it slides from one cell to
    /// another (−1 or +1 for neighbouring cells).
    nearer: [[[i8; 16]; 16]; 16],
    /// When the turned goal is its own mirror image across the main diagonal: the tile that
    /// plays each tile's part in the mirror image.
    mirror: Option<[u8; 16]>,
}

/// A start as the search sees it: turned and renamed into the standard goal's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    pub turn: Symmetry,
    pub board: Board,
}

impl PatternDb {
    /// The regions (cells, in table order) the databases of `goal` need with `split`, and the
    /// cell the goal's blank is turned onto (the tables that keep the blank are for it).
    pub fn regions_for(goal: &Board, split: Split) -> Result<(Vec<Vec<u8>>, u8), PdbError> {
        if split.side() != goal.side() {
            return Err(PdbError::WrongSize(format!(
                "the {} split is for {s}×{s} boards, not {g}×{g}",
                split.name(),
                s = split.side(),
                g = goal.side()
            )));
        }
        let (blank, _) = canonical_blank(goal.side(), goal.blank());
        Ok((split.regions(blank), blank as u8))
    }

    /// Builds every table `goal` needs with `split`, one after another, each on every core.
    /// `progress` hears the fraction done (0 to 1) now and then; `cancel` stops the build.
    pub fn build(
        goal: &Board,
        split: Split,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(f64),
    ) -> Result<PatternDb, PdbError> {
        PatternDb::build_from(goal, split, &mut |_, _| None, cancel, progress, &mut |_| {})
    }

    /// The databases of `goal` with `split`: each table taken from `find` when it has it (a
    /// table built before, or one kept on disk: `find` hears the region's cells and the
    /// blank's goal cell), the others built as [`PatternDb::build`] builds them, and each
    /// table built handed to `built` (to keep, or to store) as soon as it is done — also when
    /// a later one fails or is cancelled. `progress` counts the placements of every table,
    /// found or built, and hears nothing when every table was found.
    pub fn build_from(
        goal: &Board,
        split: Split,
        find: &mut FindTable<'_>,
        cancel: Option<&AtomicBool>,
        progress: &mut dyn FnMut(f64),
        built: &mut dyn FnMut(&Arc<Table>),
    ) -> Result<PatternDb, PdbError> {
        let (regions, blank) = PatternDb::regions_for(goal, split)?;
        let n = goal.len();
        let total: usize = regions.iter().map(|r| placements(n, r.len())).sum();
        let (mut before, mut building) = (0, false);
        let mut tables = Vec::with_capacity(regions.len());
        for cells in &regions {
            let table = if let Some(table) = find(cells, blank) {
                table
            } else {
                building = true;
                let table = Table::build(goal.side(), cells, blank, cancel, &mut |done| {
                    progress((before + done) as f64 / total as f64);
                })?;
                let table = Arc::new(table);
                built(&table);
                table
            };
            before += placements(n, cells.len());
            tables.push(table);
        }
        if building {
            progress(1.0);
        }
        PatternDb::assemble(goal, split, tables)
    }

    /// The databases of `goal` from its tables (in [`PatternDb::regions_for`]'s order).
    pub fn assemble(
        goal: &Board,
        split: Split,
        tables: Vec<Arc<Table>>,
    ) -> Result<PatternDb, PdbError> {
        let (regions, rep) = PatternDb::regions_for(goal, split)?;
        let side = goal.side();
        if tables.len() != regions.len()
            || tables
                .iter()
                .zip(&regions)
                .any(|(t, r)| !t.is_for(side, r, rep))
        {
            return Err(PdbError::WrongSize(format!(
                "these tables are not the {} split's for this goal",
                split.name()
            )));
        }
        let (blank, turns) = canonical_blank(side, goal.blank());
        let standard = standard_goal(side, blank);
        let tiles: Vec<Vec<u8>> = regions
            .iter()
            .map(|r| r.iter().map(|&c| standard.cells()[c as usize]).collect())
            .collect();
        let ranking = Ranking::new(&tiles, goal.len());
        let mut distance = [[0u8; 16]; 16];
        for (home, &t) in standard.cells().iter().enumerate() {
            if t != 0 {
                for (cell, d) in distance[t as usize]
                    .iter_mut()
                    .enumerate()
                    .take(side * side)
                {
                    *d = taxicab(side, home, cell) as u8;
                }
            }
        }
        let nearer = std::array::from_fn(|t| {
            std::array::from_fn(|from| {
                std::array::from_fn(|to| distance[t][to] as i8 - distance[t][from] as i8)
            })
        });
        let mirror = (Symmetry::TRANSPOSE.cell(side, blank) == blank).then(|| {
            let mut rename = [0u8; 16];
            for (home, &t) in standard.cells().iter().enumerate() {
                rename[t as usize] = standard.cells()[Symmetry::TRANSPOSE.cell(side, home)];
            }
            rename
        });
        Ok(PatternDb {
            goal: *goal,
            split,
            blank,
            turns,
            tables,
            tiles,
            ranking,
            distance,
            nearer,
            mirror,
        })
    }

    /// The goal the databases are for.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The split.
    pub fn split(&self) -> Split {
        self.split
    }

    /// The tables (shared: another goal turned onto the same cell uses the same ones).
    pub fn tables(&self) -> &[Arc<Table>] {
        &self.tables
    }

    /// Bytes the tables take in memory.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(|t| t.bytes()).sum()
    }

    /// Bytes of the tables in mappings the kernel was asked to back with huge pages.
    pub fn advised_bytes(&self) -> usize {
        self.tables
            .iter()
            .filter(|t| t.packed.is_mapped())
            .map(|t| t.bytes())
            .sum()
    }

    /// `board` turned by `turn` and renamed into the standard goal's tiles.
    fn turned(&self, board: &Board, turn: Symmetry) -> Board {
        let side = board.side();
        let standard = standard_goal(side, self.blank);
        // the standard tile of each of the goal's tiles
        let mut rename = [0u8; 16];
        for (home, &t) in self.goal.cells().iter().enumerate() {
            rename[t as usize] = standard.cells()[turn.cell(side, home)];
        }
        let mut cells = [0u8; 16];
        for (i, &t) in board.cells().iter().enumerate() {
            cells[turn.cell(side, i)] = rename[t as usize];
        }
        Board::from_cells(&cells[..board.len()]).expect("a permutation")
    }

    /// The frame a search from `start` runs in: of the symmetries that turn the goal's blank
    /// into place, the one giving the smallest turned start, so that a start and goal and any
    /// rotation or mirror image of both search the very same tree.
    pub fn frame(&self, start: &Board) -> Frame {
        self.turns
            .iter()
            .map(|&turn| Frame {
                turn,
                board: self.turned(start, turn),
            })
            .min_by(|a, b| a.board.cells().cmp(b.board.cells()))
            .expect("at least one symmetry")
    }

    /// The goal in the search's frame.
    pub fn standard_goal(&self) -> Board {
        standard_goal(self.goal.side(), self.blank)
    }

    /// The moves of a solution found in `frame`, as moves of the blank on the real board.
    pub fn moves_back(&self, frame: &Frame, moves: &[Move]) -> Vec<Move> {
        let side = self.goal.side();
        let (_, back) = frame.turn.maps(side);
        let targets = super::solve::blank_targets(side);
        let mut blank = frame.board.blank();
        moves
            .iter()
            .map(|&m| {
                let to = targets[blank][m as usize] as usize;
                let (a, b) = (back[blank] as usize, back[to] as usize);
                blank = to;
                if b + side == a {
                    Move::Up
                } else if a + side == b {
                    Move::Down
                } else if b + 1 == a {
                    Move::Left
                } else {
                    Move::Right
                }
            })
            .collect()
    }

    /// The estimate for `board`: the sum of the groups' entries, or of their mirror image's
    /// when that is larger. Admissible and consistent (one move changes it by at most 1).
    pub fn estimate(&self, board: &Board) -> u32 {
        let (own, mirror) = self.frame_estimates(&self.turned(board, self.turns[0]));
        own.max(mirror)
    }

    /// The estimates of a board in the search's frame and of its mirror image (0 when the goal
    /// has none), worked out from scratch.
    pub(crate) fn frame_estimates(&self, board: &Board) -> (u32, u32) {
        let sum = |at: &[u8; 16]| -> u32 {
            let md: u32 = (1..board.len())
                .map(|t| u32::from(self.distance[t][at[t] as usize]))
                .sum();
            md + (0..self.groups())
                .map(|g| 2 * u32::from(self.group_excess(g, at)))
                .sum::<u32>()
        };
        let (at, mirror_at) = self.positions(board);
        (sum(&at), mirror_at.map_or(0, |m| sum(&m)))
    }

    /// Each tile's cell (the blank's at 0) on a board in the search's frame, and in its mirror
    /// image across the main diagonal when the goal has one.
    pub(crate) fn positions(&self, board: &Board) -> ([u8; 16], Option<[u8; 16]>) {
        let side = board.side();
        let mut at = [0u8; 16];
        for (i, &t) in board.cells().iter().enumerate() {
            at[t as usize] = i as u8;
        }
        let mirror_at = self.mirror.map(|rename| {
            let mut mirror_at = [0u8; 16];
            for t in 0..board.len() {
                mirror_at[rename[t] as usize] =
                    Symmetry::TRANSPOSE.cell(side, at[t] as usize) as u8;
            }
            mirror_at
        });
        (at, mirror_at)
    }

    /// The rank of one group's placement, read from every tile's cell, and the cells it uses.
    #[inline]
    pub(crate) fn group_rank(&self, group: usize, at: &[u8; 16]) -> (usize, u32) {
        let n = self.goal.len();
        let mut used = 0u32;
        let mut r = 0usize;
        for (i, &t) in self.tiles[group].iter().enumerate() {
            let c = at[t as usize];
            r = r * (n - i) + c as usize - ones_below(used, c);
            used |= 1 << c;
        }
        (r, used)
    }

    /// Half the excess of one group's entry over its tiles' Manhattan distance (so the entry
    /// is that distance plus twice this), given every renamed tile's cell (and the blank's,
    /// `at[0]`), found from scratch (a short walk).
    pub(crate) fn group_excess(&self, group: usize, at: &[u8; 16]) -> u8 {
        let cells: Vec<u8> = self.tiles[group].iter().map(|&t| at[t as usize]).collect();
        self.tables[group].excess(&cells, at[0]) as u8
    }

    /// How the rank of `tile`'s group changes when `tile` slides along `way` on the board
    /// `cells` (the renamed tile on each cell).
    #[inline(always)]
    pub(crate) fn rank_change(&self, cells: &[u8; 16], tile: u8, way: &Way) -> i64 {
        self.ranking.change(cells, tile, way)
    }

    /// `group`'s table as the search reads it.
    pub(crate) fn reader(&self, group: usize) -> Reader<'_> {
        self.tables[group].reader()
    }

    /// A renamed tile's Manhattan distance from `cell` to its goal cell.
    #[inline(always)]
    pub(crate) fn distance(&self, tile: u8, cell: usize) -> u8 {
        // (the masks cost nothing and spare the bounds checks: a tile and a cell are < 16)
        self.distance[(tile & 15) as usize][cell & 15]
    }

    /// How a renamed tile's Manhattan distance changes when it slides from `from` to `to`.
    #[inline(always)]
    pub(crate) fn nearer(&self, tile: u8, from: u8, to: u8) -> i32 {
        i32::from(self.nearer[(tile & 15) as usize][(from & 15) as usize][(to & 15) as usize])
    }

    /// The group of a renamed tile (not the blank).
    #[inline(always)]
    pub(crate) fn group_of(&self, tile: u8) -> usize {
        self.ranking.group_of[(tile & 15) as usize] as usize
    }

    /// The mirror image's renaming, when the goal has one.
    pub(crate) fn mirror(&self) -> Option<&[u8; 16]> {
        self.mirror.as_ref()
    }

    /// How many groups.
    pub fn groups(&self) -> usize {
        self.tables.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::slide::solve::{Goal, Heuristic};

    #[test]
    fn ranks_are_a_bijection_and_unrank_inverts_them() {
        for (n, k) in [(6, 3), (9, 4), (16, 3)] {
            let mut seen = vec![false; placements(n, k)];
            let mut cells = [0u8; 16];
            #[allow(clippy::needless_range_loop, reason = "r is the rank under test")]
            for r in 0..placements(n, k) {
                unrank(r, n, k, &mut cells);
                let mut used = 0u32;
                for &c in &cells[..k] {
                    assert!((c as usize) < n && used & (1 << c) == 0, "{r}: {cells:?}");
                    used |= 1 << c;
                }
                assert_eq!(rank(&cells[..k], n), r);
                assert!(!seen[r]);
                seen[r] = true;
            }
        }
    }

    #[test]
    fn every_blank_cell_turns_onto_a_corner_an_edge_or_an_inner_cell() {
        for side in [3, 4] {
            for s in Symmetry::ALL {
                let (to, from) = s.maps(side);
                for c in 0..side * side {
                    assert_eq!(from[to[c] as usize] as usize, c);
                }
            }
            for blank in 0..side * side {
                let (rep, turns) = canonical_blank(side, blank);
                assert!([0, 1, side + 1].contains(&rep));
                assert!(turns.iter().all(|t| t.cell(side, blank) == rep));
                let corner = [0, side - 1, side * (side - 1), side * side - 1].contains(&blank);
                assert_eq!(rep == 0, corner, "{side}: {blank}");
            }
        }
        // the regions of every split cover every cell but the blank's, once
        for split in Split::ALL {
            let side = split.side();
            for blank in [0, 1, side + 1] {
                let mut cells: Vec<u8> = split.regions(blank).concat();
                cells.sort_unstable();
                let want: Vec<u8> = (0..(side * side) as u8)
                    .filter(|&c| c as usize != blank)
                    .collect();
                assert_eq!(cells, want, "{} around {blank}", split.name());
            }
        }
    }

    /// Every state's true distance to `goal`, by BFS.
    fn distances_to(goal: Board) -> std::collections::HashMap<u64, u32> {
        let mut distance = std::collections::HashMap::from([(goal.key(), 0u32)]);
        let mut queue = std::collections::VecDeque::from([goal]);
        while let Some(b) = queue.pop_front() {
            let d = distance[&b.key()];
            for (_, next) in b.moves() {
                distance.entry(next.key()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
        distance
    }

    #[test]
    fn the_8_puzzle_databases_are_admissible_consistent_and_beat_manhattan_for_any_goal() {
        // a goal with the blank in a corner, on an edge and in the middle
        for goal in [
            "1 2 3 4 5 6 7 8 0",
            "1 0 2 3 4 5 6 7 8",
            "1 2 3 8 0 4 7 6 5",
        ] {
            let goal = Board::parse(goal).unwrap();
            let mut calls = 0;
            let db = PatternDb::build(&goal, Split::FourFour, None, &mut |_| calls += 1).unwrap();
            assert!(calls >= 1);
            assert_eq!(db.estimate(&goal), 0);
            let distance = distances_to(goal);
            assert_eq!(distance.len(), 181_440);
            let manhattan = Goal::new(goal);
            let (mut sum_pdb, mut sum_manhattan) = (0u64, 0u64);
            for (&key, &d) in &distance {
                let b = Board::from_key(key, 3);
                let h = db.estimate(&b);
                let m = manhattan.estimate(Heuristic::Manhattan, &b);
                assert!(h <= d, "{b}: estimate {h} > distance {d}");
                assert!(h >= m, "{b}: pattern database {h} < Manhattan {m}");
                for (_, next) in b.moves() {
                    let hn = db.estimate(&next);
                    assert!(h.abs_diff(hn) <= 1, "{b} → {next}: {h} then {hn}");
                }
                sum_pdb += u64::from(h);
                sum_manhattan += u64::from(m);
            }
            assert!(
                sum_pdb > sum_manhattan,
                "{goal}: {sum_pdb} vs {sum_manhattan}"
            );
        }
    }

    /// The 15-puzzle databases against the truth on random boards of realistic length: on every
    /// board of an optimal solution IDA* with Manhattan distance finds, the estimate is at most
    /// the moves left (admissible) and at least Manhattan's; on a long random walk no move
    /// changes it by more than one (consistent).
    fn check_fifteen(goal: Board, split: Split, boards: usize) {
        use crate::core::slide::solve::{Limits, idastar};
        let db = PatternDb::build(&goal, split, None, &mut |_| {}).unwrap();
        let manhattan = Goal::new(goal);
        let mut checked = 0;
        let mut rng = crate::core::rng::from_seed(7);
        for seed in 0..boards as u64 {
            let start = crate::core::slide::solve::tests::scrambled_from(goal, 300, seed);
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
        }
        assert_eq!(db.estimate(&goal), 0);
        assert!(checked > 20 * boards, "{checked} boards checked");
        let mut board = Board::random_solvable(&goal, &mut rng);
        let mut h = db.estimate(&board);
        for _ in 0..20_000 {
            let moves: Vec<_> = board.moves().collect();
            let (_, next) = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
            let hn = db.estimate(&next);
            assert!(h.abs_diff(hn) <= 1, "{board} → {next}: {h} then {hn}");
            (board, h) = (next, hn);
        }
    }

    #[test]
    fn the_fifteen_puzzle_databases_are_admissible_and_consistent() {
        check_fifteen(Board::goal(4), Split::SixSixThree, 10);
        check_fifteen(Board::goal(4), Split::FiveFiveFive, 10);
        // Korf's goal (blank top-left, with the mirror image), an edge blank, an inner blank
        let korf = Board::parse("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15").unwrap();
        check_fifteen(korf, Split::FiveFiveFive, 6);
        let edge = Board::parse("1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15").unwrap();
        check_fifteen(edge, Split::FiveFiveFive, 6);
        let inner = Board::parse("1 2 3 4 5 6 7 8 9 0 10 11 12 13 14 15").unwrap();
        check_fifteen(inner, Split::FiveFiveFive, 6);
    }

    #[test]
    fn a_move_changes_the_rank_as_ranking_again_would() {
        use rand::RngExt;
        let mut rng = crate::core::rng::from_seed(11);
        for split in Split::ALL {
            let side = split.side();
            let n = side * side;
            for blank in [0, 1, side + 1] {
                // the tiles named by their goal cells, but the blank (0, its goal cell
                // `blank`) and the tile of cell 0 (named `blank`)
                let name = |c: usize| match c {
                    0 => blank as u8,
                    c if c == blank => 0,
                    c => c as u8,
                };
                let groups: Vec<Vec<u8>> = split
                    .regions(blank)
                    .iter()
                    .map(|r| r.iter().map(|&c| name(c as usize)).collect())
                    .collect();
                let ranking = Ranking::new(&groups, n);
                let mut cells = [0u8; 16];
                for (c, t) in cells.iter_mut().enumerate().take(n) {
                    *t = name(c);
                }
                let rank_of = |cells: &[u8; 16], group: &[u8]| -> usize {
                    let mut at = [0u8; 16];
                    for (c, &t) in cells.iter().enumerate().take(n) {
                        at[t as usize] = c as u8;
                    }
                    let placed: Vec<u8> = group.iter().map(|&t| at[t as usize]).collect();
                    rank(&placed, n)
                };
                let targets = crate::core::slide::solve::blank_targets(side);
                let mut hole = (0..n).find(|&c| cells[c] == 0).unwrap();
                for _ in 0..2000 {
                    let from = loop {
                        let to = targets[hole][rng.random_range(0..4)];
                        if to != u8::MAX {
                            break to as usize;
                        }
                    };
                    let tile = cells[from];
                    let group = &groups[ranking.group_of[tile as usize] as usize];
                    let before = rank_of(&cells, group) as i64;
                    let change = ranking.change(&cells, tile, &Way::new(from as u8, hole as u8));
                    cells.swap(from, hole);
                    hole = from;
                    assert_eq!(
                        before + change,
                        rank_of(&cells, group) as i64,
                        "{} with the blank's goal on {blank}: tile {tile} to {}",
                        split.name(),
                        hole
                    );
                }
            }
        }
    }

    #[test]
    fn tables_are_shared_by_goals_turned_onto_the_same_cell() {
        let blank_last = Board::goal(4);
        let korf = Board::parse("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15").unwrap();
        let other_corner = Board::parse("3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12").unwrap();
        let regions = PatternDb::regions_for(&blank_last, Split::SevenEight).unwrap();
        assert_eq!(
            regions,
            PatternDb::regions_for(&korf, Split::SevenEight).unwrap()
        );
        assert_eq!(
            regions,
            PatternDb::regions_for(&other_corner, Split::SevenEight).unwrap()
        );
        let (regions, blank) = regions;
        assert_eq!(blank, 0);
        assert_eq!(regions[0].len() + regions[1].len(), 15);
        let edge = Board::parse("1 2 0 3 4 5 6 7 8 9 10 11 12 13 14 15").unwrap();
        let (edge_regions, _) = PatternDb::regions_for(&edge, Split::SevenEight).unwrap();
        assert_ne!(edge_regions[0], regions[0]);
        assert_eq!(edge_regions[1], regions[1], "the 8-tile region is the same");
        assert!(PatternDb::regions_for(&Board::goal(3), Split::SevenEight).is_err());
    }

    /// A reader that hands out a few bytes at a time (as a pipe or a slow disk may), and
    /// sometimes says "interrupted".
    struct Dribble<'a> {
        bytes: &'a [u8],
        turn: usize,
    }

    impl std::io::Read for Dribble<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.turn += 1;
            if self.turn.is_multiple_of(5) {
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let n = (self.turn % 7 + 1).min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_table_read_from_a_file_is_the_table_read_from_its_bytes() {
        let cells = [1u8, 2, 3, 4];
        let table = Table::build(3, &cells, 0, None, &mut |_| {}).unwrap();
        let bytes = table.to_bytes();
        let both = |bytes: &[u8], cells: &[u8], blank: u8| {
            let whole = Table::from_bytes(bytes.to_vec(), 3, cells, blank);
            let read = Table::read_from(&mut &bytes[..], 3, cells, blank);
            let dribbled = Table::read_from(&mut Dribble { bytes, turn: 0 }, 3, cells, blank);
            assert_eq!(whole, read, "{} bytes", bytes.len());
            assert_eq!(whole, dribbled, "{} bytes, a few at a time", bytes.len());
            whole
        };
        assert_eq!(both(&bytes, &cells, 0).unwrap(), table);
        for len in 0..bytes.len() {
            assert!(
                both(&bytes[..len], &cells, 0).is_err(),
                "cut to {len} bytes"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            both(&longer, &cells, 0),
            Err(PdbError::BadFile("the table has the wrong size".into()))
        );
        for at in [
            0,
            9,
            20,
            40,
            bytes.len() / 2,
            bytes.len() - 5,
            bytes.len() - 1,
        ] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 4;
            assert!(both(&damaged, &cells, 0).is_err(), "byte {at} changed");
        }
        assert!(both(&bytes, &[5, 6, 7, 8], 0).is_err());
        assert!(both(&bytes, &cells, 8).is_err());
    }

    #[test]
    fn the_checksum_of_bytes_in_pieces_is_the_checksum_of_them_at_once() {
        let bytes: Vec<u8> = (0..300u32).map(|i| (i * 31 + 7) as u8).collect();
        for cut in 0..bytes.len() {
            for second in [cut, (cut + 3).min(bytes.len()), (cut + 11).min(bytes.len())] {
                let mut check = Checksum::new();
                check.add(&bytes[..cut]);
                check.add(&bytes[cut..second]);
                check.add(&bytes[second..]);
                assert_eq!(
                    check.finish(),
                    checksum(&bytes),
                    "cut at {cut} and {second}"
                );
            }
        }
    }

    #[test]
    fn stored_bytes_round_trip_and_damage_is_noticed() {
        let cells = [1u8, 2, 3, 4];
        let table = Table::build(3, &cells, 0, None, &mut |_| {}).unwrap();
        let bytes = table.to_bytes();
        assert_eq!(
            Table::from_bytes(bytes.clone(), 3, &cells, 0).unwrap(),
            table
        );
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert!(matches!(
            Table::from_bytes(damaged, 3, &cells, 0),
            Err(PdbError::BadFile(_))
        ));
        assert_eq!(
            Table::from_bytes(bytes.clone(), 3, &[5, 6, 7, 8], 0),
            Err(PdbError::BadFile("built for another region".into()))
        );
        assert_eq!(
            Table::from_bytes(bytes.clone(), 3, &cells, 8),
            Err(PdbError::BadFile("built for another region".into())),
            "a table that keeps the blank is for one blank goal cell"
        );
        assert!(Table::from_bytes(bytes[..20].to_vec(), 3, &cells, 0).is_err());
        assert!(Table::from_bytes(Vec::new(), 3, &cells, 0).is_err());
        assert!(Table::from_bytes(b"AIAPDB3\ngarbage".to_vec(), 3, &cells, 0).is_err());
        assert_ne!(
            Table::file_name(3, &cells, 0),
            Table::file_name(3, &[5, 6, 7, 8], 0)
        );
        assert_ne!(
            Table::file_name(3, &cells, 0),
            Table::file_name(3, &cells, 8)
        );
    }

    #[test]
    fn forged_tables_give_wrong_estimates_but_no_panic_and_no_hang() {
        use crate::core::slide::solve::{Limits, idastar_pdb};
        let goal = Board::goal(3);
        let db = PatternDb::build(&goal, Split::FourFour, None, &mut |_| {}).unwrap();
        let mut rng = crate::core::rng::from_seed(3);
        for fill in [0x00u8, 0xff, 0x55, 0x1b] {
            // tables whose bytes are all `fill`, or random, as a file forged to pass the
            // checksum would give
            let forged: Vec<Arc<Table>> = db
                .tables()
                .iter()
                .map(|t| {
                    let mut t = Table::clone(t);
                    for (i, b) in t.packed.iter_mut().enumerate() {
                        *b = if fill == 0x1b {
                            rand::RngExt::random(&mut rng)
                        } else {
                            fill ^ (i as u8 & 1)
                        };
                    }
                    Arc::new(t)
                })
                .collect();
            let bad = PatternDb::assemble(&goal, Split::FourFour, forged).unwrap();
            for seed in 0..20 {
                let start = crate::core::slide::solve::tests::scrambled(3, 40, seed);
                let _ = bad.estimate(&start);
                let limits = Limits {
                    max_nodes: 20_000,
                    ..Limits::default()
                };
                let report = idastar_pdb(&start, &bad, limits);
                if let Some(moves) = report.outcome.moves() {
                    assert_eq!(
                        start.play(moves),
                        Some(goal),
                        "whatever it finds is a solution"
                    );
                }
            }
        }
    }

    #[test]
    fn a_cancelled_build_stops() {
        let flag = AtomicBool::new(true);
        let result = PatternDb::build(
            &Board::goal(4),
            Split::FiveFiveFive,
            Some(&flag),
            &mut |_| {},
        );
        assert_eq!(result.unwrap_err(), PdbError::Cancelled);
    }

    #[test]
    fn a_table_entry_is_the_fewest_moves_of_its_tiles() {
        // one tile: its Manhattan distance; two neighbours swapped on a 3×3 board: one must
        // step aside to let the other pass, 4 moves where their Manhattan distance says 2
        let one = Table::build(3, &[4], 8, None, &mut |_| {}).unwrap();
        for c in 0..9u8 {
            let blank = (c + 1) % 9;
            assert_eq!(one.moves(&[c], blank), taxicab(3, 4, c as usize));
        }
        let two = Table::build(3, &[0, 1], 8, None, &mut |_| {}).unwrap();
        assert_eq!(two.moves(&[0, 1], 8), 0);
        assert_eq!(two.moves(&[1, 0], 8), 4);
        // the blank shut in a corner by the two tiles, home: they must let it out and come
        // back, though their Manhattan distance is 0
        let corner = Table::build(3, &[1, 3], 8, None, &mut |_| {}).unwrap();
        assert_eq!(corner.moves(&[1, 3], 4), 0);
        assert!(corner.moves(&[1, 3], 0) >= 2);
    }

    /// The fewest moves of the tiles of `cells` from every (placement, blank cell) home, by a
    /// plain 0-1 breadth-first search over the tiles' cells and the blank's.
    fn exact_moves(
        side: usize,
        cells: &[u8],
        blank: u8,
    ) -> std::collections::HashMap<(Vec<u8>, u8), u32> {
        let n = side * side;
        let start = (cells.to_vec(), blank);
        let mut best = std::collections::HashMap::from([(start.clone(), 0u32)]);
        let mut deque = std::collections::VecDeque::from([(start, 0u32)]);
        let near = neighbour_cells(side);
        while let Some(((tiles, b), d)) = deque.pop_front() {
            if best[&(tiles.clone(), b)] < d {
                continue;
            }
            for &to in &near[b as usize] {
                if to == NO_CELL {
                    continue;
                }
                let mut next = tiles.clone();
                let cost = match tiles.iter().position(|&c| c == to) {
                    Some(i) => {
                        next[i] = b;
                        1
                    }
                    None => 0,
                };
                let key = (next, to);
                if best.get(&key).is_none_or(|&old| old > d + cost) {
                    best.insert(key.clone(), d + cost);
                    if cost == 0 {
                        deque.push_front((key, d));
                    } else {
                        deque.push_back((key, d + 1));
                    }
                }
            }
        }
        assert!(
            best.keys()
                .all(|(t, b)| t.len() == cells.len() && (*b as usize) < n)
        );
        best
    }

    #[test]
    fn tables_hold_the_fewest_moves_of_their_tiles_from_every_state() {
        let g = Geometry::new(3);
        for (cells, blank) in [
            (vec![1u8, 2, 3, 4], 0u8),
            (vec![0, 1, 2, 3], 4),
            (vec![5, 6, 7, 8], 0),
        ] {
            let table = Table::build(3, &cells, blank, None, &mut |_| {}).unwrap();
            let exact = exact_moves(3, &cells, blank);
            assert_eq!(exact.len(), placements(9, 4) * 5);
            let mut merged = 0;
            for ((at, b), &moves) in &exact {
                let used = at.iter().fold(0u32, |m, &c| m | 1 << c);
                assert_eq!(table.moves(at, *b), moves, "{at:?} blank {b}");
                let areas = g.areas(used, 5);
                if areas[2] != 0 {
                    merged += 1;
                }
            }
            assert!(merged > 0, "some placements leave three areas or more");
        }
    }
}
