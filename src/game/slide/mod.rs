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
use crate::core::slide::game::{ArrowMeaning, SlideGame, SlideRefusal, at_distance};
pub use crate::core::slide::game::{Demo, KnownSolution};
use crate::core::slide::solve::{Algorithm, Report};
use crate::core::slide::{Board, Move};

pub use jobs::{JobKind, PdbRecipe, SlideJob};
pub(super) use ui::ui_plugin;

/// Fastest and slowest demo speeds, moves per second.
pub const MIN_DEMO_SPEED: f32 = 0.5;
pub const MAX_DEMO_SPEED: f32 = 40.0;

/// Which board the editor changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditTarget {
    Start,
    Goal,
}

/// Editing on the board: a working copy, the cursor, and the first cell picked for a swap.
#[derive(Clone, Debug)]
pub struct Editing {
    pub target: EditTarget,
    pub board: Board,
    pub cursor: usize,
    pub picked: Option<usize>,
}

/// One row of the comparison table.
#[derive(Clone, Debug)]
pub struct CompareRow {
    pub algorithm: Algorithm,
    pub report: Report,
}

/// The mode's state.
#[derive(Resource)]
pub struct Slide {
    pub game: SlideGame,
    pub arrows: ArrowMeaning,
    pub algorithm: Algorithm,
    pub depth_limit: u32,
    /// Shuffle to this optimal distance (`None`: uniformly random).
    pub shuffle_distance: Option<usize>,
    pub demo: Option<Demo>,
    pub demo_speed: f32,
    pub job: Option<SlideJob>,
    /// The last solve's algorithm and report.
    pub last: Option<CompareRow>,
    pub compare: Vec<CompareRow>,
    /// The hint is showing (and recomputed as the player moves).
    pub hint_on: bool,
    pub solution: Option<KnownSolution>,
    /// The optimal length from the start, once any optimal solver has found it.
    pub optimal: Option<usize>,
    pub editing: Option<Editing>,
    pub databases: jobs::Databases,
    pub notice: Option<Notice>,
    /// Seconds of celebration left after a win.
    pub celebrate: f32,
}

/// A line for the player.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

impl Slide {
    pub fn new(game: SlideGame, recipe: PdbRecipe) -> Self {
        Self {
            game,
            arrows: ArrowMeaning::default(),
            algorithm: Algorithm::AstarManhattan,
            depth_limit: 25,
            shuffle_distance: None,
            demo: None,
            demo_speed: 4.0,
            job: None,
            last: None,
            compare: Vec::new(),
            hint_on: false,
            solution: None,
            optimal: None,
            editing: None,
            databases: jobs::Databases::new(recipe),
            notice: None,
            celebrate: 0.0,
        }
    }

    /// The board on screen: the editor's copy, the demo's, or the player's.
    pub fn shown(&self) -> Board {
        if let Some(editing) = &self.editing {
            return editing.board;
        }
        match &self.demo {
            Some(demo) => demo.board(),
            None => *self.game.board(),
        }
    }

    /// The next optimal move of the blank from the player's board, when known.
    pub fn hint(&self) -> Option<Move> {
        self.solution.as_ref()?.next_move(self.game.board())
    }

    /// The cell of the tile the hint would slide.
    pub fn hint_cell(&self) -> Option<usize> {
        let m = self.hint()?;
        self.game.board().apply(m).map(|b| b.blank())
    }

    fn info(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: false,
        });
    }

    fn error(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: true,
        });
    }

    /// Forgets what belonged to the previous start (solutions, demo, table).
    fn new_instance(&mut self) {
        self.demo = None;
        self.solution = None;
        self.optimal = None;
        self.compare.clear();
        self.last = None;
        self.celebrate = 0.0;
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }
}

