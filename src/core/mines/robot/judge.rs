//! The robot's guesses judged by rollouts. At each guess of a game, the cell the robot chose and
//! its closest contenders (the look-ahead's next best scores, else the least risky cells) are
//! each opened on the same boards, drawn so that every placement of the mines that fits the
//! view is equally likely ([`Sampler`]), and the robot plays every board out. How often each
//! wins estimates its chance of winning the game when this robot plays on: a contender that
//! wins more often than the chosen cell would have been the better move.
//!
//! [`summarise`] turns that into the one-step gain the robot leaves: at each guess the
//! contender that won most often on half of the boards is scored on the other half against the
//! chosen cell (and the halves swapped), so that the luck of the boards that picked it does
//! not count in its favour.

use super::*;
use crate::core::mines::{Config, Field, Game, Status};
use crate::core::rng::from_seed;

/// A cell judged at a guess: its chance of a mine, the look-ahead's score (when it examined
/// the cell), and whether the game was won on each sampled board after opening it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Contender {
    pub cell: usize,
    pub risk: f64,
    pub score: Option<f64>,
    pub wins: Vec<bool>,
}

/// One guess of the robot, judged: the cells open before it, the rule that chose it, and the
/// contenders, the chosen cell first.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct JudgedGuess {
    pub open: usize,
    pub rule: Why,
    pub contenders: Vec<Contender>,
}

/// A game played by the robot with each of its guesses judged.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct JudgedGame {
    pub seed: u64,
    pub won: bool,
    pub guesses: Vec<JudgedGuess>,
    /// Guesses not judged: no board could be drawn for them within the budget.
    pub unjudged: usize,
}

/// Collects the look-ahead's score of every cell it examines.
#[derive(Default)]
pub(super) struct Scores(pub(super) Vec<(usize, f64)>);

impl explain::Notes for Scores {
    fn on(&self) -> bool {
        false
    }
    fn every_score(&self) -> bool {
        true
    }
    fn scored(&mut self, cell: usize, score: f64) {
        self.0.push((cell, score));
    }
}

/// Plays the game of `config` from `seed` (first click on `first`) with the robot of `tuning`,
/// and judges each guess after the first click: the chosen cell and up to `contenders` others,
/// each played out on the same `samples` boards drawn to fit the view.
pub fn judge_game(
    config: Config,
    seed: u64,
    first: usize,
    tuning: &Tuning,
    contenders: usize,
    samples: usize,
) -> Result<JudgedGame, String> {
    let mut game = Game::new(config, seed)?;
    if first >= config.cells() {
        return Err(format!("first click {first} is off the field"));
    }
    game.open(first);
    let mut judged = JudgedGame {
        seed,
        won: false,
        guesses: Vec::new(),
        unjudged: 0,
    };
    let mut turns = 0;
    while game.status() == Status::Playing {
        turns += 1;
        if turns > 4 * config.cells() {
            return Err(format!("seed {seed}: the robot made no progress"));
        }
        let view = game.view();
        let mut scores = Scores::default();
        let analysis = analyse_inner(&view, tuning, false, true, &mut scores);
        if let Some(Choice::Guess { cell, why, .. }) = analysis.choice
            && analysis.safe.is_empty()
        {
            let draws = judged.guesses.len() + judged.unjudged;
            match Sampler::new(&view, tuning.budget.saturating_mul(10)) {
                Some(sampler) => {
                    let mut rng =
                        from_seed(seed.wrapping_mul(1_000_003).wrapping_add(draws as u64));
                    let boards: Vec<Vec<usize>> =
                        (0..samples).map(|_| sampler.draw(&mut rng)).collect();
                    let cells =
                        contenders_of(&view, &analysis.probability, cell, &scores.0, contenders);
                    let mut judged_cells = Vec::with_capacity(cells.len());
                    for c in cells {
                        let wins = boards
                            .iter()
                            .map(|board| play_out(config, &view, board, c, tuning))
                            .collect::<Result<Vec<bool>, String>>()
                            .map_err(|e| format!("seed {seed}: {e}"))?;
                        judged_cells.push(Contender {
                            cell: c,
                            risk: analysis.probability[c].unwrap_or(1.0),
                            score: scores.0.iter().find(|s| s.0 == c).map(|s| s.1),
                            wins,
                        });
                    }
                    judged.guesses.push(JudgedGuess {
                        open: view.open_count(),
                        rule: why,
                        contenders: judged_cells,
                    });
                }
                None => judged.unjudged += 1,
            }
        }
        let mut hands = Stepper::new(0);
        hands.take_plan(&analysis, &view);
        let before = game.revision();
        while hands.act(&mut game).is_some() {}
        if game.revision() == before {
            return Err(format!("seed {seed}: the robot found no move"));
        }
    }
    judged.won = game.status() == Status::Won;
    Ok(judged)
}

