//! The Mines mode: the report's 20×20 field with 81 mines and 10 robots (lives), played by
//! cursor (keys, d-pad) or mouse; or by the robot, animated, with an overlay of what it knows;
//! hints from the robot in human play; presets, custom sizes, first-click rules; best times.
//!
//! The rules are `core::mines`; this plugin maps actions to them and the game to one entity per
//! cell, the cursor, the robot sprite and the overlay.

mod board;
mod learn;
mod ui;

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::best_times::BestTimesStore;
use super::input::{Action, Actions};
use super::sprites::Sprites;
use super::state::AppState;
use super::view::{BoardLayout, CELL, Framing, glide, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::id::GameId;
#[cfg(not(target_arch = "wasm32"))]
use crate::core::mines::robot::Analysis;
use crate::core::mines::robot::Choice;
pub use crate::core::mines::session::{
    GAME_BUDGET, MAX_ROBOT_SPEED, MIN_ROBOT_SPEED, MinesCommand,
};
use crate::core::mines::session::{MinesSession, analyse_for_play};
use crate::core::mines::{Config, FirstClick, Preset, Seen, Status};
use crate::core::rng::fresh_seed;

pub use crate::core::mines::robot::Tint;
pub use board::{colors, number_color};
pub use learn::{MinesLearn, MinesLearnCommand, panel as learn_panel};
pub(super) use ui::ui_plugin;

/// One action of the robot's plan.
pub use crate::core::mines::robot::Step as RobotStep;

impl Message for MinesCommand {}

/// The mode's state: the core session (every rule) and the robot's analysis running for it
/// on the task pool, or in a browser's worker (the board revision it looks at, and the task).
#[derive(Resource)]
pub struct Mines {
    session: MinesSession,
    thinking: Option<(u64, Thought)>,
}

/// An analysis under way: a task on the pool.
#[cfg(not(target_arch = "wasm32"))]
type Thought = Task<Analysis>;

/// An analysis under way in the page's Mines worker (the board it looks at, for the page to
/// think itself should the worker fail).
#[cfg(target_arch = "wasm32")]
type Thought = crate::core::mines::game::View;

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

    /// True while an analysis runs on the task pool for the session.
    pub fn analysis_running(&self) -> bool {
        self.thinking.is_some()
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
    painted: Option<(u64, bool, u64, u64)>,
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
        .init_resource::<MinesLearn>()
        .add_message::<MinesCommand>()
        .add_message::<MinesLearnCommand>()
        .add_systems(OnEnter(AppState::Mines), enter)
        .add_systems(OnExit(AppState::Mines), leave)
        .add_systems(
            Update,
            (
                learn::read_keys,
                read_actions,
                apply_commands,
                learn::apply,
                learn::tick,
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
                board::rebuild_cells,
                board::paint_cells,
                board::place_cursor,
                board::place_robot,
                board::frame_camera,
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

fn leave(mut framing: ResMut<Framing>, mut mines: ResMut<Mines>, mut learn: ResMut<MinesLearn>) {
    *framing = Framing::default();
    *learn = MinesLearn::default();
    // an analysis in flight is dropped (the session asks again when it is entered)
    mines.thinking = None;
}

fn read_actions(
    actions: Res<Actions>,
    mines: Res<Mines>,
    learn: Res<MinesLearn>,
    mut out: MessageWriter<MinesCommand>,
) {
    let cursor = mines.cursor();
    if let Some(cell) = actions.direction().and_then(|d| mines.cursor_after(d)) {
        out.write(MinesCommand::MoveCursor(cell));
    }
    // with Learn open, opening and marking are the player's claims, stepping is Learn's
    let learning = learn.is_open();
    let robot_driving = mines.robot_on() && !mines.robot_paused();
    if !robot_driving && !learning {
        for (action, command) in [
            // on a number whose mines are all marked, opening means its neighbours (as a click)
            (Action::Confirm, MinesCommand::Click(cursor)),
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
    if mines.robot_on() && actions.fired(Action::Pause) && !learning {
        out.write(MinesCommand::PauseRobot);
    }
    if actions.fired(Action::StepForward) && !learning {
        out.write(MinesCommand::StepRobot);
    }
    // the speed keys pace Learn's steps while it is open
    if !learning {
        if actions.fired(Action::Faster) {
            out.write(MinesCommand::SetSpeed(mines.robot_speed() * 1.5));
        }
        if actions.fired(Action::Slower) {
            out.write(MinesCommand::SetSpeed(mines.robot_speed() / 1.5));
        }
    }
    for (action, command) in [
        (Action::Replay, MinesCommand::ToggleRobot),
        (Action::Edit, MinesCommand::ToggleOverlay),
        (Action::Restart, MinesCommand::SameAgain),
    ] {
        if actions.fired(action) {
            out.write(command);
        }
    }
    // a fresh seed only when a new field is asked for
    if actions.fired(Action::NewBoard) {
        out.write(mines.new_game_command());
    }
    if actions.fired(Action::NextSize) {
        out.write(mines.next_preset_command());
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
    #[cfg(not(target_arch = "wasm32"))]
    let Some(analysis) = block_on(poll_once(task)) else {
        return;
    };
    #[cfg(target_arch = "wasm32")]
    let Some(analysis) = heard(revision, task) else {
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
    #[cfg(not(target_arch = "wasm32"))]
    let task = AsyncComputeTaskPool::get().spawn(async move { analyse_for_play(&view) });
    #[cfg(target_arch = "wasm32")]
    let task = {
        use super::worker::{Role, send};
        let request = crate::core::worker::Request::Analyse {
            revision,
            view: view.clone(),
        };
        send(Role::Mines, &request, &[]);
        view
    };
    mines.thinking = Some((revision, task));
}

/// The Mines worker's analysis of the board at `revision`, once there (older ones are
/// dropped). Should the worker fail, the page thinks itself, this once: the robot goes on.
#[cfg(target_arch = "wasm32")]
fn heard(
    revision: u64,
    view: &crate::core::mines::game::View,
) -> Option<crate::core::mines::robot::Analysis> {
    use crate::core::worker::Reply;
    let mut heard = None;
    for (reply, _) in super::worker::receive(super::worker::Role::Mines) {
        match reply {
            Reply::Analysed {
                revision: r,
                analysis,
            } if r == revision => heard = Some(analysis),
            Reply::Failed { error } => {
                warn!("the Mines worker failed ({error}); the page thinks itself");
                heard = Some(analyse_for_play(view));
            }
            _ => {}
        }
    }
    heard
}

fn tick(mut mines: ResMut<Mines>, time: Res<Time>) {
    mines.session.tick(time.delta_secs());
}

/// Offers a won game's time to the best times once per win (the same field played again is a
/// new win: the flag clears while a game is not won).
fn record_best_time(
    mut mines: ResMut<Mines>,
    mut store: ResMut<BestTimesStore>,
    mut done: Local<bool>,
) {
    if mines.game().status() != Status::Won {
        *done = false;
        return;
    }
    if *done {
        return;
    }
    *done = true;
    let Some((key, seconds)) = mines.time_to_record() else {
        return;
    };
    if store.record(&key, seconds) {
        mines.session.set_new_best();
    }
}

/// The rule's short name, for the chosen value of a list (a message).
pub fn first_click_short(rule: FirstClick) -> &'static str {
    match rule {
        FirstClick::Any => crate::msg!("any"),
        FirstClick::Safe => crate::msg!("safe"),
        FirstClick::Opening => crate::msg!("opening"),
        FirstClick::NoGuess => crate::msg!("no guess"),
    }
}

/// The first-click rules by name, for the panel (messages: `Lang::tr` them).
pub fn first_click_title(rule: FirstClick) -> &'static str {
    match rule {
        FirstClick::Any => crate::msg!("any (mines laid before: the original)"),
        FirstClick::Safe => crate::msg!("safe (the first cell is never a mine)"),
        FirstClick::Opening => crate::msg!("opening (the first cell is a zero)"),
        FirstClick::NoGuess => crate::msg!("no guess (opens an area; logic alone clears it)"),
    }
}
