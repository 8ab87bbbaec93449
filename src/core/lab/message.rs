//! The Lab's protocol: the lines ai-arcade and a student's program exchange, in its two
//! encodings — JSON Lines, and plain whitespace-separated tokens for C, C++ and Java (where a
//! state is one token: `3,4` for a cell, `1,2,3,4,5,6,7,8,0` for a board, a node's name).
//! docs/lab.md describes both, message by message.

use serde_json::{Value, json};

use super::check::{Answer, Reported};
use super::space::{Space, State, Succ};
use super::task::{Case, Limits};
use crate::core::slide::solve::Heuristic;
use crate::core::text::Phrase;
use crate::phrase;

/// How the program talks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Encoding {
    #[default]
    Json,
    Plain,
}

/// Whether ai-arcade answers the program's expansions with their successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Session {
    /// The program has its own successor function and only reports.
    #[default]
    Trace,
    /// Each expansion is answered with the state's successors in the task's order.
    Oracle,
    /// Boards are sent in batches and the program answers its estimate of each.
    Evaluate,
    /// A game: the program sees the field each turn and answers with its move.
    Turns,
}

impl Session {
    pub fn name(self) -> &'static str {
        match self {
            Session::Trace => "trace",
            Session::Oracle => "oracle",
            Session::Evaluate => "evaluate",
            Session::Turns => "turns",
        }
    }
}

/// One line of the program, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// It took this state off its frontier.
    Expand(State, Reported),
    /// It put this state on its frontier (optional; checked to be a successor).
    Push(State),
    /// Its answer.
    Answer(Answer),
    /// An empty line (ignored).
    Nothing,
}

fn heuristic_name(case: &Case) -> &'static str {
    match &case.space {
        Space::Slide(s) if case.search.uses_h() => match s.heuristic {
            Some(Heuristic::Misplaced) => "misplaced",
            Some(_) => "manhattan",
            None => "none",
        },
        Space::Maze(_) if case.search.uses_h() => "manhattan",
        Space::Graph(_) if case.search.uses_h() => "given",
        _ => "none",
    }
}

fn maze_rows(case: &Case) -> (Vec<String>, Option<Vec<String>>) {
    let Space::Maze(m) = &case.space else {
        return (Vec::new(), None);
    };
    let mut rows = Vec::new();
    let mut costs = Vec::new();
    for r in 0..m.height {
        let mut row = String::new();
        let mut cost = String::new();
        for c in 0..m.width {
            let i = r * m.width + c;
            row.push(if m.cost[i] == 0 {
                '#'
            } else if i == m.start {
                'S'
            } else if Some(i) == m.goal {
                'E'
            } else {
                '.'
            });
            cost.push(char::from(b'0' + m.cost[i].min(9)));
        }
        rows.push(row);
        costs.push(cost);
    }
    (rows, m.has_costs().then_some(costs))
}