/// What the player asked for, from keys, gamepad, mouse and panel buttons.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum SlideCommand {
    /// A blank move by arrow (already translated from the arrow setting).
    MoveBlank(Move),
    /// Slide the tile at this cell (with the tiles between it and the blank).
    SlideFrom(usize),
    Undo,
    Redo,
    Restart,
    /// A new random start (at the chosen distance, if any).
    Shuffle,
    /// Switch between the 8-puzzle and the 15-puzzle.
    ToggleSize,
    SetStart(Board),
    SetGoal(Board),
    /// Start and goal at once (from a game ID; either size).
    SetBoards {
        start: Board,
        goal: Board,
    },
    SetAlgorithm(Algorithm),
    SetDepthLimit(u32),
    SetArrows(ArrowMeaning),
    SetShuffleDistance(Option<usize>),
    ToggleHint,
    /// Run the chosen algorithm and play its solution.
    Solve,
    /// Run every practical algorithm and fill the table.
    Compare,
    /// Stop the running search.
    Cancel,
    /// Demo playback.
    TogglePause,
    StepForward,
    StepBack,
    SetSpeed(f32),
    /// Stop the demo and show the player's board again.
    EndDemo,
    /// Start editing the start or the goal on the board.
    Edit(EditTarget),
    /// Move the editor's cursor to the cell.
    EditCursor(usize),
    /// Pick the cell (first pick, or swap with the first).
    EditPick(usize),
    /// Keep the edited board.
    EditDone,
    EditCancel,
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
    let recipe = launch.pdb.clone();
    let mut slide = Slide::new(game, recipe);
    slide.algorithm = Algorithm::best_for(start.side());
    slide.demo_speed = launch.settings.slide_demo_speed;
    slide.arrows = match launch.settings.slide_arrows.as_str() {
        "blank" => ArrowMeaning::Blank,
        _ => ArrowMeaning::Tile,
    };
    app.insert_resource(slide)
        .init_resource::<SlideTiles>()
        .add_message::<SlideCommand>()
        .add_systems(OnEnter(AppState::Slide), enter)
        .add_systems(OnExit(AppState::Slide), leave)
        .add_systems(
            Update,
            (read_actions, apply_commands, jobs::poll_jobs, tick)
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
    if let Some(job) = slide.job.take() {
        job.cancel();
    }
    slide.databases.cancel_build();
}

fn read_actions(actions: Res<Actions>, slide: Res<Slide>, mut out: MessageWriter<SlideCommand>) {
    if let Some(editing) = &slide.editing {
        let side = editing.board.side();
        let (r, c) = (editing.cursor / side, editing.cursor % side);
        let moved = match actions.direction() {
            Some(crate::core::grid::Dir::Up) if r > 0 => Some(editing.cursor - side),
            Some(crate::core::grid::Dir::Down) if r + 1 < side => Some(editing.cursor + side),
            Some(crate::core::grid::Dir::Left) if c > 0 => Some(editing.cursor - 1),
            Some(crate::core::grid::Dir::Right) if c + 1 < side => Some(editing.cursor + 1),
            _ => None,
        };
        if let Some(cell) = moved {
            out.write(SlideCommand::EditCursor(cell));
        }
        if actions.fired(Action::Confirm) {
            out.write(SlideCommand::EditPick(editing.cursor));
        }
        if actions.fired(Action::Edit) && !actions.fired(Action::NewBoard) {
            out.write(SlideCommand::EditDone);
        }
        return;
    }
    let demo = slide.demo.is_some();
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
    for (action, command) in [
        (Action::Restart, SlideCommand::Restart),
        (Action::Compare, SlideCommand::Compare),
        (Action::NextSize, SlideCommand::ToggleSize),
        (
            Action::Faster,
            SlideCommand::SetSpeed(slide.demo_speed * 1.5),
        ),
        (
            Action::Slower,
            SlideCommand::SetSpeed(slide.demo_speed / 1.5),
        ),
        (
            Action::NextGenerator,
            SlideCommand::SetAlgorithm(slide.algorithm.next_practical(slide.game.board().side())),
        ),
    ] {
        if actions.fired(action) {
            out.write(command);
        }
    }
    // gamepad Select is both "edit" and "new board": in Slide it shuffles
    if actions.fired(Action::NewBoard) {
        out.write(SlideCommand::Shuffle);
    } else if actions.fired(Action::Edit) {
        out.write(SlideCommand::Edit(EditTarget::Start));
    }
    if actions.fired(Action::Confirm) {
        out.write(if slide.job.is_some() {
            SlideCommand::Cancel
        } else if demo {
            SlideCommand::EndDemo
        } else {
            SlideCommand::Solve
        });
    }
    if let Some(dir) = actions.direction() {
        let arrow = match dir {
            crate::core::grid::Dir::Up => Move::Up,
            crate::core::grid::Dir::Down => Move::Down,
            crate::core::grid::Dir::Left => Move::Left,
            crate::core::grid::Dir::Right => Move::Right,
        };
        out.write(SlideCommand::MoveBlank(slide.arrows.blank_move(arrow)));
    }
}

