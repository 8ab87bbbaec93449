//! The Explore mode: the classic 8×8 maze of the MFC report, searched by a ball (DFS with
//! backtracking, rule order down, right, left, up), with F1 search again, F2 replay the path,
//! pause / step / step back / speed, an editor, and maze files.
//!
//! The rules live in `core::maze::explore::ExploreSession`; this plugin maps actions to session
//! calls and the session to entities: one per maze cell, the ball, the editor's cursor.

use crate::core::text::Phrase;
use crate::phrase;
mod ui;

use std::path::PathBuf;

use bevy::prelude::*;

use super::input::{Action, Actions};
use super::learn::{Learn, LearnCommand, route_keys};
use super::sprites::Sprites;
use super::state::AppState;
use super::theme::palette;
use super::trail::{cell_label, mark_color};
use super::view::{BoardLayout, CELL, Framing, glide, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::{Dir, Pos};
use crate::core::id::GameId;
use crate::core::learn::{Algo, Keep, Walkthrough, maze_walkthrough};
use crate::core::maze::classic::classic;
use crate::core::maze::explore::{EditError, ExploreSession, Status, Tool, check_size};
use crate::core::maze::{Cell, Maze};
use crate::store::maze_files;

pub(super) use ui::ui_plugin;

/// The Explore game. It outlives the mode: leaving for the menu and coming back finds the maze
/// (and its edits) as it was.
#[derive(Resource, Debug, Deref, DerefMut)]
pub struct Explore(pub ExploreSession);

/// What the player asked for, from keys, gamepad, panel buttons or mouse clicks.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum ExploreCommand {
    TogglePause,
    StepForward,
    StepBack,
    Faster,
    Slower,
    SetSpeed(f32),
    /// F1: search again from the entry.
    Restart,
    /// F2: the ball walks the correct path.
    ReplayPath,
    SetEditing(bool),
    MoveCursor(Dir),
    /// Apply a tool at the editor's cursor.
    EditAtCursor(Tool),
    /// Apply a tool at a cell (a mouse click).
    EditAt(Pos, Tool),
    Clear,
    Classic,
    NewRoom(usize, usize),
    /// This maze (from a game ID).
    UseMaze(Maze),
    Load(PathBuf),
    Save(PathBuf),
    /// A maze file's name and bytes, from outside the game (a browser's file chooser).
    Import(String, Vec<u8>),
    /// Offer the maze as a file to download (in a browser).
    #[cfg(target_arch = "wasm32")]
    Export,
    /// Open or close Learn: the search explained step by step.
    ToggleLearn,
}

/// A line for the player under the status: what just happened, or why something was refused.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct ExploreNotice(pub Option<Notice>);

/// A message to the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: Phrase,
    pub is_error: bool,
}

impl ExploreNotice {
    fn info(&mut self, text: Phrase) {
        self.0 = Some(Notice {
            text,
            is_error: false,
        });
    }

    fn error(&mut self, text: Phrase) {
        self.0 = Some(Notice {
            text,
            is_error: true,
        });
    }
}

/// One maze cell on screen.
#[derive(Component, Debug, Clone, Copy)]
pub struct ExploreCell {
    pub pos: Pos,
    pub cell: Cell,
}

/// The ball.
#[derive(Component, Debug)]
pub struct Ball;

/// The editor's cursor.
#[derive(Component, Debug)]
pub struct EditCursor;

/// The board cell an entity stands on (the ball's is what tests check; its `Transform` glides).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardPos(pub Pos);

/// Which maze revision the cell entities show (`None`: not spawned yet).
#[derive(Resource, Debug, Default)]
struct DrawnRevision(Option<u64>);

pub(super) fn plugin(app: &mut App) {
    let launch = Launch::of(app);
    let maze = match &launch.id {
        Some(GameId::Explore(maze)) => Some(maze.clone()),
        _ => launch.maze.clone(),
    }
    .unwrap_or_else(classic);
    let mut session = ExploreSession::new(maze);
    session
        .playback_mut()
        .set_speed(launch.settings.explore_speed);
    app.insert_resource(Explore(session))
        .init_resource::<ExploreNotice>()
        .init_resource::<DrawnRevision>()
        .add_message::<ExploreCommand>()
        .add_systems(OnEnter(AppState::Explore), spawn_scene)
        .add_systems(OnExit(AppState::Explore), leave)
        .add_systems(
            Update,
            (read_actions, import_chosen_file, apply_commands, tick)
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Explore)),
        )
        .add_systems(
            Update,
            (rebuild_cells, paint_cells, place_ball, place_cursor)
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(AppState::Explore)),
        );
}

