//! Game IDs: a short text that recreates exactly one board, to share or to reopen.
//!
//! The format is the mode's name, then its fields, separated by `-`:
//!
//! | Mode | ID | Fields |
//! |---|---|---|
//! | Explore | `explore-classic`, `explore-8x8-<hex>` | the classic maze, or the full maze: two bits per cell (0 wall, 1 path, 2 entry, 3 exit), two cells per hex digit, row by row |
//! | Runner | `runner-prim-21x21-12345` | generator (prim, backtracker, kruskal, wilson), size, seed |
//! | Slide | `slide-436718520`, `slide-<start>-<goal>` | the boards, one hex digit per cell (0 the blank), row by row; the goal may be left out when it is the standard one |
//! | Mines | `mines-20x20-81-10-any-12345` | size, mines, lives, first-click rule (any, safe, opening, noguess), seed |
//!
//! Parsing checks everything the mode would check and says what is wrong.

use std::fmt;

use super::grid::Grid;
use super::maze::generate::Generator;
use super::maze::runner::RunnerSpec;
use super::maze::{Cell, Maze, classic::classic};
use super::mines::{Config, FirstClick};
use super::slide::Board;
use super::text::Phrase;
use crate::phrase;

/// One board of one mode.
#[derive(Clone, Debug, PartialEq)]
pub enum GameId {
    Explore(Maze),
    Runner(RunnerSpec),
    Slide { start: Board, goal: Board },
    Mines { config: Config, seed: u64 },
}

/// The longest ID accepted (an Explore maze of 128×128 takes about 8,200 characters).
pub const MAX_LEN: usize = 9_000;

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameId::Explore(maze) if *maze == classic() => f.write_str("explore-classic"),
            GameId::Explore(maze) => {
                write!(f, "explore-{}x{}-", maze.width(), maze.height())?;
                let codes: Vec<u8> = maze.grid().cells().iter().map(|c| cell_code(*c)).collect();
                for pair in codes.chunks(2) {
                    let digit = pair[0] << 2 | pair.get(1).copied().unwrap_or(0);
                    write!(f, "{digit:x}")?;
                }
                Ok(())
            }
            GameId::Runner(spec) => write!(
                f,
                "runner-{}-{}x{}-{}",
                spec.generator.name(),
                spec.width,
                spec.height,
                spec.seed
            ),
            GameId::Slide { start, goal } => {
                write!(f, "slide-{}", board_digits(start))?;
                if *goal != Board::goal(goal.side() as u8) {
                    write!(f, "-{}", board_digits(goal))?;
                }
                Ok(())
            }
            GameId::Mines { config, seed } => write!(
                f,
                "mines-{}x{}-{}-{}-{}-{seed}",
                config.width,
                config.height,
                config.mines,
                config.lives,
                config.first_click.name()
            ),
        }
    }
}

fn cell_code(cell: Cell) -> u8 {
    match cell {
        Cell::Wall => 0,
        Cell::Path => 1,
        Cell::Entry => 2,
        Cell::Exit => 3,
    }
}

fn board_digits(board: &Board) -> String {
    board
        .cells()
        .iter()
        .map(|&t| char::from_digit(u32::from(t), 16).expect("tiles are below 16"))
        .collect()
}

impl GameId {
    /// The mode the board belongs to (its name is the ID's first field).
    pub fn mode(&self) -> crate::core::mode::Mode {
        use crate::core::mode::Mode;
        match self {
            GameId::Explore(_) => Mode::Explore,
            GameId::Runner(_) => Mode::Runner,
            GameId::Slide { .. } => Mode::Slide,
            GameId::Mines { .. } => Mode::Mines,
        }
    }

