//! The state spaces a Lab task is searched in — a block maze (cells may cost more than one
//! step), a sliding puzzle, an explicit weighted graph — behind one small interface: states are
//! `u64` ids, successors come in the task's order with their move and cost, and each space
//! reads and writes its states in the protocol's two encodings (JSON values and plain tokens).

use std::collections::HashMap;

use serde_json::{Value, json};

use crate::core::grid::{Dir, Pos};
use crate::core::slide::solve::{Goal, Heuristic};
use crate::core::slide::{Board, Move};
use crate::core::text::Phrase;
use crate::phrase;

/// A state of a space: a maze cell's flat index, a packed board, a graph node's index.
pub type State = u64;

/// One successor: the state reached, the move's index in the space's move names, its cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Succ {
    pub state: State,
    pub mv: u8,
    pub cost: u64,
}

/// A block maze: walls, and open cells each costing what it costs to step onto it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MazeSpace {
    pub width: usize,
    pub height: usize,
    /// Per cell: 0 for a wall, else the cost of stepping onto it (1 for plain floor).
    pub cost: Vec<u8>,
    pub start: usize,
    pub goal: Option<usize>,
    /// The successor order.
    pub moves: Vec<Dir>,
    /// Whether A*'s h (Manhattan distance to the goal, times the cheapest cell) is given.
    pub heuristic: bool,
}

/// A sliding puzzle.
#[derive(Clone, Copy, Debug)]
pub struct SlideSpace {
    pub start: Board,
    pub goal: Goal,
    /// The blank's moves, in the successor order.
    pub moves: [Move; 4],
    pub heuristic: Option<Heuristic>,
}

/// An explicit graph: named nodes, weighted edges (both ways unless directed), an estimate
/// per node, a start and one or more goals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphSpace {
    pub names: Vec<String>,
    /// Per node, its successors in the successor order (by name) with the edge's cost.
    pub next: Vec<Vec<(usize, u64)>>,
    pub h: Vec<u64>,
    pub start: usize,
    pub goals: Vec<usize>,
    pub directed: bool,
    /// The edges as given, for the problem message.
    pub edges: Vec<(usize, usize, u64)>,
    /// Each name's node, for reading a program's lines.
    index: std::collections::HashMap<String, usize>,
}

/// A Minesweeper field for an agent: its recipe and seed (the mines are laid from them), and
/// its cells as a maze of open floor (a state is a cell, read and written as a maze's).
#[derive(Clone, Debug)]
pub struct MinesSpace {
    pub config: crate::core::mines::Config,
    pub seed: u64,
    pub cells: MazeSpace,
}

impl MinesSpace {
    pub fn new(config: crate::core::mines::Config, seed: u64) -> MinesSpace {
        MinesSpace {
            config,
            seed,
            cells: MazeSpace {
                width: config.width,
                height: config.height,
                cost: vec![1; config.width * config.height],
                start: 0,
                goal: None,
                moves: Vec::new(),
                heuristic: false,
            },
        }
    }
}

/// The space of a task's case.
#[derive(Clone, Debug)]
pub enum Space {
    Maze(MazeSpace),
    Slide(Box<SlideSpace>),
    Graph(GraphSpace),
    /// A game's field: no search in it, an agent plays it (a turns session).
    Mines(Box<MinesSpace>),
}

impl MazeSpace {
    fn pos(&self, i: usize) -> Pos {
        Pos::new((i / self.width) as i32, (i % self.width) as i32)
    }

    /// The cheapest open cell's cost: Manhattan distance times it never overestimates.
    fn cheapest(&self) -> u64 {
        self.cost
            .iter()
            .filter(|&&c| c > 0)
            .min()
            .map_or(1, |&c| u64::from(c))
    }

    /// True when some cell costs more than one step.
    pub fn has_costs(&self) -> bool {
        self.cost.iter().any(|&c| c > 1)
    }
}

