//! The Showcase: an attract mode that cycles the solvers with animated trails. Each scene is a
//! sub-state of [`AppState::Showcase`]; its board is built off the main thread from the show's
//! seed (`core::showcase`), then played step by step with pause, step, speed and next/previous
//! scene. Any other key, click or button goes back to the menu.

mod board;
mod learn;
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
use super::theme::palette;
use super::trail::mark_color;
use super::view::{BoardLayout, CELL, Framing, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::maze::generate::Generator;
use crate::core::rng::fresh_seed;
use crate::core::showcase::{Look, SceneKind, Show, build, scene_databases};
use crate::core::slide::pdb::PatternDb;

pub use learn::{ShowcaseLearn, ShowcaseLearnCommand};
pub(super) use ui::ui_plugin;

/// Seconds a finished scene stays on screen before the next one.
pub const HOLD_SECONDS: f32 = 3.0;
pub use crate::core::showcase::{MAX_SPEED, MIN_SPEED};
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
    /// Scenes built so far (a number for the scene shown).
    builds: u64,
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
            builds: 0,
        }
    }

    /// A number for the scene build shown (Learn's walkthrough is made for one).
    pub fn revision_of_build(&self) -> u64 {
        self.builds
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
        .init_resource::<ShowcaseLearn>()
        .add_message::<ShowcaseLearnCommand>()
        .add_systems(OnEnter(AppState::Showcase), start_show)
        .add_systems(OnExit(AppState::Showcase), stop_show)
        .add_systems(
            Update,
            (
                read_controls,
                poll_build,
                learn::apply,
                board::spawn_panes,
                tick,
            )
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Showcase)),
        )
        .add_systems(
            Update,
            (
                board::paint_cells,
                board::place_walkers,
                board::frame_camera,
            )
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
    (mut state, mut learn, mut robot): (
        ResMut<ShowcaseLearn>,
        ResMut<super::learn::Learn>,
        ResMut<super::mines::MinesLearn>,
    ),
) {
    // Learn on a scene ends with the show
    *state = ShowcaseLearn::default();
    learn.close();
    robot.close();
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
        showcase.builds += 1;
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
    (seen, mut out, egui_input): (
        learn::LearnSeen,
        learn::LearnOut,
        Option<Res<bevy_egui::input::EguiWantsInput>>,
    ),
) {
    // a key or button the Showcase binds is a control; any other input ends the show
    let bound_key = |key: &KeyCode| {
        ALL_ACTIONS
            .iter()
            .any(|&action| controls::keys_for(AppState::Showcase, action).any(|k| k == *key))
    };
    let bound_button = |button: &GamepadButton| {
        ALL_ACTIONS.iter().any(|&action| {
            controls::buttons_for(AppState::Showcase, action, false).any(|b| b == *button)
        })
    };
    let stray_key = keys.get_just_pressed().any(|key| !bound_key(key));
    let stray_button = gamepads
        .iter()
        .any(|pad| pad.get_just_pressed().any(|button| !bound_button(button)));
    // a click on the caption or the Learn panel is theirs
    let over_panels = egui_input.is_some_and(|e| e.is_pointer_over_area());
    let stray_click = mouse.get_just_pressed().next().is_some() && !over_panels;
    if stray_key || stray_button || stray_click {
        next_state.set(AppState::Menu);
        return;
    }
    let kind = scene.get().kind();
    if actions.fired(Action::Right) {
        go_to(&mut showcase, &mut next_scene, kind, 1);
    } else if actions.fired(Action::Left) {
        go_to(&mut showcase, &mut next_scene, kind, -1);
    }
    if actions.consume(Action::Learn) {
        out.state.write(ShowcaseLearnCommand::Toggle);
    }
    if seen.state.is_open() {
        // the show waits; its keys step, play and pace Learn
        let keys = (
            actions.consume(Action::StepForward),
            actions.consume(Action::StepBack),
            actions.consume(Action::Pause),
            actions.consume(Action::Faster),
            actions.consume(Action::Slower),
        );
        learn::route(
            keys,
            (seen.robot.is_open(), seen.robot.speed()),
            &mut out.learn,
            &mut out.robot,
        );
        return;
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
