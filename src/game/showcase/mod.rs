//! The Showcase: an attract mode that cycles the solvers with animated trails. Each scene is a
//! sub-state of [`AppState::Showcase`]; its board is built off the main thread from the show's
//! seed (`core::showcase`), then played step by step with pause, step, speed and next/previous
//! scene. Any other key, click or button goes back to the menu.

mod ui;

use std::sync::Arc;

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::controls;
use super::input::{ALL_ACTIONS, Action, Actions};
use super::mines::{colors as mines_colors, number_color};
use super::sprites::Sprites;
use super::state::AppState;
use super::trail::{mark_color, palette};
use super::view::{BoardLayout, CELL, Framing, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::maze::generate::Generator;
use crate::core::rng::fresh_seed;
use crate::core::showcase::{Look, SceneKind, Show, build, scene_databases};
use crate::core::slide::pdb::PatternDb;

pub(super) use ui::ui_plugin;

/// Seconds a finished scene stays on screen before the next one.
pub const HOLD_SECONDS: f32 = 3.0;
/// Slowest and fastest playback, as multiples of normal speed.
pub const MIN_SPEED: f32 = 0.125;
pub const MAX_SPEED: f32 = 16.0;
/// Empty cells between two panes.
const PANE_GAP: usize = 2;

/// The scene being shown, a sub-state of the Showcase.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(AppState = AppState::Showcase)]
pub enum Scene {
    #[default]
    Prim,
    Backtracker,
    Kruskal,
    Wilson,
    Race,
    Explore,
    Heuristics,
    Databases,
    Robot,
}

impl Scene {
    /// Every scene, in show order.
    pub const ALL: [Scene; 9] = [
        Scene::Prim,
        Scene::Backtracker,
        Scene::Kruskal,
        Scene::Wilson,
        Scene::Race,
        Scene::Explore,
        Scene::Heuristics,
        Scene::Databases,
        Scene::Robot,
    ];

    /// The core scene it shows.
    pub fn kind(self) -> SceneKind {
        match self {
            Scene::Prim => SceneKind::Carve(Generator::Prim),
            Scene::Backtracker => SceneKind::Carve(Generator::Backtracker),
            Scene::Kruskal => SceneKind::Carve(Generator::Kruskal),
            Scene::Wilson => SceneKind::Carve(Generator::Wilson),
            Scene::Race => SceneKind::Race,
            Scene::Explore => SceneKind::Explore,
            Scene::Heuristics => SceneKind::Heuristics,
            Scene::Databases => SceneKind::Databases,
            Scene::Robot => SceneKind::Robot,
        }
    }

    /// The scene showing `kind`.
    pub fn of(kind: SceneKind) -> Scene {
        Scene::ALL
            .into_iter()
            .find(|s| s.kind() == kind)
            .expect("every core scene has a sub-state")
    }
}

/// What the built task hands back: the scene, and the pattern databases to keep.
type Built = (Show, Option<Arc<PatternDb>>);

/// The show: its seed, the scene playing, the playback controls.
#[derive(Resource)]
pub struct Showcase {
    /// The show's seed: the same seed gives the same show.
    pub seed: u64,
    /// Completed rounds of every scene (each round shows new boards: seed + round).
    pub round: u64,
    /// The scene once built.
    pub show: Option<Show>,
    task: Option<Task<Built>>,
    databases: Option<Arc<PatternDb>>,
    pub paused: bool,
    /// A multiple of the scene's normal speed.
    pub speed: f32,
    /// Fractional steps owed.
    clock: f32,
    /// Seconds since the scene finished.
    held: f32,
    /// Bumped on every change that needs repainting.
    pub revision: u64,
}

impl Showcase {
    fn new(seed: u64, speed: f32) -> Self {
        Self {
            seed,
            round: 0,
            show: None,
            task: None,
            databases: None,
            paused: false,
            speed,
            clock: 0.0,
            held: 0.0,
            revision: 0,
        }
    }

    /// The seed this round's boards come from.
    pub fn round_seed(&self) -> u64 {
        self.seed.wrapping_add(self.round)
    }
}

/// One cell of a pane.
#[derive(Component, Debug, Clone, Copy)]
pub struct ShowCell {
    pub pane: usize,
    pub index: usize,
}

/// The number on a cell (puzzle tiles, mine counts).
#[derive(Component, Debug, Clone, Copy)]
pub struct ShowLabel {
    pub pane: usize,
    pub index: usize,
}

/// A pane's walker (the ball).
#[derive(Component, Debug, Clone, Copy)]
pub struct ShowWalker(pub usize);

/// Cells painted last, per pane, so only changes are applied.
#[derive(Resource, Default)]
struct Painted {
    revision: Option<u64>,
}

pub(super) fn plugin(app: &mut App) {
    let launch = Launch::of(app);
    app.add_sub_state::<Scene>()
        .insert_resource(Showcase::new(
            launch.seed.unwrap_or_else(fresh_seed),
            launch.settings.showcase_speed.clamp(MIN_SPEED, MAX_SPEED),
        ))
        .init_resource::<Painted>()
        .add_systems(OnEnter(AppState::Showcase), start_show)
        .add_systems(OnExit(AppState::Showcase), stop_show)
        .add_systems(
            Update,
            (read_controls, poll_build, spawn_panes, tick)
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Showcase)),
        )
        .add_systems(
            Update,
            (paint_cells, place_walkers, frame_camera)
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(AppState::Showcase)),
        );
    for scene in Scene::ALL {
        app.add_systems(OnEnter(scene), start_scene);
    }
}