impl MazeSpace {
    /// The open cells next to cell `i` with their move's index and cost, in the move order
    /// (flat index arithmetic: this runs once per expansion of a checked run, millions of
    /// times on a large maze).
    #[inline]
    fn steps(&self, i: usize) -> impl Iterator<Item = (usize, u8, u8)> + Clone + '_ {
        let w = self.width;
        let row = i / w;
        let col = i - row * w;
        self.moves.iter().enumerate().filter_map(move |(k, &dir)| {
            let next = match dir {
                Dir::Up if row > 0 => i - w,
                Dir::Down if row + 1 < self.height => i + w,
                Dir::Left if col > 0 => i - 1,
                Dir::Right if col + 1 < w => i + 1,
                _ => return None,
            };
            let cost = self.cost[next];
            (cost > 0).then_some((next, k as u8, cost))
        })
    }

    /// The open cells next to cell `i` and the cost of stepping onto each, in the move order.
    #[inline]
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = (State, u64)> + Clone + '_ {
        self.steps(i)
            .map(|(next, _, cost)| (next as State, u64::from(cost)))
    }

    fn successors(&self, i: usize, out: &mut Vec<Succ>) {
        out.extend(self.steps(i).map(|(next, k, cost)| Succ {
            state: next as State,
            mv: k,
            cost: u64::from(cost),
        }));
    }
}

impl GraphSpace {
    /// Builds a graph; successors of each node are sorted by name (the textbooks' order).
    pub fn new(
        names: Vec<String>,
        edges: Vec<(usize, usize, u64)>,
        h: Vec<u64>,
        start: usize,
        goals: Vec<usize>,
        directed: bool,
    ) -> GraphSpace {
        let mut next = vec![Vec::new(); names.len()];
        for &(a, b, cost) in &edges {
            next[a].push((b, cost));
            if !directed {
                next[b].push((a, cost));
            }
        }
        for list in &mut next {
            list.sort_by(|x, y| names[x.0].cmp(&names[y.0]).then(x.1.cmp(&y.1)));
            // an edge given twice (an undirected edge listed both ways, or two roads) is one
            // way on, the cheapest: a state's successors are states
            list.dedup_by_key(|x| x.0);
        }
        let index = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.clone(), i))
            .collect();
        GraphSpace {
            names,
            next,
            h,
            start,
            goals,
            directed,
            edges,
            index,
        }
    }

    /// The index of the node called `name`.
    pub fn node(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }
}

/// What a state of this space looks like, for messages ("a cell [row, col]").
fn expected(space: &Space) -> Phrase {
    match space {
        Space::Maze(_) | Space::Mines(_) => phrase!("a cell is [row, col]"),
        Space::Slide(_) => phrase!("a board is its tiles row by row, 0 the blank"),
        Space::Graph(_) => phrase!("a node is its name"),
    }
}

impl Space {
    /// The start state.
    pub fn start(&self) -> State {
        match self {
            Space::Maze(m) => m.start as State,
            Space::Mines(_) => 0,
            Space::Slide(s) => s.start.key(),
            Space::Graph(g) => g.start as State,
        }
    }

    /// True for a goal state.
    #[inline]
    pub fn is_goal(&self, s: State) -> bool {
        match self {
            Space::Maze(m) => m.goal == Some(s as usize),
            Space::Slide(p) => p.goal.board.key() == s,
            Space::Graph(g) => g.goals.contains(&(s as usize)),
            Space::Mines(_) => false,
        }
    }

    /// The goal states (a puzzle's and a maze's one, a graph's list).
    pub fn goals(&self) -> Vec<State> {
        match self {
            Space::Maze(m) => m.goal.map(|g| g as State).into_iter().collect(),
            Space::Slide(p) => vec![p.goal.board.key()],
            Space::Graph(g) => g.goals.iter().map(|&n| n as State).collect(),
            Space::Mines(_) => Vec::new(),
        }
    }

    /// The successors of `s` in the task's order, into `out` (cleared first).
    pub fn successors(&self, s: State, out: &mut Vec<Succ>) {
        out.clear();
        match self {
            Space::Maze(m) => m.successors(s as usize, out),
            Space::Slide(p) => {
                let board = Board::from_key(s, p.start.side() as u8);
                for (k, &mv) in p.moves.iter().enumerate() {
                    if let Some(next) = board.apply(mv) {
                        out.push(Succ {
                            state: next.key(),
                            mv: k as u8,
                            cost: 1,
                        });
                    }
                }
            }
            Space::Mines(_) => {}
            Space::Graph(g) => {
                for (k, &(to, cost)) in g.next[s as usize].iter().enumerate() {
                    out.push(Succ {
                        state: to as State,
                        mv: k as u8,
                        cost,
                    });
                }
            }
        }
    }