/// The problem message, in `encoding` (a plain problem is several lines, ending with `end`).
pub fn problem(case: &Case, session: Session, limits: &Limits, encoding: Encoding) -> String {
    let space = &case.space;
    let kind = match space {
        Space::Maze(_) => "maze",
        Space::Slide(_) => "slide",
        Space::Graph(_) => "graph",
        Space::Mines(_) => "mines",
    };
    let goals = space.goals();
    match encoding {
        Encoding::Json => {
            let mut message = json!({
                "op": "problem",
                "task": case.task,
                "case": case.number,
                "kind": kind,
                "session": session.name(),
                "search": case.search.name(),
                "start": space.to_json(space.start()),
                "h": heuristic_name(case),
                "limits": {
                    "seconds": limits.seconds,
                    "cpu_seconds": limits.cpu_seconds,
                    "memory_mb": limits.memory_mb,
                    "output_bytes": limits.output_bytes,
                },
            });
            let object = message.as_object_mut().expect("an object");
            match space {
                Space::Maze(m) => {
                    let (rows, costs) = maze_rows(case);
                    object.insert("grid".into(), json!(rows));
                    if let Some(costs) = costs {
                        object.insert("costs".into(), json!(costs));
                    }
                    object.insert(
                        "goal".into(),
                        goals.first().map_or(Value::Null, |&g| space.to_json(g)),
                    );
                    let moves: Vec<&str> = m.moves.iter().map(|d| d.name()).collect();
                    object.insert("moves".into(), json!(moves));
                }
                Space::Slide(s) => {
                    object.insert("size".into(), json!(s.start.side()));
                    object.insert("goal".into(), space.to_json(goals[0]));
                    let moves: Vec<&str> = s.moves.iter().map(|m| m.name()).collect();
                    object.insert("moves".into(), json!(moves));
                }
                Space::Graph(g) => {
                    let edges: Vec<Value> = g
                        .edges
                        .iter()
                        .map(|&(a, b, c)| json!([g.names[a], g.names[b], c]))
                        .collect();
                    object.insert("edges".into(), json!(edges));
                    object.insert("directed".into(), json!(g.directed));
                    if case.search.uses_h() {
                        let h: serde_json::Map<String, Value> = g
                            .names
                            .iter()
                            .zip(&g.h)
                            .map(|(n, &v)| (n.clone(), json!(v)))
                            .collect();
                        object.insert("h".into(), Value::Object(h));
                    }
                    let goal = if goals.len() == 1 {
                        space.to_json(goals[0])
                    } else {
                        Value::Array(goals.iter().map(|&s| space.to_json(s)).collect())
                    };
                    object.insert("goal".into(), goal);
                    object.insert("moves".into(), json!("by name"));
                }
                Space::Mines(f) => {
                    for key in ["start", "h"] {
                        object.remove(key);
                    }
                    object.insert("rows".into(), json!(f.config.height));
                    object.insert("cols".into(), json!(f.config.width));
                    object.insert("mines".into(), json!(f.config.mines));
                    object.insert("lives".into(), json!(f.config.lives));
                }
            }
            message.to_string()
        }
        Encoding::Plain => {
            let mut lines = vec![format!(
                "problem {} {} {kind} {} {}",
                case.task,
                case.number,
                session.name(),
                case.search.name()
            )];
            match space {
                Space::Maze(m) => {
                    let (rows, costs) = maze_rows(case);
                    lines.push(format!("grid {} {}", m.height, m.width));
                    lines.extend(rows);
                    if let Some(costs) = costs {
                        lines.push(format!("costs {}", m.height));
                        lines.extend(costs);
                    }
                    let moves: Vec<&str> = m.moves.iter().map(|d| d.name()).collect();
                    lines.push(format!("moves {}", moves.join(" ")));
                }
                Space::Slide(s) => {
                    lines.push(format!("size {}", s.start.side()));
                    let moves: Vec<&str> = s.moves.iter().map(|m| m.name()).collect();
                    lines.push(format!("moves {}", moves.join(" ")));
                }
                Space::Graph(g) => {
                    lines.push(format!("nodes {}", g.names.len()));
                    for (n, h) in g.names.iter().zip(&g.h) {
                        let h = if case.search.uses_h() { *h } else { 0 };
                        lines.push(format!("node {n} {h}"));
                    }
                    lines.push(format!(
                        "edges {} {}",
                        g.edges.len(),
                        if g.directed { "directed" } else { "undirected" }
                    ));
                    for &(a, b, c) in &g.edges {
                        lines.push(format!("edge {} {} {c}", g.names[a], g.names[b]));
                    }
                    lines.push("moves by-name".to_string());
                }
                Space::Mines(f) => {
                    lines.push(format!(
                        "field {} {} {} {}",
                        f.config.height, f.config.width, f.config.mines, f.config.lives
                    ));
                    lines.push(format!(
                        "limits {} {} {}",
                        limits.seconds, limits.cpu_seconds, limits.memory_mb
                    ));
                    lines.push("end".to_string());
                    return lines.join("\n");
                }
            }
            lines.push(format!("start {}", space.token(space.start())));
            let goal_tokens: Vec<String> = goals.iter().map(|&g| space.token(g)).collect();
            lines.push(format!(
                "goal {}",
                if goal_tokens.is_empty() {
                    "-".to_string()
                } else {
                    goal_tokens.join(" ")
                }
            ));
            lines.push(format!("h {}", heuristic_name(case)));
            lines.push(format!(
                "limits {} {} {}",
                limits.seconds, limits.cpu_seconds, limits.memory_mb
            ));
            lines.push("end".to_string());
            lines.join("\n")
        }
    }
}