    /// Reads an ID; surrounding spaces are ignored. The message says what is wrong.
    pub fn parse(text: &str) -> Result<GameId, Phrase> {
        let text = text.trim();
        if text.is_empty() {
            return Err(phrase!("the game ID is empty"));
        }
        if text.len() > MAX_LEN {
            return Err(phrase!(
                "the game ID is {length} characters long; IDs are at most {most}",
                length = text.len(),
                most = MAX_LEN
            ));
        }
        let fields: Vec<&str> = text.split('-').collect();
        let (mode, rest) = fields
            .split_first()
            .expect("split gives one field at least");
        let lower = mode.to_ascii_lowercase();
        let id = match lower.as_str() {
            "explore" => parse_explore(rest)?,
            "runner" => parse_runner(rest)?,
            "slide" => parse_slide(rest)?,
            "mines" => parse_mines(rest)?,
            _ => {
                return Err(phrase!(
                    "`{mode}` is not a mode: a game ID starts with explore, runner, slide or \
                     mines (like runner-prim-21x21-7)",
                    mode = shorten(mode)
                ));
            }
        };
        Ok(id)
    }
}

/// At most 20 characters of what the player typed, for messages.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(20).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

fn expect_fields<'a>(mode: &str, rest: &'a [&'a str], shape: &str) -> Result<(), Phrase> {
    let wanted = shape.split('-').count();
    if rest.len() != wanted {
        return Err(phrase!(
            "a {mode} ID has {wanted} fields after `{mode}`: {mode}-{shape} (this one has {has})",
            mode = mode,
            wanted = wanted,
            shape = shape,
            has = rest.len()
        ));
    }
    Ok(())
}

fn parse_size(text: &str) -> Result<(usize, usize), Phrase> {
    let refused = || phrase!("`{size}` is not a size like 21x21", size = shorten(text));
    let (w, h) = text.split_once(['x', 'X', '×']).ok_or_else(refused)?;
    let number = |s: &str| s.parse::<usize>().map_err(|_| refused());
    Ok((number(w)?, number(h)?))
}

fn parse_seed(text: &str) -> Result<u64, Phrase> {
    text.parse::<u64>().map_err(|_| {
        phrase!(
            "`{seed}` is not a seed (a whole number)",
            seed = shorten(text)
        )
    })
}

fn parse_explore(rest: &[&str]) -> Result<GameId, Phrase> {
    if rest.len() == 1 && rest[0].eq_ignore_ascii_case("classic") {
        return Ok(GameId::Explore(classic()));
    }
    expect_fields("explore", rest, "WxH-CELLS")?;
    let (width, height) = parse_size(rest[0])?;
    if width == 0 || height == 0 {
        return Err(phrase!("an Explore maze needs at least one cell"));
    }
    if width > super::maze::explore::MAX_SIDE || height > super::maze::explore::MAX_SIDE {
        return Err(phrase!(
            "Explore shows mazes up to {most}×{most}; this ID is {width}×{height}",
            most = super::maze::explore::MAX_SIDE,
            width = width,
            height = height
        ));
    }
    let cells_wanted = width * height;
    let digits = rest[1];
    if digits.len() != cells_wanted.div_ceil(2) {
        return Err(phrase!(
            "a {width}×{height} maze takes {wanted} hex digits; this ID has {has}",
            width = width,
            height = height,
            wanted = cells_wanted.div_ceil(2),
            has = digits.len()
        ));
    }
    let mut cells = Vec::with_capacity(cells_wanted + 1);
    for ch in digits.chars() {
        let digit = ch
            .to_digit(16)
            .ok_or_else(|| phrase!("`{ch}` is not a hex digit in the maze", ch = ch))?;
        for code in [digit >> 2, digit & 3] {
            cells.push(match code {
                0 => Cell::Wall,
                1 => Cell::Path,
                2 => Cell::Entry,
                _ => Cell::Exit,
            });
        }
    }
    cells.truncate(cells_wanted);
    let grid = Grid::from_cells(width, height, cells)
        .ok_or_else(|| phrase!("the maze's cells do not fill its size"))?;
    let maze =
        Maze::from_grid(grid).ok_or_else(|| phrase!("the maze has two entries or two exits"))?;
    if maze.entry().is_none() {
        return Err(phrase!(
            "the maze has no entry (a cell coded 2): the ball has nowhere to start"
        ));
    }
    Ok(GameId::Explore(maze))
}

