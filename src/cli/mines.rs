//! `bench mines`: the robot plays many games on every core; wins with their 95% interval, mines
//! hit, guesses and the robot's thinking time.

use clap::Args;
use serde::Serialize;

use super::{CliError, counted};

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
    /// The robot's settings changed from the game's, as NAME=VALUE pairs separated by commas
    /// (influence=0,forced=off): budget (enumeration steps a move), look-ahead (cells
    /// examined), window, tolerance, off-edge, blend, late-blend, late-open, living, dead,
    /// grouped, end-game (unknown cells at most), end-prune, end-placements, end-solutions,
    /// end-budget, regions, probes, forced, influence (README's robot section lists them; a
    /// wrong one is refused with the list).
    #[arg(long, default_value = "")]
    pub robot: String,
    /// Write every game's outcome to FILE (CSV: seed, won, mines hit, guesses, robot ms), for a
    /// later `--against FILE`.
    #[arg(long, value_name = "FILE")]
    pub per_game: Option<std::path::PathBuf>,
    /// Write every game's record to FILE, one JSON object a line after a first line naming the
    /// field: its seed, whether it was won, where the mines were and each guess (cells open
    /// before it, the cell, its chance of a mine, the rule that chose it) — the boards and
    /// moves `tools/hill.sh` replays with David Hill's solver.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<std::path::PathBuf>,
    /// Compare this run with another's `--per-game` file seed by seed (the same field and
    /// first click): the seeds one robot won and the other lost, the difference of the win
    /// rates with its 95% interval, and an exact test of the discordant seeds.
    #[arg(long, value_name = "FILE")]
    pub against: Option<std::path::PathBuf>,
    /// Judge every guess by rollouts and write each to FILE (JSON lines): the chosen cell and
    /// up to --contenders others, each opened on the same --samples boards drawn to fit what
    /// the robot saw (every consistent placement equally likely), the robot playing each board
    /// out. Prints the one-step gain the robot leaves (slow: about a thousand robot games a
    /// guess; give it alone, without --per-game, --trace or --against).
    #[arg(long, value_name = "FILE")]
    pub judge: Option<std::path::PathBuf>,
    /// Cells judged beside the chosen one at each guess (--judge).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=16))]
    pub contenders: u64,
    /// Boards drawn at each guess (--judge), 2 to 100,000.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(2..=100_000))]
    pub samples: u64,
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
    /// Games with a turn whose analysis passed its budget.
    games_over_budget: usize,
    /// `noguess` fields whose generation ran out of work before it made one (each the closest
    /// field found, which may need a guess); 0 for the other rules.
    fields_short_of_rule: usize,
    threads: usize,
    total_ms: f64,
    /// The settings changed from the game's robot ("" for none).
    robot: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    paired: Option<Paired>,
}

/// Two robots' games on the same seeds, compared pair by pair.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Paired {
    pub seeds: usize,
    pub both: usize,
    /// Seeds this run won and the other lost.
    pub this_only: usize,
    /// Seeds the other won and this run lost.
    pub other_only: usize,
    pub neither: usize,
    /// This run's win rate less the other's, in points.
    pub difference: f64,
    /// Its 95% interval (normal, from the paired differences).
    pub difference_ci95: [f64; 2],
    /// `McNemar`'s exact two-sided test: the chance of discordant seeds at least this uneven if
    /// the two robots were equally good.
    pub mcnemar_p: f64,
}

/// Pairs the outcomes `this` and `other` of the same seeds (won or not).
pub fn paired(this: &[bool], other: &[bool]) -> Paired {
    assert_eq!(this.len(), other.len(), "the same seeds");
    let mut count = [[0usize; 2]; 2];
    for (&a, &b) in this.iter().zip(other) {
        count[usize::from(a)][usize::from(b)] += 1;
    }
    let (b, c) = (count[1][0], count[0][1]);
    let n = this.len().max(1) as f64;
    let d = (b as f64 - c as f64) / n;
    // the paired differences are +1, -1 or 0: their variance gives the mean's
    let se = ((b + c) as f64 / n - d * d).max(0.0).sqrt() / n.sqrt();
    Paired {
        seeds: this.len(),
        both: count[1][1],
        this_only: b,
        other_only: c,
        neither: count[0][0],
        difference: d * 100.0,
        difference_ci95: [(d - 1.96 * se) * 100.0, (d + 1.96 * se) * 100.0],
        mcnemar_p: mcnemar_exact(b as u64, c as u64),
    }
}

