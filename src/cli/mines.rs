//! `bench mines`: the robot plays many games on every core; wins with their 95% interval, mines
//! hit, guesses and the robot's thinking time.

use clap::Args;
use serde::Serialize;

use super::CliError;

/// Arguments of `bench mines`.
#[derive(Debug, Args)]
pub struct BenchMinesArgs {
    #[arg(long, default_value_t = 20)]
    pub width: usize,
    #[arg(long, default_value_t = 20)]
    pub height: usize,
    #[arg(long, default_value_t = 81)]
    pub mines: usize,
    #[arg(long, default_value_t = 10)]
    pub lives: u32,
    /// any | safe | opening | noguess (certain deductions alone clear the field)
    #[arg(long, default_value = "any")]
    pub first_click: String,
    /// How many games (board i from seed + i), 1 to 1,000,000; progress on stderr.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The robot's first click: "corner" (top left) or "ROW,COL" counted from 0 (published
    /// "modern expert" figures open at 3,3).
    #[arg(long, default_value = "corner")]
    pub first_cell: String,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct BenchMinesJson {
    games: usize,
    wins: usize,
    win_rate: f64,
    win_rate_ci95: [f64; 2],
    mean_mines_hit: f64,
    median_ms_per_game: f64,
    /// The first click's time, the field laid then: median and worst.
    median_lay_ms: f64,
    max_lay_ms: f64,
    mean_guesses: f64,
    threads: usize,
    total_ms: f64,
}

/// The Wilson score interval at 95% for `wins` out of `games`.
pub fn wilson_interval(wins: usize, games: usize) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    let (n, p, z) = (games as f64, wins as f64 / games as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Runs `bench mines`: the robot plays `games` boards on every core.
pub fn bench_mines(args: &BenchMinesArgs) -> Result<String, CliError> {
    use crate::core::mines::robot::{DEFAULT_BUDGET, RobotGame, play};
    use crate::core::mines::{Config, FirstClick};
    let first_click = FirstClick::from_name(&args.first_click).ok_or_else(|| {
        CliError::Input(format!(
            "--first-click {:?}: choose any, safe, opening or noguess",
            args.first_click
        ))
    })?;
    let config = Config {
        width: args.width,
        height: args.height,
        mines: args.mines,
        lives: args.lives,
        first_click,
    };
    config.check().map_err(|e| CliError::Input(e.english()))?;
    let first = match args.first_cell.as_str() {
        "corner" => 0,
        text => {
            let parsed = text.split_once(',').and_then(|(r, c)| {
                Some((
                    r.trim().parse::<usize>().ok()?,
                    c.trim().parse::<usize>().ok()?,
                ))
            });
            match parsed {
                Some((r, c)) if r < config.height && c < config.width => r * config.width + c,
                _ => {
                    return Err(CliError::Input(format!(
                        "--first-cell {text:?}: give corner or ROW,COL inside the {}×{} field",
                        config.width, config.height
                    )));
                }
            }
        }
    };
    let games = usize::try_from(args.games).expect("at most a million");
    let threads = super::threads();
    let clock = std::time::Instant::now();
    let games: Vec<RobotGame> = super::parallel_map(games, 1, "games", move |i| {
        play(
            config,
            args.seed.wrapping_add(i as u64),
            first,
            DEFAULT_BUDGET,
        )
    })
    .map_err(CliError::Failed)?;
    let total_ms = clock.elapsed().as_secs_f64() * 1000.0;
    let wins = games.iter().filter(|g| g.won).count();
    let mut ms: Vec<f64> = games.iter().map(|g| g.think_seconds * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let mut lay_ms: Vec<f64> = games.iter().map(|g| g.lay_seconds * 1000.0).collect();
    lay_ms.sort_by(f64::total_cmp);
    let n = games.len() as f64;
    let result = BenchMinesJson {
        games: games.len(),
        wins,
        win_rate: wins as f64 / n,
        win_rate_ci95: wilson_interval(wins, games.len()),
        mean_mines_hit: games.iter().map(|g| f64::from(g.mines_hit)).sum::<f64>() / n,
        median_ms_per_game: ms[ms.len() / 2],
        median_lay_ms: lay_ms[lay_ms.len() / 2],
        max_lay_ms: lay_ms[lay_ms.len() - 1],
        mean_guesses: games.iter().map(|g| f64::from(g.guesses)).sum::<f64>() / n,
        threads,
        total_ms,
    };
    if args.json {
        return Ok(serde_json::to_string(&result).expect("plain data serialises"));
    }
    Ok(format!(
        "{} games of {} (first click {} at {}), seeds {}..{}, on {} threads in {:.1} s\n\
         wins {} = {:.2}% (95% interval {:.2}% to {:.2}%)\n\
         mean mines hit per game {:.3}, mean guesses {:.2}, median robot time {:.2} ms per game\n\
         field laid at the first click in {:.2} ms median, {:.2} ms at worst",
        result.games,
        config.label(),
        first_click.name(),
        args.first_cell,
        args.seed,
        args.seed.wrapping_add(args.games - 1),
        threads,
        total_ms / 1000.0,
        wins,
        result.win_rate * 100.0,
        result.win_rate_ci95[0] * 100.0,
        result.win_rate_ci95[1] * 100.0,
        result.mean_mines_hit,
        result.mean_guesses,
        result.median_ms_per_game,
        result.median_lay_ms,
        result.max_lay_ms
    ))
}