fn start_show(mut showcase: ResMut<Showcase>) {
    showcase.round = 0;
    showcase.paused = false;
}

fn stop_show(
    mut showcase: ResMut<Showcase>,
    mut framing: ResMut<Framing>,
    mut attract: ResMut<super::state::Attract>,
) {
    showcase.show = None;
    showcase.task = None;
    attract.0 = false;
    *framing = Framing::default();
}

/// Starts building the entered scene's boards on a worker thread (the Mines robot's game and
/// the pattern databases take a moment; the frame never waits for them).
fn start_scene(scene: Res<State<Scene>>, mut showcase: ResMut<Showcase>) {
    let kind = scene.get().kind();
    let seed = showcase.round_seed();
    let databases = showcase.databases.clone();
    showcase.show = None;
    showcase.clock = 0.0;
    showcase.held = 0.0;
    showcase.revision += 1;
    showcase.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        let databases = match (kind, databases) {
            (SceneKind::Databases, None) => Some(Arc::new(scene_databases())),
            (_, databases) => databases,
        };
        (build(kind, seed, databases.as_deref()), databases)
    }));
}

fn poll_build(mut showcase: ResMut<Showcase>) {
    let Some(task) = showcase.task.as_mut() else {
        return;
    };
    if let Some((show, databases)) = block_on(poll_once(task)) {
        showcase.task = None;
        showcase.show = Some(show);
        showcase.databases = databases;
        showcase.revision += 1;
    }
}

/// The world position of pane `pane`'s cell `pos` in the side-by-side layout of `show`.
pub fn cell_center(show: &Show, pane: usize, pos: Pos) -> Vec2 {
    let layout = whole_layout(show);
    let left: usize = show.panes[..pane].iter().map(|p| p.width + PANE_GAP).sum();
    let height = show.panes[pane].height;
    let top = (layout.height - height) / 2;
    layout.center(Pos::new(pos.row + top as i32, pos.col + left as i32))
}

/// The layout of every pane side by side.
fn whole_layout(show: &Show) -> BoardLayout {
    let width: usize = show.panes.iter().map(|p| p.width).sum::<usize>()
        + PANE_GAP * show.panes.len().saturating_sub(1);
    let height = show.panes.iter().map(|p| p.height).max().unwrap_or(1);
    BoardLayout::new(width.max(1), height)
}

/// Spawns the cells of a freshly built scene.
fn spawn_panes(
    mut commands: Commands,
    showcase: Res<Showcase>,
    scene: Res<State<Scene>>,
    sprites: Res<Sprites>,
    cells: Query<(), With<ShowCell>>,
) {
    let Some(show) = &showcase.show else {
        return;
    };
    if !cells.is_empty() {
        return;
    }
    let scope = DespawnOnExit(*scene.get());
    for (p, pane) in show.panes.iter().enumerate() {
        let looks = pane.looks();
        let labelled = looks.iter().any(|l| {
            matches!(
                l,
                Look::Tile { .. } | Look::Blank | Look::Hidden { .. } | Look::Open(_)
            )
        });
        // numbers are laid out large and scaled down to stay sharp
        let font = if pane.width <= 3 { 110.0 } else { 92.0 };
        for (index, _) in looks.iter().enumerate() {
            let pos = Pos::new((index / pane.width) as i32, (index % pane.width) as i32);
            let at = cell_center(show, p, pos);
            let mut cell = commands.spawn((
                Name::new("Showcase cell"),
                ShowCell { pane: p, index },
                Sprite {
                    custom_size: Some(Vec2::splat(CELL * 0.96)),
                    ..default()
                },
                Transform::from_translation(at.extend(0.0)),
                scope.clone(),
            ));
            if labelled {
                cell.with_child((
                    Name::new("Showcase label"),
                    ShowLabel { pane: p, index },
                    Text2d::new(""),
                    TextFont::from_font_size(font),
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, 0.0, 1.0).with_scale(Vec3::splat(0.25)),
                ));
            }
        }
        if pane.walker().is_some() || matches!(show.kind, SceneKind::Race | SceneKind::Explore) {
            commands.spawn((
                Name::new("Showcase walker"),
                ShowWalker(p),
                Sprite {
                    image: sprites.ball.clone(),
                    custom_size: Some(Vec2::splat(CELL * 0.9)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 2.0),
                Visibility::Hidden,
                scope.clone(),
            ));
        }
    }
}