    /// The heuristic's estimate of `s` (0 where the task has none).
    pub fn h(&self, s: State) -> u64 {
        match self {
            Space::Maze(m) => match (m.heuristic, m.goal) {
                (true, Some(goal)) => {
                    u64::from(m.pos(s as usize).manhattan(m.pos(goal))) * m.cheapest()
                }
                _ => 0,
            },
            Space::Slide(p) => p.heuristic.map_or(0, |heuristic| {
                u64::from(
                    p.goal
                        .estimate(heuristic, &Board::from_key(s, p.start.side() as u8)),
                )
            }),
            Space::Graph(g) => g.h.get(s as usize).copied().unwrap_or(0),
            Space::Mines(_) => 0,
        }
    }

    /// The name of a successor's move (`up`, a maze's `down`, a graph's neighbour name).
    pub fn move_name(&self, from: State, mv: u8) -> String {
        match self {
            Space::Maze(m) => m.moves[mv as usize].name().to_string(),
            Space::Slide(p) => p.moves[mv as usize].name().to_string(),
            Space::Graph(g) => g.names[g.next[from as usize][mv as usize].0].clone(),
            Space::Mines(_) => String::new(),
        }
    }

    /// The successor of `from` by the move called `name`, if there is such a move.
    pub fn follow(&self, from: State, name: &str) -> Option<Succ> {
        let mut succ = Vec::new();
        self.successors(from, &mut succ);
        succ.into_iter()
            .find(|s| self.move_name(from, s.mv).eq_ignore_ascii_case(name))
    }

    /// The successor of `from` that is `to`, if it is one (the cheapest edge of a graph).
    pub fn step_cost(&self, from: State, to: State) -> Option<u64> {
        if let Space::Maze(m) = self {
            // a cell's neighbour, without a list: a path of millions of cells is checked so
            let (a, b, w) = (from as usize, to as usize, m.width);
            let next = a.abs_diff(b) == w || (a.abs_diff(b) == 1 && a / w == b / w);
            return (next && a < m.cost.len() && b < m.cost.len() && m.cost[a] > 0)
                .then(|| m.cost[b])
                .filter(|&c| c > 0)
                .map(u64::from);
        }
        let mut succ = Vec::new();
        self.successors(from, &mut succ);
        succ.iter().filter(|s| s.state == to).map(|s| s.cost).min()
    }

    /// How many states a dense table needs, when the states are small numbers (maze cells,
    /// graph nodes); `None` for puzzles, whose packed boards want a hash map.
    pub fn dense_len(&self) -> Option<usize> {
        match self {
            Space::Maze(m) => Some(m.cost.len()),
            Space::Mines(f) => Some(f.cells.cost.len()),
            Space::Slide(_) => None,
            Space::Graph(g) => Some(g.names.len()),
        }
    }

    /// True when every move costs one (breadth-first search is then optimal).
    pub fn unit_costs(&self) -> bool {
        match self {
            Space::Maze(m) => !m.has_costs(),
            Space::Slide(_) | Space::Mines(_) => true,
            Space::Graph(g) => g.edges.iter().all(|e| e.2 == 1),
        }
    }

    /// True when `s` is a state one may stand on (the quick test before [`Space::invalid`]).
    #[inline]
    pub fn open(&self, s: State) -> bool {
        match self {
            Space::Maze(m) => m.cost.get(s as usize).is_some_and(|&c| c > 0),
            Space::Mines(f) => (s as usize) < f.cells.cost.len(),
            Space::Slide(_) | Space::Graph(_) => true,
        }
    }

    /// Why `s` is not a state one may stand on (a wall, off the maze), or `None`.
    #[inline]
    pub fn invalid(&self, s: State) -> Option<Phrase> {
        match self {
            Space::Maze(m) => match m.cost.get(s as usize) {
                Some(0) => Some(phrase!("{cell} is a wall", cell = self.show(s))),
                Some(_) => None,
                None => Some(phrase!("that cell is outside the maze")),
            },
            Space::Mines(f) => (s as usize >= f.cells.cost.len())
                .then(|| phrase!("that cell is outside the field")),
            Space::Slide(_) | Space::Graph(_) => None,
        }
    }

