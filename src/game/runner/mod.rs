//! The Runner mode: a random maze (Prim, backtracker, Kruskal, Wilson), walked by the player
//! with a trail; Space shows the A* path from where the player stands; the machine can walk the
//! rest; a win panel with time, steps and the optimal length; best times kept across runs.
//!
//! Rules live in `core::maze::runner::RunnerGame`; this plugin maps actions to it and its state
//! to one entity per cell (found by index in [`RunnerCells`]), the ball and the camera.

mod board;
mod ui;

use bevy::input::mouse::MouseWheel;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::input::{Action, Actions};
use super::learn::{Learn, LearnCommand, key_of, route_keys};
use super::sprites::Sprites;
use super::state::AppState;
use super::theme::palette;
use super::trail::cell_label;
use super::view::{BoardLayout, CELL, Focus, Framing, glide, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::id::GameId;
use crate::core::learn::{Algo, Keep, Walkthrough, carving_walkthrough, maze_walkthrough};
use crate::core::maze::Cell;
use crate::core::maze::runner::{
    DEFAULT_WALK_SPEED, Hint, RunnerGame, RunnerSpec, next_size_preset, search_hint,
    step_walk_speed,
};
use crate::core::rng::fresh_seed;
use crate::core::trace::{Mark, Playback, Replay};
use crate::game::best_times::BestTimesStore;

pub(super) use ui::ui_plugin;

/// How long the start-of-round carving animation lasts, whatever the size.
const REVEAL_SECONDS: f32 = 1.5;
/// Boards at most this many cells across are shown whole; bigger ones follow the player.
const FOLLOW_ABOVE: usize = 61;

/// The round being played, and how it is shown.
#[derive(Resource, Debug)]
pub struct Runner {
    pub game: RunnerGame,
    /// Machine walking speed, cells per second.
    pub walk_speed: f32,
    /// The generator's carving, replayed at the start of a round (`None` once shown).
    pub reveal: Option<Playback>,
    /// Show A*'s open and closed sets under the hint path.
    pub show_sets: bool,
    /// Cells across the view on big boards (zoom).
    pub span_cells: f32,
    /// Set when this round's time was a new best.
    pub new_best: bool,
}

impl Runner {
    /// A round of `spec`, with its carving animation ready.
    pub fn new(spec: RunnerSpec) -> Result<Self, crate::core::text::Phrase> {
        let game = RunnerGame::new(spec)?;
        let carving = game.carving().clone();
        let speed = (carving.len() as f32 / REVEAL_SECONDS).max(1.0);
        let reveal = Playback::new(
            Replay::new(carving, game.maze().width(), game.maze().height()),
            speed,
        );
        Ok(Self {
            game,
            walk_speed: DEFAULT_WALK_SPEED,
            reveal: Some(reveal),
            show_sets: false,
            span_cells: 41.0,
            new_best: false,
        })
    }

    /// The best-times key of this board's size.
    pub fn best_key(&self) -> String {
        let spec = self.game.spec();
        format!("runner {}x{}", spec.width, spec.height) // not shown: a file key
    }
}

/// What the player asked for, from keys, gamepad, panel buttons.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum RunnerCommand {
    /// A new round with this recipe (a new maze, or the same again).
    NewRound(RunnerSpec),
    /// The same maze from the start.
    Restart,
    ToggleHint,
    ToggleMachine,
    Faster,
    Slower,
    Zoom(f32),
    ShowSets(bool),
    /// Learn: `None` opens A* from the player's cell or closes the panel; `Some` opens that
    /// search (A* or breadth-first).
    Learn(Option<Algo>),
}

/// A line for the player: what went wrong (a bad size) or what happened.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct RunnerNotice(pub Option<crate::core::text::Phrase>);

/// One maze cell on screen.
#[derive(Component, Debug, Clone, Copy)]
pub struct RunnerCell {
    pub pos: Pos,
    pub cell: Cell,
}