fn parse_runner(rest: &[&str]) -> Result<GameId, Phrase> {
    expect_fields("runner", rest, "GENERATOR-WxH-SEED")?;
    let generator = Generator::from_name(&rest[0].to_ascii_lowercase()).ok_or_else(|| {
        phrase!(
            "`{name}` is not a generator (prim, backtracker, kruskal, wilson)",
            name = shorten(rest[0])
        )
    })?;
    let (width, height) = parse_size(rest[1])?;
    let spec = RunnerSpec {
        generator,
        width,
        height,
        seed: parse_seed(rest[2])?,
    };
    spec.check()?;
    Ok(GameId::Runner(spec))
}

fn parse_board(text: &str) -> Result<Board, Phrase> {
    let count = text.chars().count();
    if count != 9 && count != 16 {
        return Err(phrase!(
            "board `{board}`: expected 9 tiles (3×3) or 16 tiles (4×4), got {count}",
            board = shorten(text),
            count = count
        ));
    }
    let mut cells = Vec::with_capacity(16);
    for ch in text.chars() {
        let digit = ch.to_digit(16).ok_or_else(|| {
            phrase!(
                "`{ch}` is not a tile: tiles are hex digits, 0 the blank",
                ch = ch
            )
        })?;
        cells.push(digit as u8);
    }
    Board::from_cells(&cells)
        .map_err(|e| phrase!("board `{board}`: {why}", board = shorten(text), why = e.0))
}

fn parse_slide(rest: &[&str]) -> Result<GameId, Phrase> {
    let (start, goal) = match rest {
        [start] => {
            let start = parse_board(start)?;
            (start, Board::goal(start.side() as u8))
        }
        [start, goal] => (parse_board(start)?, parse_board(goal)?),
        _ => {
            return Err(phrase!(
                "a slide ID is slide-START or slide-START-GOAL (this one has {has} fields after \
                 `slide`)",
                has = rest.len()
            ));
        }
    };
    if !start.same_size(&goal) {
        return Err(phrase!(
            "the start is {start}×{start} but the goal {goal}×{goal}",
            start = start.side(),
            goal = goal.side()
        ));
    }
    Ok(GameId::Slide { start, goal })
}