/// Keys, buttons and clicks while watching: the controls act, anything else leaves.
#[allow(clippy::too_many_arguments)]
fn read_controls(
    mut actions: ResMut<Actions>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    gamepads: Query<&Gamepad>,
    mut showcase: ResMut<Showcase>,
    scene: Res<State<Scene>>,
    mut next_scene: ResMut<NextState<Scene>>,
    mut next_state: ResMut<NextState<AppState>>,
) {
    // a key or button the Showcase binds is a control; any other input ends the show
    let bound_key = |key: &KeyCode| {
        ALL_ACTIONS
            .iter()
            .any(|&action| controls::keys_for(AppState::Showcase, action).any(|k| k == *key))
    };
    let bound_button = |button: &GamepadButton| {
        ALL_ACTIONS
            .iter()
            .any(|&action| controls::buttons_for(AppState::Showcase, action).any(|b| b == *button))
    };
    let stray_key = keys.get_just_pressed().any(|key| !bound_key(key));
    let stray_button = gamepads
        .iter()
        .any(|pad| pad.get_just_pressed().any(|button| !bound_button(button)));
    if stray_key || stray_button || mouse.get_just_pressed().next().is_some() {
        next_state.set(AppState::Menu);
        return;
    }
    let kind = scene.get().kind();
    if actions.fired(Action::Right) {
        go_to(&mut showcase, &mut next_scene, kind, 1);
    } else if actions.fired(Action::Left) {
        go_to(&mut showcase, &mut next_scene, kind, -1);
    }
    if actions.consume(Action::Pause) {
        showcase.paused = !showcase.paused;
    }
    if actions.consume(Action::Faster) {
        showcase.speed = (showcase.speed * 2.0).min(MAX_SPEED);
    }
    if actions.consume(Action::Slower) {
        showcase.speed = (showcase.speed / 2.0).max(MIN_SPEED);
    }
    let forward = actions.consume(Action::StepForward);
    let back = actions.consume(Action::StepBack);
    if let Some(show) = showcase.show.as_mut() {
        let moved = (forward && show.forward()) | (back && show.back());
        if forward || back {
            showcase.paused = true;
            showcase.held = 0.0;
        }
        if moved {
            showcase.revision += 1;
        }
    }
}

/// Moves `offset` scenes on from `kind`; passing the last scene starts a new round of boards.
fn go_to(showcase: &mut Showcase, next: &mut NextState<Scene>, kind: SceneKind, offset: isize) {
    let target = kind.offset(offset);
    let wrapped_forward = offset > 0 && target.index() < kind.index();
    let wrapped_back = offset < 0 && target.index() > kind.index();
    if wrapped_forward {
        showcase.round = showcase.round.wrapping_add(1);
    } else if wrapped_back {
        showcase.round = showcase.round.wrapping_sub(1);
    }
    next.set(Scene::of(target));
}

/// Plays the scene at its speed; a finished scene is held a moment, then the next one starts.
fn tick(
    time: Res<Time>,
    mut showcase: ResMut<Showcase>,
    scene: Res<State<Scene>>,
    mut next_scene: ResMut<NextState<Scene>>,
) {
    if showcase.paused {
        return;
    }
    let dt = time.delta_secs();
    let speed = showcase.speed;
    let showcase = showcase.as_mut();
    let Some(show) = showcase.show.as_mut() else {
        return;
    };
    if show.finished() {
        showcase.held += dt;
        if showcase.held >= HOLD_SECONDS {
            go_to(showcase, &mut next_scene, scene.get().kind(), 1);
        }
        return;
    }
    showcase.clock += dt * speed * show.steps_per_second;
    let mut moved = false;
    while showcase.clock >= 1.0 {
        showcase.clock -= 1.0;
        moved |= show.forward();
    }
    if show.finished() {
        showcase.clock = 0.0;
    }
    if moved {
        showcase.revision += 1;
    }
}

