//! The Runner mode's rules: a generated maze walked by the player, who leaves a trail; an A*
//! hint from wherever the player stands; the machine can take over and walk the optimal path.
//! No Bevy here: the game maps keys to these calls and draws what [`RunnerGame`] reports.

use super::Maze;
use super::generate::{Generator, generate};
use super::solve::{ShortestPath, astar};
use crate::core::grid::{Dir, Grid, Pos};
use crate::core::trace::{Event, Recorder, Trace};

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

/// The machine's default walking speed, cells per second.
pub const DEFAULT_WALK_SPEED: f32 = 12.0;

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
    pub fn check(&self) -> Result<(), String> {
        super::generate::check_size(self.width, self.height)?;
        if self.width > MAX_PLAY_SIDE || self.height > MAX_PLAY_SIDE {
            return Err(format!(
                "the game plays mazes up to {MAX_PLAY_SIDE}×{MAX_PLAY_SIDE}; larger ones can be \
                 made with `ai-arcade generate maze`"
            ));
        }
        Ok(())
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
    /// Cells A* expanded (its closed set).
    pub closed: Vec<Pos>,
    /// Cells A* put in its open set.
    pub frontier: Vec<Pos>,
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
}

/// The machine walking the optimal path for the player.
#[derive(Clone, Debug)]
struct MachineWalk {
    path: Vec<Pos>,
    next: usize,
    owed: f32,
    paused: bool,
}

impl RunnerGame {
    /// Generates the maze of `spec` and puts the player on the entry.
    pub fn new(spec: RunnerSpec) -> Result<Self, String> {
        spec.check()?;
        let mut carving = Trace::new();
        let maze = generate(
            spec.generator,
            spec.width,
            spec.height,
            spec.seed,
            &mut carving,
        )?;
        let entry = maze.entry().expect("generated mazes have an entry");
        let exit = maze.exit();
        let optimal = astar(&maze, entry, exit, &mut ()).length();
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
        self.player = next;
        self.steps += 1;
        self.visits[next] = self.visits[next].saturating_add(1);
        if Some(next) == self.maze.exit() {
            self.won = true;
            self.machine = None;
        }
        if self.hint_on {
            self.hint = Some(self.compute_hint());
        }
        self.revision += 1;
        true
    }

    /// Space: shows or hides the A* path from the player's cell to the exit.
    pub fn toggle_hint(&mut self) {
        self.hint_on = !self.hint_on;
        self.hint = self.hint_on.then(|| self.compute_hint());
        self.revision += 1;
    }

    fn compute_hint(&self) -> Hint {
        let mut sets = SetRecorder::default();
        let ShortestPath { path, .. } = astar(&self.maze, self.player, self.maze.exit(), &mut sets);
        Hint {
            path,
            closed: sets.closed,
            frontier: sets.frontier,
        }
    }

    /// "Let the machine walk": the player is walked along the A* path from where it stands.
    /// Calling it again pauses or resumes the walk.
    pub fn toggle_machine(&mut self) {
        if self.won {
            return;
        }
        match &mut self.machine {
            Some(walk) => walk.paused = !walk.paused,
            None => {
                let path = astar(&self.maze, self.player, self.maze.exit(), &mut ()).path;
                self.machine = Some(MachineWalk {
                    path,
                    next: 1,
                    owed: 0.0,
                    paused: false,
                });
            }
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
        if walk.paused {
            return;
        }
        walk.owed += seconds.max(0.0) * walk_speed.clamp(0.5, 500.0);
        let mut moves = Vec::new();
        while walk.owed >= 1.0 && walk.next < walk.path.len() {
            walk.owed -= 1.0;
            moves.push(walk.path[walk.next]);
            walk.next += 1;
        }
        let done = walk.next >= walk.path.len();
        for next in moves {
            self.step_to(next);
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
        if self.hint_on {
            self.hint = Some(self.compute_hint());
        }
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
        let first = g.hint().unwrap().path.clone();
        assert_eq!(first.len() - 1, g.optimal());
        assert_eq!(first[0], g.player());
        g.try_move(Dir::Right);
        let second = g.hint().unwrap();
        assert_eq!(second.path[0], Pos::new(1, 1));
        assert!(!second.closed.is_empty());
        g.toggle_hint();
        assert!(g.hint().is_none());
    }

    #[test]
    fn following_the_hint_wins_with_ratio_one() {
        let mut g = game(3);
        g.toggle_hint();
        while !g.won() {
            let next = g.hint().unwrap().path[1];
            let dir = Dir::ALL
                .into_iter()
                .find(|d| g.player().step(*d) == next)
                .unwrap();
            assert!(g.try_move(dir));
        }
        assert_eq!(g.player(), g.maze().exit().unwrap());
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
        let t = g.seconds();
        g.tick(5.0, 10.0);
        assert_eq!(g.seconds(), t, "the clock stops at the win");
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
        assert!(RunnerGame::new(spec).unwrap_err().contains("401"));
        let spec = RunnerSpec { width: 20, ..spec };
        assert!(RunnerGame::new(spec).unwrap_err().contains("even"));
    }
}