fn apply_commands(mut commands_in: MessageReader<SlideCommand>, mut slide: ResMut<Slide>) {
    for command in commands_in.read() {
        apply(&mut slide, command.clone());
    }
}

/// One command's effect (a plain function, so tests and buttons share it).
fn apply(slide: &mut Slide, command: SlideCommand) {
    use SlideCommand as C;
    match command {
        C::MoveBlank(m) => {
            slide.demo = None;
            let result = slide.game.move_blank(m);
            let moved = result.is_ok();
            report_move(slide, result);
            if moved {
                after_move(slide);
            }
        }
        C::SlideFrom(cell) => {
            slide.demo = None;
            let result = slide.game.slide_from(cell);
            let moved = result.is_ok();
            report_move(slide, result);
            if moved {
                after_move(slide);
            }
        }
        C::Undo => {
            if slide.game.undo() {
                slide.celebrate = 0.0;
                slide.notice = None;
            } else {
                slide.info("nothing to undo");
            }
        }
        C::Redo => {
            if slide.game.redo() {
                after_move(slide);
            } else {
                slide.info("nothing to redo");
            }
        }
        C::Restart => {
            slide.demo = None;
            slide.celebrate = 0.0;
            slide.game.restart();
            slide.notice = None;
        }
        C::Shuffle => shuffle(slide),
        C::ToggleSize => {
            let side = if slide.game.board().side() == 3 { 4 } else { 3 };
            let goal = Board::goal(side);
            let start =
                Board::random_solvable(&goal, &mut crate::core::rng::from_seed(fresh_seed()));
            slide.new_instance();
            slide.editing = None;
            slide.game.set_goal(goal);
            slide.game.set_start(start);
            // each size starts with its best optimal solver
            slide.algorithm = Algorithm::best_for(side as usize);
            slide.info(format!("{0}×{0} puzzle", side));
        }
        C::SetBoards { start, goal } => {
            let side = slide.game.board().side();
            slide.new_instance();
            slide.editing = None;
            slide.game.set_goal(goal);
            slide.game.set_start(start);
            if start.side() != side {
                slide.algorithm = Algorithm::best_for(start.side());
            }
            tell_solvability(slide);
        }
        C::SetStart(board) => {
            slide.new_instance();
            slide.game.set_start(board);
            tell_solvability(slide);
        }
        C::SetGoal(board) => {
            slide.new_instance();
            slide.game.set_goal(board);
            tell_solvability(slide);
        }
        C::SetAlgorithm(a) => slide.algorithm = a,
        C::SetDepthLimit(d) => slide.depth_limit = d.clamp(1, 80),
        C::SetArrows(a) => slide.arrows = a,
        C::SetShuffleDistance(d) => slide.shuffle_distance = d,
        C::ToggleHint => {
            slide.hint_on = !slide.hint_on;
            if slide.hint_on {
                request_hint(slide);
            }
        }
        C::Solve => start_job(slide, JobKind::Solve),
        C::Compare => start_job(slide, JobKind::Compare),
        C::Cancel => {
            if let Some(job) = slide.job.take() {
                job.cancel();
                slide.info("search stopped");
            }
        }
        C::TogglePause => {
            if let Some(demo) = &mut slide.demo {
                demo.paused = !demo.paused;
            }
        }
        C::StepForward => {
            if let Some(demo) = &mut slide.demo {
                demo.paused = true;
                demo.step();
            }
        }
        C::StepBack => {
            if let Some(demo) = &mut slide.demo {
                demo.paused = true;
                demo.step_back();
            }
        }
        C::SetSpeed(speed) => slide.demo_speed = speed.clamp(MIN_DEMO_SPEED, MAX_DEMO_SPEED),
        C::EndDemo => slide.demo = None,
        C::Edit(target) => {
            slide.demo = None;
            let board = match target {
                EditTarget::Start => *slide.game.start(),
                EditTarget::Goal => *slide.game.goal(),
            };
            slide.editing = Some(Editing {
                target,
                board,
                cursor: board.blank(),
                picked: None,
            });
            slide.info("editing: pick two cells to swap them; E or Done keeps the board");
        }
        C::EditCursor(cell) => {
            if let Some(editing) = &mut slide.editing
                && cell < editing.board.len()
            {
                editing.cursor = cell;
            }
        }
        C::EditPick(cell) => edit_pick(slide, cell),
        C::EditDone => {
            if let Some(editing) = slide.editing.take() {
                match editing.target {
                    EditTarget::Start => apply(slide, C::SetStart(editing.board)),
                    EditTarget::Goal => apply(slide, C::SetGoal(editing.board)),
                }
            }
        }
        C::EditCancel => {
            slide.editing = None;
            slide.notice = None;
        }
    }
}