    /// The state as people read it: `(row, col)`, a board's tiles, a node's name.
    pub fn show(&self, s: State) -> String {
        match self {
            Space::Maze(m) => m.pos(s as usize).to_string(),
            Space::Mines(f) => f.cells.pos(s as usize).to_string(),
            Space::Slide(p) => Board::from_key(s, p.start.side() as u8).to_string(),
            Space::Graph(g) => g
                .names
                .get(s as usize)
                .cloned()
                .unwrap_or_else(|| s.to_string()),
        }
    }

    /// The state as a JSON value: `[row, col]`, `"1 2 3 …"`, `"Arad"`.
    pub fn to_json(&self, s: State) -> Value {
        match self {
            Space::Maze(m) => json!(m.pos(s as usize).to_array()),
            Space::Mines(f) => json!(f.cells.pos(s as usize).to_array()),
            Space::Slide(p) => json!(Board::from_key(s, p.start.side() as u8).to_string()),
            Space::Graph(g) => json!(g.names[s as usize]),
        }
    }

    /// The state as one plain token: `3,4` (row, column), `1,2,3,…,0`, `Arad`.
    pub fn token(&self, s: State) -> String {
        match self {
            Space::Maze(m) => {
                let p = m.pos(s as usize);
                format!("{},{}", p.row, p.col)
            }
            Space::Mines(f) => {
                let p = f.cells.pos(s as usize);
                format!("{},{}", p.row, p.col)
            }
            Space::Slide(p) => Board::from_key(s, p.start.side() as u8)
                .cells()
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(","),
            Space::Graph(g) => g.names[s as usize].clone(),
        }
    }

    /// Reads a state from JSON. A maze cell outside the maze or on a wall is still a state
    /// here (the checker names the wall); what cannot be a state at all is an error.
    pub fn from_json(&self, value: &Value) -> Result<State, Phrase> {
        match self {
            Space::Maze(m) => self.cell_from_json(m, value),
            Space::Mines(f) => self.cell_from_json(&f.cells, value),
            Space::Slide(_) => match value {
                Value::String(text) => self.from_token(text),
                Value::Array(items) => {
                    let tiles: Option<Vec<String>> = items
                        .iter()
                        .map(|v| whole_json(v).map(|t| t.to_string()))
                        .collect();
                    match tiles {
                        Some(tiles) => self.from_token(&tiles.join(" ")),
                        None => Err(not_a_state(self, &value.to_string())),
                    }
                }
                _ => Err(not_a_state(self, &value.to_string())),
            },
            Space::Graph(_) => match value {
                Value::String(name) => self.from_token(name),
                _ => Err(not_a_state(self, &value.to_string())),
            },
        }
    }

    /// Reads a state from a plain token (also accepted inside JSON strings).
    pub fn from_token(&self, token: &str) -> Result<State, Phrase> {
        match self {
            Space::Maze(m) => self.cell_from_token(m, token),
            Space::Mines(f) => self.cell_from_token(&f.cells, token),
            Space::Slide(p) => {
                let board = Board::parse(token).map_err(|e| {
                    phrase!("{token} is not a board: {why}", token = token, why = e.0)
                })?;
                if !board.same_size(&p.start) {
                    return Err(phrase!(
                        "{token} is not a board of this puzzle ({n} tiles)",
                        token = token,
                        n = p.start.len()
                    ));
                }
                Ok(board.key())
            }
            Space::Graph(g) => g.node(token).map(|n| n as State).ok_or_else(|| {
                phrase!(
                    "{name} is not a node of this graph",
                    name = format!("{token:?}")
                )
            }),
        }
    }

    fn cell_from_json(&self, m: &MazeSpace, value: &Value) -> Result<State, Phrase> {
        let pair = value
            .as_array()
            .filter(|a| a.len() == 2)
            .and_then(|a| Some((whole_json(&a[0])?, whole_json(&a[1])?)));
        let Some((row, col)) = pair else {
            return Err(not_a_state(self, &value.to_string()));
        };
        self.maze_cell(m, row, col)
    }

    fn cell_from_token(&self, m: &MazeSpace, token: &str) -> Result<State, Phrase> {
        let parts: Vec<&str> = token.split(',').map(str::trim).collect();
        let (Some(row), Some(col)) = (
            parts.first().and_then(|r| whole_token(r)),
            parts.get(1).and_then(|c| whole_token(c)),
        ) else {
            return Err(not_a_state(self, token));
        };
        if parts.len() != 2 {
            return Err(not_a_state(self, token));
        }
        self.maze_cell(m, row, col)
    }

