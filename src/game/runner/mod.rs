//! The Runner mode: a random maze (Prim, backtracker, Kruskal, Wilson), walked by the player
//! with a trail; Space shows the A* path from where the player stands; the machine can walk the
//! rest; a win panel with time, steps and the optimal length; best times kept across runs.
//!
//! Rules live in `core::maze::runner::RunnerGame`; this plugin maps actions to it and its state
//! to one entity per cell (found by index in [`RunnerCells`]), the ball and the camera.

mod ui;

use bevy::input::mouse::MouseWheel;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::input::{Action, Actions};
use super::sprites::Sprites;
use super::state::AppState;
use super::trail::{cell_label, palette};
use super::view::{BoardLayout, CELL, Focus, Framing, glide, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::id::GameId;
use crate::core::maze::Cell;
use crate::core::maze::runner::{
    DEFAULT_WALK_SPEED, Hint, RunnerGame, RunnerSpec, next_size_preset, search_hint,
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
    pub fn new(spec: RunnerSpec) -> Result<Self, String> {
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
        format!("runner {}x{}", spec.width, spec.height)
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
}

/// A line for the player: what went wrong (a bad size) or what happened.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct RunnerNotice(pub Option<String>);

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
    /// The game revision and reveal cursor painted last.
    painted: Option<(u64, usize, bool)>,
    /// The round the entities belong to.
    spec: Option<RunnerSpec>,
    /// What the last full or partial paint showed, so that a step repaints only what changed.
    shown: Option<Shown>,
}

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
            (rebuild_cells, paint_cells, place_player, frame_camera)
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

fn leave(mut framing: ResMut<Framing>) {
    *framing = Framing::default();
}

fn read_actions(
    actions: Res<Actions>,
    runner: Res<Runner>,
    mut out: MessageWriter<RunnerCommand>,
    mut wheel: MessageReader<MouseWheel>,
) {
    let game = &runner.game;
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
    for (action, command) in [
        (Action::Hint, RunnerCommand::ToggleHint),
        (Action::Confirm, RunnerCommand::ToggleMachine),
        (Action::Restart, RunnerCommand::Restart),
        (Action::Faster, RunnerCommand::Faster),
        (Action::Slower, RunnerCommand::Slower),
        (Action::ZoomIn, RunnerCommand::Zoom(0.8)),
        (Action::ZoomOut, RunnerCommand::Zoom(1.25)),
    ] {
        if actions.fired(action) {
            out.write(command);
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
) {
    for command in commands_in.read() {
        match command {
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
            RunnerCommand::Faster => runner.walk_speed = (runner.walk_speed * 1.5).min(400.0),
            RunnerCommand::Slower => runner.walk_speed = (runner.walk_speed / 1.5).max(1.0),
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

/// The A* search running off the main thread for the hint or the machine, if any, and the
/// board it searches (an answer for another board is dropped).
#[derive(Resource, Default)]
pub struct RunnerSearch(Option<(RunnerSpec, Task<Hint>)>);

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

fn tick(mut runner: ResMut<Runner>, time: Res<Time>) {
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
    let key = runner.best_key();
    let seconds = runner.game.seconds();
    if store.record(&key, seconds) {
        runner.new_best = true;
    }
}

/// Spawns one entity per cell when a new round starts.
fn rebuild_cells(
    mut commands: Commands,
    runner: Res<Runner>,
    sprites: Res<Sprites>,
    mut cells: ResMut<RunnerCells>,
    old: Query<Entity, With<RunnerCell>>,
) {
    let spec = runner.game.spec();
    if cells.spec == Some(spec) && !cells.entities.is_empty() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let maze = runner.game.maze();
    let layout = BoardLayout::new(maze.width(), maze.height());
    let mut entities = Vec::with_capacity(maze.grid().len());
    for (pos, &cell) in maze.grid().iter() {
        let mut entity = commands.spawn((
            RunnerCell { pos, cell },
            Sprite {
                image: sprites.tile.clone(),
                custom_size: Some(Vec2::splat(CELL)),
                ..default()
            },
            Transform::from_translation(layout.center(pos).extend(0.0)),
            DespawnOnExit(AppState::Runner),
        ));
        if matches!(cell, Cell::Entry | Cell::Exit) {
            let label = if cell == Cell::Entry { "S" } else { "E" };
            entity.insert(children![cell_label(label)]);
        }
        entities.push(entity.id());
    }
    cells.entities = entities;
    cells.spec = Some(spec);
    cells.painted = None;
    cells.shown = None;
}

/// The colour of an open cell: trail (deeper with more visits), hint path, A* sets.
fn floor_color(
    runner: &Runner,
    pos: Pos,
    cell: Cell,
    on_hint: bool,
    in_sets: Option<Color>,
) -> Color {
    match cell {
        Cell::Entry => return palette::ENTRY,
        Cell::Exit => return palette::EXIT,
        _ => {}
    }
    if on_hint {
        return palette::ROUTE;
    }
    let visits = runner.game.visits()[pos];
    if visits > 0 {
        let depth = (0.6 + 0.15 * f32::from(visits - 1)).min(1.0);
        return palette::FLOOR.mix(&palette::ON_PATH, depth);
    }
    in_sets.unwrap_or(palette::FLOOR)
}

/// Paints cells when the round changes: walls keep the tile, open cells get their floor colour;
/// during the carving animation, cells not yet carved still show as walls. After a single step
/// (the common case) only the cells whose colour can have changed are repainted: the two player
/// cells and the part of the hint path that differs — on a 401×401 maze that is a few cells
/// instead of 160,801.
fn paint_cells(
    runner: Res<Runner>,
    mut cells: ResMut<RunnerCells>,
    sprites: Res<Sprites>,
    mut query: Query<(&RunnerCell, &mut Sprite)>,
) {
    let cursor = runner
        .reveal
        .as_ref()
        .map_or(usize::MAX, |r| r.replay().cursor());
    let key = (runner.game.revision(), cursor, runner.show_sets);
    if cells.painted == Some(key) || cells.entities.is_empty() {
        return;
    }
    let game = &runner.game;
    let maze = game.maze();
    let grid = maze.grid();
    let hint = game.hint();
    let now = Shown {
        path: hint.map(|h| h.path.clone()).unwrap_or_default(),
        player: game.player(),
        steps: game.steps(),
        sets_from: hint.filter(|_| runner.show_sets).map(|h| h.searched_from),
        show_sets: runner.show_sets,
        revealing: runner.reveal.is_some(),
    };
    // the cells to repaint: `None` means all of them
    let changed: Option<Vec<usize>> = match &cells.shown {
        Some(before)
            if !now.revealing
                && !before.revealing
                && before.show_sets == now.show_sets
                && before.sets_from == now.sets_from
                && now.steps.abs_diff(before.steps) <= 1 =>
        {
            // the paths share their tail; only the parts before it differ
            let shared = before
                .path
                .iter()
                .rev()
                .zip(now.path.iter().rev())
                .take_while(|(a, b)| a == b)
                .count();
            let old_part = &before.path[..before.path.len() - shared];
            let new_part = &now.path[..now.path.len() - shared];
            Some(
                old_part
                    .iter()
                    .chain(new_part)
                    .chain([&before.player, &now.player])
                    .filter_map(|p| grid.index(*p))
                    .collect(),
            )
        }
        _ => None,
    };
    let on_hint: std::collections::HashSet<Pos> = match &changed {
        // a small repaint asks only about the cells it repaints
        Some(list) if list.len() <= 64 => list
            .iter()
            .map(|&i| grid.pos(i))
            .filter(|p| now.path.contains(p))
            .collect(),
        _ => now.path.iter().copied().collect(),
    };
    let mut sets: std::collections::HashMap<Pos, Color> = std::collections::HashMap::new();
    if let Some(hint) = hint.filter(|_| runner.show_sets) {
        for (list, color) in [
            (&hint.frontier, palette::FRONTIER),
            (&hint.closed, palette::CLOSED),
        ] {
            for p in list {
                sets.insert(*p, color);
            }
        }
    }
    // during the carving animation, the generator's marks say what is open so far
    let carved = runner.reveal.as_ref().map(|r| r.replay().marks());
    let mut paint = |i: usize| {
        let Some(&entity) = cells.entities.get(i) else {
            return;
        };
        let Ok((cell, mut sprite)) = query.get_mut(entity) else {
            return;
        };
        let revealed = carved.is_none_or(|m| m.cells()[i] == Mark::Carved);
        if cell.cell == Cell::Wall || !revealed {
            if sprite.image != sprites.tile {
                sprite.image = sprites.tile.clone();
                sprite.color = Color::WHITE;
                sprite.custom_size = Some(Vec2::splat(CELL));
            }
            return;
        }
        let in_sets = sets.get(&cell.pos).copied();
        let color = floor_color(
            &runner,
            cell.pos,
            cell.cell,
            on_hint.contains(&cell.pos),
            in_sets,
        );
        if sprite.image != Handle::default() || sprite.color != color {
            sprite.image = Handle::default();
            sprite.color = color;
            sprite.custom_size = Some(Vec2::splat(CELL - 2.0));
        }
    };
    match &changed {
        Some(list) => list.iter().for_each(|&i| paint(i)),
        None => (0..cells.entities.len()).for_each(&mut paint),
    }
    cells.shown = Some(now);
    cells.painted = Some(key);
}

fn place_player(
    runner: Res<Runner>,
    time: Res<Time>,
    player: Single<(&mut PlayerCell, &mut Transform, &mut Visibility), With<Player>>,
) {
    let (mut cell, mut transform, mut visibility) = player.into_inner();
    let pos = runner.game.player();
    let maze = runner.game.maze();
    let target = BoardLayout::new(maze.width(), maze.height()).center(pos);
    if cell.0 != pos {
        cell.0 = pos;
    }
    let next = glide(
        transform.translation.truncate(),
        target,
        time.delta_secs(),
        30.0,
        CELL * 3.0,
    );
    transform.translation = next.extend(2.0);
    show_if(&mut visibility, runner.reveal.is_none());
}

/// Whole board when it fits; otherwise the camera follows the player at the chosen zoom.
fn frame_camera(
    runner: Res<Runner>,
    player: Single<&Transform, With<Player>>,
    mut framing: ResMut<Framing>,
) {
    let maze = runner.game.maze();
    let layout = BoardLayout::new(maze.width(), maze.height());
    let largest = maze.width().max(maze.height());
    let focus = (largest > FOLLOW_ABOVE && runner.span_cells < largest as f32).then(|| {
        // keep the view inside the board where it can be
        let half = runner.span_cells * CELL / 2.0;
        let limit = (layout.size() / 2.0 - Vec2::splat(half)).max(Vec2::ZERO);
        Focus {
            center: player.translation.truncate().clamp(-limit, limit),
            span_cells: runner.span_cells,
        }
    });
    let wanted = Framing {
        board: Some(layout),
        focus,
    };
    if framing.board != wanted.board || framing.focus != wanted.focus {
        *framing = wanted;
    }
}