/// The chosen cell, then up to `others` contenders: the best other scores of the look-ahead,
/// then the least risky hidden cells not certainly mines.
fn contenders_of(
    view: &View,
    probability: &[Option<f64>],
    chosen: usize,
    scores: &[(usize, f64)],
    others: usize,
) -> Vec<usize> {
    let mut ranked = scores.to_vec();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut by_risk: Vec<(usize, f64)> = (0..view.cells.len())
        .filter(|&c| view.cells[c] == Seen::Hidden)
        .filter_map(|c| probability[c].filter(|&p| p < 1.0).map(|p| (c, p)))
        .collect();
    by_risk.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let mut cells = vec![chosen];
    for c in ranked.iter().chain(&by_risk).map(|&(c, _)| c) {
        if cells.len() > others {
            break;
        }
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    cells
}

/// Whether the robot wins the game on `board` (its mines' cells) from `view` after opening
/// `cell`. An error when `board` does not show `view`'s numbers.
pub fn play_out(
    config: Config,
    view: &View,
    board: &[usize],
    cell: usize,
    tuning: &Tuning,
) -> Result<bool, String> {
    let field = Field::with_mines(view.width, view.height, board);
    let mut game = Game::on_field(config, field);
    for (c, seen) in view.cells.iter().enumerate() {
        match seen {
            // an exploded mine is opened again: on a board that fits, it is a mine there too
            // and costs the same life
            Seen::Open(_) | Seen::Exploded if game.seen(c) == Seen::Hidden => {
                game.open(c);
            }
            Seen::Marked => {
                game.toggle_mark(c);
            }
            _ => {}
        }
    }
    if (0..view.cells.len()).any(|c| game.seen(c) != view.cells[c]) {
        return Err("a drawn board does not show the view".to_string());
    }
    game.open(cell);
    while game.status() == Status::Playing {
        let view = game.view();
        let analysis = analyse_tuned(&view, tuning, false);
        let mut hands = Stepper::new(0);
        hands.take_plan(&analysis, &view);
        let before = game.revision();
        while hands.act(&mut game).is_some() {}
        if game.revision() == before {
            return Err("the robot found no move".to_string());
        }
    }
    Ok(game.status() == Status::Won)
}

/// What the judged games say.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct JudgeSummary {
    pub games: usize,
    pub guesses: usize,
    pub unjudged: usize,
    /// Guesses where a contender won more often than the chosen cell on all the boards.
    pub beaten: usize,
    /// The one-step gain left, in points of the win rate: per game, the sum over its guesses of
    /// the split-half gain (the contender best on one half of the boards against the chosen
    /// cell on the other), averaged over the games.
    pub gain: f64,
    /// Its 95% interval (normal, from the games' sums).
    pub gain_ci95: [f64; 2],
    /// The same gain split by the rule that chose the guess: rule, guesses, points.
    pub by_rule: Vec<(Why, usize, f64)>,
}

/// The share of `wins` won, over the boards of one parity (`half` 0 or 1).
fn half_rate(wins: &[bool], half: usize) -> f64 {
    let part: Vec<bool> = wins.iter().skip(half).step_by(2).copied().collect();
    part.iter().filter(|&&w| w).count() as f64 / part.len().max(1) as f64
}

/// A guess's split-half gain: the contender with the most wins on one half of the boards (the
/// chosen cell when it ties) scored against the chosen cell on the other half, both ways,
/// averaged. Unbiased for what choosing by half the boards would gain; 0 without contenders.
pub fn split_gain(guess: &JudgedGuess) -> f64 {
    let Some(chosen) = guess.contenders.first() else {
        return 0.0;
    };
    let mut gain = 0.0;
    for (pick, check) in [(0, 1), (1, 0)] {
        let mut best = chosen;
        for c in &guess.contenders[1..] {
            if half_rate(&c.wins, pick) > half_rate(&best.wins, pick) {
                best = c;
            }
        }
        gain += half_rate(&best.wins, check) - half_rate(&chosen.wins, check);
    }
    gain / 2.0
}

/// Sums up judged games.
pub fn summarise(games: &[JudgedGame]) -> JudgeSummary {
    let n = games.len().max(1) as f64;
    let per_game: Vec<f64> = games
        .iter()
        .map(|g| g.guesses.iter().map(split_gain).sum())
        .collect();
    let mean = per_game.iter().sum::<f64>() / n;
    let var = per_game.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let se = (var / n).sqrt();
    let mut by_rule: Vec<(Why, usize, f64)> = Vec::new();
    let mut beaten = 0;
    for guess in games.iter().flat_map(|g| &g.guesses) {
        let rate = |c: &Contender| c.wins.iter().filter(|&&w| w).count();
        if let Some((chosen, rest)) = guess.contenders.split_first()
            && rest.iter().any(|c| rate(c) > rate(chosen))
        {
            beaten += 1;
        }
        let gain = split_gain(guess);
        match by_rule.iter_mut().find(|r| r.0 == guess.rule) {
            Some(r) => {
                r.1 += 1;
                r.2 += gain;
            }
            None => by_rule.push((guess.rule, 1, gain)),
        }
    }
    for r in &mut by_rule {
        r.2 *= 100.0 / n;
    }
    JudgeSummary {
        games: games.len(),
        guesses: games.iter().map(|g| g.guesses.len()).sum(),
        unjudged: games.iter().map(|g| g.unjudged).sum(),
        beaten,
        gain: mean * 100.0,
        gain_ci95: [(mean - 1.96 * se) * 100.0, (mean + 1.96 * se) * 100.0],
        by_rule,
    }
}