/// The oracle's answer to an expansion: the state's successors in the task's order.
pub fn successors(space: &Space, of: State, succ: &[Succ], encoding: Encoding) -> String {
    match encoding {
        Encoding::Json => {
            let list: Vec<Value> = succ
                .iter()
                .map(|s| {
                    json!({
                        "s": space.to_json(s.state),
                        "move": space.move_name(of, s.mv),
                        "cost": s.cost,
                    })
                })
                .collect();
            json!({"op": "succ", "of": space.to_json(of), "succ": list}).to_string()
        }
        Encoding::Plain => {
            let mut line = format!("succ {} {}", space.token(of), succ.len());
            for s in succ {
                line.push_str(&format!(
                    " {} {} {}",
                    space.token(s.state),
                    space.move_name(of, s.mv),
                    s.cost
                ));
            }
            line
        }
    }
}

/// An `eval` message: boards (puzzle keys of side `side`) the program answers with its h.
pub fn eval(keys: &[State], side: u8, encoding: Encoding) -> String {
    let board = |k: State| crate::core::slide::Board::from_key(k, side);
    match encoding {
        Encoding::Json => {
            let states: Vec<String> = keys.iter().map(|&k| board(k).to_string()).collect();
            json!({"op": "eval", "states": states}).to_string()
        }
        Encoding::Plain => {
            let mut line = format!("eval {}", keys.len());
            for &k in keys {
                line.push(' ');
                let tiles: Vec<String> = board(k).cells().iter().map(u8::to_string).collect();
                line.push_str(&tiles.join(","));
            }
            line
        }
    }
}

/// Reads the program's answer to an `eval`: its values in order (`None` for an empty line).
pub fn read_values(line: &str, encoding: Encoding) -> Result<Option<Vec<f64>>, Phrase> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let value_of = |v: &str| -> Result<f64, Phrase> {
        v.parse::<f64>()
            .map_err(|_| phrase!("{v} is not a number", v = format!("{v:?}")))
    };
    if line.starts_with('{') || encoding == Encoding::Json {
        let shown: String = line.chars().take(80).collect();
        let value = parse_json(line, &shown)?;
        if value.get("op").and_then(Value::as_str) != Some("h") {
            return Err(phrase!(
                "the answer to eval is an h message with the values: {line}",
                line = shown
            ));
        }
        let Some(list) = value.get("values").and_then(Value::as_array) else {
            return Err(phrase!("\"values\" is a list of numbers"));
        };
        return list
            .iter()
            .map(|v| {
                v.as_f64()
                    .ok_or_else(|| phrase!("{v} is not a number", v = v.to_string()))
            })
            .collect::<Result<Vec<f64>, Phrase>>()
            .map(Some);
    }
    let mut tokens = line.split_whitespace();
    if tokens.next() != Some("h") {
        let shown: String = line.chars().take(80).collect();
        return Err(phrase!(
            "the answer to eval is a line h v1 v2 …: {line}",
            line = format!("{shown:?}")
        ));
    }
    tokens
        .map(value_of)
        .collect::<Result<Vec<f64>, Phrase>>()
        .map(Some)
}

