//! The Slide mode: the 8-puzzle and the 15-puzzle. The player slides tiles by mouse (a whole
//! line at once), keys or d-pad, with undo / redo / restart / shuffle; asks for a hint; lets a
//! solver run off the main thread with a live node counter, then watches its solution as an
//! animated demo; compares every solver in a table; sets start and goal by typing or by
//! swapping tiles on the board.
//!
//! The rules are `core::slide::session::SlideSession`; this plugin maps input to its commands,
//! runs the searches it asks for on the task pool (`jobs`) and draws the board (`board`).

mod board;
mod jobs;
mod tree;
mod ui;

use bevy::prelude::*;

use super::input::{Action, Actions};
use super::learn::{Learn, LearnCommand, key_of, route_keys, slide_title};
use super::state::AppState;
use super::view::{BoardLayout, CELL, Framing, glide};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::id::GameId;
use crate::core::learn::{Keep, Walkthrough, slide_walkthrough};
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

pub use board::colors;
pub use jobs::{PdbRecipe, RunningJob};
pub use tree::{TREE_NODES, TreeView, tree_panel};
pub(super) use ui::ui_plugin;

impl Message for SlideCommand {}

/// The player asks for the strongest (7-8) pattern databases of the 15-puzzle's goal, built in
/// the background once and then cached.
#[derive(Message, Debug, Clone, Copy)]
pub struct BuildStrongest;

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
    pub fn databases_note(&self) -> Option<&crate::core::text::Phrase> {
        self.databases.note.as_ref()
    }

    /// The fraction of the strongest pattern databases built, while that build runs.
    pub fn strongest_building(&self) -> Option<f32> {
        self.databases.strong_building()
    }

    /// The 15-puzzle's strongest split, built on request (7-8).
    pub fn strongest_split(&self) -> crate::core::slide::pdb::Split {
        self.databases.strongest()
    }

    /// The split of the pattern databases ready for this goal, if any.
    pub fn databases_split(&self) -> Option<crate::core::slide::pdb::Split> {
        self.databases.split_for(self.game().goal())
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
    let seed = launch.seed.unwrap_or_else(fresh_seed);
    let mut seeds = crate::core::rng::from_seed(seed);
    let (start, goal) = if let Some(GameId::Slide { start, goal }) = &launch.id {
        (*start, *goal)
    } else {
        let goal = Board::goal(launch.settings.slide_side as u8);
        let start = Board::random_solvable(&goal, &mut seeds);
        (start, goal)
    };
    let game = SlideGame::new(start, goal).expect("same size");
    // the rest of the session's boards follow from the same seed
    let mut session = SlideSession::seeded(game, rand::RngExt::random(&mut seeds));
    session.apply(SlideCommand::SetSpeed(launch.settings.slide_demo_speed));
    session.apply(SlideCommand::SetArrows(
        match launch.settings.slide_arrows.as_str() {
            "blank" => ArrowMeaning::Blank, // not shown: a settings value
            _ => ArrowMeaning::Tile,
        },
    ));
    app.insert_resource(Slide::new(session, launch.pdb.clone()))
        .init_resource::<SlideTiles>()
        .init_resource::<tree::TreeView>()
        .add_message::<SlideCommand>()
        .add_message::<BuildStrongest>()
        .add_systems(OnEnter(AppState::Slide), enter)
        .add_systems(OnExit(AppState::Slide), leave)
        .add_message::<ToggleSlideLearn>()
        .add_systems(
            Update,
            (
                toggle_learn,
                read_actions,
                tree::read_keys,
                apply_commands,
                jobs::run_jobs,
                tick,
            )
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Slide)),
        )
        .add_systems(
            Update,
            (
                tree::refresh,
                board::rebuild_tiles,
                board::place_tiles,
                board::place_cursor,
                board::celebrate,
                board::frame_camera,
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

fn leave(mut framing: ResMut<Framing>, mut slide: ResMut<Slide>, mut learn: ResMut<Learn>) {
    *framing = Framing::default();
    learn.close();
    // a search left running would only waste a core
    slide.session.drop_job();
    if let Some(job) = slide.running.take() {
        job.cancel();
    }
    slide.databases.cancel_build();
}

/// The Learn button on Slide's panel (the key is read with the other actions).
#[derive(Message, Debug, Clone, Copy)]
pub struct ToggleSlideLearn;

/// How much Slide's Learn keeps, and how many nodes its search may expand (a blind search of
/// a far 15-puzzle would never end): the walkthrough is made on the frame, so it must stay quick.
const LEARN_KEEP: Keep = Keep {
    open: 48,
    steps: 20_000,
};
const LEARN_NODES: usize = 200_000;

/// A walkthrough of the chosen algorithm from the board as it stands to the goal.
fn slide_lesson(slide: &SlideSession) -> Option<Walkthrough> {
    let game = slide.game();
    slide_walkthrough(
        game.board(),
        game.goal(),
        slide.algorithm(),
        slide.depth_limit(),
        LEARN_NODES,
        LEARN_KEEP,
    )
}

/// What a Slide walkthrough stands for: the board, the goal, the algorithm and its depth limit
/// (a move or another choice makes it another search, and closes the panel).
fn learn_key(slide: &SlideSession) -> u64 {
    let game = slide.game();
    key_of((
        game.board(),
        game.goal(),
        slide.algorithm(),
        slide.depth_limit(),
    ))
}

/// L or the panel's button opens or closes Learn; a changed board closes it.
fn toggle_learn(
    actions: Res<Actions>,
    mut button: MessageReader<ToggleSlideLearn>,
    slide: Res<Slide>,
    mut learn: ResMut<Learn>,
) {
    let key = learn_key(&slide.session);
    let pressed = actions.fired(Action::Learn) as usize + button.read().count();
    if pressed % 2 == 1 {
        if learn.is_open() {
            learn.close();
        } else if slide.editing().is_none()
            && let Some(walk) = slide_lesson(&slide.session)
        {
            learn.open(walk, key);
            learn.set_title(slide_title(slide.session.algorithm()));
        }
    }
    learn.close_unless_for(key);
}

fn read_actions(
    actions: Res<Actions>,
    slide: Res<Slide>,
    learn: Res<Learn>,
    mut out: MessageWriter<SlideCommand>,
    mut to_learn: MessageWriter<LearnCommand>,
) {
    if learn.is_open() {
        // the demo's keys drive Learn's steps; what changes the board closes it
        route_keys(&actions, &mut to_learn);
        return;
    }
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