fn report_move<T>(slide: &mut Slide, result: Result<T, SlideRefusal>) {
    match result {
        Ok(_) => slide.notice = None,
        Err(SlideRefusal::NotInLine) => {
            slide.info("only tiles in the blank's row or column can slide")
        }
        Err(SlideRefusal::Edge) => slide.info("the edge of the board is in the way"),
        Err(SlideRefusal::AlreadySolved) => {
            slide.info("already solved: N for a new shuffle, F1 to play it again")
        }
    }
}

/// After the player's board changed: the win, and the hint for the new board.
fn after_move(slide: &mut Slide) {
    if slide.game.won() && slide.game.moves() > 0 {
        slide.celebrate = 2.5;
        let optimal = slide
            .optimal
            .map(|o| format!(" (optimal: {o})"))
            .unwrap_or_default();
        slide.info(format!("Solved in {} moves{optimal}!", slide.game.moves()));
    }
    if slide.hint_on && slide.hint().is_none() && !slide.game.won() {
        request_hint(slide);
    }
}

fn tell_solvability(slide: &mut Slide) {
    let (ok, why) = slide.game.solvability();
    if ok {
        slide.info(why);
    } else {
        slide.error(why);
    }
}

fn request_hint(slide: &mut Slide) {
    if slide.hint().is_some() || slide.game.won() {
        return;
    }
    if !slide.game.solvability().0 {
        slide.error("no hint: this goal cannot be reached from here (parity)");
        return;
    }
    if slide.job.is_none() {
        start_job(slide, JobKind::Hint);
    }
}

fn start_job(slide: &mut Slide, kind: JobKind) {
    if let Some(job) = slide.job.take() {
        job.cancel();
    }
    let board = *slide.game.board();
    let goal = *slide.game.goal();
    if !matches!(kind, JobKind::Shuffle(_)) && !slide.game.solvability().0 {
        slide.error(format!(
            "{}: nothing to search, the goal cannot be reached",
            slide.game.solvability().1
        ));
        return;
    }
    let algorithms = match kind {
        JobKind::Solve => vec![slide.algorithm],
        JobKind::Hint => vec![Algorithm::best_for(board.side())],
        JobKind::Compare => Algorithm::ALL
            .into_iter()
            .filter(|a| a.practical(board.side()))
            .collect(),
        JobKind::Shuffle(_) => vec![Algorithm::best_for(board.side())],
    };
    if kind == JobKind::Compare {
        slide.compare.clear();
    }
    slide.job = Some(SlideJob::spawn(
        kind,
        board,
        goal,
        algorithms,
        slide.depth_limit,
        &mut slide.databases,
    ));
}