/// The rows of a field as an agent sees it: `#` hidden, `F` flagged, `*` a mine that went
/// off, `0`–`8` an open cell's number.
pub fn field_rows(view: &crate::core::mines::View) -> Vec<String> {
    use crate::core::mines::Seen;
    view.cells
        .chunks(view.width)
        .map(|row| {
            row.iter()
                .map(|seen| match seen {
                    Seen::Hidden => '#',
                    Seen::Marked => 'F',
                    Seen::Exploded => '*',
                    Seen::Open(n) => char::from(b'0' + n),
                })
                .collect()
        })
        .collect()
}

/// A `turn` message: the field as the agent sees it, the mines not yet found (flags
/// counted), the lives left.
pub fn turn(view: &crate::core::mines::View, mines_left: i64, encoding: Encoding) -> String {
    let rows = field_rows(view);
    match encoding {
        Encoding::Json => json!({
            "op": "turn",
            "rows": rows,
            "mines_left": mines_left,
            "lives": view.lives_left,
        })
        .to_string(),
        Encoding::Plain => format!("turn {mines_left} {} {}", view.lives_left, rows.join(" ")),
    }
}

/// The end of a game: won or lost, the mines hit, the verdict.
pub fn game_end(won: bool, mines_hit: u32, verdict: &str, encoding: Encoding) -> String {
    let result = if won { "won" } else { "lost" };
    match encoding {
        Encoding::Json => json!({
            "op": "end",
            "result": result,
            "mines_hit": mines_hit,
            "verdict": verdict,
        })
        .to_string(),
        Encoding::Plain => format!("end {result} {mines_hit} {verdict}"),
    }
}

/// Reads an agent's move (`None` for an empty line): `{"op":"open","at":[r,c]}`, `flag`,
/// `chord`; plain `open r c`. What is not a move is `PE`; a move off the field is one, and
/// illegal: `WA`.
pub fn read_action(
    space: &Space,
    line: &str,
    encoding: Encoding,
) -> Result<Option<super::mines::Action>, (super::Verdict, Phrase)> {
    use super::Verdict;
    use super::mines::Action;
    let pe = |why: Phrase| (Verdict::Pe, why);
    let line = line.trim();
    if line.is_empty() {
        return Ok(None);
    }
    let shown: String = line.chars().take(80).collect();
    let not_a_move = || {
        pe(phrase!(
            "a move is open, flag or chord with \"at\": [row, col]: {line}",
            line = shown.clone()
        ))
    };
    // whole coordinates that name no cell are a move off the field
    let off = |why: Phrase, whole: bool| if whole { (Verdict::Wa, why) } else { pe(why) };
    let (op, cell) = if line.starts_with('{') || encoding == Encoding::Json {
        let value = parse_json(line, &shown).map_err(pe)?;
        let op = value
            .get("op")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let Some(at) = value.get("at") else {
            return Err(not_a_move());
        };
        let whole = at.as_array().is_some_and(|a| {
            a.len() == 2 && a.iter().all(|v| super::space::whole_json(v).is_some())
        });
        (op, space.from_json(at).map_err(|why| off(why, whole))?)
    } else {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [op, row, col] = words.as_slice() else {
            return Err(pe(phrase!(
                "a move is open, flag or chord with a row and a column: {line}",
                line = format!("{shown:?}")
            )));
        };
        let whole = [row, col]
            .iter()
            .all(|t| super::space::whole_token(t).is_some());
        (
            (*op).to_string(),
            space
                .from_token(&format!("{row},{col}"))
                .map_err(|why| off(why, whole))?,
        )
    };
    if !matches!(op.as_str(), "open" | "flag" | "chord") {
        return Err(not_a_move());
    }
    let cell = cell as usize;
    Ok(Some(match op.as_str() {
        "open" => Action::Open(cell),
        "flag" => Action::Flag(cell),
        _ => Action::Chord(cell),
    }))
}

