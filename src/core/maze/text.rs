//! The maze text format, and the original report's numeric form.
//!
//! One row per line: `#` wall, `.` path, `S` entry, `E` exit. The numeric form of the report
//! (`0` path, `1` wall, `2` entry, `3` exit, separated by spaces or commas) is accepted on load;
//! files are always written in the symbol form. Blank lines before and after the maze and trailing
//! white space are ignored. A maze needs exactly one entry and at most one exit.

use std::fmt;

use super::{Cell, MAX_SIDE, Maze};
use crate::core::grid::{Grid, Pos};
use crate::core::text::Phrase;
use crate::phrase;

/// Why a maze text was refused, and where (1-based line and column, when there is a place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: Phrase,
}

impl ParseError {
    fn at(line: usize, column: usize, message: Phrase) -> Self {
        Self {
            line: Some(line),
            column: Some(column),
            message,
        }
    }

    fn whole(message: Phrase) -> Self {
        Self {
            line: None,
            column: None,
            message,
        }
    }

    /// The message with its place, to be shown in the player's language.
    pub fn phrase(&self) -> Phrase {
        let why = self.message.clone();
        match (self.line, self.column) {
            (Some(line), Some(column)) => phrase!(
                "line {line}, column {column}: {why}",
                line = line,
                column = column,
                why = why
            ),
            (Some(line), None) => phrase!("line {line}: {why}", line = line, why = why),
            _ => why,
        }
    }
}

impl fmt::Display for ParseError {
    /// In English (the command line's language).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.phrase().fmt(f)
    }
}

impl std::error::Error for ParseError {}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Symbols,
    Numeric,
}

