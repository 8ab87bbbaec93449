//! The Runner mode's rules: a generated maze walked by the player, who leaves a trail; an A*
//! hint from wherever the player stands; the machine can take over and walk the optimal path.
//! No Bevy here: the game maps keys to these calls and draws what [`RunnerGame`] reports.

use super::Maze;
use super::generate::{Generator, generate};
use super::solve::{ShortestPath, astar};
use crate::core::grid::{Dir, Grid, Pos};
use crate::core::text::{Arg, Phrase};
use crate::core::trace::{Event, Recorder, Trace};
use crate::{msg, phrase};

/// Size presets, in blocks: the original's 19×19 rooms up to 201×201.
pub const SIZE_PRESETS: [usize; 6] = [19, 31, 51, 101, 151, 201];

/// The smallest size preset above a board of `side` blocks, wrapping to the first.
pub fn next_size_preset(side: usize) -> usize {
    SIZE_PRESETS
        .into_iter()
        .find(|&preset| preset > side)
        .unwrap_or(SIZE_PRESETS[0])
}

/// The largest maze the game draws (per side); larger ones are for the command line.
pub const MAX_PLAY_SIDE: usize = 401;

/// The machine's default walking speed, cells per second, and its range.
pub const DEFAULT_WALK_SPEED: f32 = 12.0;
pub const MIN_WALK_SPEED: f32 = 1.0;
pub const MAX_WALK_SPEED: f32 = 400.0;

/// The machine's next speed up (`faster`) or down, in steps of ×1.5 within the range.
pub fn step_walk_speed(speed: f32, faster: bool) -> f32 {
    let next = if faster { speed * 1.5 } else { speed / 1.5 };
    next.clamp(MIN_WALK_SPEED, MAX_WALK_SPEED)
}

/// Which board this is: enough to make it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunnerSpec {
    pub generator: Generator,
    pub width: usize,
    pub height: usize,
    pub seed: u64,
}

impl RunnerSpec {
    /// Checks the size for play.
    pub fn check(&self) -> Result<(), Phrase> {
        // the game's own limit first, so a player is told the range the game takes
        for (name, side) in [(msg!("width"), self.width), (msg!("height"), self.height)] {
            if side > MAX_PLAY_SIDE {
                return Err(phrase!(
                    "{name} {side} is out of range: the game plays mazes of 5 to {play} \
                     blocks (larger ones, up to {max}, can be made with `ai-arcade generate maze`)",
                    name = Arg::Message(name),
                    side = side,
                    play = MAX_PLAY_SIDE,
                    max = super::generate::MAX_SIDE
                ));
            }
        }
        super::generate::check_size(self.width, self.height)
    }
}

/// Records the A* hint's open and closed sets (for the optional overlay).
#[derive(Default)]
struct SetRecorder {
    frontier: Vec<Pos>,
    closed: Vec<Pos>,
}

impl Recorder for SetRecorder {
    fn record(&mut self, event: Event) {
        match event {
            Event::Frontier(p) => self.frontier.push(p),
            Event::Expand(p) => self.closed.push(p),
            _ => {}
        }
    }
}

/// The A* hint from the player's cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hint {
    /// The optimal path from the player to the exit.
    pub path: Vec<Pos>,
    /// Cells A* expanded (its closed set) in the search from `searched_from`.
    pub closed: Vec<Pos>,
    /// Cells A* put in its open set.
    pub frontier: Vec<Pos>,
    /// Where the A* search that found the sets started (the path has been kept up to date
    /// since, move by move).
    pub searched_from: Pos,
}

/// The A* hint from `from` to the maze's exit, with the search's open and closed sets. This is
/// the search the game runs off the main thread.
pub fn search_hint(maze: &Maze, from: Pos) -> Hint {
    let mut sets = SetRecorder::default();
    let ShortestPath { path, .. } = astar(maze, from, maze.exit(), &mut sets);
    Hint {
        path,
        closed: sets.closed,
        frontier: sets.frontier,
        searched_from: from,
    }
}

/// True for a perfect maze (one path between any two open cells): open cells connected and
/// edges = cells − 1. Then the optimal path from a neighbour is the current one with a cell
/// added or removed, and no search is needed as the player walks.
fn is_perfect(maze: &Maze) -> bool {
    let grid = maze.grid();
    let mut open = 0usize;
    let mut edges = 0usize;
    for (pos, cell) in grid.iter() {
        if !cell.is_open() {
            continue;
        }
        open += 1;
        for dir in [Dir::Right, Dir::Down] {
            if maze.is_open(pos.step(dir)) {
                edges += 1;
            }
        }
    }
    let Some(entry) = maze.entry() else {
        return false;
    };
    let reachable = crate::core::maze::solve::bfs(maze, entry, None, &mut ()).expanded;
    open > 0 && edges + 1 == open && reachable == open
}