/// The player's ball.
#[derive(Component, Debug)]
pub struct Player;

/// The board position of the player (the `Transform` glides behind it).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerCell(pub Pos);

/// Cell entities by flat index, for painting only what changed.
#[derive(Resource, Debug, Default)]
struct RunnerCells {
    entities: Vec<Entity>,
    /// What was painted last.
    painted: Option<Painted>,
    /// The round the entities belong to.
    spec: Option<RunnerSpec>,
    /// What the last full or partial paint showed, so that a step repaints only what changed.
    shown: Option<Shown>,
}

/// What a paint showed: the game revision, the reveal cursor, whether A*'s sets were shown,
/// and Learn's walkthrough (its number) and replay cursor.
type Painted = (u64, usize, bool, Option<(u64, usize)>);

/// The state behind the colours on screen.
#[derive(Debug, Clone)]
struct Shown {
    path: Vec<Pos>,
    player: Pos,
    steps: u32,
    sets_from: Option<Pos>,
    show_sets: bool,
    /// True when painted during the carving animation.
    revealing: bool,
}

pub(super) fn plugin(app: &mut App) {
    let launch = Launch::of(app);
    let (generator, size) = launch.runner.unwrap_or((
        launch.settings.runner_generator(),
        launch.settings.runner_size,
    ));
    let spec = match &launch.id {
        Some(GameId::Runner(spec)) => *spec,
        _ => RunnerSpec {
            generator,
            width: size,
            height: size,
            seed: launch.seed.unwrap_or_else(fresh_seed),
        },
    };
    let runner = Runner::new(spec).unwrap_or_else(|e| {
        warn!("{e}; starting with the default maze");
        Runner::new(RunnerSpec {
            width: 21,
            height: 21,
            ..spec
        })
        .expect("the default Runner maze is valid")
    });
    let mut runner = runner;
    runner.walk_speed = launch.settings.runner_walk_speed;
    app.insert_resource(runner)
        .init_resource::<RunnerNotice>()
        .init_resource::<RunnerCells>()
        .init_resource::<RunnerSearch>()
        .add_message::<RunnerCommand>()
        .add_systems(OnEnter(AppState::Runner), spawn_player)
        .add_systems(OnExit(AppState::Runner), leave)
        .add_systems(
            Update,
            (
                read_actions,
                apply_commands,
                tick,
                run_searches,
                record_best_time,
            )
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Runner)),
        )
        .add_systems(
            Update,
            (
                board::rebuild_cells,
                board::paint_cells,
                board::place_player,
                board::frame_camera,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(AppState::Runner)),
        );
}