/// Parses a maze in either form; the form is decided by the first non-blank line.
pub fn parse(text: &str) -> Result<Maze, ParseError> {
    // editors on some systems start a UTF-8 file with a byte-order mark: it is not a cell
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end()))
        .collect();
    let first = lines.iter().position(|(_, l)| !l.is_empty());
    let last = lines.iter().rposition(|(_, l)| !l.is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(ParseError::whole(phrase!(
            "the maze is empty: it needs at least one row (# wall, . path, S entry, E exit)"
        )));
    };
    let rows = &lines[first..=last];
    let form = if rows[0]
        .1
        .chars()
        .all(|c| c.is_ascii_digit() || c == ',' || c.is_whitespace())
    {
        Form::Numeric
    } else {
        Form::Symbols
    };
    if rows.len() > MAX_SIDE {
        return Err(ParseError::whole(phrase!(
            "the maze has {rows} rows; at most {most} are accepted",
            rows = rows.len(),
            most = MAX_SIDE
        )));
    }

    let mut width = None;
    let mut cells = Vec::new();
    let mut entry: Option<(usize, usize)> = None;
    let mut exit: Option<(usize, usize)> = None;
    for &(line_no, line) in rows {
        if line.is_empty() {
            return Err(ParseError::at(
                line_no,
                1,
                phrase!("empty row inside the maze (rows must follow each other)"),
            ));
        }
        let row_start = cells.len();
        // a numeric row written with separators has one digit per cell: `10` is a number no
        // cell has, not two cells
        if form == Form::Numeric && line.chars().any(|c| c == ',' || c.is_whitespace()) {
            let mut column = 1;
            for token in line.split(|c: char| c == ',' || c.is_whitespace()) {
                let width = token.chars().count();
                if width > 1 {
                    return Err(ParseError::at(
                        line_no,
                        column,
                        phrase!(
                            "`{token}` is not a cell of a numeric maze: each cell is one of 0 \
                             path, 1 wall, 2 entry, 3 exit",
                            token = token
                        ),
                    ));
                }
                column += width + 1;
            }
        }
        for (col_index, ch) in line.chars().enumerate() {
            let column = col_index + 1;
            let cell = match (form, ch) {
                (Form::Symbols, '#') | (Form::Numeric, '1') => Cell::Wall,
                (Form::Symbols, '.') | (Form::Numeric, '0') => Cell::Path,
                (Form::Symbols, 'S') | (Form::Numeric, '2') => Cell::Entry,
                (Form::Symbols, 'E') | (Form::Numeric, '3') => Cell::Exit,
                (Form::Numeric, c) if c == ',' || c.is_whitespace() => continue,
                (Form::Symbols, c) => {
                    return Err(ParseError::at(
                        line_no,
                        column,
                        phrase!(
                            "unknown character {c}: use # for a wall, . for a path, S for the \
                             entry, E for the exit",
                            c = format!("{c:?}")
                        ),
                    ));
                }
                (Form::Numeric, c) => {
                    return Err(ParseError::at(
                        line_no,
                        column,
                        phrase!(
                            "unknown character {c} in a numeric maze: use 0 path, 1 wall, \
                             2 entry, 3 exit, separated by spaces or commas",
                            c = format!("{c:?}")
                        ),
                    ));
                }
            };
            let slot = match cell {
                Cell::Entry => Some((&mut entry, true)),
                Cell::Exit => Some((&mut exit, false)),
                _ => None,
            };
            if let Some((slot, is_entry)) = slot {
                if let Some((l, c)) = *slot {
                    let message = if is_entry {
                        phrase!(
                            "a second entry (the first is at line {l}, column {c}); a maze has one",
                            l = l,
                            c = c
                        )
                    } else {
                        phrase!(
                            "a second exit (the first is at line {l}, column {c}); a maze has one",
                            l = l,
                            c = c
                        )
                    };
                    return Err(ParseError::at(line_no, column, message));
                }
                *slot = Some((line_no, column));
            }
            cells.push(cell);
        }
        let row_len = cells.len() - row_start;
        if row_len > MAX_SIDE {
            return Err(ParseError::at(
                line_no,
                MAX_SIDE + 1,
                phrase!(
                    "the row has {cells} cells; at most {most} are accepted",
                    cells = row_len,
                    most = MAX_SIDE
                ),
            ));
        }
        match width {
            None => width = Some(row_len),
            Some(w) if w != row_len => {
                return Err(ParseError::at(
                    line_no,
                    w.min(row_len) + 1,
                    phrase!(
                        "ragged rows: this row has {cells} cells, the first row has {first}",
                        cells = row_len,
                        first = w
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    let width = width.unwrap_or(0);
    if width == 0 {
        return Err(ParseError::whole(phrase!("the maze has no cells")));
    }
    if entry.is_none() {
        return Err(ParseError::whole(match form {
            Form::Symbols => phrase!("no entry: mark the start with S"),
            Form::Numeric => phrase!("no entry: mark the start with 2"),
        }));
    }
    let grid = Grid::from_cells(width, rows.len(), cells).expect("rows checked to be equal");
    Ok(Maze::from_grid(grid).expect("entries and exits checked to be unique"))
}

/// The symbol character of a cell.
pub fn symbol(cell: Cell) -> char {
    match cell {
        Cell::Wall => '#',
        Cell::Path => '.',
        Cell::Entry => 'S',
        Cell::Exit => 'E',
    }
}

/// Writes a maze in the symbol form, one row per line, ending with a newline.
pub fn to_text(maze: &Maze) -> String {
    let mut out = String::with_capacity((maze.width() + 1) * maze.height());
    for row in 0..maze.height() {
        for col in 0..maze.width() {
            out.push(symbol(maze.cell(Pos::new(row as i32, col as i32))));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse(text).expect_err("should be refused")
    }

    #[test]
    fn symbols_and_numbers_give_the_same_maze() {
        let symbols = parse("#S#\n#.#\n#E#\n").unwrap();
        let numbers = parse("1 2 1\n1,0,1\n1 3 1").unwrap();
        assert_eq!(symbols, numbers);
        assert_eq!(symbols.entry(), Some(Pos::new(0, 1)));
        assert_eq!(symbols.exit(), Some(Pos::new(2, 1)));
    }

    #[test]
    fn text_round_trips() {
        let maze = parse("\n\n#S..#\n#.#.#\n#..E#   \r\n\n").unwrap();
        assert_eq!(to_text(&maze), "#S..#\n#.#.#\n#..E#\n");
        assert_eq!(parse(&to_text(&maze)).unwrap(), maze);
    }

    #[test]
    fn a_maze_without_exit_is_accepted() {
        let maze = parse("S.#").unwrap();
        assert_eq!(maze.exit(), None);
    }

    #[test]
    fn unknown_character_names_line_and_column() {
        let e = err("#S#\n#x#\n");
        assert_eq!((e.line, e.column), (Some(2), Some(2)));
        assert!(
            e.to_string()
                .starts_with("line 2, column 2: unknown character 'x'")
        );
        let e = err("1 2 1\n1 9 1\n");
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
    }

    #[test]
    fn ragged_rows_are_refused() {
        let e = err("#S#\n#.\n");
        assert_eq!((e.line, e.column), (Some(2), Some(3)));
        assert!(e.message.english().contains("ragged"));
        let e = err("#S#\n#..#\n");
        assert_eq!((e.line, e.column), (Some(2), Some(4)));
    }

    #[test]
    fn empty_and_entryless_mazes_are_refused() {
        assert!(err("").message.english().contains("empty"));
        assert!(err("\n  \n").message.english().contains("empty"));
        assert!(err("#..E").message.english().contains("no entry"));
        assert!(err("1 0 3").message.english().contains("with 2"));
    }

    #[test]
    fn second_entry_or_exit_is_refused_where_it_stands() {
        let e = err("S.S\n");
        assert_eq!((e.line, e.column), (Some(1), Some(3)));
        assert!(e.message.english().contains("second entry"));
        let e = err("S.E\nE..\n");
        assert_eq!((e.line, e.column), (Some(2), Some(1)));
        assert!(e.message.english().contains("second exit"));
    }

    #[test]
    fn blank_line_inside_is_refused() {
        let e = err("S.\n\n..\n");
        assert_eq!(e.line, Some(2));
    }

    #[test]
    fn huge_rows_are_refused() {
        let row = format!("S{}\n", ".".repeat(MAX_SIDE));
        assert!(err(&row).message.english().contains("at most"));
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_not_a_cell() {
        let plain = parse("#S#\n#.#\n#E#\n").unwrap();
        assert_eq!(parse("\u{feff}#S#\n#.#\n#E#\n").unwrap(), plain);
    }

    #[test]
    fn a_number_beyond_three_in_a_separated_numeric_maze_is_named() {
        let error = parse("0 2 0\n0 10 0\n0 3 0\n").unwrap_err().to_string();
        assert!(error.contains("`10` is not a cell"), "{error}");
        assert!(error.contains("line 2, column 3"), "{error}");
        // without separators, digits side by side are cells
        assert!(parse("020\n010\n030\n").is_ok());
    }
}