/// One round of Runner.
#[derive(Clone, Debug)]
pub struct RunnerGame {
    spec: RunnerSpec,
    maze: Maze,
    carving: Trace,
    player: Pos,
    visits: Grid<u16>,
    steps: u32,
    seconds: f64,
    started: bool,
    won: bool,
    optimal: usize,
    hint_on: bool,
    hint: Option<Hint>,
    machine: Option<MachineWalk>,
    revision: u64,
    perfect: bool,
    /// The machine walked some of this round: its time is no player's best.
    assisted: bool,
    /// Steps the machine has walked, ever (a listener tells its steps from the player's).
    machine_steps: u64,
}

/// The machine walking the optimal path for the player.
#[derive(Clone, Debug)]
struct MachineWalk {
    /// Empty until the search for it has answered.
    path: Vec<Pos>,
    next: usize,
    owed: f32,
    paused: bool,
}

impl RunnerGame {
    /// Generates the maze of `spec` and puts the player on the entry.
    pub fn new(spec: RunnerSpec) -> Result<Self, Phrase> {
        spec.check()?;
        let mut carving = Trace::new();
        let maze = generate(
            spec.generator,
            spec.width,
            spec.height,
            spec.seed,
            &mut carving,
        )
        .expect("the size was checked above");
        let entry = maze.entry().expect("generated mazes have an entry");
        let exit = maze.exit();
        let optimal = astar(&maze, entry, exit, &mut ()).length();
        let perfect = is_perfect(&maze);
        let mut game = Self {
            visits: Grid::new(maze.width(), maze.height(), 0),
            spec,
            maze,
            carving,
            player: entry,
            steps: 0,
            seconds: 0.0,
            started: false,
            won: false,
            optimal,
            hint_on: false,
            hint: None,
            machine: None,
            revision: 0,
            perfect,
            assisted: false,
            machine_steps: 0,
        };
        game.visits[entry] = 1;
        Ok(game)
    }

    /// The board's recipe.
    pub fn spec(&self) -> RunnerSpec {
        self.spec
    }

    /// The maze.
    pub fn maze(&self) -> &Maze {
        &self.maze
    }

    /// What the generator carved, in order (the start-of-round animation).
    pub fn carving(&self) -> &Trace {
        &self.carving
    }

    /// Where the player stands.
    pub fn player(&self) -> Pos {
        self.player
    }

    /// How often each cell was stood on (the trail; repeated visits deepen it).
    pub fn visits(&self) -> &Grid<u16> {
        &self.visits
    }

    /// Moves made.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Seconds since the first move (stops at the win).
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// True once the player stands on the exit.
    pub fn won(&self) -> bool {
        self.won
    }

    /// Length of the optimal path from entry to exit.
    pub fn optimal(&self) -> usize {
        self.optimal
    }

    /// Steps taken per optimal step (1.0 is perfect).
    pub fn ratio(&self) -> f64 {
        if self.optimal == 0 {
            return 1.0;
        }
        f64::from(self.steps) / self.optimal as f64
    }

    /// Bumped on every change the screen shows (moves, hint), so the game repaints only then.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// True while the hint is on.
    pub fn hint_on(&self) -> bool {
        self.hint_on
    }

    /// The current hint (when on).
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// True once the machine has walked a step of this round (until a restart): the round's
    /// time does not count as a best time.
    pub fn assisted(&self) -> bool {
        self.assisted
    }

    /// The time to keep as a best time: a round won with no step by the machine.
    pub fn time_to_record(&self) -> Option<f64> {
        (self.won && !self.assisted).then_some(self.seconds)
    }

    /// Steps the machine has walked since the game began (restarts and new rounds included).
    pub fn machine_steps(&self) -> u64 {
        self.machine_steps
    }

    /// True while the machine walks.
    pub fn machine_walking(&self) -> bool {
        self.machine.as_ref().is_some_and(|m| !m.paused)
    }

    /// True when the machine has a walk under way (running or paused).
    pub fn machine_active(&self) -> bool {
        self.machine.is_some()
    }

    /// Moves the player one cell; walls (and the border) block. Returns whether it moved. Any
    /// move by hand stops the machine.
    pub fn try_move(&mut self, dir: Dir) -> bool {
        self.machine = None;
        self.step_to(self.player.step(dir))
    }