fn spawn_player(mut commands: Commands, sprites: Res<Sprites>, mut cells: ResMut<RunnerCells>) {
    *cells = RunnerCells::default();
    commands.spawn((
        Name::new("Player"),
        Player,
        PlayerCell(Pos::default()),
        Sprite {
            image: sprites.ball.clone(),
            custom_size: Some(Vec2::splat(CELL * 0.9)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 2.0),
        DespawnOnExit(AppState::Runner),
    ));
}

fn leave(mut framing: ResMut<Framing>, mut search: ResMut<RunnerSearch>, mut learn: ResMut<Learn>) {
    *framing = Framing::default();
    learn.close();
    // a search left running is dropped (the round asks again when it is entered)
    search.0 = None;
}

fn read_actions(
    actions: Res<Actions>,
    runner: Res<Runner>,
    learn: Res<Learn>,
    mut out: MessageWriter<RunnerCommand>,
    mut to_learn: MessageWriter<LearnCommand>,
    mut wheel: MessageReader<MouseWheel>,
) {
    let game = &runner.game;
    if actions.fired(Action::Learn) && (learn.is_open() || !game.won()) {
        out.write(RunnerCommand::Learn(None));
    }
    if learn.is_open() {
        route_keys(&actions, &mut to_learn);
    }
    let spec = game.spec();
    let next_maze = || RunnerSpec {
        seed: fresh_seed(),
        ..spec
    };
    if game.won() {
        if actions.fired(Action::Confirm) || actions.fired(Action::NewBoard) {
            out.write(RunnerCommand::NewRound(next_maze()));
        }
        if actions.fired(Action::Restart) {
            out.write(RunnerCommand::NewRound(spec));
        }
        return;
    }
    // while Learn is open the hint, speed and zoom keys are its play, speed and step keys
    let playing: &[(Action, RunnerCommand)] = if learn.is_open() {
        &[]
    } else {
        &[
            (Action::Hint, RunnerCommand::ToggleHint),
            (Action::Faster, RunnerCommand::Faster),
            (Action::Slower, RunnerCommand::Slower),
            (Action::ZoomIn, RunnerCommand::Zoom(0.8)),
            (Action::ZoomOut, RunnerCommand::Zoom(1.25)),
        ]
    };
    let always = [
        (Action::Confirm, RunnerCommand::ToggleMachine),
        (Action::Restart, RunnerCommand::Restart),
    ];
    for (action, command) in always.iter().chain(playing) {
        if actions.fired(*action) {
            out.write(command.clone());
        }
    }
    if actions.fired(Action::NewBoard) {
        out.write(RunnerCommand::NewRound(next_maze()));
    }
    if actions.fired(Action::NextGenerator) {
        out.write(RunnerCommand::NewRound(RunnerSpec {
            generator: spec.generator.next(),
            ..next_maze()
        }));
    }
    if actions.fired(Action::NextSize) {
        let size = next_size_preset(spec.width.max(spec.height));
        out.write(RunnerCommand::NewRound(RunnerSpec {
            width: size,
            height: size,
            ..next_maze()
        }));
    }
    for event in wheel.read() {
        if event.y != 0.0 {
            out.write(RunnerCommand::Zoom(if event.y > 0.0 { 0.85 } else { 1.18 }));
        }
    }
}

/// Moves are read here, not as commands, so held-key repeat moves exactly once per repeat.
fn apply_commands(
    mut commands_in: MessageReader<RunnerCommand>,
    actions: Res<Actions>,
    mut runner: ResMut<Runner>,
    mut notice: ResMut<RunnerNotice>,
    mut learn: ResMut<Learn>,
) {
    for command in commands_in.read() {
        match command {
            RunnerCommand::Learn(None) if learn.is_open() => learn.close(),
            RunnerCommand::Learn(algo) => {
                let algo = algo.unwrap_or(Algo::MazeAstar);
                runner.reveal = None;
                if let Some(walk) = runner_lesson(&runner.game, algo) {
                    learn.open(walk, learn_key(&runner.game));
                }
            }
            RunnerCommand::NewRound(spec) => match Runner::new(*spec) {
                Ok(mut fresh) => {
                    fresh.walk_speed = runner.walk_speed;
                    fresh.show_sets = runner.show_sets;
                    fresh.span_cells = runner.span_cells;
                    *runner = fresh;
                    notice.0 = None;
                }
                Err(message) => notice.0 = Some(message),
            },
            RunnerCommand::Restart => {
                runner.game.restart();
                runner.new_best = false;
            }
            RunnerCommand::ToggleHint => runner.game.toggle_hint(),
            RunnerCommand::ToggleMachine => {
                runner.reveal = None;
                runner.game.toggle_machine();
            }
            RunnerCommand::Faster => runner.walk_speed = step_walk_speed(runner.walk_speed, true),
            RunnerCommand::Slower => runner.walk_speed = step_walk_speed(runner.walk_speed, false),
            RunnerCommand::ShowSets(on) => runner.show_sets = *on,
            RunnerCommand::Zoom(factor) => {
                let largest = {
                    let maze = runner.game.maze();
                    maze.width().max(maze.height()) as f32 + 1.0
                };
                runner.span_cells = (runner.span_cells * factor).clamp(9.0, largest.max(9.0));
            }
        }
    }
    if let Some(dir) = actions.direction() {
        // a move during the carving animation skips it
        runner.reveal = None;
        runner.game.try_move(dir);
    }
}

/// How much Runner's Learn keeps: enough steps for the mazes a student steps through (on the
/// biggest the search goes on undescribed), 48 frontier entries a step.
const LEARN_KEEP: Keep = Keep {
    open: 48,
    steps: 30_000,
};

/// A walkthrough of `algo`: A* or breadth-first from the player's cell to the exit, or the
/// carving of the round's maze by its generator.
fn runner_lesson(game: &RunnerGame, algo: Algo) -> Option<Walkthrough> {
    if algo.generator().is_some() {
        let spec = game.spec();
        return carving_walkthrough(
            spec.generator,
            (spec.width, spec.height),
            spec.seed,
            LEARN_KEEP,
        );
    }
    maze_walkthrough(game.maze(), algo, game.player(), LEARN_KEEP)
}

/// What a Learn walkthrough of the round stands for: the maze and the player's cell (a step,
/// a restart or a new maze make it another search, and close the panel).
fn learn_key(game: &RunnerGame) -> u64 {
    key_of((format!("{:?}", game.spec()), game.player(), game.steps()))
}

/// The A* search running off the main thread for the hint or the machine, if any, and the
/// board it searches (an answer for another board is dropped).
#[derive(Resource, Default)]
pub struct RunnerSearch(Option<(RunnerSpec, Task<Hint>)>);

impl RunnerSearch {
    /// True while a search runs for the round.
    pub fn running(&self) -> bool {
        self.0.is_some()
    }
}

/// Hands finished searches to the game and starts the one it wants next: the frame never waits
/// for A* (on a 401×401 maze a search takes milliseconds; walking along the hint needs none).
fn run_searches(mut runner: ResMut<Runner>, mut search: ResMut<RunnerSearch>) {
    if let Some((spec, task)) = search.0.as_mut()
        && let Some(hint) = block_on(poll_once(task))
    {
        let same_board = *spec == runner.game.spec();
        search.0 = None;
        if same_board {
            runner.game.accept_search(hint);
        }
    }
    if search.0.is_some() {
        return;
    }
    let player = runner.game.player();
    // the overlay of A*'s sets wants them from where the player stands
    let stale_sets = runner.show_sets
        && !runner.game.won()
        && runner
            .game
            .hint()
            .is_some_and(|h| h.searched_from != player);
    let from = runner.game.wanted_search().or(stale_sets.then_some(player));
    if let Some(from) = from {
        let maze = runner.game.maze().clone();
        search.0 = Some((
            runner.game.spec(),
            AsyncComputeTaskPool::get().spawn(async move { search_hint(&maze, from) }),
        ));
    }
}

fn tick(mut runner: ResMut<Runner>, mut learn: ResMut<Learn>, time: Res<Time>) {
    learn.close_unless_for(learn_key(&runner.game));
    let dt = time.delta_secs();
    let speed = runner.walk_speed;
    if let Some(reveal) = &mut runner.reveal {
        reveal.advance(dt);
        if reveal.replay().finished() {
            runner.reveal = None;
        }
        return;
    }
    runner.game.tick(dt, speed);
}

/// Keeps a winning time when it beats the best for the size.
fn record_best_time(
    mut runner: ResMut<Runner>,
    mut store: ResMut<BestTimesStore>,
    mut done: Local<Option<u64>>,
) {
    if !runner.game.won() {
        *done = None;
        return;
    }
    let id = runner.game.revision();
    if *done == Some(id) {
        return;
    }
    *done = Some(id);
    let Some(seconds) = runner.game.time_to_record() else {
        return;
    };
    let key = runner.best_key();
    if store.record(&key, seconds) {
        runner.new_best = true;
    }
}