fn parse_mines(rest: &[&str]) -> Result<GameId, Phrase> {
    expect_fields("mines", rest, "WxH-MINES-LIVES-RULE-SEED")?;
    let (width, height) = parse_size(rest[0])?;
    let mines = rest[1]
        .parse::<usize>()
        .map_err(|_| phrase!("`{text}` is not a number of mines", text = shorten(rest[1])))?;
    let lives = rest[2]
        .parse::<usize>()
        .map_err(|_| phrase!("`{text}` is not a number of lives", text = shorten(rest[2])))?;
    let first_click = FirstClick::from_name(&rest[3].to_ascii_lowercase()).ok_or_else(|| {
        phrase!(
            "`{rule}` is not a first-click rule (any, safe, opening, noguess)",
            rule = shorten(rest[3])
        )
    })?;
    let config = Config {
        width,
        height,
        mines,
        lives: u32::try_from(lives)
            .map_err(|_| phrase!("{lives} lives is too many", lives = lives))?,
        first_click,
    };
    config.check()?;
    Ok(GameId::Mines {
        config,
        seed: parse_seed(rest[4])?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::maze::generate::generate;
    use crate::core::mines::Preset;

    fn round_trip(id: &GameId) {
        let text = id.to_string();
        assert_eq!(&GameId::parse(&text).unwrap(), id, "{text}");
    }

    #[test]
    fn every_mode_round_trips() {
        round_trip(&GameId::Explore(classic()));
        assert_eq!(GameId::Explore(classic()).to_string(), "explore-classic");
        let mut edited = classic();
        edited.toggle_wall(crate::core::grid::Pos::new(3, 3));
        round_trip(&GameId::Explore(edited));
        // odd cell counts leave half a digit
        let odd = generate(Generator::Wilson, 7, 5, 9, &mut ()).unwrap();
        round_trip(&GameId::Explore(odd));
        for generator in Generator::ALL {
            round_trip(&GameId::Runner(RunnerSpec {
                generator,
                width: 31,
                height: 21,
                seed: 123_456_789,
            }));
        }
        let start = Board::parse("4 3 6 7 1 8 5 2 0").unwrap();
        let id = GameId::Slide {
            start,
            goal: Board::goal(3),
        };
        assert_eq!(id.to_string(), "slide-436718520");
        round_trip(&id);
        let goal = Board::parse("1 2 3 8 0 4 7 6 5").unwrap();
        round_trip(&GameId::Slide { start, goal });
        let fifteen = Board::parse("15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0").unwrap();
        round_trip(&GameId::Slide {
            start: fifteen,
            goal: Board::goal(4),
        });
        let id = GameId::Mines {
            config: Preset::Original.config(),
            seed: 42,
        };
        assert_eq!(id.to_string(), "mines-20x20-81-10-any-42");
        round_trip(&id);
        round_trip(&GameId::Mines {
            config: Config {
                first_click: FirstClick::Opening,
                ..Preset::Expert.config()
            },
            seed: u64::MAX,
        });
    }

    #[test]
    fn bad_ids_say_what_is_wrong() {
        let error = |text: &str| GameId::parse(text).unwrap_err().english();
        assert!(error("").contains("empty"));
        assert!(error("chess-1").contains("not a mode"));
        assert!(error("runner-prim-21x21").contains("3 fields"));
        assert!(error("runner-maze-21x21-1").contains("not a generator"));
        assert!(error("runner-prim-20x21-1").contains("even"));
        assert!(error("runner-prim-21by21-1").contains("not a size"));
        assert!(error("runner-prim-21x21-x").contains("not a seed"));
        assert!(error("runner-prim-999x999-1").contains("up to"));
        assert!(error("slide-12345678").contains("expected 9 tiles"));
        assert!(error("slide-112345678").contains("twice"));
        assert!(error("slide-12345678z").contains("not a tile"));
        assert!(error("slide-123456780-123456789abcdef0").contains("3×3 but the goal 4×4"));
        assert!(error("mines-20x20-500-10-any-1").contains("mines"));
        assert!(error("mines-20x20-81-10-first-1").contains("first-click"));
        assert!(error("mines-20x20-81-ten-any-1").contains("lives"));
        assert!(error("explore-8x8-00").contains("32 hex digits"));
        assert!(error("explore-200x8-00").contains("up to 128"));
        assert!(error(&"explore-".repeat(2_000)).contains("at most"));
        // two entries
        let two = format!("explore-2x1-{:x}", 2 << 2 | 2);
        assert!(error(&two).contains("two entries"));
    }

    #[test]
    fn ids_are_case_and_space_tolerant() {
        assert_eq!(
            GameId::parse("  Runner-Prim-21X21-7 ").unwrap(),
            GameId::parse("runner-prim-21x21-7").unwrap()
        );
        assert_eq!(
            GameId::parse("SLIDE-436718520").unwrap().mode().name(),
            "slide"
        );
    }

    #[test]
    fn an_explore_id_without_an_entry_and_a_long_board_are_refused_with_the_right_words() {
        let message = GameId::parse("explore-2x1-5").unwrap_err().english();
        assert!(message.contains("no entry"), "{message}");
        let message = GameId::parse(&format!("slide-{}", "1".repeat(30)))
            .unwrap_err()
            .english();
        assert!(message.contains("got 30"), "{message}");
    }
}