/// The last message: the verdict, so that a program waiting for more learns it is over.
pub fn end(verdict: &str, encoding: Encoding) -> String {
    match encoding {
        Encoding::Json => json!({"op": "end", "result": verdict}).to_string(),
        Encoding::Plain => format!("end {verdict}"),
    }
}

/// The longest line a program may print (a depth-first path through every 8-puzzle board fits).
pub const MAX_LINE: usize = 32 << 20;

/// A line read as JSON (`shown`: the line cut short, for the message).
fn parse_json(line: &str, shown: &str) -> Result<Value, Phrase> {
    serde_json::from_str(line).map_err(|e| {
        phrase!(
            "not a JSON message: {why} in {line}",
            why = e.to_string(),
            line = shown.to_string()
        )
    })
}

/// Reads one line of the program. Errors say what is wrong (the runner adds the line number).
pub fn read(space: &Space, line: &str, encoding: Encoding) -> Result<Said, Phrase> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Said::Nothing);
    }
    // a program may answer in JSON whatever it was sent, and plain tokens never start with {
    if line.starts_with('{') {
        read_json(space, line)
    } else if encoding == Encoding::Json {
        // not JSON at all: most often a note printed where the messages go
        let shown: String = line.chars().take(80).collect();
        Err(phrase!(
            "{line} is not a JSON message: standard output carries the protocol alone, one JSON object a line, so write your own notes to stderr (Python: print(..., file=sys.stderr))",
            line = format!("{shown:?}")
        ))
    } else {
        read_plain(space, line)
    }
}

fn number(value: Option<&Value>, name: &str) -> Result<Option<u64>, Phrase> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .or_else(|| super::space::whole_json(v).and_then(|n| u64::try_from(n).ok()))
            .map(Some)
            .ok_or_else(|| {
                phrase!(
                    "{name} must be a whole number, not {v}",
                    name = name.to_string(),
                    v = v.to_string()
                )
            }),
    }
}

fn read_json(space: &Space, line: &str) -> Result<Said, Phrase> {
    let shown: String = line.chars().take(80).collect();
    let value = parse_json(line, &shown)?;
    let Some(op) = value.get("op").and_then(Value::as_str) else {
        return Err(phrase!(
            "a message needs an \"op\" (expand, push, solution, fail): {line}",
            line = shown
        ));
    };
    let state = |name: &str| -> Result<State, Phrase> {
        let v = value.get(name).ok_or_else(|| {
            phrase!(
                "{op} needs {name}",
                op = op.to_string(),
                name = format!("\"{name}\"")
            )
        })?;
        space.from_json(v)
    };
    match op {
        "expand" => Ok(Said::Expand(
            state("s")?,
            Reported {
                g: number(value.get("g"), "g")?,
                h: number(value.get("h"), "h")?,
                f: number(value.get("f"), "f")?,
            },
        )),
        "push" => Ok(Said::Push(state("s")?)),
        "fail" => Ok(Said::Answer(Answer::Fail)),
        "solution" => {
            if let Some(path) = value.get("path") {
                let Some(list) = path.as_array() else {
                    return Err(phrase!("\"path\" is a list of states"));
                };
                let states: Result<Vec<State>, Phrase> =
                    list.iter().map(|v| space.from_json(v)).collect();
                Ok(Said::Answer(Answer::Path(states?)))
            } else if let Some(moves) = value.get("moves") {
                let names: Option<Vec<String>> = moves.as_array().and_then(|list| {
                    list.iter()
                        .map(|m| m.as_str().map(str::to_string))
                        .collect()
                });
                names
                    .map(|n| Said::Answer(Answer::Moves(n)))
                    .ok_or_else(|| phrase!("\"moves\" is a list of move names"))
            } else {
                Err(phrase!("a solution has a \"path\" or \"moves\""))
            }
        }
        other => Err(phrase!(
            "{op} is not a message of the protocol (expand, push, solution, fail)",
            op = format!("{other:?}")
        )),
    }
}

