//! The Slide mode: the 8-puzzle and the 15-puzzle. The player slides tiles by mouse (a whole
//! line at once), keys or d-pad, with undo / redo / restart / shuffle; asks for a hint; lets a
//! solver run off the main thread with a live node counter, then watches its solution as an
//! animated demo; compares every solver in a table; sets start and goal by typing or by
//! swapping tiles on the board.
//!
//! The rules are `core::slide::game::SlideGame`; the searches run on Bevy's async compute pool
//! and are polled each frame.

mod jobs;
mod ui;

use bevy::prelude::*;

use super::input::{Action, Actions};
use super::state::AppState;
use super::view::{BoardLayout, CELL, Framing, glide};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::id::GameId;
use crate::core::rng::fresh_seed;
use crate::core::slide::Board;
use crate::core::slide::Move;
use crate::core::slide::game::{ArrowMeaning, SlideGame};
pub use crate::core::slide::game::{Demo, KnownSolution};
use crate::core::slide::session::SlideSession;
pub use crate::core::slide::session::{
    CompareRow, EditTarget, Editing, JobKind, MAX_DEMO_SPEED, MIN_DEMO_SPEED, Notice, SlideCommand,
    summary,
};

pub use jobs::{PdbRecipe, RunningJob};
pub(super) use ui::ui_plugin;

impl Message for SlideCommand {}

/// The mode's state: the core session (every rule), the pattern databases and the search
/// running for the session.
#[derive(Resource)]
pub struct Slide {
    session: SlideSession,
    databases: jobs::Databases,
    running: Option<RunningJob>,
}

impl std::ops::Deref for Slide {
    type Target = SlideSession;
    fn deref(&self) -> &SlideSession {
        &self.session
    }
}

impl Slide {
    pub fn new(session: SlideSession, recipe: PdbRecipe) -> Self {
        Self {
            session,
            databases: jobs::Databases::new(recipe),
            running: None,
        }
    }

    /// The search running now (or waiting for its databases).
    pub fn running(&self) -> Option<&RunningJob> {
        self.running.as_ref()
    }

    /// The fraction of the pattern databases built, while a build runs.
    pub fn databases_building(&self) -> Option<f32> {
        self.databases.building()
    }

    /// Where the last pattern databases came from.
    pub fn databases_note(&self) -> Option<&str> {
        self.databases.note.as_deref()
    }
}

/// One tile on screen.
#[derive(Component, Debug, Clone, Copy)]
pub struct SlideTile(pub u8);

/// The frame behind the tiles.
#[derive(Component, Debug)]
pub struct SlideFrame;

/// Tiles and frame: what is rebuilt when the size changes.
#[derive(Component, Debug)]
struct SizedPiece;

/// The editor's cursor.
#[derive(Component, Debug)]
pub struct SlideCursor;

/// A bit of confetti after a win.
#[derive(Component, Debug)]
pub struct Confetti {
    velocity: Vec2,
    life: f32,
}

/// Tile entities, rebuilt when the board size changes.
#[derive(Resource, Debug, Default)]
struct SlideTiles {
    side: Option<usize>,
}

pub(super) fn plugin(app: &mut App) {
    let launch = Launch::of(app);
    let (start, goal) = match &launch.id {
        Some(GameId::Slide { start, goal }) => (*start, *goal),
        _ => {
            let goal = Board::goal(launch.settings.slide_side as u8);
            let seed = launch.seed.unwrap_or_else(fresh_seed);
            let start = Board::random_solvable(&goal, &mut crate::core::rng::from_seed(seed));
            (start, goal)
        }
    };
    let game = SlideGame::new(start, goal).expect("same size");
    let mut session = SlideSession::new(game);
    session.apply(SlideCommand::SetSpeed(launch.settings.slide_demo_speed));
    session.apply(SlideCommand::SetArrows(
        match launch.settings.slide_arrows.as_str() {
            "blank" => ArrowMeaning::Blank,
            _ => ArrowMeaning::Tile,
        },
    ));
    app.insert_resource(Slide::new(session, launch.pdb.clone()))
        .init_resource::<SlideTiles>()
        .add_message::<SlideCommand>()
        .add_systems(OnEnter(AppState::Slide), enter)
        .add_systems(OnExit(AppState::Slide), leave)
        .add_systems(
            Update,
            (read_actions, apply_commands, jobs::run_jobs, tick)
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Slide)),
        )
        .add_systems(
            Update,
            (
                rebuild_tiles,
                place_tiles,
                place_cursor,
                celebrate,
                frame_camera,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(AppState::Slide)),
        );
}

fn enter(mut tiles: ResMut<SlideTiles>, mut commands: Commands) {
    *tiles = SlideTiles::default();
    commands.spawn((
        Name::new("Edit cursor"),
        SlideCursor,
        Sprite::from_color(Color::srgba(1.0, 1.0, 1.0, 0.0), Vec2::splat(CELL)),
        Transform::from_xyz(0.0, 0.0, 3.0),
        Visibility::Hidden,
        DespawnOnExit(AppState::Slide),
    ));
}