    fn maze_cell(&self, m: &MazeSpace, row: i64, col: i64) -> Result<State, Phrase> {
        match (usize::try_from(row), usize::try_from(col)) {
            (Ok(r), Ok(c)) if r < m.height && c < m.width => Ok((r * m.width + c) as State),
            _ if matches!(self, Space::Mines(_)) => Err(phrase!(
                "({row}, {col}) is off the field ({height} rows, {width} columns)",
                row = row,
                col = col,
                height = m.height,
                width = m.width
            )),
            _ => Err(phrase!(
                "[{row}, {col}] is outside the maze ({height} rows, {width} columns)",
                row = row,
                col = col,
                height = m.height,
                width = m.width
            )),
        }
    }
}

fn not_a_state(space: &Space, text: &str) -> Phrase {
    let shown: String = text.chars().take(60).collect();
    phrase!(
        "{text} is not a state: {what}",
        text = shown,
        what = expected(space)
    )
}

/// The names of a graph's nodes, looked up by name (for lab files).
pub fn name_index(names: &[String]) -> HashMap<&str, usize> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect()
}

/// A float that holds a whole number (a fraction, or past 2^53, is not one).
fn whole_float(f: f64) -> Option<i64> {
    (f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0).then_some(f as i64)
}

/// A whole number written in JSON: `3`, or `3.0` as Python's json writes a float that holds one.
pub fn whole_json(value: &Value) -> Option<i64> {
    value
        .as_i64()
        .or_else(|| value.as_f64().and_then(whole_float))
}

/// A whole number written as a plain token: `3`, or `3.0` / `3.000000` as printf's `%f` writes it.
pub fn whole_token(token: &str) -> Option<i64> {
    token
        .parse::<i64>()
        .ok()
        .or_else(|| token.parse::<f64>().ok().and_then(whole_float))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny_maze() -> Space {
        // S . #
        // # 3 E   (the middle cell costs 3)
        Space::Maze(MazeSpace {
            width: 3,
            height: 2,
            cost: vec![1, 1, 0, 0, 3, 1],
            start: 0,
            goal: Some(5),
            moves: Dir::ALL.to_vec(),
            heuristic: true,
        })
    }

    #[test]
    fn maze_successors_follow_the_order_and_costs() {
        let space = tiny_maze();
        let mut out = Vec::new();
        space.successors(1, &mut out);
        // from (0,1): up is off, down is (1,1) costing 3, left (0,0), right a wall
        assert_eq!(
            out,
            vec![
                Succ {
                    state: 4,
                    mv: 1,
                    cost: 3
                },
                Succ {
                    state: 0,
                    mv: 2,
                    cost: 1
                }
            ]
        );
        assert_eq!(space.h(0), 3);
        assert!(space.invalid(2).is_some());
        assert_eq!(space.from_json(&json!([1, 2])), Ok(5));
        assert_eq!(space.from_token("1,2"), Ok(5));
        assert!(space.from_json(&json!([5, 0])).is_err());
        assert!(space.from_token("1;2").is_err());
        assert_eq!(space.token(5), "1,2");
        assert_eq!(space.follow(1, "down").map(|s| s.state), Some(4));
        assert_eq!(space.step_cost(4, 5), Some(1));
        assert_eq!(space.step_cost(0, 5), None);
    }

    #[test]
    fn puzzle_states_read_in_both_encodings() {
        let start = Board::parse("1 2 3 4 5 6 7 0 8").unwrap();
        let space = Space::Slide(Box::new(SlideSpace {
            start,
            goal: Goal::new(Board::goal(3)),
            moves: Move::ALL,
            heuristic: Some(Heuristic::Manhattan),
        }));
        let key = start.key();
        assert_eq!(space.from_json(&json!("1 2 3 4 5 6 7 0 8")), Ok(key));
        assert_eq!(
            space.from_json(&json!([1, 2, 3, 4, 5, 6, 7, 0, 8])),
            Ok(key)
        );
        assert_eq!(space.from_token(&space.token(key)), Ok(key));
        assert_eq!(space.h(key), 1);
        assert!(space.from_token("1 2 3").is_err());
        let right = space.follow(key, "right").unwrap();
        assert!(space.is_goal(right.state));
    }
}