fn read_plain(space: &Space, line: &str) -> Result<Said, Phrase> {
    let mut tokens = line.split_whitespace();
    let op = tokens.next().unwrap_or("");
    let rest: Vec<&str> = tokens.collect();
    match op {
        "expand" => {
            let Some(&first) = rest.first() else {
                return Err(phrase!("expand needs a state"));
            };
            let s = space.from_token(first)?;
            let mut reported = Reported::default();
            let mut pairs = rest[1..].chunks(2);
            for pair in pairs.by_ref() {
                let [name, value] = pair else {
                    return Err(phrase!("after the state come pairs like g 3 h 5"));
                };
                let whole = super::space::whole_token(value).and_then(|n| u64::try_from(n).ok());
                let v: u64 = whole.ok_or_else(|| {
                    phrase!(
                        "{name} must be a whole number, not {v}",
                        name = (*name).to_string(),
                        v = (*value).to_string()
                    )
                })?;
                match *name {
                    "g" => reported.g = Some(v),
                    "h" => reported.h = Some(v),
                    "f" => reported.f = Some(v),
                    _ => return Err(phrase!("after the state come pairs like g 3 h 5")),
                }
            }
            Ok(Said::Expand(s, reported))
        }
        "push" => match rest.first() {
            Some(t) => Ok(Said::Push(space.from_token(t)?)),
            None => Err(phrase!("push needs a state")),
        },
        "fail" => Ok(Said::Answer(Answer::Fail)),
        "path" => {
            let states: Result<Vec<State>, Phrase> =
                rest.iter().map(|t| space.from_token(t)).collect();
            Ok(Said::Answer(Answer::Path(states?)))
        }
        "moves" => Ok(Said::Answer(Answer::Moves(
            rest.iter().map(|m| (*m).to_string()).collect(),
        ))),
        _ => {
            let shown: String = line.chars().take(80).collect();
            Err(phrase!(
                "{line} is not a message of the protocol (expand, push, path, moves, fail): standard output carries the protocol alone, so write your own notes to stderr",
                line = format!("{shown:?}")
            ))
        }
    }
}

/// A recorded run: its expansions with what they reported, and its answer if it has one.
pub type Recorded = (Vec<(State, Reported)>, Option<Answer>);

/// A text file's bytes as text when a byte-order mark says its encoding: UTF-8 (the mark
/// dropped), or UTF-16 — what Windows PowerShell 5's `>` writes (`python main.py >
/// trace.txt`); `None` without a mark.
pub fn marked_text(bytes: &[u8]) -> Option<String> {
    let utf16 = |big: bool| -> String {
        let units = bytes[2..].chunks_exact(2).map(|pair| {
            let pair = [pair[0], pair[1]];
            if big {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            }
        });
        char::decode_utf16(units)
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
            .collect()
    };
    match bytes {
        [0xEF, 0xBB, 0xBF, rest @ ..] => Some(String::from_utf8_lossy(rest).into_owned()),
        [0xFF, 0xFE, ..] => Some(utf16(false)),
        [0xFE, 0xFF, ..] => Some(utf16(true)),
        _ => None,
    }
}

/// A text file's bytes as text: by its byte-order mark ([`marked_text`]), else UTF-8. Bytes
/// that are not text become U+FFFD, and the reader names the line.
pub fn decode_text(bytes: &[u8]) -> String {
    marked_text(bytes).unwrap_or_else(|| String::from_utf8_lossy(bytes).into_owned())
}