/// The colour of a cell's look, and whether it wears the wall sprite.
fn look_color(look: Look) -> (Color, bool) {
    match look {
        Look::Wall => (Color::WHITE, true),
        Look::Floor => (palette::FLOOR, false),
        Look::Entry => (palette::ENTRY, false),
        Look::Exit => (palette::EXIT, false),
        Look::Trail(mark) => (mark_color(mark).unwrap_or(palette::FLOOR), false),
        Look::Tile { home: true, .. } => (Color::srgb(0.16, 0.52, 0.40), false),
        Look::Tile { home: false, .. } => (Color::srgb(0.30, 0.36, 0.50), false),
        Look::Blank => (palette::BACKGROUND, false),
        Look::Hidden { next: true, .. } => (mines_colors::PICK.with_alpha(1.0), false),
        Look::Hidden { risk, .. } => (
            match risk {
                Some(p) if p <= 0.0 => Color::srgb(0.10, 0.55, 0.38),
                Some(p) if p >= 1.0 => Color::srgb(0.72, 0.20, 0.14),
                // the riskier, the redder
                Some(p) => mines_colors::HIDDEN.mix(&Color::srgb(0.80, 0.22, 0.14), p.min(0.8)),
                None => mines_colors::HIDDEN,
            },
            false,
        ),
        Look::Marked => (mines_colors::HIDDEN, false),
        Look::Open(_) => (mines_colors::OPEN, false),
        Look::Exploded => (mines_colors::EXPLODED, false),
    }
}

/// The text on a cell, and its colour.
fn look_label(look: Look) -> (String, Color) {
    match look {
        Look::Tile { number, .. } => (number.to_string(), Color::WHITE),
        Look::Open(0) => (String::new(), Color::WHITE),
        Look::Open(n) => (n.to_string(), number_color(n)),
        Look::Marked => ("F".into(), mines_colors::FLAG),
        Look::Exploded => ("*".into(), Color::BLACK),
        _ => (String::new(), Color::WHITE),
    }
}

fn paint_cells(
    showcase: Res<Showcase>,
    mut painted: ResMut<Painted>,
    sprites: Res<Sprites>,
    mut cells: Query<(&ShowCell, &mut Sprite)>,
    mut labels: Query<(&ShowLabel, &mut Text2d, &mut TextColor)>,
) {
    let Some(show) = &showcase.show else {
        painted.revision = None;
        return;
    };
    if painted.revision == Some(showcase.revision) && !cells.is_empty() {
        return;
    }
    if cells.is_empty() {
        return;
    }
    let looks: Vec<Vec<Look>> = show.panes.iter().map(|p| p.looks()).collect();
    for (cell, mut sprite) in &mut cells {
        let Some(&look) = looks.get(cell.pane).and_then(|l| l.get(cell.index)) else {
            continue;
        };
        let (color, wall) = look_color(look);
        let image = if wall {
            sprites.tile.clone()
        } else {
            Handle::default()
        };
        if sprite.color != color {
            sprite.color = color;
        }
        if sprite.image != image {
            sprite.image = image;
        }
    }
    for (label, mut text, mut color) in &mut labels {
        let Some(&look) = looks.get(label.pane).and_then(|l| l.get(label.index)) else {
            continue;
        };
        let (wanted, tint) = look_label(look);
        if text.0 != wanted {
            text.0 = wanted;
        }
        if color.0 != tint {
            color.0 = tint;
        }
    }
    painted.revision = Some(showcase.revision);
}

fn place_walkers(
    showcase: Res<Showcase>,
    mut walkers: Query<(&ShowWalker, &mut Transform, &mut Visibility)>,
) {
    let Some(show) = &showcase.show else {
        return;
    };
    for (walker, mut transform, mut visibility) in &mut walkers {
        let at = show.panes.get(walker.0).and_then(|p| p.walker());
        if let Some(pos) = at {
            let target = cell_center(show, walker.0, pos).extend(2.0);
            if transform.translation != target {
                transform.translation = target;
            }
        }
        show_if(&mut visibility, at.is_some());
    }
}

fn frame_camera(showcase: Res<Showcase>, mut framing: ResMut<Framing>) {
    let board = showcase.show.as_ref().map(whole_layout);
    if framing.board != board || framing.focus.is_some() {
        *framing = Framing { board, focus: None };
    }
}