    fn step_to(&mut self, next: Pos) -> bool {
        if self.won || !self.maze.is_open(next) || next.manhattan(self.player) != 1 {
            return false;
        }
        self.started = true;
        let from = self.player;
        self.player = next;
        self.steps += 1;
        self.visits[next] = self.visits[next].saturating_add(1);
        if Some(next) == self.maze.exit() {
            self.won = true;
            self.machine = None;
        }
        self.follow_hint(from, next);
        self.revision += 1;
        true
    }

    /// Keeps the hint's path from the player's new cell: in a perfect maze a step along the path
    /// drops its first cell and a step off it adds the new cell in front — exact, and no search;
    /// otherwise the hint waits for a new search.
    fn follow_hint(&mut self, from: Pos, next: Pos) {
        if !self.hint_on {
            return;
        }
        let perfect = self.perfect;
        match &mut self.hint {
            Some(hint) if perfect && hint.path.first() == Some(&from) => {
                if hint.path.get(1) == Some(&next) {
                    hint.path.remove(0);
                } else {
                    hint.path.insert(0, next);
                }
            }
            _ => self.hint = None,
        }
    }

    /// Space: shows or hides the A* path from the player's cell to the exit. Turning it on asks
    /// for a search ([`RunnerGame::wanted_search`]); the path shows once it answers.
    pub fn toggle_hint(&mut self) {
        self.hint_on = !self.hint_on;
        self.hint = None;
        self.revision += 1;
    }

    /// Where an A* search should start, when the hint or the machine waits for one (the game
    /// runs [`search_hint`] off the main thread and hands the answer to
    /// [`RunnerGame::accept_search`]).
    pub fn wanted_search(&self) -> Option<Pos> {
        let hint_waits = self.hint_on && self.hint.is_none();
        let machine_waits = self.machine.as_ref().is_some_and(|m| m.path.is_empty());
        (!self.won && (hint_waits || machine_waits)).then_some(self.player)
    }

    /// Takes the answer of a search from `hint.searched_from`; an answer for a cell the player
    /// has left since is dropped (a new search will be wanted). Returns whether it was used.
    pub fn accept_search(&mut self, hint: Hint) -> bool {
        if hint.searched_from != self.player || self.won {
            return false;
        }
        let mut used = false;
        if let Some(walk) = self.machine.as_mut().filter(|m| m.path.is_empty()) {
            walk.path.clone_from(&hint.path);
            walk.next = 1;
            used = true;
        }
        if self.hint_on {
            self.hint = Some(hint);
            used = true;
        }
        if used {
            self.revision += 1;
        }
        used
    }

    /// Runs a wanted search here and now (tests and the command line; the game uses a task).
    pub fn settle(&mut self) {
        if let Some(from) = self.wanted_search() {
            self.accept_search(search_hint(&self.maze, from));
        }
    }

    /// "Let the machine walk": the player is walked along the A* path from where it stands
    /// (the hint's path when it is up to date, else once a search answers). Calling it again
    /// pauses or resumes the walk.
    pub fn toggle_machine(&mut self) {
        if self.won {
            return;
        }
        if let Some(walk) = &mut self.machine {
            walk.paused = !walk.paused;
        } else {
            let path = self
                .hint
                .as_ref()
                .filter(|h| h.path.first() == Some(&self.player))
                .map(|h| h.path.clone())
                .unwrap_or_default();
            self.machine = Some(MachineWalk {
                path,
                next: 1,
                owed: 0.0,
                paused: false,
            });
        }
    }

    /// Lets `seconds` pass: the clock runs once the player has moved, the machine walks at
    /// `walk_speed` cells per second.
    pub fn tick(&mut self, seconds: f32, walk_speed: f32) {
        if self.started && !self.won && seconds.is_finite() && seconds > 0.0 {
            self.seconds += f64::from(seconds);
        }
        let Some(walk) = &mut self.machine else {
            return;
        };
        if walk.paused || walk.path.is_empty() {
            return;
        }
        walk.owed += seconds.max(0.0) * walk_speed.clamp(MIN_WALK_SPEED, MAX_WALK_SPEED);
        let mut moves = Vec::new();
        while walk.owed >= 1.0 && walk.next < walk.path.len() {
            walk.owed -= 1.0;
            moves.push(walk.path[walk.next]);
            walk.next += 1;
        }
        let done = walk.next >= walk.path.len();
        for next in moves {
            let stepped = self.step_to(next);
            self.assisted |= stepped;
            self.machine_steps += u64::from(stepped);
        }
        if done {
            self.machine = None;
        }
    }

