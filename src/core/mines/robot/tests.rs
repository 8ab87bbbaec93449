//! Tests of the robot's reasoning: deductions, probabilities against brute force, guesses,
//! the end game, budgets, and whole games.

use super::*;
use crate::core::mines::field::{Config, Field, FirstClick};
use crate::core::mines::game::Game;

fn view_of(rows: &[&str], mines: usize) -> View {
    // '#' hidden, 'F' marked, '*' exploded, digits open
    let height = rows.len();
    let width = rows[0].len();
    let cells = rows
        .iter()
        .flat_map(|r| r.chars())
        .map(|ch| match ch {
            '#' => Seen::Hidden,
            'F' => Seen::Marked,
            '*' => Seen::Exploded,
            d => Seen::Open(d.to_digit(10).expect("a digit") as u8),
        })
        .collect();
    View {
        width,
        height,
        mines,
        lives_left: 1,
        cells,
    }
}

#[test]
fn the_end_game_lists_exactly_the_placements_that_fit() {
    use rand::RngExt;
    let mut rng = crate::core::rng::from_seed(5);
    for _ in 0..300 {
        let k = rng.random_range(1..=12usize);
        let mines = rng.random_range(0..=k);
        let checks: Vec<(Mask, u32)> = (0..rng.random_range(0..5))
            .map(|_| {
                let cells: Mask = rng.random_range(1..(1 << k));
                let need = rng.random_range(0..=cells.count_ones());
                (cells, need)
            })
            .collect();
        let brute: Vec<Mask> = (0..(1 as Mask) << k)
            .filter(|m| m.count_ones() as usize == mines)
            .filter(|m| checks.iter().all(|&(c, n)| (m & c).count_ones() == n))
            .collect();
        let mut found = placements_of(k, mines, &checks, usize::MAX).unwrap();
        found.sort_unstable();
        assert_eq!(found, brute, "k {k}, mines {mines}, checks {checks:?}");
        if brute.len() > 1 {
            assert_eq!(placements_of(k, mines, &checks, brute.len() - 1), None);
        }
    }
}

#[test]
fn only_the_placement_every_number_allows_is_taken() {
    // the 1s of the middle column: (0,1) needs a mine in {2, 5}, (2,1) in {5, 8}, and (1,1)
    // exactly one in {2, 5, 8}: only 5 satisfies all three
    let v = view_of(&["01#", "01#", "01#"], 1);
    let a = analyse(&v, DEFAULT_BUDGET, true);
    assert_eq!(a.mines, vec![5]);
    assert_eq!(a.safe, vec![2, 8]);
    assert_eq!(a.choice, Some(Choice::OpenSafe(2)));
}

#[test]
fn as_many_hidden_as_missing_marks_them() {
    let v = view_of(&["#2#", "111", "000"], 2);
    let a = analyse(&v, DEFAULT_BUDGET, false);
    assert_eq!(a.mines, vec![0, 2]);
    assert_eq!(a.choice, Some(Choice::Mark(0)));
}