fn leave(mut framing: ResMut<Framing>, mut slide: ResMut<Slide>) {
    *framing = Framing::default();
    // a search left running would only waste a core
    slide.session.drop_job();
    if let Some(job) = slide.running.take() {
        job.cancel();
    }
    slide.databases.cancel_build();
}

fn read_actions(actions: Res<Actions>, slide: Res<Slide>, mut out: MessageWriter<SlideCommand>) {
    if slide.editing().is_some() {
        if let Some(cell) = actions.direction().and_then(|d| slide.edit_cursor_after(d)) {
            out.write(SlideCommand::EditCursor(cell));
        }
        if actions.fired(Action::Confirm) {
            let cursor = slide.editing().map_or(0, |e| e.cursor);
            out.write(SlideCommand::EditPick(cursor));
        }
        if actions.fired(Action::Edit) {
            out.write(SlideCommand::EditDone);
        }
        return;
    }
    let demo = slide.demo().is_some();
    if demo {
        for (action, command) in [
            (Action::Pause, SlideCommand::TogglePause),
            (Action::StepForward, SlideCommand::StepForward),
            (Action::StepBack, SlideCommand::StepBack),
        ] {
            if actions.fired(action) {
                out.write(command);
            }
        }
    } else {
        if actions.fired(Action::Hint) {
            out.write(SlideCommand::ToggleHint);
        }
        if actions.fired(Action::Undo) {
            out.write(SlideCommand::Undo);
        }
        if actions.fired(Action::Redo) {
            out.write(SlideCommand::Redo);
        }
    }
    let side = slide.game().board().side();
    for (action, command) in [
        (Action::Restart, SlideCommand::Restart),
        (Action::Compare, SlideCommand::Compare),
        (Action::NextSize, SlideCommand::ToggleSize),
        (
            Action::Faster,
            SlideCommand::SetSpeed(slide.demo_speed() * 1.5),
        ),
        (
            Action::Slower,
            SlideCommand::SetSpeed(slide.demo_speed() / 1.5),
        ),
        (
            Action::NextGenerator,
            SlideCommand::SetAlgorithm(slide.algorithm().next_practical(side)),
        ),
    ] {
        if actions.fired(action) {
            out.write(command);
        }
    }
    if actions.fired(Action::NewBoard) {
        out.write(SlideCommand::Shuffle);
    }
    if actions.fired(Action::Edit) {
        out.write(SlideCommand::Edit(EditTarget::Start));
    }
    if actions.fired(Action::Confirm) {
        out.write(slide.confirm_command());
    }
    if let Some(dir) = actions.direction() {
        let arrow = match dir {
            crate::core::grid::Dir::Up => Move::Up,
            crate::core::grid::Dir::Down => Move::Down,
            crate::core::grid::Dir::Left => Move::Left,
            crate::core::grid::Dir::Right => Move::Right,
        };
        out.write(SlideCommand::MoveBlank(slide.arrows().blank_move(arrow)));
    }
}

fn apply_commands(mut commands_in: MessageReader<SlideCommand>, mut slide: ResMut<Slide>) {
    for command in commands_in.read() {
        slide.session.apply(command.clone());
    }
}

fn tick(mut slide: ResMut<Slide>, time: Res<Time>) {
    slide.session.tick(time.delta_secs());
}

/// The tile colours: on its goal cell, elsewhere, and the hint's tile.
pub mod colors {
    use bevy::prelude::Color;
    pub const TILE: Color = Color::srgb(0.20, 0.42, 0.66);
    pub const HOME: Color = Color::srgb(0.0, 0.55, 0.42);
    pub const HINT: Color = Color::srgb(0.94, 0.89, 0.26);
    pub const PICKED: Color = Color::srgb(0.90, 0.62, 0.0);
    pub const FRAME: Color = Color::srgb(0.13, 0.15, 0.19);
    pub const NUMBER: Color = Color::srgb(0.97, 0.97, 0.97);
}