/// `McNemar`'s exact two-sided p-value for `b` and `c` discordant pairs: twice the binomial tail
/// (n = b + c, one half) at the smaller count, at most 1. Summed in logarithms, so that tens of
/// thousands of pairs do not underflow.
pub fn mcnemar_exact(b: u64, c: u64) -> f64 {
    let n = b + c;
    let k = b.min(c);
    if n == 0 || 2 * k >= n {
        return 1.0;
    }
    // ln C(n, i) 2^-n for i = 0..=k, then a log-sum-exp
    let mut logs = Vec::with_capacity(k as usize + 1);
    let mut log = -(n as f64) * std::f64::consts::LN_2;
    logs.push(log);
    for i in 1..=k {
        log += ((n - i + 1) as f64).ln() - (i as f64).ln();
        logs.push(log);
    }
    let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = logs.iter().map(|l| (l - top).exp()).sum();
    (2.0 * (top + sum.ln()).exp()).min(1.0)
}

/// The first line of a per-game file: what was played, so that a comparison refuses a file of
/// another field or first click.
fn per_game_header(field: &str, robot: &str) -> String {
    format!(
        "# ai-arcade bench mines: {field}; robot: {robot}\nseed,won,mines_hit,guesses,robot_ms\n"
    )
}

/// Reads a per-game file: each seed's outcome (won or not). The field line must be `field`.
fn read_per_game(
    path: &std::path::Path,
    field: &str,
) -> Result<std::collections::HashMap<u64, bool>, CliError> {
    let name = path.display();
    let bytes = crate::store::read_regular(path)
        .map_err(|e| CliError::Input(format!("--against: cannot read {name}: {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| CliError::Input(format!("--against {name}: not a text file (not UTF-8)")))?;
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let Some(rest) = first.strip_prefix("# ai-arcade bench mines: ") else {
        return Err(CliError::Input(format!(
            "--against {name}: not a file written by bench mines --per-game"
        )));
    };
    let theirs = rest.split("; robot: ").next().unwrap_or_default();
    if theirs != field {
        return Err(CliError::Input(format!(
            "--against {name}: its games are {theirs}, these are {field}"
        )));
    }
    let mut outcomes = std::collections::HashMap::new();
    for (i, line) in lines.enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let mut columns = line.split(',');
        let seed = columns.next().and_then(|x| x.trim().parse::<u64>().ok());
        let won = columns.next().map(str::trim);
        let (Some(seed), Some(won @ ("0" | "1"))) = (seed, won) else {
            return Err(CliError::Input(format!(
                "--against {name}, line {}: give seed,won,… (won 0 or 1)",
                i + 2
            )));
        };
        if outcomes.insert(seed, won == "1").is_some() {
            return Err(CliError::Input(format!(
                "--against {name}, line {}: seed {seed} comes twice",
                i + 2
            )));
        }
    }
    Ok(outcomes)
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
    use crate::core::mines::robot::{GameTrace, RobotGame, Tuning, play_traced, play_tuned};
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
    let tuning = Tuning::parse(&args.robot).map_err(|e| CliError::Input(format!("--robot {e}")))?;
    let robot = if args.robot.trim().is_empty() {
        "the game's".to_string()
    } else {
        args.robot.trim().to_string()
    };
    let field = format!(
        "{}, first click {} at {}",
        config.label(),
        first_click.name(),
        args.first_cell
    );
    // a path that cannot be written (a folder, a pipe or a device where the file goes, a
    // file where a folder should be, no permission) is refused before the games are played,
    // not after them
    for (flag, path) in [
        ("--per-game", &args.per_game),
        ("--trace", &args.trace),
        ("--judge", &args.judge),
    ] {
        let Some(path) = path else { continue };
        if path.is_dir() {
            return Err(CliError::Input(format!(
                "{flag} {}: a folder, give a file",
                path.display()
            )));
        }
        crate::store::can_write(path)
            .map_err(|e| CliError::Input(format!("{flag}: {}", e.english())))?;
    }
    if let Some(path) = &args.judge {
        if args.per_game.is_some() || args.trace.is_some() || args.against.is_some() {
            return Err(CliError::Input(
                "--judge plays games of its own: give it without --per-game, --trace or --against"
                    .to_string(),
            ));
        }
        return judge(args, config, first, &tuning, (&field, &robot), path);
    }
    // read before the games are played: a wrong file is refused at once
    let other = match &args.against {
        Some(path) => Some((path, read_per_game(path, &field)?)),
        None => None,
    };
    let seeds = |i: usize| args.seed.wrapping_add(i as u64);
    if let Some((path, outcomes)) = &other
        && let Some(missing) = (0..args.games as usize)
            .map(seeds)
            .find(|s| !outcomes.contains_key(s))
    {
        return Err(CliError::Input(format!(
            "--against {}: it has no game of seed {missing}",
            path.display()
        )));
    }
    let games = usize::try_from(args.games).expect("at most a million");
    let threads = super::threads();
    let clock = std::time::Instant::now();
    let traced = args.trace.is_some();
    let played: Vec<(RobotGame, Option<GameTrace>)> =
        super::parallel_map(games, 1, "games", move |i| {
            if traced {
                play_traced(config, seeds(i), first, &tuning).map(|(g, t)| (g, Some(t)))
            } else {
                play_tuned(config, seeds(i), first, &tuning).map(|g| (g, None))
            }
        })
        .map_err(CliError::Failed)?;
    let games: Vec<RobotGame> = played.iter().map(|(g, _)| *g).collect();
    let total_ms = clock.elapsed().as_secs_f64() * 1000.0;
    let wins = games.iter().filter(|g| g.won).count();
    let mut ms: Vec<f64> = games.iter().map(|g| g.think_seconds * 1000.0).collect();
    ms.sort_by(f64::total_cmp);
    let mut lay_ms: Vec<f64> = games.iter().map(|g| g.lay_seconds * 1000.0).collect();
    lay_ms.sort_by(f64::total_cmp);
    let n = games.len() as f64;
    if let Some(path) = &args.per_game {
        let mut out = per_game_header(&field, &robot);
        for (i, g) in games.iter().enumerate() {
            out.push_str(&format!(
                "{},{},{},{},{:.3}\n",
                seeds(i),
                u8::from(g.won),
                g.mines_hit,
                g.guesses,
                g.think_seconds * 1000.0
            ));
        }
        crate::store::write_atomically(path, &out)
            .map_err(|e| CliError::Failed(format!("--per-game: {}", e.english())))?;
    }
    if let Some(path) = &args.trace {
        let header = serde_json::json!({
            "field": field,
            "width": config.width,
            "height": config.height,
            "mines": config.mines,
            "lives": config.lives,
            "first_click": first_click.name(),
            "first_cell": first,
            "robot": robot,
        });
        let mut out = format!("{header}\n");
        for (i, (g, trace)) in played.iter().enumerate() {
            let trace = trace.as_ref().expect("traced");
            let line = serde_json::json!({
                "seed": seeds(i),
                "won": g.won,
                "mines": trace.mines,
                "guesses": trace.guesses,
            });
            out.push_str(&format!("{line}\n"));
        }
        crate::store::write_atomically(path, &out)
            .map_err(|e| CliError::Failed(format!("--trace: {}", e.english())))?;
    }
    let paired = other.as_ref().map(|(_, outcomes)| {
        let this: Vec<bool> = games.iter().map(|g| g.won).collect();
        let theirs: Vec<bool> = (0..games.len()).map(|i| outcomes[&seeds(i)]).collect();
        paired(&this, &theirs)
    });
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
        games_over_budget: games.iter().filter(|g| g.over_budget > 0).count(),
        fields_short_of_rule: games.iter().filter(|g| !g.rule_met).count(),
        threads,
        total_ms,
        robot: args.robot.trim().to_string(),
        paired,
    };
    if args.json {
        return Ok(serde_json::to_string(&result).expect("plain data serialises"));
    }
    let mut text = format!(
        "{} games of {} (first click {} at {}), seeds {}..{}, robot: {}, on {} threads in {:.1} s\n\
         wins {} = {:.2}% (95% interval {:.2}% to {:.2}%)\n\
         mean mines hit per game {:.3}, mean guesses {:.2}, median robot time {:.2} ms per game\n\
         games with an analysis over its budget {}\n\
         field laid at the first click in {:.2} ms median, {:.2} ms at worst",
        result.games,
        config.label(),
        first_click.name(),
        args.first_cell,
        args.seed,
        args.seed.wrapping_add(args.games - 1),
        robot,
        threads,
        total_ms / 1000.0,
        wins,
        result.win_rate * 100.0,
        result.win_rate_ci95[0] * 100.0,
        result.win_rate_ci95[1] * 100.0,
        result.mean_mines_hit,
        result.mean_guesses,
        result.median_ms_per_game,
        result.games_over_budget,
        result.median_lay_ms,
        result.max_lay_ms
    );
    if first_click == FirstClick::NoGuess {
        text.push_str(&format!(
            "\nno-guess fields not made in time {} (each the closest found: it may need a guess)",
            result.fields_short_of_rule
        ));
    }
    if let (Some(p), Some((path, _))) = (&result.paired, &other) {
        text.push_str(&format!(
            "\npaired with {} on the same {} seeds: both won {}, only this run {}, only that one {}, \
             neither {}\ndifference {:+.2} points (95% interval {:+.2} to {:+.2}), McNemar exact p = {:.3}",
            path.display(),
            p.seeds,
            p.both,
            p.this_only,
            p.other_only,
            p.neither,
            p.difference,
            p.difference_ci95[0],
            p.difference_ci95[1],
            p.mcnemar_p
        ));
    }
    Ok(text)
}

/// `bench mines --judge FILE`: every guess of the games judged by rollouts (see
/// [`crate::core::mines::robot::judge_game`]), written to FILE, summed up on standard output.
fn judge(
    args: &BenchMinesArgs,
    config: crate::core::mines::Config,
    first: usize,
    tuning: &crate::core::mines::robot::Tuning,
    (field, robot): (&str, &str),
    path: &std::path::Path,
) -> Result<String, CliError> {
    use crate::core::mines::robot::{judge_game, summarise};
    let tuning = *tuning;
    let (contenders, samples) = (args.contenders as usize, args.samples as usize);
    let seeds = |i: usize| args.seed.wrapping_add(i as u64);
    let games = usize::try_from(args.games).expect("at most a million");
    let clock = std::time::Instant::now();
    let judged = super::parallel_map(games, 1, "games", move |i| {
        judge_game(config, seeds(i), first, &tuning, contenders, samples)
    })
    .map_err(CliError::Failed)?;
    let header = serde_json::json!({
        "field": field,
        "robot": robot,
        "contenders": contenders,
        "samples": samples,
    });
    let mut out = format!("{header}\n");
    for game in &judged {
        out.push_str(&serde_json::to_string(game).expect("plain data serialises"));
        out.push('\n');
    }
    crate::store::write_atomically(path, &out)
        .map_err(|e| CliError::Failed(format!("--judge: {}", e.english())))?;
    let summary = summarise(&judged);
    if args.json {
        return Ok(serde_json::to_string(&summary).expect("plain data serialises"));
    }
    let wins = judged.iter().filter(|g| g.won).count();
    let mut text = format!(
        "{} of {field}, seeds {}..{}, robot: {robot}, judged in {:.1} s\n\
         wins {wins}; {} judged ({} without a board drawn), the chosen cell and up to {contenders} \
         contenders each played out on {samples} boards\n\
         a contender won more often than the chosen cell at {}\n\
         one-step gain left (the contender best on half the boards, against the chosen cell on the \
         other half): {:+.2} points a game (95% interval {:+.2} to {:+.2})",
        counted(summary.games, "game", "games"),
        args.seed,
        seeds(games - 1),
        clock.elapsed().as_secs_f64(),
        counted(summary.guesses, "guess", "guesses"),
        summary.unjudged,
        counted(summary.beaten, "guess", "guesses"),
        summary.gain,
        summary.gain_ci95[0],
        summary.gain_ci95[1],
    );
    for (rule, guesses, gain) in &summary.by_rule {
        text.push_str(&format!(
            "\n  {rule:?}: {}, {gain:+.2} points",
            counted(*guesses, "guess", "guesses")
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcnemar_exact_is_the_binomial_tail() {
        // 10 against 0: twice one half to the tenth
        assert!((mcnemar_exact(10, 0) - 2.0 / 1024.0).abs() < 1e-12);
        assert!((mcnemar_exact(0, 10) - 2.0 / 1024.0).abs() < 1e-12);
        // 7 against 10: 2 P(X ≤ 7), X ~ B(17, 1/2) = 2 × 41,226 / 131,072
        assert!((mcnemar_exact(7, 10) - 2.0 * 41_226.0 / 131_072.0).abs() < 1e-9);
        assert_eq!(mcnemar_exact(5, 5), 1.0);
        assert_eq!(mcnemar_exact(0, 0), 1.0);
        // thousands of pairs neither underflow nor pass 1
        let p = mcnemar_exact(5_100, 4_900);
        assert!(p > 0.04 && p < 0.06, "{p}");
        assert!(mcnemar_exact(6_000, 4_000) < 1e-80);
    }

    #[test]
    fn the_paired_difference_comes_from_the_discordant_seeds() {
        // 100 seeds: both won 40, only this 8, only the other 2, neither 50
        let mut this = vec![true; 40];
        let mut other = vec![true; 40];
        this.extend([true; 8]);
        other.extend([false; 8]);
        this.extend([false; 2]);
        other.extend([true; 2]);
        this.extend([false; 50]);
        other.extend([false; 50]);
        let p = paired(&this, &other);
        assert_eq!(
            (p.both, p.this_only, p.other_only, p.neither),
            (40, 8, 2, 50)
        );
        assert!((p.difference - 6.0).abs() < 1e-9);
        // sd of the differences: sqrt(0.10 - 0.06²) = 0.3105; its mean's, over 10
        let half = 1.96 * (0.10f64 - 0.0036).sqrt() / 10.0 * 100.0;
        assert!((p.difference_ci95[0] - (6.0 - half)).abs() < 1e-9);
        assert!((p.difference_ci95[1] - (6.0 + half)).abs() < 1e-9);
        assert!((p.mcnemar_p - mcnemar_exact(8, 2)).abs() < 1e-15);
    }
}