fn spawn_scene(mut commands: Commands, sprites: Res<Sprites>, mut drawn: ResMut<DrawnRevision>) {
    drawn.0 = None;
    commands.spawn((
        Name::new("Ball"),
        Ball,
        BoardPos(Pos::default()),
        Sprite {
            image: sprites.ball.clone(),
            custom_size: Some(Vec2::splat(CELL * 0.9)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 2.0),
        DespawnOnExit(AppState::Explore),
    ));
    commands.spawn((
        Name::new("Edit cursor"),
        EditCursor,
        BoardPos(Pos::default()),
        Sprite::from_color(palette::CURSOR, Vec2::splat(CELL)),
        Transform::from_xyz(0.0, 0.0, 3.0),
        Visibility::Hidden,
        DespawnOnExit(AppState::Explore),
    ));
}

fn leave(mut framing: ResMut<Framing>, mut learn: ResMut<Learn>) {
    *framing = Framing::default();
    learn.close();
}

/// How much Explore's Learn keeps: a maze of 128 × 128 takes at most about 33,000 moves of
/// the ball, each a step; 64 stack entries a step.
const LEARN_KEEP: Keep = Keep {
    open: 64,
    steps: 40_000,
};

/// A walkthrough of the ball's search of `maze` (the same walk the board replays).
fn explore_lesson(maze: &Maze) -> Option<Walkthrough> {
    let entry = maze.entry()?;
    maze_walkthrough(maze, Algo::DfsRule, entry, LEARN_KEEP)
}

/// Keys and buttons become commands. In the editor, Back leaves the editor (not the mode).
/// The name an exported maze is offered under.
#[cfg(target_arch = "wasm32")]
const EXPORT_NAME: &str = "maze.txt"; // in English: a file name, the same in every language

/// A maze file the player chose in the browser's file chooser, once read.
fn import_chosen_file(mut out: MessageWriter<ExploreCommand>) {
    #[cfg(target_arch = "wasm32")]
    if let Some((name, bytes)) = super::web::take_chosen_file() {
        out.write(ExploreCommand::Import(name, bytes));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = &mut out; // a desktop loads by path
}

fn read_actions(
    mut actions: ResMut<Actions>,
    explore: Res<Explore>,
    learn: Res<Learn>,
    mut out: MessageWriter<ExploreCommand>,
    mut to_learn: MessageWriter<LearnCommand>,
) {
    if learn.is_open() {
        // the search's keys drive Learn's steps while it is open
        route_keys(&actions, &mut to_learn);
        // Learn closes for what shows another search: the toggle, F1, F2 and the editor
        let leaves = [Action::Learn, Action::Restart, Action::Replay, Action::Edit];
        if leaves.iter().any(|&a| actions.fired(a)) {
            out.write(ExploreCommand::ToggleLearn);
        }
        if !actions.fired(Action::Restart)
            && !actions.fired(Action::Replay)
            && !actions.fired(Action::Edit)
        {
            return;
        }
    }
    if actions.fired(Action::Learn) && !learn.is_open() && !explore.editing() {
        out.write(ExploreCommand::ToggleLearn);
    }
    if explore.editing() {
        if actions.consume(Action::Back) || actions.fired(Action::Edit) {
            out.write(ExploreCommand::SetEditing(false));
            return;
        }
        if let Some(dir) = actions.direction() {
            out.write(ExploreCommand::MoveCursor(dir));
        }
        for (action, tool) in [
            (Action::Confirm, Tool::Wall),
            (Action::Mark, Tool::Entry),
            (Action::Chord, Tool::Exit),
        ] {
            if actions.fired(action) {
                out.write(ExploreCommand::EditAtCursor(tool));
            }
        }
        return;
    }
    for (action, command) in [
        (Action::Pause, ExploreCommand::TogglePause),
        (Action::StepForward, ExploreCommand::StepForward),
        (Action::StepBack, ExploreCommand::StepBack),
        (Action::Faster, ExploreCommand::Faster),
        (Action::Slower, ExploreCommand::Slower),
        (Action::Restart, ExploreCommand::Restart),
        (Action::Replay, ExploreCommand::ReplayPath),
        (Action::Edit, ExploreCommand::SetEditing(true)),
    ] {
        if actions.fired(action) {
            out.write(command);
        }
    }
}

fn apply_commands(
    mut commands_in: MessageReader<ExploreCommand>,
    mut explore: ResMut<Explore>,
    mut notice: ResMut<ExploreNotice>,
    mut learn: ResMut<Learn>,
) {
    for command in commands_in.read() {
        let session = &mut explore.0;
        match command {
            ExploreCommand::ToggleLearn => {
                if learn.is_open() {
                    learn.close();
                } else if session.editing() {
                    notice.error(phrase!("Leave the editor first (E)"));
                } else if let Some(walk) = explore_lesson(session.maze()) {
                    session.playback_mut().set_paused(true);
                    learn.open(walk, session.revision());
                    notice.0 = None;
                }
            }
            ExploreCommand::TogglePause => session.playback_mut().toggle_pause(),
            ExploreCommand::StepForward => {
                session.playback_mut().step_forward();
            }
            ExploreCommand::StepBack => {
                session.playback_mut().step_back();
            }
            ExploreCommand::Faster => session.playback_mut().faster(),
            ExploreCommand::Slower => session.playback_mut().slower(),
            ExploreCommand::SetSpeed(speed) => session.playback_mut().set_speed(*speed),
            ExploreCommand::Restart => {
                session.restart();
                notice.0 = None;
            }
            ExploreCommand::ReplayPath => {
                if session.replay_path() {
                    notice.0 = None;
                } else {
                    notice.error(match session.status() {
                        Status::Searching => phrase!(
                            "The ball has not found the exit yet: wait for it (or press . to step)"
                        ),
                        Status::Editing => phrase!("Leave the editor first (E)"),
                        _ => phrase!("No exit: there is no correct path to replay"),
                    });
                }
            }
            ExploreCommand::SetEditing(on) => {
                session.set_editing(*on);
                notice.0 = None;
            }
            ExploreCommand::MoveCursor(dir) => session.move_cursor(*dir),
            ExploreCommand::EditAtCursor(tool) => {
                let at = session.cursor();
                report_edit(session.edit(at, *tool), &mut notice);
            }
            ExploreCommand::EditAt(pos, tool) => {
                report_edit(session.edit(*pos, *tool), &mut notice);
            }
            ExploreCommand::Clear => {
                session.clear();
                notice.info(phrase!(
                    "Cleared: every wall is now a path (entry and exit stay)"
                ));
            }
            ExploreCommand::Classic => {
                session.replace_maze(classic());
                notice.info(phrase!("The classic 8×8 maze"));
            }
            ExploreCommand::UseMaze(maze) => {
                session.replace_maze(maze.clone());
                notice.info(phrase!("The maze of the game ID"));
            }
            ExploreCommand::NewRoom(width, height) => {
                session.replace_maze(Maze::open_room(*width, *height));
                session.set_editing(true);
                notice.info(phrase!("A new empty room: click cells to build walls"));
            }
            ExploreCommand::Load(path) => match maze_files::read_maze(path).and_then(|maze| {
                check_size(&maze)?;
                Ok(maze)
            }) {
                Ok(maze) => {
                    session.replace_maze(maze);
                    notice.info(phrase!("Loaded {path}", path = path.display().to_string()));
                }
                Err(message) => {
                    notice.error(phrase!("The maze was not loaded: {why}", why = message));
                }
            },
            ExploreCommand::Import(name, bytes) => {
                match maze_files::parse_named(name, bytes.clone()).and_then(|maze| {
                    check_size(&maze)?;
                    Ok(maze)
                }) {
                    Ok(maze) => {
                        session.replace_maze(maze);
                        notice.info(phrase!("Imported {name}", name = name.as_str()));
                    }
                    Err(message) => {
                        notice.error(phrase!("The maze was not loaded: {why}", why = message));
                    }
                }
            }
            #[cfg(target_arch = "wasm32")]
            ExploreCommand::Export => {
                let text = crate::core::maze::text::to_text(session.maze());
                match super::web::download(EXPORT_NAME, &text) {
                    Ok(()) => notice.info(phrase!(
                        "Exported {name} (see the browser's downloads)",
                        name = EXPORT_NAME
                    )),
                    Err(why) => {
                        notice.error(phrase!("The maze was not saved: {why}", why = why.as_str()));
                    }
                }
            }
            ExploreCommand::Save(path) => match maze_files::write_maze(path, session.maze()) {
                Ok(()) => notice.info(phrase!("Saved {path}", path = path.display().to_string())),
                Err(message) => {
                    notice.error(phrase!("The maze was not saved: {why}", why = message));
                }
            },
        }
    }
}

fn report_edit(result: Result<(), EditError>, notice: &mut ExploreNotice) {
    match result {
        Ok(()) => notice.0 = None,
        Err(EditError::Occupied) => {
            notice.error(phrase!(
                "Entry and exit need cells of their own, and cannot become walls"
            ));
        }
        Err(EditError::Outside) => {}
    }
}

fn tick(mut explore: ResMut<Explore>, mut learn: ResMut<Learn>, time: Res<Time>) {
    // an edited or replaced maze is another search: Learn closes
    if learn.is_open() && explore.editing() {
        learn.close();
    }
    learn.close_unless_for(explore.revision());
    explore.tick(time.delta_secs());
}

/// (Re)spawns one entity per cell whenever the maze changes.
fn rebuild_cells(
    mut commands: Commands,
    explore: Res<Explore>,
    sprites: Res<Sprites>,
    mut drawn: ResMut<DrawnRevision>,
    mut framing: ResMut<Framing>,
    cells: Query<Entity, With<ExploreCell>>,
) {
    if drawn.0 == Some(explore.revision()) {
        return;
    }
    for entity in &cells {
        commands.entity(entity).despawn();
    }
    let maze = explore.maze();
    let layout = BoardLayout::new(maze.width(), maze.height());
    *framing = Framing {
        board: Some(layout),
        focus: None,
    };
    for (pos, &cell) in maze.grid().iter() {
        let at = layout.center(pos).extend(0.0);
        let mut entity = commands.spawn((
            Name::new(format!("Cell {pos}")),
            ExploreCell { pos, cell },
            Transform::from_translation(at),
            DespawnOnExit(AppState::Explore),
        ));
        match cell {
            Cell::Wall => {
                entity.insert(Sprite {
                    image: sprites.tile.clone(),
                    custom_size: Some(Vec2::splat(CELL)),
                    ..default()
                });
            }
            Cell::Path => {
                entity.insert(Sprite::from_color(palette::FLOOR, Vec2::splat(CELL - 2.0)));
            }
            Cell::Entry | Cell::Exit => {
                let (color, label) = if cell == Cell::Entry {
                    (palette::ENTRY, "S")
                } else {
                    (palette::EXIT, "E")
                };
                entity.insert((
                    Sprite::from_color(color, Vec2::splat(CELL - 2.0)),
                    children![cell_label(label)],
                ));
            }
        }
    }
    drawn.0 = Some(explore.revision());
}

/// The replay the board shows: Learn's step while it is open, else the search's playback.
fn shown_replay<'a>(explore: &'a Explore, learn: &'a Learn) -> &'a crate::core::trace::Replay {
    learn
        .walk()
        .map_or(explore.playback().replay(), Walkthrough::replay)
}

/// Colours open cells by the replay's marks (visited path, dead ends); the bare maze while editing.
fn paint_cells(
    explore: Res<Explore>,
    learn: Res<Learn>,
    mut cells: Query<(&ExploreCell, &mut Sprite)>,
) {
    let marks = shown_replay(&explore, &learn).marks();
    for (cell, mut sprite) in &mut cells {
        if cell.cell != Cell::Path {
            continue;
        }
        let mark = marks.get(cell.pos).copied().unwrap_or_default();
        let color = if explore.editing() {
            palette::FLOOR
        } else {
            mark_color(mark).unwrap_or(palette::FLOOR)
        };
        if sprite.color != color {
            sprite.color = color;
        }
    }
}

/// Puts the ball on its cell; its picture glides there instead of jumping.
fn place_ball(
    explore: Res<Explore>,
    learn: Res<Learn>,
    time: Res<Time>,
    ball: Single<(&mut BoardPos, &mut Transform), With<Ball>>,
) {
    let (mut board_pos, mut transform) = ball.into_inner();
    let ball = match learn.walk() {
        Some(walk) => walk.replay().walker().or(explore.maze().entry()),
        None => explore.ball(),
    };
    let Some(pos) = ball else {
        return;
    };
    let layout = BoardLayout::new(explore.maze().width(), explore.maze().height());
    let target = layout.center(pos);
    if board_pos.0 != pos {
        board_pos.0 = pos;
    }
    let rate = (explore.playback().speed() * 3.0).clamp(10.0, 80.0);
    // while editing the ball sits on the entry: no glide
    let snap = if explore.editing() { 0.0 } else { CELL * 1.5 };
    let next = glide(
        transform.translation.truncate(),
        target,
        time.delta_secs(),
        rate,
        snap,
    );
    transform.translation = next.extend(2.0);
}

fn place_cursor(
    explore: Res<Explore>,
    cursor: Single<(&mut BoardPos, &mut Transform, &mut Visibility), With<EditCursor>>,
) {
    let (mut board_pos, mut transform, mut visibility) = cursor.into_inner();
    let layout = BoardLayout::new(explore.maze().width(), explore.maze().height());
    board_pos.0 = explore.cursor();
    transform.translation = layout.center(explore.cursor()).extend(3.0);
    show_if(&mut visibility, explore.editing());
}