/// A recorded run read from a file (`lab check`): the program's lines, JSON or plain. An
/// error names the line (from 1).
pub fn read_trace(space: &Space, text: &str) -> Result<Recorded, (usize, Phrase)> {
    let mut expansions = Vec::new();
    let mut answer = None;
    // a byte-order mark (Notepad's UTF-8) is not part of the first line
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, line) in text.lines().enumerate() {
        let encoding = if line.trim_start().starts_with('{') {
            Encoding::Json
        } else {
            Encoding::Plain
        };
        match read(space, line, encoding).map_err(|e| (i + 1, e))? {
            Said::Expand(s, r) => expansions.push((s, r)),
            Said::Push(_) | Said::Nothing => {}
            Said::Answer(a) => {
                answer = Some(a);
                break;
            }
        }
    }
    Ok((expansions, answer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::lab::task::task;

    #[test]
    fn problems_are_written_in_both_encodings() {
        let case = task("maze-ucs").unwrap().case(1).unwrap();
        let json: Value = serde_json::from_str(&problem(
            &case,
            Session::Oracle,
            &Limits::default(),
            Encoding::Json,
        ))
        .unwrap();
        assert_eq!(json["op"], "problem");
        assert_eq!(json["kind"], "maze");
        assert_eq!(json["session"], "oracle");
        assert_eq!(json["moves"], json!(["up", "down", "left", "right"]));
        assert!(json["costs"].is_array());
        assert_eq!(json["grid"].as_array().unwrap().len(), 8);
        let plain = problem(&case, Session::Trace, &Limits::default(), Encoding::Plain);
        assert!(plain.starts_with("problem maze-ucs 1 maze trace ucs\ngrid 8 8\n"));
        assert!(plain.ends_with("\nend"));
        let graph = task("graph-astar").unwrap().case(1).unwrap();
        let json: Value = serde_json::from_str(&problem(
            &graph,
            Session::Trace,
            &Limits::default(),
            Encoding::Json,
        ))
        .unwrap();
        assert_eq!(json["start"], "Arad");
        assert_eq!(json["goal"], "Bucharest");
        assert_eq!(json["h"]["Arad"], 366);
    }

    #[test]
    fn an_agents_moves_are_read_and_a_move_off_the_field_is_wrong() {
        use crate::core::lab::Verdict;
        use crate::core::lab::mines::Action;
        let case = task("mines-robot").unwrap().case(1).unwrap();
        let space = &case.space;
        let json = |line: &str| read_action(space, line, Encoding::Json);
        assert_eq!(
            json(r#"{"op":"open","at":[2,3]}"#),
            Ok(Some(Action::Open(43)))
        );
        assert_eq!(
            read_action(space, "chord 2 3", Encoding::Plain),
            Ok(Some(Action::Chord(43)))
        );
        assert_eq!(
            json(r#"{"op":"flag","at":[2.0,3]}"#),
            Ok(Some(Action::Flag(43)))
        );
        for (line, encoding) in [
            (r#"{"op":"open","at":[20,0]}"#, Encoding::Json),
            (r#"{"op":"open","at":[-1,3]}"#, Encoding::Json),
            ("open 0 20", Encoding::Plain),
        ] {
            let (verdict, why) = read_action(space, line, encoding).unwrap_err();
            assert_eq!(verdict, Verdict::Wa, "{line}");
            assert!(
                why.english()
                    .contains("is off the field (20 rows, 20 columns)"),
                "{line}: {}",
                why.english()
            );
        }
        for line in [
            r#"{"op":"open","at":[1.5,0]}"#,
            r#"{"op":"dance","at":[1,1]}"#,
            r#"{"op":"open"}"#,
            "open here",
        ] {
            assert_eq!(json(line).unwrap_err().0, Verdict::Pe, "{line}");
        }
    }

    #[test]
    fn traces_saved_on_windows_are_read() {
        // Notepad's UTF-8 with its mark, PowerShell 5's `>` (UTF-16 little-endian, CRLF)
        let case = task("maze-bfs").unwrap().case(1).unwrap();
        let lines = "{\"op\":\"expand\",\"s\":[1,0]}\r\nexpand 1,1\r\n";
        let mut utf8 = vec![0xEF, 0xBB, 0xBF];
        utf8.extend(lines.as_bytes());
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend(lines.encode_utf16().flat_map(u16::to_le_bytes));
        let mut big = vec![0xFE, 0xFF];
        big.extend(lines.encode_utf16().flat_map(u16::to_be_bytes));
        for bytes in [lines.as_bytes().to_vec(), utf8, utf16, big] {
            let text = decode_text(&bytes);
            assert_eq!(text, lines);
            let (expansions, answer) = read_trace(&case.space, &text).unwrap();
            assert_eq!((expansions.len(), answer), (2, None));
        }
        // the mark left in the text (the browser's file read) is skipped too
        let (expansions, _) = read_trace(&case.space, &format!("\u{feff}{lines}")).unwrap();
        assert_eq!(expansions.len(), 2);
        assert!(
            crate::core::lab::parse_lab_file(
                "\u{feff}{\"name\":\"x\",\"search\":\"bfs\",\"cases\":[{\"grid\":[\"S.E\"]}]}"
            )
            .is_ok()
        );
    }

    #[test]
    fn program_lines_are_read_in_both_encodings() {
        let case = task("maze-astar").unwrap().case(1).unwrap();
        let space = &case.space;
        let expand = read(
            space,
            r#"{"op":"expand","s":[1,0],"g":0,"h":7}"#,
            Encoding::Json,
        );
        assert_eq!(
            expand,
            Ok(Said::Expand(
                8,
                Reported {
                    g: Some(0),
                    h: Some(7),
                    f: None
                }
            ))
        );
        assert_eq!(read(space, "expand 1,0 g 0 h 7", Encoding::Plain), expand);
        // whole numbers written as floats (Python's json, C's %f) are whole numbers
        assert_eq!(
            read(
                space,
                r#"{"op":"expand","s":[1.0,0.0],"g":0.0,"h":7.0}"#,
                Encoding::Json
            ),
            expand
        );
        assert_eq!(
            read(space, "expand 1.0,0 g 0.000000 h 7.0", Encoding::Plain),
            expand
        );
        assert_eq!(read(space, "  ", Encoding::Plain), Ok(Said::Nothing));
        // a note printed where the messages go is named as one, in either encoding
        for encoding in [Encoding::Json, Encoding::Plain] {
            let note = read(space, "debug: start is [1, 0]", encoding).unwrap_err();
            assert!(
                note.english().contains("write your own notes to stderr"),
                "{}",
                note.english()
            );
        }
        assert_eq!(
            read(space, "moves right down", Encoding::Plain),
            Ok(Said::Answer(Answer::Moves(vec![
                "right".into(),
                "down".into()
            ])))
        );
        assert_eq!(
            read(
                space,
                r#"{"op":"solution","path":[[1,0],[1,1]]}"#,
                Encoding::Json
            ),
            Ok(Said::Answer(Answer::Path(vec![8, 9])))
        );
        for bad in [
            "hello",
            "{\"op\":\"dance\"}",
            "{\"s\":[1,0]}",
            "{\"op\":\"expand\"}",
            "{\"op\":\"expand\",\"s\":[99,0]}",
            "{\"op\":\"expand\",\"s\":[1,0],\"g\":-1}",
            "{\"op\":\"expand\",\"s\":[1,0],\"g\":0.5}",
            "{\"op\":\"expand\",\"s\":[1.5,0]}",
            "expand 1,0 g 2.5",
            "expand 1,0 g nan",
            "{\"op\":\"solution\"}",
            "expand",
            "expand 1,0 g",
            "expand x,y",
            "\u{0}\u{1}binary",
        ] {
            let encoding = if bad.starts_with('{') {
                Encoding::Json
            } else {
                Encoding::Plain
            };
            assert!(read(space, bad, encoding).is_err(), "{bad:?}");
        }
        let oracle = successors(
            space,
            9,
            &[Succ {
                state: 10,
                mv: 3,
                cost: 1,
            }],
            Encoding::Plain,
        );
        assert_eq!(oracle, "succ 1,1 1 1,2 right 1");
    }
}