/// Spawns the tiles (and the frame) when the size changes.
fn rebuild_tiles(
    mut commands: Commands,
    slide: Res<Slide>,
    mut tiles: ResMut<SlideTiles>,
    old: Query<Entity, With<SizedPiece>>,
) {
    let board = slide.shown();
    let side = board.side();
    if tiles.side == Some(side) {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let layout = BoardLayout::new(side, side);
    commands.spawn((
        Name::new("Slide frame"),
        SlideFrame,
        SizedPiece,
        Sprite::from_color(colors::FRAME, layout.size() + Vec2::splat(CELL * 0.2)),
        Transform::from_xyz(0.0, 0.0, -1.0),
        DespawnOnExit(AppState::Slide),
    ));
    for (i, &tile) in board.cells().iter().enumerate() {
        if tile == 0 {
            continue;
        }
        let at = layout.center(Pos::new((i / side) as i32, (i % side) as i32));
        commands.spawn((
            Name::new(format!("Tile {tile}")),
            SlideTile(tile),
            SizedPiece,
            Sprite::from_color(colors::TILE, Vec2::splat(CELL * 0.94)),
            Transform::from_translation(at.extend(1.0)),
            DespawnOnExit(AppState::Slide),
            // the number is laid out large and scaled down, so it stays sharp when the
            // camera magnifies the board
            children![(
                Text2d::new(tile.to_string()),
                TextFont::from_font_size(if side == 3 { 96.0 } else { 80.0 }),
                TextColor(colors::NUMBER),
                Transform::from_xyz(0.0, 0.0, 1.0).with_scale(Vec3::splat(0.25)),
            )],
        ));
    }
    tiles.side = Some(side);
}

/// Tiles glide to their cells on the board shown; colours say home / hint / picked.
fn place_tiles(
    slide: Res<Slide>,
    time: Res<Time>,
    mut query: Query<(&SlideTile, &mut Transform, &mut Sprite)>,
) {
    let board = slide.shown();
    let side = board.side();
    let layout = BoardLayout::new(side, side);
    let goal = slide.shown_goal();
    let hint_cell = slide.hint_shown();
    let picked = slide.editing().and_then(|e| e.picked);
    let pulse = if slide.celebrate() > 0.0 {
        1.0 + 0.06 * (slide.celebrate() * 12.0).sin()
    } else {
        1.0
    };
    for (tile, mut transform, mut sprite) in &mut query {
        let Some(i) = board.cells().iter().position(|&t| t == tile.0) else {
            continue;
        };
        let target = layout.center(Pos::new((i / side) as i32, (i % side) as i32));
        let next = glide(
            transform.translation.truncate(),
            target,
            time.delta_secs(),
            18.0,
            CELL * 8.0,
        );
        transform.translation = next.extend(1.0);
        transform.scale = Vec3::splat(pulse);
        let color = if Some(i) == picked {
            colors::PICKED
        } else if Some(i) == hint_cell {
            colors::HINT
        } else if goal.cells()[i] == tile.0 {
            colors::HOME
        } else {
            colors::TILE
        };
        if sprite.color != color {
            sprite.color = color;
        }
    }
}

fn place_cursor(
    slide: Res<Slide>,
    cursor: Single<(&mut Transform, &mut Sprite, &mut Visibility), With<SlideCursor>>,
) {
    let (mut transform, mut sprite, mut visibility) = cursor.into_inner();
    let Some(editing) = slide.editing() else {
        if *visibility != Visibility::Hidden {
            *visibility = Visibility::Hidden;
        }
        return;
    };
    let side = editing.board.side();
    let layout = BoardLayout::new(side, side);
    let at = layout.center(Pos::new(
        (editing.cursor / side) as i32,
        (editing.cursor % side) as i32,
    ));
    transform.translation = at.extend(3.0);
    sprite.color = super::trail::palette::CURSOR;
    if *visibility != Visibility::Visible {
        *visibility = Visibility::Visible;
    }
}

/// Confetti when the player solves the puzzle.
fn celebrate(
    mut commands: Commands,
    slide: Res<Slide>,
    time: Res<Time>,
    mut bits: Query<(Entity, &mut Confetti, &mut Transform)>,
    mut launched: Local<bool>,
) {
    let dt = time.delta_secs();
    for (entity, mut bit, mut transform) in &mut bits {
        bit.life -= dt;
        if bit.life <= 0.0 {
            commands.entity(entity).despawn();
            continue;
        }
        bit.velocity.y -= 300.0 * dt;
        transform.translation += (bit.velocity * dt).extend(0.0);
        transform.rotate_z(dt * 6.0);
    }
    if slide.celebrate() <= 0.0 {
        *launched = false;
        return;
    }
    if *launched {
        return;
    }
    *launched = true;
    let palette = [
        colors::HOME,
        colors::HINT,
        colors::PICKED,
        Color::srgb(0.34, 0.71, 0.91),
        Color::srgb(0.80, 0.47, 0.65),
    ];
    for i in 0..48 {
        let angle = i as f32 * 0.7;
        let speed = 160.0 + (i * 37 % 120) as f32;
        commands.spawn((
            Name::new("Confetti"),
            Confetti {
                velocity: Vec2::new(angle.cos() * speed, angle.sin().abs() * speed + 120.0),
                life: 2.2,
            },
            Sprite::from_color(palette[i % palette.len()], Vec2::new(8.0, 5.0)),
            Transform::from_xyz(0.0, 0.0, 5.0),
            DespawnOnExit(AppState::Slide),
        ));
    }
}

fn frame_camera(slide: Res<Slide>, mut framing: ResMut<Framing>) {
    let side = slide.shown().side();
    // a margin of half a cell around the board
    let layout = BoardLayout::new(side + 1, side + 1);
    if framing.board != Some(layout) || framing.focus.is_some() {
        *framing = Framing {
            board: Some(layout),
            focus: None,
        };
    }
}
