//! The Mines mode: the report's 20×20 field with 81 mines and 10 robots (lives), played by
//! cursor (keys, d-pad) or mouse; or by the robot, animated, with an overlay of what it knows;
//! hints from the robot in human play; presets, custom sizes, first-click rules; best times.
//!
//! The rules are `core::mines`; this plugin maps actions to them and the game to one entity per
//! cell, the cursor, the robot sprite and the overlay.

mod ui;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::best_times::BestTimesStore;
use super::input::{Action, Actions};
use super::sprites::Sprites;
use super::state::AppState;
use super::view::{BoardLayout, CELL, Framing, glide, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::id::GameId;
use crate::core::mines::robot::{Analysis, Choice};
pub use crate::core::mines::session::{
    GAME_BUDGET, MAX_ROBOT_SPEED, MIN_ROBOT_SPEED, MinesCommand,
};
use crate::core::mines::session::{MinesSession, analyse_for_play};
use crate::core::mines::{Config, FirstClick, Preset, Seen, Status};
use crate::core::rng::fresh_seed;

pub(super) use ui::ui_plugin;

/// One action of the robot's plan.
pub use crate::core::mines::robot::Step as RobotStep;

impl Message for MinesCommand {}

/// The mode's state: the core session (every rule) and the robot's analysis running for it
/// on the task pool (the board revision it looks at, and the task).
#[derive(Resource)]
pub struct Mines {
    session: MinesSession,
    thinking: Option<(u64, Task<Analysis>)>,
}

impl std::ops::Deref for Mines {
    type Target = MinesSession;
    fn deref(&self) -> &MinesSession {
        &self.session
    }
}

impl Mines {
    pub fn new(session: MinesSession) -> Self {
        Self {
            session,
            thinking: None,
        }
    }
}

/// One cell on screen.
#[derive(Component, Debug, Clone, Copy)]
pub struct MinesCell(pub usize);

/// The number (or mark) drawn on a cell.
#[derive(Component, Debug, Clone, Copy)]
pub struct MinesLabel(pub usize);

/// The robot's knowledge tint over a hidden cell.
#[derive(Component, Debug, Clone, Copy)]
pub struct MinesShade(pub usize);

/// The cursor frame.
#[derive(Component, Debug)]
pub struct MinesCursor;

/// The robot sprite.
#[derive(Component, Debug)]
pub struct MinesRobot;

/// Cell entities, rebuilt for a new size.
#[derive(Resource, Debug, Default)]
struct MinesCells {
    size: Option<(usize, usize)>,
    painted: Option<(u64, bool, u64)>,
}

pub(super) fn plugin(app: &mut App) {
    let launch = Launch::of(app);
    let (config, seed) = match &launch.id {
        Some(GameId::Mines { config, seed }) => (*config, *seed),
        _ => (
            launch
                .mines
                .or_else(|| launch.settings.mines_config())
                .unwrap_or_else(|| Preset::Original.config()),
            launch.seed.unwrap_or_else(fresh_seed),
        ),
    };
    let (mut session, problem) = MinesSession::or_original(config, seed);
    if let Some(problem) = problem {
        warn!("{problem}");
    }
    session.apply(MinesCommand::SetSpeed(launch.settings.mines_robot_speed));
    app.insert_resource(Mines::new(session))
        .init_resource::<MinesCells>()
        .add_message::<MinesCommand>()
        .add_systems(OnEnter(AppState::Mines), enter)
        .add_systems(OnExit(AppState::Mines), leave)
        .add_systems(
            Update,
            (
                read_actions,
                apply_commands,
                collect_analysis,
                tick,
                start_analysis,
                record_best_time,
            )
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Mines)),
        )
        .add_systems(
            Update,
            (
                rebuild_cells,
                paint_cells,
                place_cursor,
                place_robot,
                frame_camera,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(AppState::Mines)),
        );
}