#[test]
fn exact_probabilities_weigh_the_unconstrained_cells() {
    // a 1 with two hidden neighbours, and 4 unconstrained cells; 2 mines in all
    // layout: row 0: "1##"? we build: cells (0,0)=1 open; hidden (0,1),(1,0),(1,1) touch it
    let v = view_of(&["1####", "#####"], 2);
    let a = analyse(&v, DEFAULT_BUDGET, true);
    // the 1 sees 3 hidden cells (1, 5, 6): exactly one mine there; the other 6 cells hold the
    // other mine: each frontier cell 1/3, each unconstrained cell 1/6
    for c in [1, 5, 6] {
        assert!((a.probability[c].unwrap() - 1.0 / 3.0).abs() < 1e-9);
    }
    for c in [2, 3, 4, 7, 8, 9] {
        assert!((a.probability[c].unwrap() - 1.0 / 6.0).abs() < 1e-9);
    }
    // expected mines add up to the mines left
    let sum: f64 = a.probability.iter().flatten().sum();
    assert!((sum - 2.0).abs() < 1e-9);
    // ten cells and two mines: the exhaustive end game picks the guess (any risk is 1/6 or
    // 1/3 here)
    match a.choice {
        Some(Choice::Guess { risk, .. }) => {
            assert!((risk - 1.0 / 6.0).abs() < 1e-9 || (risk - 1.0 / 3.0).abs() < 1e-9);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_mine_count_decides_when_the_numbers_cannot() {
    // the 1 sees cells 0 and 2 (one mine between them); cell 3 touches no number
    let one = analyse(&view_of(&["#1##"], 1), DEFAULT_BUDGET, true);
    assert_eq!(one.safe, vec![3], "one mine in all: it is next to the 1");
    let two = analyse(&view_of(&["#1##"], 2), DEFAULT_BUDGET, true);
    assert_eq!(
        two.mines,
        vec![3],
        "two mines in all: the other one is cell 3"
    );
    assert!((two.probability[0].unwrap() - 0.5).abs() < 1e-9);
    // two placements either way: a mine at 0 or at 2 (and, with two mines, one at 3)
    assert!((one.log_count.unwrap() - 2f64.ln()).abs() < 1e-9);
    assert!((two.log_count.unwrap() - 2f64.ln()).abs() < 1e-9);
}

#[test]
fn the_end_game_prefers_the_guess_that_tells_the_rest_apart() {
    // three unknown cells A B C in a row, one mine among them; A and C see only B, B sees
    // both. Opening A (safe 2/3) then tells B from C: a win. Opening B (safe 2/3) shows 1
    // either way and leaves a 50/50.
    let placements = [0b001, 0b010, 0b100];
    let mut search = EndGame::new(&[0b010, 0b101, 0b010], &placements, false, END_GAME_BUDGET);
    let start = search.start();
    let a = search.open(&start, 0, -1.0).unwrap();
    let b = search.open(&start, 1, -1.0).unwrap();
    assert!((a - 2.0 / 3.0).abs() < 1e-12, "{a}");
    assert!((b - 1.0 / 3.0).abs() < 1e-12, "{b}");
}

/// The chance of clearing the board by opening `b` next, searched without memo or cut-off:
/// the reference [`EndGame::open`] must meet.
fn plain_open(around: &[Mask], all: Mask, placements: &[Mask], opened: Mask, b: usize) -> f64 {
    let mut wins = 0.0;
    for value in 0..=8 {
        let group: Vec<Mask> = placements
            .iter()
            .copied()
            .filter(|&m| m & (1 << b) == 0 && (m & around[b]).count_ones() == value)
            .collect();
        if group.is_empty() {
            continue;
        }
        let opened = opened | (1 << b);
        let unopened = all & !opened;
        let win = if group.iter().all(|&m| unopened & !m == 0) {
            1.0
        } else {
            (0..around.len())
                .filter(|&c| unopened & (1 << c) != 0)
                .map(|c| plain_open(around, all, &group, opened, c))
                .fold(0.0, f64::max)
        };
        wins += group.len() as f64 * win;
    }
    wins / placements.len() as f64
}

#[test]
fn the_end_games_cut_off_search_finds_the_plain_searchs_chances() {
    // random end games on a 3×3 block of unknown cells (random placements of 2–4 mines, some
    // ruled out): a cell's chance is exact whenever it beats the floor, and at most the floor
    // when it does not; with or without pruning
    use rand::RngExt;
    let mut rng = crate::core::rng::from_seed(13);
    let (w, h) = (3, 3);
    let around: Vec<Mask> = (0..w * h)
        .map(|c| neighbours(c, w, h).fold(0, |m, x| m | 1 << x))
        .collect();
    let all: Mask = (1 << (w * h)) - 1;
    let (mut exact, mut cut) = (0, 0);
    for case in 0..60 {
        let mines = rng.random_range(2..=4u32);
        let placements: Vec<Mask> = (0..=all)
            .filter(|m| m.count_ones() == mines && rng.random_bool(0.4))
            .collect();
        if placements.len() < 2 {
            continue;
        }
        let plain: Vec<f64> = (0..w * h)
            .map(|b| plain_open(&around, all, &placements, 0, b))
            .collect();
        for prune in [false, true] {
            let mut search = EndGame::new(&around, &placements, prune, usize::MAX);
            let start = search.start();
            for (b, &p) in plain.iter().enumerate() {
                let floor = rng.random_range(0.0..1.0);
                let q = search.open(&start, b, floor).unwrap();
                if p > floor {
                    assert!((p - q).abs() < 1e-12, "case {case}, cell {b}: {q}, not {p}");
                    exact += 1;
                } else {
                    assert!(
                        q <= floor + 1e-12,
                        "case {case}, cell {b}: {q} over {floor}"
                    );
                    cut += 1;
                }
                let q = search.open(&start, b, -1.0).unwrap();
                assert!((p - q).abs() < 1e-12, "case {case}, cell {b}: {q}, not {p}");
            }
        }
    }
    assert!(exact > 100 && cut > 100, "{exact} exact, {cut} cut");
}

#[test]
fn a_view_no_placement_fits_has_no_count() {
    // the 2 makes both hidden cells mines, and then the 1 beside them holds one too many: no
    // placement fits (a look-ahead's impossible outcome), so it must weigh nothing
    let impossible = analyse(&view_of(&["01#", "02#"], 2), DEFAULT_BUDGET, true);
    assert_eq!(impossible.log_count, None);
    // the same cells with numbers that agree: one placement
    let possible = analyse(&view_of(&["02#", "02#"], 2), DEFAULT_BUDGET, true);
    assert!(possible.log_count.is_some_and(|l| l.abs() < 1e-9));
}

#[test]
fn exploded_mines_count_as_found() {
    let v = view_of(&["*1#", "11#", "###"], 2);
    let a = analyse(&v, DEFAULT_BUDGET, true);
    // the 1 at (0,1) already touches the exploded mine: (0,2),(1,2) are safe
    assert!(a.safe.contains(&2) && a.safe.contains(&5));
}

#[test]
fn the_robot_sees_no_mine_positions() {
    // every placement of 3 mines on a 5×4 field (none on the first cell), opened at cell 0:
    // fields that look the same to a player must get the same analysis — the robot cannot
    // tell them apart, because its input (a View) holds no mine positions
    let config = Config {
        width: 5,
        height: 4,
        mines: 3,
        lives: 1,
        first_click: FirstClick::Any,
    };
    let mut by_view: Vec<(View, Vec<Vec<usize>>)> = Vec::new();
    for a in 1..20 {
        for b in a + 1..20 {
            for c in b + 1..20 {
                let mines = vec![a, b, c];
                let mut game = Game::on_field(config, Field::with_mines(5, 4, &mines));
                game.open(0);
                let view = game.view();
                match by_view.iter_mut().find(|(v, _)| *v == view) {
                    Some((_, fields)) => fields.push(mines),
                    None => by_view.push((view, vec![mines])),
                }
            }
        }
    }
    let mut compared = 0;
    for (view, fields) in &by_view {
        if fields.len() < 2 {
            continue;
        }
        // one analysis of the view, whichever field is behind it (a function of the view
        // alone), and what it calls certain holds on every one of those fields
        let analysis = analyse(view, DEFAULT_BUDGET, true);
        for mines in fields {
            for c in &analysis.safe {
                assert!(!mines.contains(c), "{c} called safe on {mines:?}");
            }
            for c in &analysis.mines {
                assert!(mines.contains(c), "{c} called a mine on {mines:?}");
            }
            compared += 1;
        }
    }
    assert!(
        compared > 100,
        "only {compared} fields shared a view: the test compares nothing"
    );
}

#[test]
fn certainties_are_never_wrong_on_random_games() {
    use crate::core::mines::field::Preset;
    for seed in 0..60 {
        let config = Config {
            first_click: FirstClick::Safe,
            ..Preset::Intermediate.config()
        };
        let mut game = Game::new(config, seed).unwrap();
        game.open(0);
        let mut turns = 0;
        while game.status() == crate::core::mines::Status::Playing && turns < 400 {
            turns += 1;
            let a = analyse(&game.view(), DEFAULT_BUDGET, true);
            let field = game.field().unwrap().clone();
            for &c in &a.safe {
                assert!(!field.is_mine(c), "seed {seed}: {c} called safe");
            }
            for &c in &a.mines {
                assert!(field.is_mine(c), "seed {seed}: {c} called a mine");
            }
            match a.choice {
                Some(Choice::Mark(c)) => {
                    game.toggle_mark(c);
                }
                Some(choice) => {
                    game.open(choice.cell());
                }
                None => break,
            }
        }
    }
}

#[test]
fn the_robot_walks_its_plan_nearest_first() {
    let mut plan = vec![Step::Open(99), Step::Mark(1), Step::Open(12)];
    order_by_walk(&mut plan, 0, 10);
    assert_eq!(plan, vec![Step::Mark(1), Step::Open(12), Step::Open(99)]);
}

#[test]
fn a_huge_component_stays_within_the_budget() {
    // a long ribbon of 1s over a hidden row: one huge chain component
    let top: String = "1".repeat(60);
    let mid: String = "#".repeat(60);
    let bottom: String = "#".repeat(60);
    let v = view_of(&[&top, &mid, &bottom], 40);
    let a = analyse(&v, 50, true);
    assert!(!a.exact);
    assert!(a.work <= 51, "{}", a.work);
    assert!(a.choice.is_some());
}

/// Views met along robot games on the intermediate field (safe first click), every few turns.
/// The robot's move on `game` (seen as `view`): a mark or an open; false when it has none.
fn robot_move(game: &mut Game, view: &View) -> bool {
    match analyse(view, DEFAULT_BUDGET, false).choice {
        Some(Choice::Mark(c)) => {
            game.toggle_mark(c);
        }
        Some(choice) => {
            game.open(choice.cell());
        }
        None => return false,
    }
    true
}

fn views_along_games(seeds: std::ops::Range<u64>) -> Vec<(View, Field)> {
    use crate::core::mines::field::Preset;
    let mut out = Vec::new();
    for seed in seeds {
        let config = Config {
            first_click: FirstClick::Safe,
            ..Preset::Intermediate.config()
        };
        let mut game = Game::new(config, seed).unwrap();
        // before the first click (nothing open): the robot opens a corner
        let first = explain(&game.view(), DEFAULT_BUDGET);
        assert_eq!(first.steps.len(), 1);
        assert_eq!(first.steps[0].cells, vec![0]);
        game.open(0);
        let mut turns = 0;
        while game.status() == crate::core::mines::Status::Playing && turns < 300 {
            turns += 1;
            let view = game.view();
            if turns % 7 == 1 {
                out.push((view.clone(), game.field().unwrap().clone()));
            }
            if !robot_move(&mut game, &view) {
                break;
            }
        }
    }
    out
}

#[test]
fn the_explained_turn_is_the_robots_own_and_its_deductions_hold() {
    let views = views_along_games(0..12);
    assert!(views.len() > 60);
    for (view, field) in &views {
        let reasoning = explain(view, DEFAULT_BUDGET);
        assert_eq!(
            reasoning.analysis,
            analyse(view, DEFAULT_BUDGET, true),
            "explaining changes nothing the robot concludes"
        );
        // the lines follow the pseudo-code
        let lines: Vec<u8> = reasoning.steps.iter().map(|r| r.line).collect();
        assert!(matches!(lines.first(), Some(1 | 9)), "{lines:?}");
        for pair in lines.windows(2) {
            assert!(
                explain::FOLLOWS[usize::from(pair[0]) - 1].contains(&pair[1]),
                "{lines:?}"
            );
        }
        assert_eq!(lines.last(), Some(&9));
        let mut decided = std::collections::HashSet::new();
        for reason in &reasoning.steps {
            match reason.line {
                3 | 4 => {
                    // the number is open and shows what the constraint says (no exploded
                    // neighbour in these games), its cells hold the deduced ones, and the
                    // deduction is true of the field
                    let k = reason.constraint.as_ref().unwrap();
                    let Seen::Open(shown) = view.cells[k.number] else {
                        panic!("a constraint comes from an open number");
                    };
                    assert_eq!(i32::from(shown), k.mines);
                    let mine = reason.verdict == Some(Claim::Mine);
                    assert_eq!(mine, reason.line == 4);
                    for &c in &reason.cells {
                        assert!(k.cells.contains(&c));
                        assert_eq!(field.is_mine(c), mine, "cell {c}");
                        assert!(decided.insert(c), "a cell is deduced once");
                    }
                    // the rule holds on what was known before the step
                    let known_mines = k
                        .cells
                        .iter()
                        .filter(|c| {
                            view.cells[**c] == Seen::Exploded
                                || reasoning.analysis.mines.contains(c)
                                    && decided.contains(c)
                                    && !reason.cells.contains(c)
                        })
                        .count() as i32;
                    let unknown = k
                        .cells
                        .iter()
                        .filter(|c| !decided.contains(c) || reason.cells.contains(c))
                        .count() as i32;
                    if mine {
                        assert_eq!(k.mines - known_mines, unknown, "as many unknown as missing");
                    } else {
                        assert_eq!(k.mines, known_mines, "all its mines found");
                    }
                }
                9 => {
                    let choice = reasoning.analysis.choice.unwrap();
                    assert_eq!(reason.cells, vec![choice.cell()]);
                }
                _ => {}
            }
        }
        // every deduction is among the certainties
        for c in &decided {
            assert!(reasoning.analysis.safe.contains(c) || reasoning.analysis.mines.contains(c));
        }
    }
}

#[test]
fn a_claim_is_right_exactly_when_the_robot_proves_it() {
    let views = views_along_games(20..26);
    let mut rights = [0usize; 2];
    for (view, field) in &views {
        let reasoning = explain(view, DEFAULT_BUDGET);
        let a = &reasoning.analysis;
        for cell in 0..view.cells.len() {
            for claim in [Claim::Safe, Claim::Mine] {
                let check = check_claim(view, &reasoning, cell, claim);
                let hidden = matches!(view.cells[cell], Seen::Hidden | Seen::Marked);
                let proven = match claim {
                    Claim::Safe => a.safe.contains(&cell),
                    Claim::Mine => a.mines.contains(&cell),
                };
                assert_eq!(check.right, hidden && proven, "cell {cell} {claim:?}");
                if check.right {
                    // a proven claim is true, and its proof step names the cell
                    assert_eq!(field.is_mine(cell), claim == Claim::Mine);
                    let proof = &reasoning.steps[check.proof.unwrap()];
                    assert!(proof.cells.contains(&cell));
                    rights[usize::from(claim == Claim::Mine)] += 1;
                }
                if hidden && !proven && a.probability[cell].is_some_and(|p| p > 0.0 && p < 1.0) {
                    assert!(
                        check.say.english().starts_with("not "),
                        "{}",
                        check.say.english()
                    );
                }
            }
        }
    }
    assert!(
        rights[0] > 0 && rights[1] > 0,
        "both kinds were claimed rightly"
    );
}

#[test]
fn a_walk_through_the_reasoning_plays_scores_claims_and_tints_what_it_deduced() {
    let (view, field) = views_along_games(30..31)
        .into_iter()
        .find(|(v, _)| {
            let a = analyse(v, DEFAULT_BUDGET, true);
            !a.safe.is_empty() && a.probability.iter().flatten().any(|&p| p > 0.0 && p < 1.0)
        })
        .expect("a position with certain and uncertain cells");
    let mut walk = ReasoningWalk::new(view.clone(), DEFAULT_BUDGET);
    let last = walk.reasoning().steps.len() - 1;
    // playing steps on at its pace and stops at the last step
    walk.toggle_play();
    walk.set_speed(f32::NAN);
    assert_eq!(walk.speed(), 2.0);
    walk.tick(0.4);
    assert_eq!(walk.index(), 0, "not a step's time yet");
    walk.tick(0.2);
    assert_eq!(walk.index(), 1);
    walk.tick(1_000.0);
    assert_eq!(walk.index(), last);
    assert!(!walk.playing());
    // at the last step every deduction of the numbers is tinted with what it decided
    for reason in &walk.reasoning().steps.clone() {
        if let (3 | 4, Some(claim)) = (reason.line, reason.verdict) {
            for &c in &reason.cells {
                assert_eq!(walk.tints()[c], Tint::Deduced(claim));
            }
        }
    }
    // a right claim scores and turns to its proof; a wrong one does not score
    let safe = walk.reasoning().analysis.safe[0];
    let right = walk.claim(safe, Claim::Safe).clone();
    assert!(right.right && !field.is_mine(safe));
    assert_eq!(Some(walk.index()), right.proof);
    let unsure = (0..view.cells.len())
        .find(|&c| walk.reasoning().analysis.probability[c].is_some_and(|p| p > 0.0 && p < 1.0))
        .unwrap();
    assert!(!walk.claim(unsure, Claim::Safe).right);
    assert_eq!((walk.score().right, walk.score().asked), (1, 2));
    assert_eq!(
        walk.verdict().map(|v| (v.0, v.1)),
        Some((unsure, Claim::Safe))
    );
}

#[test]
fn the_grouped_enumeration_counts_what_the_cell_by_cell_one_counts() {
    // views met along real games: where both finish, the same probabilities and the same
    // number of placements; the grouped one never takes more steps, and finishes more often
    let cells = Tuning {
        grouped: false,
        ..Tuning::default()
    };
    let (mut compared, mut fewer_steps, mut only_grouped) = (0, 0, 0);
    for (view, _) in views_along_games(0..40) {
        let grouped = probabilities_tuned(&view, &Tuning::default());
        let by_cell = probabilities_tuned(&view, &cells);
        assert!(grouped.work <= by_cell.work.max(1), "more steps grouped");
        if !by_cell.exact {
            only_grouped += usize::from(grouped.exact);
            continue;
        }
        assert!(grouped.exact, "the grouped enumeration overflowed alone");
        for (c, (a, b)) in grouped
            .probability
            .iter()
            .zip(&by_cell.probability)
            .enumerate()
        {
            match (a, b) {
                (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "cell {c}: {a} against {b}"),
                _ => assert_eq!(a, b, "cell {c}"),
            }
        }
        assert_eq!(grouped.safe, by_cell.safe);
        assert_eq!(grouped.mines, by_cell.mines);
        match (grouped.log_count, by_cell.log_count) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{a} against {b} placements"),
            (a, b) => assert_eq!(a, b),
        }
        compared += 1;
        fewer_steps += usize::from(grouped.work < by_cell.work);
    }
    assert!(compared > 100, "only {compared} views compared");
    assert!(
        fewer_steps * 2 > compared,
        "grouping saved steps on {fewer_steps} of {compared}"
    );
    let _ = only_grouped;
}

#[test]
fn the_grouped_enumeration_finishes_where_cells_overflow() {
    // a row of 2s between two hidden rows: the cells above and below a column see the same
    // numbers, so the grouped enumeration has half the depth and far fewer branches
    let middle: String = "2".repeat(30);
    let v = view_of(&[&"#".repeat(30), &middle, &"#".repeat(30)], 25);
    let cells = Tuning {
        grouped: false,
        budget: 20_000,
        ..Tuning::default()
    };
    let by_cell = probabilities_tuned(&v, &cells);
    let grouped = probabilities_tuned(
        &v,
        &Tuning {
            budget: 20_000,
            ..Tuning::default()
        },
    );
    assert!(
        !by_cell.exact,
        "the cell-by-cell enumeration should overflow here"
    );
    assert!(
        grouped.exact,
        "the grouped one finishes ({} steps)",
        grouped.work
    );
}

/// Every placement of the view's mines consistent with what it shows (small fields only), as
/// sorted mine cells.
fn brute_placements(view: &View) -> Vec<Vec<usize>> {
    fn walk(
        view: &View,
        hidden: &[usize],
        at: usize,
        wanted: usize,
        pick: &mut Vec<usize>,
        exploded: &[usize],
        out: &mut Vec<Vec<usize>>,
    ) {
        if pick.len() == wanted {
            let is_mine = |c: usize| pick.contains(&c) || exploded.contains(&c);
            let fits = (0..view.cells.len()).all(|c| match view.cells[c] {
                Seen::Open(v) => {
                    !is_mine(c)
                        && neighbours(c, view.width, view.height)
                            .filter(|&x| is_mine(x))
                            .count()
                            == usize::from(v)
                }
                _ => true,
            });
            if fits {
                out.push(pick.clone());
            }
            return;
        }
        if at == hidden.len() || hidden.len() - at < wanted - pick.len() {
            return;
        }
        pick.push(hidden[at]);
        walk(view, hidden, at + 1, wanted, pick, exploded, out);
        pick.pop();
        walk(view, hidden, at + 1, wanted, pick, exploded, out);
    }
    let n = view.width * view.height;
    let hidden: Vec<usize> = (0..n)
        .filter(|&c| matches!(view.cells[c], Seen::Hidden | Seen::Marked))
        .collect();
    let exploded: Vec<usize> = (0..n)
        .filter(|&c| view.cells[c] == Seen::Exploded)
        .collect();
    let wanted = view.mines - exploded.len();
    let mut out = Vec::new();
    let mut pick = Vec::new();
    walk(view, &hidden, 0, wanted, &mut pick, &exploded, &mut out);
    out
}

#[test]
fn a_cell_called_dead_shows_one_number_wherever_it_is_safe() {
    // views along robot games on 5×5 fields with 5 mines: every cell the test calls dead shows
    // the same number in every placement (brute force) where it is safe; and it finds at least
    // half of the dead cells brute force finds
    let config = Config {
        width: 5,
        height: 5,
        mines: 5,
        lives: 3,
        first_click: FirstClick::Safe,
    };
    let (mut called, mut truly) = (0, 0);
    each_turn(config, 0..25, 12, |seed, view, a| {
        let placements = brute_placements(view);
        assert!(!placements.is_empty());
        for x in 0..view.cells.len() {
            if view.cells[x] != Seen::Hidden {
                continue;
            }
            let shows: std::collections::BTreeSet<usize> = placements
                .iter()
                .filter(|p| !p.contains(&x))
                .map(|p| {
                    neighbours(x, view.width, view.height)
                        .filter(|y| p.contains(y) || view.cells[*y] == Seen::Exploded)
                        .count()
                })
                .collect();
            let dead = shows.len() <= 1;
            let said = guess::is_dead(view, &a.probability, x);
            assert!(
                !said || dead,
                "seed {seed}: cell {x} called dead, shows {shows:?}"
            );
            let open_to_doubt = a.probability[x].is_some_and(|p| p < 1.0);
            called += usize::from(said && open_to_doubt);
            truly += usize::from(dead && open_to_doubt);
        }
    });
    assert!(called > 50, "only {called} dead cells found");
    // (a sufficient test: on these views it finds 450 of the 757 uncertain dead cells)
    assert!(called * 2 >= truly, "{called} of {truly} dead cells found");
}

#[test]
fn the_pruned_end_game_finds_the_exhaustive_chance() {
    // end games met along robot games on small crowded fields: opening certain cells at once
    // and dead cells last finds exactly the exhaustive search's chance of clearing the board
    let config = Config {
        width: 6,
        height: 6,
        mines: 8,
        lives: 1,
        first_click: FirstClick::Safe,
    };
    let (mut compared, mut smaller) = (0, 0);
    each_turn(config, 0..80, 0, |seed, view, a| {
        let known = known_of(view, a);
        if a.safe.is_empty() {
            let plain = Tuning {
                end_game: 16,
                end_prune: false,
                ..Tuning::default()
            };
            let plain = end_game::end_game_chance(view, &known, a.log_count, &plain);
            let pruned = Tuning {
                end_game: 16,
                end_prune: true,
                ..Tuning::default()
            };
            let pruned = end_game::end_game_chance(view, &known, a.log_count, &pruned);
            if let (Some((_, p)), Some((_, q))) = (plain, pruned) {
                assert!((p - q).abs() < 1e-12, "seed {seed}: {p} against {q} pruned");
                compared += 1;
            }
            smaller += usize::from(plain.is_none() && pruned.is_some());
        }
    });
    assert!(compared > 40, "only {compared} end games compared");
    let _ = smaller;
}

#[test]
fn the_end_game_by_solution_count_starts_on_few_placements() {
    // views along robot games on small crowded fields, more unknown cells than the end game's
    // 4: with `end_solutions` 30 it starts exactly when at most 30 placements fit (brute force),
    // and then finds the chance the exhaustive end game over every cell finds
    let config = Config {
        width: 6,
        height: 6,
        mines: 8,
        lives: 1,
        first_click: FirstClick::Safe,
    };
    let by_count = Tuning {
        end_game: 4,
        end_solutions: 30,
        ..Tuning::default()
    };
    let every_cell = Tuning {
        end_game: 64,
        end_placements: usize::MAX,
        ..Tuning::default()
    };
    let (mut started, mut declined) = (0, 0);
    each_turn(config, 0..240, 0, |seed, view, a| {
        let known = known_of(view, a);
        let unknown = known
            .iter()
            .zip(&view.cells)
            .filter(|&(k, s)| *k == Known::Unknown && *s == Seen::Hidden)
            .count();
        // (past 16 unknown cells brute force takes too long; 77 start and 18 do not)
        if !a.safe.is_empty() || unknown <= 4 || unknown > 16 {
            return;
        }
        let placements = brute_placements(view).len();
        if let Some((_, p)) = end_game::end_game_chance(view, &known, a.log_count, &by_count) {
            assert!(placements <= 30, "seed {seed}: started on {placements}");
            let (_, q) = end_game::end_game_chance(view, &known, a.log_count, &every_cell)
                .expect("the exhaustive end game finishes");
            assert!((p - q).abs() < 1e-12, "seed {seed}: {p} against {q}");
            started += 1;
        } else {
            assert!(placements > 30, "seed {seed}: declined {placements}");
            declined += 1;
        }
    });
    assert!(
        started > 50 && declined > 10,
        "{started} started, {declined} declined"
    );
}

#[test]
fn a_closed_region_holds_the_same_mines_in_every_placement() {
    // views along robot games on small fields: every closed region the robot solves on its
    // own holds as many mines in every placement of the whole field (brute force), and its
    // chance is a chance
    let config = Config {
        width: 5,
        height: 5,
        mines: 6,
        lives: 5,
        first_click: FirstClick::Safe,
    };
    let tuning = Tuning {
        regions: true,
        ..Tuning::default()
    };
    let mut found = 0;
    each_turn(config, 0..50, 12, |seed, view, a| {
        let known = known_of(view, a);
        if let Some((cell, chance)) = end_game::closed_region(view, &known, &tuning) {
            assert!(chance > 0.0 && chance <= 1.0 + 1e-12, "{chance}");
            // the cell's region holds as many mines in every placement of the whole field
            let placements = brute_placements(view);
            let unknown: Vec<usize> = (0..view.cells.len())
                .filter(|&c| view.cells[c] == Seen::Hidden && known[c] == Known::Unknown)
                .collect();
            let linked = end_game::regions_of(view, &known)
                .into_iter()
                .find(|r| r.contains(&cell))
                .expect("the cell is in a region");
            assert!(linked.len() < unknown.len(), "seed {seed}: the whole field");
            let counts: std::collections::BTreeSet<usize> = placements
                .iter()
                .map(|p| p.iter().filter(|c| linked.contains(c)).count())
                .collect();
            assert_eq!(
                counts.len(),
                1,
                "seed {seed}: region {linked:?} holds {counts:?}"
            );
            found += 1;
        }
    });
    assert!(found > 10, "only {found} closed regions met");
}

/// Robot games of `config` from each seed, the first click on `first`: `turn(seed, view, a)`
/// hears every view met before the robot's move, with its exact analysis `a`.
fn each_turn(
    config: Config,
    seeds: std::ops::Range<u64>,
    first: usize,
    mut turn: impl FnMut(u64, &View, &Analysis),
) {
    for seed in seeds {
        let mut game = Game::new(config, seed).unwrap();
        game.open(first);
        while game.status() == crate::core::mines::Status::Playing {
            let view = game.view();
            turn(seed, &view, &probabilities(&view, DEFAULT_BUDGET));
            let Some(choice) = analyse(&view, DEFAULT_BUDGET, false).choice else {
                break;
            };
            match choice {
                Choice::Mark(c) => {
                    game.toggle_mark(c);
                }
                other => {
                    game.open(other.cell());
                }
            }
        }
    }
}

/// What `a` (an exact analysis of `view`) knows of each cell.
fn known_of(view: &View, a: &Analysis) -> Vec<Known> {
    (0..view.cells.len())
        .map(|c| match (view.cells[c], a.probability[c]) {
            (Seen::Open(_), _) => Known::Safe,
            (Seen::Exploded, _) | (_, Some(1.0)) => Known::Mine,
            (_, Some(0.0)) => Known::Safe,
            _ => Known::Unknown,
        })
        .collect()
}

#[test]
fn a_forced_guess_is_one_nothing_else_can_tell_apart() {
    // a pair on the edge, its other side all mines: one of the two, and nothing can tell which
    let view = view_of(&["#1", "#3", "**"], 3);
    let a = probabilities(&view, DEFAULT_BUDGET);
    assert_eq!(
        fifty::forced_guess(&view, &known_of(&view, &a)),
        Some(vec![0, 2])
    );
    // views along robot games on small fields where the robot must guess: every set of cells
    // called a forced guess takes at least two ways in the placements (brute force), each of
    // its cells equally likely a mine, and every other cell that can be safe sees as many of
    // its mines in every placement (so no number, now or later, tells the ways apart)
    let config = Config {
        width: 6,
        height: 5,
        mines: 7,
        lives: 4,
        first_click: FirstClick::Safe,
    };
    let (mut found, mut long) = (0, 0);
    each_turn(config, 0..200, 0, |seed, view, a| {
        let known = known_of(view, a);
        if !a.safe.is_empty() {
            return;
        }
        let Some(tiles) = fifty::forced_guess(view, &known) else {
            return;
        };
        found += 1;
        long += usize::from(tiles.len() > 3);
        let placements = brute_placements(view);
        let ways: std::collections::BTreeSet<Vec<bool>> = placements
            .iter()
            .map(|p| tiles.iter().map(|t| p.contains(t)).collect())
            .collect();
        assert!(ways.len() >= 2, "seed {seed}: {tiles:?} takes one way");
        let mines_at = |t: usize| placements.iter().filter(|p| p.contains(&t)).count();
        assert!(
            tiles.iter().all(|&t| mines_at(t) == mines_at(tiles[0])),
            "seed {seed}: {tiles:?} not equally likely"
        );
        for x in 0..view.cells.len() {
            if tiles.contains(&x)
                || view.cells[x] == Seen::Exploded
                || mines_at(x) == placements.len()
            {
                continue;
            }
            let seen: std::collections::BTreeSet<usize> = placements
                .iter()
                .filter(|p| !p.contains(&x))
                .map(|p| {
                    neighbours(x, view.width, view.height)
                        .filter(|y| tiles.contains(y) && p.contains(y))
                        .count()
                })
                .collect();
            assert!(
                seen.len() <= 1,
                "seed {seed}: cell {x} tells {tiles:?} apart ({seen:?})"
            );
        }
    });
    // (181 met on these views, 83 of them chains of four cells)
    assert!(
        found > 50 && long > 20,
        "only {found} forced guesses met, {long} long"
    );
}

#[test]
fn a_would_be_fifty_fifty_is_counted_as_brute_force_counts_it() {
    // views along robot games on small fields where the robot must guess: for every pair and
    // 2×2 square whose other sides are covered, the share of placements in which it forms a
    // 50/50 (its wing cells and the chosen tiles mines, the other tiles safe) is the share
    // brute force finds — exactly where the analysis counts it, and close where the cells lie
    // away from every number (alike, drawn from the mines they hold on average)
    let config = Config {
        width: 6,
        height: 5,
        mines: 7,
        lives: 4,
        first_click: FirstClick::Safe,
    };
    let (mut exact, mut far) = (0, 0);
    each_turn(config, 0..60, 0, |seed, view, a| {
        let known = known_of(view, a);
        let Some(log_count) = a.log_count.filter(|_| a.safe.is_empty()) else {
            return;
        };
        let placements = brute_placements(view);
        let (w, h) = (view.width, view.height);
        let mut long_term =
            fifty::LongTerm::new(view, &known, &a.probability, log_count, &Tuning::default());
        for c in 0..w * h {
            let (x, y) = (c % w, c / w);
            let mut shapes = Vec::new();
            if x + 1 < w {
                shapes.push((vec![c, c + 1], vec![c]));
            }
            if x + 1 < w && y + 1 < h {
                shapes.push((vec![c, c + w + 1, c + 1, c + w], vec![c, c + w + 1]));
            }
            for (tiles, mine) in shapes {
                let Some((share, missing)) = long_term.pattern(&tiles, &mine, 3) else {
                    continue;
                };
                let fits = placements
                    .iter()
                    .filter(|p| {
                        missing.iter().chain(&mine).all(|m| p.contains(m))
                            && tiles.iter().all(|t| mine.contains(t) || !p.contains(t))
                    })
                    .count();
                let brute = fits as f64 / placements.len() as f64;
                let away = tiles
                    .iter()
                    .chain(&missing)
                    .all(|&t| neighbours(t, w, h).all(|n| !matches!(view.cells[n], Seen::Open(_))));
                if away {
                    far += 1;
                    assert!(
                        (share - brute).abs() < 0.02,
                        "seed {seed}: {tiles:?} far {share} against {brute}"
                    );
                } else {
                    exact += 1;
                    assert!(
                        (share - brute).abs() < 1e-9,
                        "seed {seed}: {tiles:?} {share} against {brute}"
                    );
                }
            }
        }
    });
    assert!(exact > 50 && far > 50, "only {exact} counted, {far} far");
}

/// The share of `view`'s placements (of ln count `log_count`) in which every cell of `key` is
/// a mine, counted as the first long-term risk counted it: an analysis of the whole view with
/// those cells exploded.
fn share_by_analysis(view: &View, key: &[usize], log_count: f64) -> f64 {
    let (w, h) = (view.width, view.height);
    let mut trial = view.clone();
    for &c in key {
        trial.cells[c] = Seen::Exploded;
    }
    // a number with more mines around it than it shows (the analysis drops a number left
    // with no hidden cells, so this is checked here)
    let over = (0..w * h).any(|n| match trial.cells[n] {
        Seen::Open(number) => {
            neighbours(n, w, h)
                .filter(|&x| trial.cells[x] == Seen::Exploded)
                .count()
                > usize::from(number)
        }
        _ => false,
    });
    if over {
        return 0.0;
    }
    let a = probabilities(&trial, DEFAULT_BUDGET);
    assert!(a.exact, "{key:?}: the reference analysis overflowed");
    a.log_count.map_or(0.0, |l| (l - log_count).exp())
}

#[test]
fn a_share_recounted_by_components_is_the_share_a_whole_analysis_counts() {
    // views along expert games with lives to spare (exploded mines among them): the share of
    // placements in which a set of cells are all mines, with only the components those cells
    // touch enumerated again, is the share an analysis of the whole view with the cells
    // exploded counts — for sets in one component, across components, with cells away from
    // every number, with cells already known safe or mines, and with numbers they overfill
    use rand::RngExt;
    let config = Config {
        width: 30,
        height: 16,
        mines: 99,
        lives: 5,
        first_click: FirstClick::Safe,
    };
    let mut rng = crate::core::rng::from_seed(31);
    let (mut checked, mut zero, mut far, mut counted_none) = (0, 0, 0, 0);
    let mut turns = 0;
    each_turn(config, 0..3, 0, |seed, view, a| {
        turns += 1;
        let Some(log_count) = a.log_count.filter(|_| turns % 4 == 0) else {
            return;
        };
        let known = known_of(view, a);
        let (w, h) = (view.width, view.height);
        let hidden: Vec<usize> = (0..w * h)
            .filter(|&c| matches!(view.cells[c], Seen::Hidden | Seen::Marked))
            .collect();
        let edge: Vec<usize> = hidden
            .iter()
            .copied()
            .filter(|&c| known[c] == Known::Unknown && !away_from_numbers(view, c))
            .collect();
        if edge.is_empty() {
            return;
        }
        let mut long_term =
            fifty::LongTerm::new(view, &known, &a.probability, log_count, &Tuning::default());
        for _ in 0..8 {
            // an edge cell, then up to three more: its hidden neighbours, other edge cells,
            // any hidden cell
            let mut key = vec![edge[rng.random_range(0..edge.len())]];
            for _ in 0..rng.random_range(0..=3) {
                let last = key[key.len() - 1];
                let next = match rng.random_range(0..3) {
                    0 => neighbours(last, w, h)
                        .filter(|x| hidden.contains(x))
                        .nth(rng.random_range(0..8)),
                    1 => Some(edge[rng.random_range(0..edge.len())]),
                    _ => Some(hidden[rng.random_range(0..hidden.len())]),
                };
                key.extend(next);
            }
            let Some(share) = long_term.share(&key) else {
                counted_none += 1;
                continue;
            };
            let reference = share_by_analysis(view, &key, log_count);
            assert!(
                (share - reference).abs() <= 1e-9 * reference.max(1e-12),
                "seed {seed}: {key:?} recounted {share}, analysed {reference}"
            );
            checked += 1;
            zero += usize::from(reference == 0.0);
            far += usize::from(key.iter().any(|&c| away_from_numbers(view, c)));
        }
    });
    assert!(
        checked > 200 && zero > 10 && far > 20 && counted_none < checked / 20,
        "{checked} checked, {zero} of them none, {far} with far cells, {counted_none} not counted"
    );
}

#[test]
fn the_two_safest_kept_cells_are_the_first_two_of_a_sort() {
    // random safeties with many ties and a random test of life: the one-pass pick gives the
    // first two kept cells of the list sorted safest first (lower index first among equals)
    use rand::RngExt;
    let mut rng = crate::core::rng::from_seed(8);
    for _ in 0..2_000 {
        let n = rng.random_range(0..12usize);
        let cells: Vec<(usize, f64)> = (0..n)
            .map(|x| (x, f64::from(rng.random_range(1..5u8)) / 4.0))
            .collect();
        let dead: Vec<bool> = (0..n).map(|_| rng.random_range(0..3) == 0).collect();
        let mut sorted = cells.clone();
        sorted.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut kept = sorted.iter().filter(|&&(x, _)| !dead[x]).map(|&(_, s)| s);
        let expected = (kept.next(), kept.next());
        assert_eq!(
            guess::two_safest(cells.iter().copied(), |x| !dead[x]),
            expected,
            "{cells:?} dead {dead:?}"
        );
    }
}

#[test]
fn every_guess_names_the_rule_that_chose_it() {
    // robot games on small fields: a guess says why it was chosen, and the rule it names is the
    // one that chose it — a corner only before anything is open, the end game's own cell, an
    // unavoidable guess among the cells nothing can tell apart — and each rule has a sentence
    // of its own in the hint and in Learn
    let config = Config {
        width: 30,
        height: 16,
        mines: 99,
        lives: 4,
        first_click: FirstClick::Safe,
    };
    let tuning = Tuning::default();
    let mut seen = std::collections::BTreeMap::new();
    // Learn's last sentence for each rule met
    let mut learn: std::collections::BTreeMap<String, std::collections::BTreeSet<&str>> =
        std::collections::BTreeMap::new();
    let mut check = |seed: u64, view: &View, a: &Analysis| {
        let Some(Choice::Guess { cell, why, .. }) = a.choice else {
            return;
        };
        *seen.entry(format!("{why:?}")).or_insert(0) += 1;
        let reasoning = explain::explain(view, DEFAULT_BUDGET);
        assert_eq!(reasoning.analysis.choice, a.choice, "seed {seed}");
        let last = reasoning.steps.last().expect("a last step");
        learn
            .entry(format!("{why:?}"))
            .or_default()
            .insert(last.say.key());
        let open = view.cells.iter().any(|c| matches!(c, Seen::Open(_)));
        assert_eq!(why == Why::Start, !open, "seed {seed}: {why:?} at {cell}");
        let known = known_of(view, a);
        match why {
            Why::EndGame => assert_eq!(
                end_game::end_game(view, &known, a.log_count, &tuning),
                Some(cell),
                "seed {seed}"
            ),
            Why::Unavoidable => assert!(
                fifty::forced_guess(view, &known).is_some_and(|tiles| tiles.contains(&cell)),
                "seed {seed}: {cell} is no forced guess"
            ),
            _ => {}
        }
    };
    for seed in 0..60 {
        let mut game = Game::new(config, seed).unwrap();
        let mut first = true;
        while game.status() == crate::core::mines::Status::Playing {
            let view = game.view();
            let a = analyse(&view, DEFAULT_BUDGET, false);
            if first {
                check(seed, &view, &a);
                first = false;
            } else if a.safe.is_empty() {
                check(seed, &view, &a);
            }
            match a.choice {
                Some(Choice::Mark(c)) => {
                    game.toggle_mark(c);
                }
                Some(other) => {
                    game.open(other.cell());
                }
                None => break,
            }
        }
    }
    for why in ["Start", "LookAhead", "EndGame", "Unavoidable"] {
        assert!(seen.get(why).is_some_and(|&n| n > 2), "{why}: {seen:?}");
    }
    // Learn tells each rule met in a sentence of its own
    let keys: std::collections::BTreeSet<&str> = learn.values().flatten().copied().collect();
    assert!(
        learn.values().all(|k| k.len() == 1) && keys.len() == learn.len(),
        "{learn:?}"
    );
    let sentences: std::collections::BTreeSet<&str> = [
        Why::Start,
        Why::LookAhead,
        Why::EndGame,
        Why::Region,
        Why::Unavoidable,
        Why::CoinToss,
    ]
    .into_iter()
    .map(|why| {
        Choice::Guess {
            cell: 0,
            risk: 0.5,
            why,
        }
        .explain(6)
        .key()
    })
    .collect();
    assert_eq!(sentences.len(), 6, "a sentence for each rule");
}

#[test]
fn the_sampler_draws_every_fitting_placement_equally_often() {
    // views along robot games on 5×5 fields with 6 mines: each draw is a placement brute force
    // finds, and the placements come up equally often (chi-square within five standard
    // deviations of its mean)
    let config = Config {
        width: 5,
        height: 5,
        mines: 6,
        lives: 3,
        first_click: FirstClick::Safe,
    };
    let mut rng = crate::core::rng::from_seed(7);
    let mut views = 0;
    for seed in 0..30 {
        let mut game = Game::new(config, seed).unwrap();
        game.open(12);
        while game.status() == crate::core::mines::Status::Playing {
            let view = game.view();
            let exploded: Vec<usize> = (0..view.cells.len())
                .filter(|&c| view.cells[c] == Seen::Exploded)
                .collect();
            let mut all = brute_placements(&view);
            for p in &mut all {
                p.sort_unstable();
            }
            let fits: std::collections::HashSet<&Vec<usize>> = all.iter().collect();
            let sampler = Sampler::new(&view, DEFAULT_BUDGET).expect("a view that fits");
            let draws = 40 * all.len().min(500);
            let mut seen = std::collections::HashMap::new();
            for _ in 0..draws {
                let drawn = sampler.draw(&mut rng);
                assert!(exploded.iter().all(|c| drawn.contains(c)), "seed {seed}");
                // the placement of the mines not found yet
                let mut mines: Vec<usize> = drawn
                    .into_iter()
                    .filter(|c| !exploded.contains(c))
                    .collect();
                mines.sort_unstable();
                assert!(fits.contains(&mines), "seed {seed}: {mines:?} does not fit");
                *seen.entry(mines).or_insert(0usize) += 1;
            }
            if (2..=500).contains(&all.len()) {
                let expected = draws as f64 / all.len() as f64;
                let chi: f64 = all
                    .iter()
                    .map(|p| {
                        let o = seen.get(p).copied().unwrap_or(0) as f64;
                        (o - expected).powi(2) / expected
                    })
                    .sum();
                let df = (all.len() - 1) as f64;
                assert!(
                    chi < df + 5.0 * (2.0 * df).sqrt(),
                    "seed {seed}: chi-square {chi:.1} on {df} degrees of freedom"
                );
                views += 1;
            }
            if !robot_move(&mut game, &view) {
                break;
            }
        }
    }
    assert!(
        views >= 40,
        "only {views} views with a choice of placements"
    );
}

#[test]
fn sampled_layouts_match_the_exact_probabilities_on_bigger_fields() {
    // views along intermediate games: each cell's share of draws holding a mine is within five
    // standard errors of the analysis's exact chance, and each draw shows the view's numbers
    let mut rng = crate::core::rng::from_seed(11);
    let draws = 2_000;
    let mut checked = 0;
    for (view, _) in views_along_games(1..6) {
        let Some(sampler) = Sampler::new(&view, DEFAULT_BUDGET) else {
            continue;
        };
        let exact = probabilities(&view, DEFAULT_BUDGET);
        let mut hits = vec![0usize; view.cells.len()];
        for _ in 0..draws {
            let mines = sampler.draw(&mut rng);
            assert_eq!(mines.len(), view.mines);
            let field = Field::with_mines(view.width, view.height, &mines);
            for (c, seen) in view.cells.iter().enumerate() {
                if let Seen::Open(v) = seen {
                    assert!(!field.is_mine(c) && field.number(c) == *v, "cell {c}");
                }
            }
            for c in mines {
                hits[c] += 1;
            }
        }
        for (c, p) in exact.probability.iter().enumerate() {
            let Some(p) = *p else { continue };
            let share = hits[c] as f64 / draws as f64;
            let error = (p * (1.0 - p) / draws as f64).sqrt();
            assert!(
                (share - p).abs() <= 5.0 * error + 1e-9,
                "cell {c}: drawn {share:.3}, exact {p:.3}"
            );
            checked += 1;
        }
    }
    assert!(checked > 1_000, "{checked} cells checked");
}

#[test]
fn a_board_played_out_from_a_guess_ends_as_the_game_itself() {
    // at a guess of intermediate games: played out on the game's own board, the chosen cell
    // ends the way the game does when the robot plays on. With one life, the first guess; with
    // three, the first guess after a mine has exploded (the view shows it, and the play-out
    // must explode it too)
    for lives in [1, 3] {
        let config = Config {
            lives,
            first_click: FirstClick::Safe,
            ..crate::core::mines::field::Preset::Intermediate.config()
        };
        let tuning = Tuning::default();
        let mut checked = 0;
        // fewer games reach a guess after an explosion
        let seeds = if lives == 1 { 1..40 } else { 1..200 };
        for seed in seeds {
            let mut game = Game::new(config, seed).unwrap();
            game.open(0);
            let mut at_guess = None;
            while game.status() == crate::core::mines::Status::Playing {
                let view = game.view();
                let exploded = view.cells.contains(&Seen::Exploded);
                let analysis = analyse_tuned(&view, &tuning, false);
                if let (None, Some(Choice::Guess { cell, .. })) = (&at_guess, analysis.choice)
                    && analysis.safe.is_empty()
                    && exploded == (lives > 1)
                {
                    at_guess = Some((view.clone(), cell));
                }
                let mut hands = Stepper::new(0);
                hands.take_plan(&analysis, &view);
                while hands.act(&mut game).is_some() {}
            }
            let Some((view, cell)) = at_guess else {
                continue;
            };
            let field = game.field().unwrap();
            let board: Vec<usize> = (0..config.cells()).filter(|&c| field.is_mine(c)).collect();
            let won = game.status() == crate::core::mines::Status::Won;
            assert_eq!(
                play_out(config, &view, &board, cell, &tuning),
                Ok(won),
                "{lives} lives, seed {seed}"
            );
            // a board that does not show the view is refused
            let mut wrong = board.clone();
            let moved = (0..config.cells())
                .find(|&c| !field.is_mine(c) && matches!(view.cells[c], Seen::Open(_)))
                .unwrap();
            wrong[0] = moved;
            assert!(play_out(config, &view, &wrong, cell, &tuning).is_err());
            checked += 1;
        }
        assert!(checked > 8, "{lives} lives: {checked} games with a guess");
    }
}

#[test]
fn the_split_half_gain_scores_the_pick_of_one_half_on_the_other() {
    let contender = |cell: usize, wins: &[u8]| Contender {
        cell,
        risk: 0.2,
        score: None,
        wins: wins.iter().map(|&w| w == 1).collect(),
    };
    // boards 0, 2, 4, 6 are one half, 1, 3, 5, 7 the other
    let guess = JudgedGuess {
        open: 10,
        rule: Why::LookAhead,
        contenders: vec![
            contender(1, &[1, 1, 0, 1, 0, 0, 0, 1]), // halves 1/4 and 3/4
            contender(2, &[1, 0, 1, 0, 1, 1, 0, 1]), // halves 3/4 and 2/4
        ],
    };
    // the even half picks 2 (3/4 > 1/4): on the odd half 2/4 - 3/4 = -1/4; the odd half keeps
    // the chosen cell (3/4 > 2/4): 0
    assert!((split_gain(&guess) - (-0.125)).abs() < 1e-12);
    let game = |won| JudgedGame {
        seed: 1,
        won,
        guesses: vec![guess.clone()],
        unjudged: 0,
    };
    let summary = summarise(&[game(true), game(false)]);
    assert_eq!((summary.games, summary.guesses, summary.beaten), (2, 2, 2));
    assert!((summary.gain - (-12.5)).abs() < 1e-9);
    assert_eq!(summary.by_rule, vec![(Why::LookAhead, 2, -12.5)]);
    // a tie keeps the chosen cell: no gain
    let tied = JudgedGuess {
        contenders: vec![contender(1, &[1, 0]), contender(2, &[1, 0])],
        ..guess
    };
    assert_eq!(split_gain(&tied), 0.0);
}

#[test]
fn cells_away_from_every_number_are_examined_only_where_they_can_tell_something() {
    // views along robot games on intermediate fields: with `probes`, every cell the look-ahead
    // examines away from every number lies next to a hidden cell beside a number (two steps
    // from it) or has at most three covered neighbours (a corner's, an edge's in a pocket),
    // and at most `off_edge` of them; without `probes`, the same views examine others too
    let config = Config {
        first_click: FirstClick::Safe,
        ..crate::core::mines::field::Preset::Intermediate.config()
    };
    let (w, h) = (config.width, config.height);
    let covered = |view: &View, x: usize| matches!(view.cells[x], Seen::Hidden | Seen::Marked);
    let promising = |view: &View, c: usize| {
        neighbours(c, w, h).any(|x| view.cells[x] == Seen::Hidden && !away_from_numbers(view, x))
            || neighbours(c, w, h).filter(|&x| covered(view, x)).count() <= 3
    };
    let probes = Tuning {
        probes: true,
        off_edge: 24,
        ..Tuning::default()
    };
    let plain = Tuning {
        probes: false,
        ..probes
    };
    let (mut examined_off, mut elsewhere_without) = (0, 0);
    each_turn(config, 0..40, 0, |seed, view, _| {
        let mut seen = judge::Scores::default();
        analyse_inner(view, &probes, false, true, &mut seen);
        let off: Vec<usize> = seen
            .0
            .iter()
            .map(|&(c, _)| c)
            .filter(|&c| away_from_numbers(view, c))
            .collect();
        assert!(off.len() <= probes.off_edge, "seed {seed}: {off:?}");
        for &c in &off {
            assert!(
                promising(view, c),
                "seed {seed}: cell {c} examined, away from every number and far from them"
            );
        }
        examined_off += off.len();
        let mut seen = judge::Scores::default();
        analyse_inner(view, &plain, false, true, &mut seen);
        elsewhere_without += seen
            .0
            .iter()
            .filter(|&&(c, _)| away_from_numbers(view, c) && !promising(view, c))
            .count();
    });
    assert!(
        examined_off > 20,
        "only {examined_off} cells away from numbers examined"
    );
    assert!(elsewhere_without > 0, "the views never tell the rule apart");
}

#[test]
fn the_blend_turns_late_once_enough_cells_are_open() {
    // on views along intermediate games: the look-ahead of a view with `open` cells open
    // weighs the second safest next cell by `late_blend` when `late_open` ≤ `open`, by `blend`
    // otherwise — exactly as a robot with that blend everywhere
    let with = |blend: f64, late_blend: f64, late_open: usize| Tuning {
        blend,
        late_blend,
        late_open,
        ..Tuning::default()
    };
    let mut differ = 0;
    for (view, _) in views_along_games(0..12) {
        let a = analyse(&view, DEFAULT_BUDGET, true);
        let known = known_of(&view, &a);
        let open = view.open_count();
        let cells = (0..view.cells.len())
            .filter(|&c| view.cells[c] == Seen::Hidden && known[c] == Known::Unknown)
            .take(6);
        for c in cells {
            let safety = |t: Tuning| guess::next_safety(&view, &known, c, &t).safety;
            let (early, late) = (safety(with(0.2, 0.2, 0)), safety(with(0.3, 0.3, 0)));
            assert_eq!(
                safety(with(0.2, 0.3, open + 1)),
                early,
                "cell {c}, {open} open"
            );
            assert_eq!(safety(with(0.2, 0.3, open)), late, "cell {c}, {open} open");
            if (early - late).abs() > 1e-9 {
                differ += 1;
            }
        }
    }
    assert!(differ > 10, "the blend changed only {differ} look-aheads");
}