fn shuffle(slide: &mut Slide) {
    let goal = *slide.game.goal();
    let mut rng = crate::core::rng::from_seed(fresh_seed());
    slide.editing = None;
    match slide.shuffle_distance {
        None => {
            let start = Board::random_solvable(&goal, &mut rng);
            slide.new_instance();
            slide.game.set_start(start);
            slide.notice = None;
        }
        Some(d) if goal.side() == 3 => match at_distance(&goal, d, &mut rng) {
            Some(start) => {
                slide.new_instance();
                slide.game.set_start(start);
                slide.optimal = Some(d);
                slide.info(format!("a board {d} moves from the goal"));
            }
            None => slide.error(format!("no 8-puzzle board lies {d} moves from this goal")),
        },
        Some(d) => {
            slide.new_instance();
            start_job(slide, JobKind::Shuffle(d));
        }
    }
}

fn edit_pick(slide: &mut Slide, cell: usize) {
    let Some(editing) = &mut slide.editing else {
        return;
    };
    if cell >= editing.board.len() {
        return;
    }
    editing.cursor = cell;
    match editing.picked.take() {
        None => editing.picked = Some(cell),
        Some(first) if first == cell => {}
        Some(first) => {
            let mut cells = editing.board.cells().to_vec();
            cells.swap(first, cell);
            editing.board = Board::from_cells(&cells).expect("a swap keeps a board valid");
            let (start, goal) = match editing.target {
                EditTarget::Start => (editing.board, *slide.game.goal()),
                EditTarget::Goal => (*slide.game.start(), editing.board),
            };
            let (ok, why) = crate::core::slide::solvability(&start, &goal);
            if ok {
                slide.info(why);
            } else {
                slide.error(why);
            }
        }
    }
}

fn tick(mut slide: ResMut<Slide>, time: Res<Time>) {
    let dt = time.delta_secs();
    slide.game.tick(f64::from(dt));
    let speed = slide.demo_speed;
    if let Some(demo) = &mut slide.demo {
        demo.advance(dt, speed);
    }
    slide.celebrate = (slide.celebrate - dt).max(0.0);
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
    let goal = match &slide.editing {
        Some(e) if e.target == EditTarget::Goal => e.board,
        _ => *slide.game.goal(),
    };
    let hint_cell = (slide.hint_on && slide.demo.is_none() && slide.editing.is_none())
        .then(|| slide.hint_cell())
        .flatten();
    let picked = slide.editing.as_ref().and_then(|e| e.picked);
    let pulse = if slide.celebrate > 0.0 {
        1.0 + 0.06 * (slide.celebrate * 12.0).sin()
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
    let Some(editing) = &slide.editing else {
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
    if slide.celebrate <= 0.0 {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn slide(start: &str) -> Slide {
        let game = SlideGame::new(Board::parse(start).unwrap(), Board::goal(3)).unwrap();
        Slide::new(game, PdbRecipe::in_memory())
    }

    #[test]
    fn the_hint_follows_a_known_solution_while_the_player_does() {
        let mut s = slide("1 2 3 4 5 6 0 7 8");
        s.solution = Some(KnownSolution {
            from: *s.game.board(),
            moves: vec![Move::Right, Move::Right],
        });
        assert_eq!(s.hint(), Some(Move::Right));
        assert_eq!(s.hint_cell(), Some(7));
        apply(&mut s, SlideCommand::MoveBlank(Move::Right));
        assert_eq!(s.hint(), Some(Move::Right));
        apply(&mut s, SlideCommand::MoveBlank(Move::Up));
        assert_eq!(s.hint(), None, "off the known path");
    }

    #[test]
    fn editing_swaps_picked_cells_and_keeps_the_board_on_done() {
        let mut s = slide("1 2 3 4 5 6 7 8 0");
        apply(&mut s, SlideCommand::Edit(EditTarget::Start));
        apply(&mut s, SlideCommand::EditPick(0));
        apply(&mut s, SlideCommand::EditPick(1));
        assert_eq!(s.shown().to_string(), "2 1 3 4 5 6 7 8 0");
        assert!(s.notice.as_ref().unwrap().error, "parity flags it at once");
        apply(&mut s, SlideCommand::EditDone);
        assert_eq!(s.game.start().to_string(), "2 1 3 4 5 6 7 8 0");
        assert!(!s.game.solvability().0);
    }
}