    /// The same maze from the start again.
    pub fn restart(&mut self) {
        let entry = self.maze.entry().expect("generated mazes have an entry");
        self.player = entry;
        self.visits.fill(0);
        self.visits[entry] = 1;
        self.steps = 0;
        self.seconds = 0.0;
        self.started = false;
        self.won = false;
        self.machine = None;
        self.hint = None;
        self.assisted = false;
        self.revision += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(seed: u64) -> RunnerGame {
        RunnerGame::new(RunnerSpec {
            generator: Generator::Backtracker,
            width: 21,
            height: 21,
            seed,
        })
        .unwrap()
    }

    #[test]
    fn walls_block_and_moves_leave_a_trail() {
        let mut g = game(1);
        assert_eq!(g.player(), Pos::new(1, 0));
        assert!(!g.try_move(Dir::Left), "the border");
        assert!(!g.try_move(Dir::Up), "a wall");
        assert!(g.try_move(Dir::Right));
        assert!(g.try_move(Dir::Left));
        assert!(g.try_move(Dir::Right));
        assert_eq!(g.steps(), 3);
        assert_eq!(g.visits()[Pos::new(1, 1)], 2, "visited twice");
        assert_eq!(g.visits()[Pos::new(1, 0)], 2);
    }

    #[test]
    fn the_hint_follows_the_player_and_is_optimal() {
        let mut g = game(2);
        g.toggle_hint();
        assert_eq!(
            g.wanted_search(),
            Some(g.player()),
            "the hint asks for a search"
        );
        assert!(g.hint().is_none());
        g.settle();
        assert_eq!(g.wanted_search(), None);
        let first = g.hint().unwrap().path.clone();
        assert_eq!(first.len() - 1, g.optimal());
        assert_eq!(first[0], g.player());
        assert!(!g.hint().unwrap().closed.is_empty());
        g.try_move(Dir::Right);
        let second = g.hint().unwrap();
        assert_eq!(second.path[0], Pos::new(1, 1));
        assert_eq!(g.wanted_search(), None, "kept up to date without a search");
        g.toggle_hint();
        assert!(g.hint().is_none());
    }

    #[test]
    fn following_the_hint_wins_with_ratio_one() {
        let mut g = game(3);
        g.toggle_hint();
        g.settle();
        while !g.won() {
            let next = g.hint().unwrap().path[1];
            let dir = Dir::ALL
                .into_iter()
                .find(|d| g.player().step(*d) == next)
                .unwrap();
            assert!(g.try_move(dir));
        }
        assert_eq!(g.player(), g.maze().exit().unwrap());
        assert_eq!(
            g.time_to_record(),
            Some(g.seconds()),
            "a win by hand is kept"
        );
        assert_eq!(g.steps() as usize, g.optimal());
        assert!((g.ratio() - 1.0).abs() < 1e-9);
        assert!(!g.try_move(Dir::Left), "no moves after the win");
    }

    #[test]
    fn the_machine_walks_to_the_exit_and_the_clock_stops() {
        let mut g = game(4);
        g.try_move(Dir::Right);
        g.toggle_machine();
        assert!(g.machine_walking());
        g.tick(0.5, 10.0);
        assert_eq!(g.steps(), 1, "the machine waits for its search");
        g.settle();
        g.tick(0.5, 10.0);
        assert_eq!(g.steps(), 1 + 5);
        g.toggle_machine(); // pause
        g.tick(10.0, 10.0);
        assert_eq!(g.steps(), 6);
        g.toggle_machine(); // resume
        for _ in 0..1000 {
            g.tick(0.1, 50.0);
        }
        assert!(g.won());
        assert!(!g.machine_active());
        assert!(g.assisted(), "the machine walked: no best time");
        assert_eq!(g.time_to_record(), None);
        let t = g.seconds();
        g.tick(5.0, 10.0);
        assert_eq!(g.seconds(), t, "the clock stops at the win");
        g.restart();
        assert!(!g.assisted(), "a new round by hand counts again");
        g.toggle_machine();
        assert!(!g.assisted(), "asking is not walking");
    }

    #[test]
    fn the_kept_hint_equals_a_fresh_search_at_every_step_of_a_random_walk() {
        for seed in 0..6 {
            let mut g = RunnerGame::new(RunnerSpec {
                generator: Generator::ALL[seed as usize % 4],
                width: 25,
                height: 19,
                seed,
            })
            .unwrap();
            assert!(g.perfect);
            g.toggle_hint();
            g.settle();
            let mut rng = crate::core::rng::from_seed(seed);
            for _ in 0..400 {
                use rand::RngExt;
                let dir = Dir::ALL[rng.random_range(0..4)];
                if g.try_move(dir) && !g.won() {
                    assert_eq!(g.wanted_search(), None);
                    let fresh = search_hint(g.maze(), g.player());
                    assert_eq!(g.hint().unwrap().path, fresh.path, "seed {seed}");
                }
            }
        }
    }

    #[test]
    fn a_late_answer_for_a_cell_the_player_left_is_dropped() {
        let mut g = game(6);
        g.toggle_hint();
        let from = g.wanted_search().unwrap();
        let answer = search_hint(g.maze(), from);
        g.try_move(Dir::Right);
        assert!(!g.accept_search(answer), "the player moved on");
        assert_eq!(
            g.wanted_search(),
            Some(g.player()),
            "a new search is wanted"
        );
    }

    #[test]
    fn restart_puts_the_player_back() {
        let mut g = game(5);
        g.tick(1.0, 1.0);
        assert_eq!(g.seconds(), 0.0, "the clock waits for the first move");
        g.try_move(Dir::Right);
        g.tick(1.5, 1.0);
        g.restart();
        assert_eq!(g.player(), Pos::new(1, 0));
        assert_eq!((g.steps(), g.seconds()), (0, 0.0));
        assert_eq!(g.visits()[Pos::new(1, 1)], 0);
    }

    #[test]
    fn the_walking_speed_steps_by_half_again_and_stays_in_range() {
        assert_eq!(step_walk_speed(12.0, true), 18.0);
        assert_eq!(step_walk_speed(12.0, false), 8.0);
        assert_eq!(step_walk_speed(MAX_WALK_SPEED, true), MAX_WALK_SPEED);
        assert_eq!(step_walk_speed(MIN_WALK_SPEED, false), MIN_WALK_SPEED);
    }

    #[test]
    fn size_presets_step_up_and_wrap() {
        assert_eq!(next_size_preset(19), 31);
        assert_eq!(next_size_preset(21), 31);
        assert_eq!(next_size_preset(201), 19);
        assert_eq!(next_size_preset(401), 19);
    }

    #[test]
    fn specs_outside_the_game_range_are_refused() {
        let spec = RunnerSpec {
            generator: Generator::Prim,
            width: 403,
            height: 21,
            seed: 0,
        };
        assert!(RunnerGame::new(spec).unwrap_err().english().contains("401"));
        // beyond the command line's limit too, the message gives the game's range
        let huge = RunnerSpec {
            width: 4003,
            ..spec
        };
        let message = huge.check().unwrap_err();
        assert!(message.english().contains("5 to 401 blocks"), "{message}");
        let spec = RunnerSpec { width: 20, ..spec };
        assert!(
            RunnerGame::new(spec)
                .unwrap_err()
                .english()
                .contains("even")
        );
    }

    #[test]
    fn the_hint_is_as_short_as_an_independent_breadth_first_search_also_with_loops() {
        use crate::core::maze::generate::braid;
        for seed in 0..8 {
            let mut maze = generate(Generator::ALL[seed as usize % 4], 31, 25, seed, &mut ())
                .expect("a valid size");
            if seed % 2 == 1 {
                braid(&mut maze, 0.3, seed);
            }
            let exit = maze.exit().unwrap();
            let open: Vec<Pos> = maze.open_positions().collect();
            for &from in open.iter().step_by(17) {
                let hint = search_hint(&maze, from);
                // the reference: the pathfinding crate's BFS over the same open cells
                let reference = pathfinding::directed::bfs::bfs(
                    &from,
                    |p| {
                        Dir::ALL
                            .into_iter()
                            .map(|d| p.step(d))
                            .filter(|n| maze.is_open(*n))
                            .collect::<Vec<_>>()
                    },
                    |p| *p == exit,
                )
                .expect("the exit is reachable");
                assert_eq!(
                    hint.path.len(),
                    reference.len(),
                    "seed {seed} from {from:?}"
                );
                assert_eq!(hint.path.first(), Some(&from));
                assert_eq!(hint.path.last(), Some(&exit));
                assert!(
                    hint.path
                        .windows(2)
                        .all(|w| w[0].manhattan(w[1]) == 1 && maze.is_open(w[1])),
                    "the path walks through open cells"
                );
            }
        }
    }
}
