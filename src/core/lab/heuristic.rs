//! The heuristic task: a student's estimate h for the 8-puzzle, judged on **every** board that
//! can reach the goal (181,440 of them). Exact distances come from one breadth-first sweep
//! back from the goal (moves are reversible); h must be 0 at the goal, never above the true
//! distance (admissible) and never drop by more than one move's cost across a move
//! (consistent). The worst counterexample of each is kept. How informed h is: A* with it, with
//! misplaced tiles and with Manhattan distance on the same boards, expansions counted.

use std::collections::VecDeque;

use serde_json::{Value, json};

use super::check::{Verdict, Violation};
use super::space::State;
use crate::core::rng::from_seed;
use crate::core::slide::solve::{Goal, Heuristic, KeyMap};
use crate::core::slide::{Board, Move};
use crate::core::text::Phrase;
use crate::phrase;

/// Boards sent in one `eval` message.
pub const BATCH: usize = 2000;

/// Boards A* is run on to measure how informed a heuristic is.
pub const SAMPLE: usize = 20;

/// Every board that reaches the goal, in breadth-first order from it, with its distance and
/// its neighbours.
pub struct Boards {
    pub goal: Goal,
    pub keys: Vec<State>,
    pub distance: Vec<u8>,
    /// Per board, the indices of the boards one move away (`u32::MAX`: none).
    neighbours: Vec<[u32; 4]>,
}

impl Boards {
    /// The boards of `goal`'s puzzle (3×3: 181,440; larger puzzles have too many to list).
    pub fn of(goal: &Board) -> Boards {
        let side = goal.side() as u8;
        let mut index: KeyMap<u32> = KeyMap::default();
        let mut keys = vec![goal.key()];
        let mut distance = vec![0u8];
        index.insert(goal.key(), 0);
        let mut queue = VecDeque::from([0u32]);
        let mut neighbours: Vec<[u32; 4]> = Vec::new();
        while let Some(i) = queue.pop_front() {
            let board = Board::from_key(keys[i as usize], side);
            let mut near = [u32::MAX; 4];
            for (k, mv) in Move::ALL.into_iter().enumerate() {
                let Some(next) = board.apply(mv) else {
                    continue;
                };
                let key = next.key();
                let j = *index.entry(key).or_insert_with(|| {
                    keys.push(key);
                    distance.push(distance[i as usize] + 1);
                    queue.push_back(keys.len() as u32 - 1);
                    keys.len() as u32 - 1
                });
                near[k] = j;
            }
            neighbours.push(near);
        }
        Boards {
            goal: Goal::new(*goal),
            keys,
            distance,
            neighbours,
        }
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    fn show(&self, i: usize) -> String {
        Board::from_key(self.keys[i], self.goal.board.side() as u8).to_string()
    }

    /// A built-in heuristic's values on every board.
    pub fn values_of(&self, heuristic: Heuristic) -> Vec<f64> {
        let side = self.goal.board.side() as u8;
        self.keys
            .iter()
            .map(|&k| f64::from(self.goal.estimate(heuristic, &Board::from_key(k, side))))
            .collect()
    }

    /// A* from board `start` with estimate `h` (by index), ties to the larger g then the
    /// first generated: the boards it expands before it takes the goal (included).
    fn astar_expansions(&self, start: usize, h: &[f64]) -> usize {
        use std::cmp::{Ordering, Reverse};
        use std::collections::BinaryHeap;
        #[derive(PartialEq)]
        struct Key(f64, Reverse<u32>, u64);
        impl Eq for Key {}
        impl PartialOrd for Key {
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }
        impl Ord for Key {
            fn cmp(&self, other: &Self) -> Ordering {
                // the heap pops the greatest: the least f, then the greatest g, then the first
                other
                    .0
                    .total_cmp(&self.0)
                    .then(self.1.cmp(&other.1).reverse())
                    .then(other.2.cmp(&self.2))
            }
        }
        let mut g = vec![u32::MAX; self.len()];
        let mut closed = vec![false; self.len()];
        let mut heap = BinaryHeap::new();
        let mut counter = 0u64;
        g[start] = 0;
        heap.push((Key(h[start], Reverse(0), counter), start as u32));
        let mut expanded = 0;
        while let Some((Key(_, Reverse(gs), _), s)) = heap.pop() {
            let s = s as usize;
            if closed[s] || gs > g[s] {
                continue;
            }
            closed[s] = true;
            expanded += 1;
            if s == 0 {
                break;
            }
            for &n in self.neighbours[s].iter().filter(|&&n| n != u32::MAX) {
                let n = n as usize;
                if !closed[n] && gs + 1 < g[n] {
                    g[n] = gs + 1;
                    counter += 1;
                    heap.push((
                        Key(f64::from(gs + 1) + h[n], Reverse(gs + 1), counter),
                        n as u32,
                    ));
                }
            }
        }
        expanded
    }

    /// The boards informedness is measured on: `count` boards drawn from `seed`.
    pub fn sample(&self, count: usize, seed: u64) -> Vec<usize> {
        use rand::RngExt;
        let mut rng = from_seed(seed);
        (0..count)
            .map(|_| rng.random_range(1..self.len()))
            .collect()
    }
}

/// What the judgement found.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    /// `None` when h is right (0 at the goal, admissible, consistent).
    pub violation: Option<Violation>,
    /// Lines for the report, in both languages.
    pub notes: Vec<Phrase>,
    /// The figures, for `--json`.
    pub details: Value,
}

fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else if x.abs() >= 1e15 {
        // a float's every digit (1e308 has 309) says nothing more than its exponent
        format!("{x:.3e}")
    } else {
        format!("{x:.3}")
    }
}

/// Judges the student's values `h` (one per board of `boards`, in their order).
pub fn judge(boards: &Boards, h: &[f64], sample: &[usize]) -> Judgement {
    const EPS: f64 = 1e-9;
    let wrong = |say: Phrase| {
        Some(Violation {
            verdict: Verdict::Wa,
            step: 0,
            say,
            expected: None,
        })
    };
    // the worst of each kind, and how many boards break it
    let bad_value = h.iter().position(|v| !v.is_finite() || *v < 0.0);
    let mut over = (0usize, 0.0f64, 0usize); // count, worst excess, board
    for (i, (&v, &d)) in h.iter().zip(&boards.distance).enumerate() {
        let excess = v - f64::from(d);
        if excess > EPS {
            if excess > over.1 {
                over = (over.0, excess, i);
            }
            over.0 += 1;
        }
    }
    let mut jumps = (0usize, 0.0f64, 0usize, 0usize); // count, worst drop past 1, from, to
    for (i, near) in boards.neighbours.iter().enumerate() {
        for &n in near.iter().filter(|&&n| n != u32::MAX) {
            let drop = h[i] - h[n as usize] - 1.0;
            if drop > EPS {
                if drop > jumps.1 {
                    jumps = (jumps.0, drop, i, n as usize);
                }
                jumps.0 += 1;
            }
        }
    }
    let violation = if let Some(i) = bad_value {
        wrong(phrase!(
            "h({s}) = {h}: an estimate is a number of moves, 0 or more",
            s = boards.show(i),
            h = number(h[i])
        ))
    } else if h[0].abs() > EPS {
        wrong(phrase!(
            "h(goal) = {h}: at the goal no move is left, so h must be 0 there",
            h = number(h[0])
        ))
    } else if over.0 > 0 {
        let i = over.2;
        wrong(phrase!(
            "h is not admissible: h({s}) = {h}, but the goal is only {d} moves away ({n} boards overestimated)",
            s = boards.show(i),
            h = number(h[i]),
            d = boards.distance[i],
            n = over.0
        ))
    } else if jumps.0 > 0 {
        let (_, _, a, b) = jumps;
        wrong(phrase!(
            "h is not consistent: h({a}) = {ha}, but one move away h({b}) = {hb}, a drop of more than one move ({n} moves like it)",
            a = boards.show(a),
            ha = number(h[a]),
            b = boards.show(b),
            hb = number(h[b]),
            n = jumps.0
        ))
    } else {
        None
    };
    // informedness: A* with each estimate on the same boards
    let manhattan = boards.values_of(Heuristic::Manhattan);
    let misplaced = boards.values_of(Heuristic::Misplaced);
    let total = |values: &[f64]| -> usize {
        sample
            .iter()
            .map(|&s| boards.astar_expansions(s, values))
            .sum()
    };
    let (yours, by_manhattan, by_misplaced) = (total(h), total(&manhattan), total(&misplaced));
    let mean = |values: &[f64]| values.iter().sum::<f64>() / values.len() as f64;
    let dominates = h
        .iter()
        .zip(&manhattan)
        .filter(|(a, b)| **a + EPS >= **b)
        .count();
    let notes = vec![
        phrase!(
            "h on all {n} boards that reach the goal: mean {mean} (Manhattan {manhattan}, misplaced tiles {misplaced}, true distance {truth}); at least Manhattan on {dom} of them",
            n = boards.len(),
            mean = format!("{:.2}", mean(h)),
            manhattan = format!("{:.2}", mean(&manhattan)),
            misplaced = format!("{:.2}", mean(&misplaced)),
            truth = format!(
                "{:.2}",
                boards.distance.iter().map(|&d| f64::from(d)).sum::<f64>() / boards.len() as f64
            ),
            dom = dominates
        ),
        phrase!(
            "A* on {k} boards expands {yours} with your h, {manhattan} with Manhattan, {misplaced} with misplaced tiles",
            k = sample.len(),
            yours = yours,
            manhattan = by_manhattan,
            misplaced = by_misplaced
        ),
    ];
    let details = json!({
        "boards": boards.len(),
        "admissible": over.0 == 0 && bad_value.is_none(),
        "consistent": jumps.0 == 0 && bad_value.is_none(),
        "goal_zero": h[0].abs() <= EPS,
        "overestimated": over.0,
        "worst_overestimate": (over.0 > 0).then(|| json!({
            "board": boards.show(over.2), "h": h[over.2], "distance": boards.distance[over.2],
        })),
        "inconsistent_moves": jumps.0,
        "worst_inconsistency": (jumps.0 > 0).then(|| json!({
            "from": boards.show(jumps.2), "h_from": h[jumps.2],
            "to": boards.show(jumps.3), "h_to": h[jumps.3],
        })),
        "mean_h": mean(h),
        "at_least_manhattan": dominates,
        "astar_boards": sample.len(),
        "astar_expansions": {"yours": yours, "manhattan": by_manhattan, "misplaced": by_misplaced},
    });
    Judgement {
        violation,
        notes,
        details,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_are_written_short() {
        assert_eq!(number(12.0), "12");
        assert_eq!(number(0.5), "0.500");
        assert_eq!(number(1e308), "1.000e308");
        assert_eq!(number(-2.5e20), "-2.500e20");
    }

    #[test]
    fn the_built_in_estimates_are_judged_as_the_textbook_says() {
        let boards = Boards::of(&Board::goal(3));
        assert_eq!(boards.len(), 181_440);
        assert_eq!(boards.distance.iter().max(), Some(&31));
        let sample = boards.sample(6, 1);
        for heuristic in [Heuristic::Misplaced, Heuristic::Manhattan] {
            let j = judge(&boards, &boards.values_of(heuristic), &sample);
            assert_eq!(j.violation, None, "{heuristic:?}");
        }
        // the true distance is admissible, consistent and expands least
        let exact: Vec<f64> = boards.distance.iter().map(|&d| f64::from(d)).collect();
        let j = judge(&boards, &exact, &sample);
        assert_eq!(j.violation, None);
        let e = &j.details["astar_expansions"];
        assert!(e["yours"].as_u64() < e["manhattan"].as_u64());
        assert!(e["manhattan"].as_u64() < e["misplaced"].as_u64());
        // twice Manhattan overestimates; the worst board is named
        let double: Vec<f64> = boards
            .values_of(Heuristic::Manhattan)
            .iter()
            .map(|v| 2.0 * v)
            .collect();
        let v = judge(&boards, &double, &sample).violation.unwrap();
        assert!(
            v.say.english().starts_with("h is not admissible"),
            "{}",
            v.say.english()
        );
        // admissible but not consistent: the exact distance, but 0 on boards an odd distance away
        let bumpy: Vec<f64> = boards
            .distance
            .iter()
            .map(|&d| if d % 2 == 1 { 0.0 } else { f64::from(d) })
            .collect();
        let v = judge(&boards, &bumpy, &sample).violation.unwrap();
        assert!(
            v.say.english().starts_with("h is not consistent"),
            "{}",
            v.say.english()
        );
        // nonzero at the goal; negative
        let mut shifted = exact.clone();
        shifted[0] = 1.0;
        let v = judge(&boards, &shifted, &sample).violation.unwrap();
        assert!(v.say.english().starts_with("h(goal) = 1"));
        shifted[5] = -1.0;
        let v = judge(&boards, &shifted, &sample).violation.unwrap();
        assert!(v.say.english().contains("0 or more"));
    }
}