fn enter(mut commands: Commands, sprites: Res<Sprites>, mut cells: ResMut<MinesCells>) {
    *cells = MinesCells::default();
    commands.spawn((
        Name::new("Mines cursor"),
        MinesCursor,
        Sprite::from_color(Color::srgba(1.0, 1.0, 1.0, 0.28), Vec2::splat(CELL)),
        Transform::from_xyz(0.0, 0.0, 3.0),
        DespawnOnExit(AppState::Mines),
    ));
    commands.spawn((
        Name::new("Robot"),
        MinesRobot,
        Sprite {
            image: sprites.robot.clone(),
            custom_size: Some(Vec2::splat(CELL * 0.9)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 4.0),
        Visibility::Hidden,
        DespawnOnExit(AppState::Mines),
    ));
}

fn leave(mut framing: ResMut<Framing>, mut mines: ResMut<Mines>) {
    *framing = Framing::default();
    // an analysis in flight is dropped (the session asks again when it is entered)
    mines.thinking = None;
}

fn read_actions(actions: Res<Actions>, mines: Res<Mines>, mut out: MessageWriter<MinesCommand>) {
    let cursor = mines.cursor();
    if let Some(cell) = actions.direction().and_then(|d| mines.cursor_after(d)) {
        out.write(MinesCommand::MoveCursor(cell));
    }
    let robot_driving = mines.robot_on() && !mines.robot_paused();
    if !robot_driving {
        for (action, command) in [
            (Action::Confirm, MinesCommand::Open(cursor)),
            (Action::Mark, MinesCommand::Mark(cursor)),
            (Action::Chord, MinesCommand::Chord(cursor)),
        ] {
            if actions.fired(action) {
                out.write(command);
            }
        }
        if actions.fired(Action::Hint) && !mines.robot_on() {
            out.write(MinesCommand::Hint);
        }
    }
    if mines.robot_on() && actions.fired(Action::Pause) {
        out.write(MinesCommand::PauseRobot);
    }
    for (action, command) in [
        (Action::Replay, MinesCommand::ToggleRobot),
        (Action::StepForward, MinesCommand::StepRobot),
        (
            Action::Faster,
            MinesCommand::SetSpeed(mines.robot_speed() * 1.5),
        ),
        (
            Action::Slower,
            MinesCommand::SetSpeed(mines.robot_speed() / 1.5),
        ),
        (Action::Edit, MinesCommand::ToggleOverlay),
        (Action::NewBoard, mines.new_game_command()),
        (Action::Restart, MinesCommand::SameAgain),
        (Action::NextSize, mines.next_preset_command()),
    ] {
        if actions.fired(action) {
            out.write(command);
        }
    }
}

fn apply_commands(mut commands_in: MessageReader<MinesCommand>, mut mines: ResMut<Mines>) {
    for command in commands_in.read() {
        mines.session.apply(command.clone());
    }
}

/// Hands a finished analysis to the session (one of a board no longer wanted is dropped).
fn collect_analysis(mut mines: ResMut<Mines>) {
    let Some((revision, task)) = mines.thinking.as_mut() else {
        return;
    };
    let revision = *revision;
    let Some(analysis) = block_on(poll_once(task)) else {
        return;
    };
    mines.thinking = None;
    mines.session.accept_analysis(revision, analysis);
}

/// Starts the analysis the session waits for, unless it is under way (one for an older board
/// is dropped).
fn start_analysis(mut mines: ResMut<Mines>) {
    let Some((revision, view)) = mines.session.wanted_analysis() else {
        mines.thinking = None;
        return;
    };
    if mines.thinking.as_ref().is_some_and(|(r, _)| *r == revision) {
        return;
    }
    let task = AsyncComputeTaskPool::get().spawn(async move { analyse_for_play(&view) });
    mines.thinking = Some((revision, task));
}

fn tick(mut mines: ResMut<Mines>, time: Res<Time>) {
    mines.session.tick(time.delta_secs());
}

fn record_best_time(
    mut mines: ResMut<Mines>,
    mut store: ResMut<BestTimesStore>,
    mut done: Local<Option<(u64, u64)>>,
) {
    if mines.game().status() != Status::Won || mines.assisted() {
        return;
    }
    let id = (mines.game().seed(), mines.game().revision());
    if *done == Some(id) {
        return;
    }
    *done = Some(id);
    let Some((key, seconds)) = mines.time_to_record() else {
        return;
    };
    if store.record(&key, seconds) {
        mines.session.set_new_best();
    }
}

/// Number colours, distinct on the dark open cells.
pub fn number_color(n: u8) -> Color {
    match n {
        1 => Color::srgb(0.40, 0.70, 1.0),
        2 => Color::srgb(0.35, 0.85, 0.45),
        3 => Color::srgb(1.0, 0.45, 0.40),
        4 => Color::srgb(0.75, 0.55, 1.0),
        5 => Color::srgb(1.0, 0.70, 0.25),
        6 => Color::srgb(0.30, 0.90, 0.90),
        7 => Color::srgb(0.95, 0.95, 0.95),
        _ => Color::srgb(0.65, 0.65, 0.65),
    }
}

/// The cell colours.
pub mod colors {
    use bevy::prelude::Color;
    pub const HIDDEN: Color = Color::srgb(0.36, 0.41, 0.50);
    pub const OPEN: Color = Color::srgb(0.14, 0.16, 0.20);
    pub const EXPLODED: Color = Color::srgb(0.80, 0.18, 0.14);
    pub const MINE_SHOWN: Color = Color::srgb(0.42, 0.22, 0.22);
    pub const FLAG: Color = Color::srgb(1.0, 0.35, 0.25);
    pub const SAFE: Color = Color::srgba(0.0, 0.75, 0.45, 0.55);
    pub const DANGER: Color = Color::srgba(0.90, 0.15, 0.10, 0.55);
    pub const PICK: Color = Color::srgba(0.94, 0.89, 0.26, 0.75);
}

fn rebuild_cells(
    mut commands: Commands,
    mines: Res<Mines>,
    mut cells: ResMut<MinesCells>,
    old: Query<Entity, With<MinesCell>>,
) {
    let config = mines.game().config();
    let size = (config.width, config.height);
    if cells.size == Some(size) {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let layout = BoardLayout::new(config.width, config.height);
    for cell in 0..config.cells() {
        let pos = Pos::new((cell / config.width) as i32, (cell % config.width) as i32);
        commands.spawn((
            MinesCell(cell),
            Sprite::from_color(colors::HIDDEN, Vec2::splat(CELL - 2.0)),
            Transform::from_translation(layout.center(pos).extend(0.0)),
            DespawnOnExit(AppState::Mines),
            children![
                (
                    MinesShade(cell),
                    Sprite::from_color(Color::NONE, Vec2::splat(CELL - 2.0)),
                    Transform::from_xyz(0.0, 0.0, 0.5),
                ),
                (
                    MinesLabel(cell),
                    Text2d::new(""),
                    TextFont::from_font_size(104.0),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 1.0).with_scale(Vec3::splat(0.25)),
                ),
            ],
        ));
    }
    cells.size = Some(size);
    cells.painted = None;
}

/// Paints cells when the game, the overlay or the analysis changes.
#[allow(clippy::type_complexity)]
fn paint_cells(
    mines: Res<Mines>,
    mut cells: ResMut<MinesCells>,
    mut sprites: Query<(&MinesCell, &mut Sprite), Without<MinesShade>>,
    mut shades: Query<(&MinesShade, &mut Sprite), Without<MinesCell>>,
    mut labels: Query<(&MinesLabel, &mut Text2d, &mut TextColor)>,
) {
    let analysis_rev = mines.analysis().map_or(0, |(r, _)| *r + 1);
    let key = (mines.game().revision(), mines.overlay(), analysis_rev);
    if cells.painted == Some(key) {
        return;
    }
    let game = mines.game();
    let revealed = game.mines_revealed();
    let is_shown_mine = |c: usize| {
        revealed
            .as_ref()
            .is_some_and(|m| m.binary_search(&c).is_ok())
    };
    for (cell, mut sprite) in &mut sprites {
        let c = cell.0;
        let color = match game.seen(c) {
            Seen::Open(_) => colors::OPEN,
            Seen::Exploded => colors::EXPLODED,
            _ if is_shown_mine(c) => colors::MINE_SHOWN,
            _ => colors::HIDDEN,
        };
        if sprite.color != color {
            sprite.color = color;
        }
    }
    for (label, mut text, mut color) in &mut labels {
        let c = label.0;
        let (wanted, tint) = match game.seen(c) {
            Seen::Open(0) => (String::new(), Color::WHITE),
            Seen::Open(n) => (n.to_string(), number_color(n)),
            Seen::Exploded => ("*".into(), Color::BLACK),
            Seen::Marked => ("F".into(), colors::FLAG),
            Seen::Hidden if is_shown_mine(c) => ("*".into(), Color::srgb(0.9, 0.9, 0.9)),
            Seen::Hidden => (String::new(), Color::WHITE),
        };
        if text.0 != wanted {
            text.0 = wanted;
        }
        if color.0 != tint {
            color.0 = tint;
        }
    }
    // the overlay: the robot's knowledge on hidden cells (from an analysis of this board)
    let analysis = mines.overlay().then(|| mines.current_analysis()).flatten();
    let pick = analysis.and_then(|a| a.choice).map(Choice::cell);
    for (shade, mut sprite) in &mut shades {
        let c = shade.0;
        let hidden = matches!(game.seen(c), Seen::Hidden | Seen::Marked);
        let color = match analysis {
            Some(a) if hidden && game.status() == Status::Playing => {
                if Some(c) == pick && game.seen(c) == Seen::Hidden {
                    colors::PICK
                } else {
                    match a.probability[c] {
                        Some(p) if p <= 0.0 => colors::SAFE,
                        Some(p) if p >= 1.0 => colors::DANGER,
                        // shading: the riskier, the redder
                        Some(p) => Color::srgba(0.9, 0.2, 0.1, (0.75 * p as f32).min(0.55)),
                        None => Color::NONE,
                    }
                }
            }
            _ => Color::NONE,
        };
        if sprite.color != color {
            sprite.color = color;
        }
    }
    cells.painted = Some(key);
}

/// The world position of a cell's centre (clamped to the field).
fn cell_center(config: &Config, cell: usize) -> Vec2 {
    let c = cell.min(config.cells() - 1);
    BoardLayout::new(config.width, config.height).center(Pos::new(
        (c / config.width) as i32,
        (c % config.width) as i32,
    ))
}

fn place_cursor(
    mines: Res<Mines>,
    cursor: Single<(&mut Transform, &mut Visibility), With<MinesCursor>>,
) {
    let (mut transform, mut visibility) = cursor.into_inner();
    transform.translation = cell_center(mines.game().config(), mines.cursor()).extend(3.0);
    show_if(&mut visibility, mines.game().status() == Status::Playing);
}

fn place_robot(
    mines: Res<Mines>,
    time: Res<Time>,
    robot: Single<(&mut Transform, &mut Visibility), With<MinesRobot>>,
) {
    let (mut transform, mut visibility) = robot.into_inner();
    let target = cell_center(mines.game().config(), mines.robot_at());
    let next = glide(
        transform.translation.truncate(),
        target,
        time.delta_secs(),
        14.0,
        CELL * 1000.0,
    );
    transform.translation = next.extend(4.0);
    show_if(&mut visibility, mines.robot_visible());
}

fn frame_camera(mines: Res<Mines>, mut framing: ResMut<Framing>) {
    let config = mines.game().config();
    let layout = BoardLayout::new(config.width, config.height);
    if framing.board != Some(layout) || framing.focus.is_some() {
        *framing = Framing {
            board: Some(layout),
            focus: None,
        };
    }
}

/// The first-click rules by name, for the panel.
pub fn first_click_title(rule: FirstClick) -> &'static str {
    match rule {
        FirstClick::Any => "any (mines laid before: the original)",
        FirstClick::Safe => "safe (the first cell is never a mine)",
        FirstClick::Opening => "opening (the first cell is a zero)",
    }
}
