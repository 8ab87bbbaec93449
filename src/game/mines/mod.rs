//! The Mines mode: the report's 20×20 field with 81 mines and 10 robots (lives), played by
//! cursor (keys, d-pad) or mouse; or by the robot, animated, with an overlay of what it knows;
//! hints from the robot in human play; presets, custom sizes, first-click rules; best times.
//!
//! The rules are `core::mines`; this plugin maps actions to them and the game to one entity per
//! cell, the cursor, the robot sprite and the overlay.

mod ui;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::input::{Action, Actions};
use super::runner::BestTimesStore;
use super::sprites::Sprites;
use super::state::AppState;
use super::view::{BoardLayout, CELL, Framing, glide, show_if};
use super::{AppSystems, Launch};
use crate::core::grid::Pos;
use crate::core::id::GameId;
use crate::core::mines::robot::{self, Analysis, Choice, analyse, order_by_walk};
use crate::core::mines::{Config, FirstClick, Game, Preset, Seen, Status};
use crate::core::rng::fresh_seed;

pub(super) use ui::ui_plugin;

/// Enumeration budget per robot analysis in the game (a frame must not wait long).
pub const GAME_BUDGET: usize = 150_000;
/// Robot speed limits, actions per second.
pub const MIN_ROBOT_SPEED: f32 = 1.0;
pub const MAX_ROBOT_SPEED: f32 = 60.0;

/// One action of the robot's plan.
pub use crate::core::mines::robot::Step as RobotStep;

/// The mode's state.
#[derive(Resource)]
pub struct Mines {
    pub game: Game,
    pub cursor: usize,
    /// Seconds since the first open, until the end.
    pub seconds: f64,
    /// The robot plays (it may be paused).
    pub robot_on: bool,
    pub robot_paused: bool,
    /// Robot actions per second.
    pub robot_speed: f32,
    robot_clock: f32,
    /// What the robot will do next, from its last analysis.
    pub plan: Vec<RobotStep>,
    /// The robot's last analysis (for the overlay), and the game revision it was made on.
    pub analysis: Option<(u64, Analysis)>,
    /// Show the robot's knowledge over the board.
    pub overlay: bool,
    /// A hint for the player: the robot's choice and why.
    pub hint: Option<(u64, Choice)>,
    /// The robot touched this game (no best time then).
    pub assisted: bool,
    pub notice: Option<String>,
    /// The robot sprite's cell.
    pub robot_at: usize,
    /// This game's time was a new best.
    pub new_best: bool,
    /// The robot's analysis running off the main thread: the board revision it looks at, what
    /// it is for, and the task.
    thinking: Option<(u64, Purpose, Task<Analysis>)>,
    /// A single robot step was asked for (it is taken once the robot has thought).
    pending_step: bool,
}

/// Why the robot is thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    /// To play its next actions.
    Play,
    /// To give the player a hint.
    Hint,
}

impl Mines {
    pub fn new(game: Game) -> Self {
        Self {
            game,
            cursor: 0,
            seconds: 0.0,
            robot_on: false,
            robot_paused: false,
            robot_speed: 8.0,
            robot_clock: 0.0,
            plan: Vec::new(),
            analysis: None,
            overlay: true,
            hint: None,
            assisted: false,
            notice: None,
            robot_at: 0,
            new_best: false,
            thinking: None,
            pending_step: false,
        }
    }

    /// True while the robot analyses the board (on another thread).
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Starts an analysis of the board as it is, unless one of this board is under way (one
    /// for an older board is dropped).
    fn think(&mut self, purpose: Purpose) {
        let revision = self.game.revision();
        match &mut self.thinking {
            Some((rev, current, _)) if *rev == revision => {
                // a hint asked while the robot thinks for itself gets the same answer
                if purpose == Purpose::Hint {
                    *current = Purpose::Hint;
                }
                return;
            }
            _ => {}
        }
        let view = self.game.view();
        let task =
            AsyncComputeTaskPool::get().spawn(async move { analyse(&view, GAME_BUDGET, true) });
        self.thinking = Some((revision, purpose, task));
    }

    /// The best-times key of this game's preset and rule (`None` for custom fields).
    pub fn best_key(&self) -> Option<String> {
        let config = self.game.config();
        Preset::of(config).map(|p| format!("mines {} {}", p.name(), config.first_click.name()))
    }

    /// The current analysis, when it is of the board as it is.
    pub fn current_analysis(&self) -> Option<&Analysis> {
        self.analysis
            .as_ref()
            .filter(|(rev, _)| *rev == self.game.revision())
            .map(|(_, a)| a)
    }

    fn fresh(&mut self, game: Game) {
        let keep = (self.robot_speed, self.overlay);
        *self = Mines::new(game);
        (self.robot_speed, self.overlay) = keep;
    }
}

/// What the player asked for.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum MinesCommand {
    Open(usize),
    Mark(usize),
    Chord(usize),
    /// Left click: chord on a satisfied number, else open.
    Click(usize),
    MoveCursor(usize),
    /// A new game with this recipe and seed.
    NewGame(Config, u64),
    /// The same field from the start.
    SameAgain,
    ToggleRobot,
    PauseRobot,
    StepRobot,
    SetSpeed(f32),
    ToggleOverlay,
    Hint,
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
    let game = Game::new(config, seed).unwrap_or_else(|e| {
        warn!("{e}; starting with the original game");
        Game::new(Preset::Original.config(), seed).expect("the original preset is valid")
    });
    let mut mines = Mines::new(game);
    mines.robot_speed = launch
        .settings
        .mines_robot_speed
        .clamp(MIN_ROBOT_SPEED, MAX_ROBOT_SPEED);
    app.insert_resource(mines)
        .init_resource::<MinesCells>()
        .add_message::<MinesCommand>()
        .add_systems(OnEnter(AppState::Mines), enter)
        .add_systems(OnExit(AppState::Mines), leave)
        .add_systems(
            Update,
            (
                read_actions,
                apply_commands,
                robot_thoughts,
                robot_turns,
                tick,
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

fn leave(mut framing: ResMut<Framing>) {
    *framing = Framing::default();
}

fn read_actions(actions: Res<Actions>, mines: Res<Mines>, mut out: MessageWriter<MinesCommand>) {
    let config = mines.game.config();
    let (w, h) = (config.width, config.height);
    let cursor = mines.cursor;
    if let Some(dir) = actions.direction() {
        let (r, c) = ((cursor / w) as i32, (cursor % w) as i32);
        let (dr, dc) = dir.delta();
        let (nr, nc) = (r + dr, c + dc);
        if nr >= 0 && nc >= 0 && (nr as usize) < h && (nc as usize) < w {
            out.write(MinesCommand::MoveCursor(nr as usize * w + nc as usize));
        }
    }
    let robot_driving = mines.robot_on && !mines.robot_paused;
    if !robot_driving {
        if actions.fired(Action::Confirm) {
            out.write(MinesCommand::Open(cursor));
        }
        if actions.fired(Action::Mark) {
            out.write(MinesCommand::Mark(cursor));
        }
        // gamepad Y is both chord and hint: in Mines it chords; H / Space ask for the hint
        // (gamepad LB, unused otherwise here, also asks for the hint)
        if actions.fired(Action::Chord) {
            out.write(MinesCommand::Chord(cursor));
        } else if (actions.fired(Action::Hint) || actions.fired(Action::StepBack))
            && !mines.robot_on
        {
            out.write(MinesCommand::Hint);
        }
    }
    if mines.robot_on && actions.fired(Action::Pause) && !actions.fired(Action::Hint) {
        out.write(MinesCommand::PauseRobot);
    } else if mines.robot_on && actions.fired(Action::Hint) {
        // Space while the robot plays: pause / resume
        out.write(MinesCommand::PauseRobot);
    }
    for (action, command) in [
        (Action::Replay, MinesCommand::ToggleRobot),
        (Action::NextGenerator, MinesCommand::ToggleRobot),
        (Action::StepForward, MinesCommand::StepRobot),
        (
            Action::Faster,
            MinesCommand::SetSpeed(mines.robot_speed * 1.5),
        ),
        (
            Action::Slower,
            MinesCommand::SetSpeed(mines.robot_speed / 1.5),
        ),
    ] {
        if actions.fired(action) && !(action == Action::Replay && actions.fired(Action::Chord)) {
            out.write(command);
        }
    }
    if actions.fired(Action::Edit) && !actions.fired(Action::NewBoard) {
        out.write(MinesCommand::ToggleOverlay);
    }
    if actions.fired(Action::NewBoard) {
        out.write(MinesCommand::NewGame(*config, fresh_seed()));
    }
    // F1 (keyboard): the same field again; gamepad X marks instead
    if actions.fired(Action::Restart) && !actions.fired(Action::Mark) {
        out.write(MinesCommand::SameAgain);
    }
    if actions.fired(Action::NextSize) {
        out.write(MinesCommand::NewGame(Preset::after(config), fresh_seed()));
    }
}

fn apply_commands(mut commands_in: MessageReader<MinesCommand>, mut mines: ResMut<Mines>) {
    for command in commands_in.read() {
        apply(&mut mines, command.clone());
    }
}

/// One command's effect.
pub fn apply(mines: &mut Mines, command: MinesCommand) {
    use MinesCommand as C;
    let playing = mines.game.status() == Status::Playing;
    match command {
        C::Open(cell) => {
            if playing {
                mines.cursor = cell;
                let opened = mines.game.open(cell);
                tell(mines, &opened.exploded);
            }
        }
        C::Mark(cell) => {
            if playing {
                mines.cursor = cell;
                mines.game.toggle_mark(cell);
            }
        }
        C::Chord(cell) => {
            if playing {
                mines.cursor = cell;
                let opened = mines.game.chord(cell);
                tell(mines, &opened.exploded);
            }
        }
        C::Click(cell) => {
            if mines.game.can_chord(cell) {
                apply(mines, C::Chord(cell));
            } else {
                apply(mines, C::Open(cell));
            }
        }
        C::MoveCursor(cell) => {
            if cell < mines.game.config().cells() {
                mines.cursor = cell;
            }
        }
        C::NewGame(config, seed) => match Game::new(config, seed) {
            Ok(game) => mines.fresh(game),
            Err(e) => mines.notice = Some(e),
        },
        C::SameAgain => {
            let (config, seed) = (*mines.game.config(), mines.game.seed());
            match Game::new(config, seed) {
                Ok(game) => mines.fresh(game),
                Err(e) => mines.notice = Some(e),
            }
        }
        C::ToggleRobot => {
            mines.robot_on = !mines.robot_on;
            mines.robot_paused = false;
            mines.plan.clear();
            if mines.robot_on {
                mines.assisted = true;
                mines.robot_at = mines.cursor;
            }
        }
        C::PauseRobot => mines.robot_paused = !mines.robot_paused,
        C::StepRobot => {
            if !mines.robot_on {
                mines.robot_on = true;
                mines.assisted = true;
            }
            mines.robot_paused = true;
            mines.pending_step = true;
        }
        C::SetSpeed(speed) => {
            mines.robot_speed = speed.clamp(MIN_ROBOT_SPEED, MAX_ROBOT_SPEED);
        }
        C::ToggleOverlay => mines.overlay = !mines.overlay,
        C::Hint => {
            if playing {
                mines.assisted = true;
                match mines.current_analysis().cloned() {
                    Some(analysis) => give_hint(mines, analysis),
                    None => mines.think(Purpose::Hint),
                }
            }
        }
    }
}

/// A message when a robot (life) was lost, and the end texts of the original.
fn tell(mines: &mut Mines, exploded: &[usize]) {
    match mines.game.status() {
        Status::Won => {
            mines.notice = Some("Congratulations! You Win! Thank you for playing!".into())
        }
        Status::Lost => mines.notice = Some("Game Over, thank you for playing!".into()),
        Status::Playing if !exploded.is_empty() => {
            let left = mines.game.lives_left();
            mines.notice = Some(format!(
                "Boom! A robot was blown up — {left} {} left.",
                if left == 1 { "robot" } else { "robots" }
            ));
        }
        Status::Playing => {}
    }
}

/// Tells the player the robot's choice and why, and moves the cursor there.
fn give_hint(mines: &mut Mines, analysis: Analysis) {
    let revision = mines.game.revision();
    if let Some(choice) = analysis.choice {
        mines.hint = Some((revision, choice));
        mines.cursor = choice.cell();
        mines.notice = Some(format!(
            "hint: {}",
            choice.explain(mines.game.config().width)
        ));
    }
    mines.analysis = Some((revision, analysis));
}

/// Takes the robot's finished analysis: a plan for the robot, or a hint for the player. An
/// analysis of a board that has changed since is dropped.
fn robot_thoughts(mut mines: ResMut<Mines>) {
    let Some((revision, purpose, task)) = mines.thinking.as_mut() else {
        return;
    };
    let (revision, purpose) = (*revision, *purpose);
    let Some(analysis) = block_on(poll_once(task)) else {
        return;
    };
    mines.thinking = None;
    if revision != mines.game.revision() || mines.game.status() != Status::Playing {
        return;
    }
    if purpose == Purpose::Hint {
        give_hint(&mut mines, analysis.clone());
    }
    if mines.robot_on {
        let view = mines.game.view();
        let mut plan = robot::plan(&analysis, &view);
        // walk a short way: nearest step first, from where the robot stands
        order_by_walk(&mut plan, mines.robot_at, mines.game.config().width);
        mines.plan = plan;
    }
    mines.analysis = Some((revision, analysis));
}

/// The robot's next action, from its plan; with no plan left it starts thinking (the action
/// comes once the analysis is back). Returns whether it acted.
fn robot_act(mines: &mut Mines) -> bool {
    if mines.game.status() != Status::Playing {
        mines.robot_on = false;
        return false;
    }
    // drop steps the board has overtaken (a flood may have opened them)
    mines
        .plan
        .retain(|step| mines.game.seen(step.cell()) == Seen::Hidden);
    if mines.plan.is_empty() {
        mines.think(Purpose::Play);
        return false;
    }
    let step = mines.plan.remove(0);
    let before = mines.game.revision();
    match step {
        RobotStep::Open(c) => {
            mines.robot_at = c;
            mines.cursor = c;
            let opened = mines.game.open(c);
            tell(mines, &opened.exploded);
        }
        RobotStep::Mark(c) => {
            mines.robot_at = c;
            mines.cursor = c;
            mines.game.toggle_mark(c);
        }
    }
    // keep the overlay on the board just changed
    if let Some((rev, _)) = &mut mines.analysis
        && *rev == before
    {
        *rev = mines.game.revision();
    }
    true
}

fn robot_turns(mut mines: ResMut<Mines>, time: Res<Time>) {
    if !mines.robot_on {
        return;
    }
    if mines.pending_step {
        if robot_act(&mut mines) {
            mines.pending_step = false;
        }
        return;
    }
    if mines.robot_paused {
        return;
    }
    mines.robot_clock += time.delta_secs() * mines.robot_speed;
    let mut steps = 0;
    while mines.robot_clock >= 1.0 && mines.robot_on && steps < 8 {
        if !robot_act(&mut mines) {
            // thinking: the clock waits for the answer
            mines.robot_clock = mines.robot_clock.min(1.0);
            break;
        }
        mines.robot_clock -= 1.0;
        steps += 1;
    }
    if steps == 8 {
        mines.robot_clock = 0.0;
    }
}

fn tick(mut mines: ResMut<Mines>, time: Res<Time>) {
    if mines.game.status() == Status::Playing && mines.game.opened_any() {
        mines.seconds += f64::from(time.delta_secs());
    }
}

fn record_best_time(
    mut mines: ResMut<Mines>,
    mut store: ResMut<BestTimesStore>,
    mut done: Local<Option<(u64, u64)>>,
) {
    if mines.game.status() != Status::Won || mines.assisted {
        return;
    }
    let id = (mines.game.seed(), mines.game.revision());
    if *done == Some(id) {
        return;
    }
    *done = Some(id);
    let Some(key) = mines.best_key() else {
        return;
    };
    if store.times.record(&key, mines.seconds) {
        mines.new_best = true;
        if let Some(path) = &store.path
            && let Err(e) = store.times.save(path)
        {
            warn!("{e}");
        }
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
    let config = mines.game.config();
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
    let analysis_rev = mines.analysis.as_ref().map_or(0, |(r, _)| *r + 1);
    let key = (mines.game.revision(), mines.overlay, analysis_rev);
    if cells.painted == Some(key) {
        return;
    }
    let game = &mines.game;
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
    let analysis = mines.overlay.then(|| mines.current_analysis()).flatten();
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
    transform.translation = cell_center(mines.game.config(), mines.cursor).extend(3.0);
    show_if(&mut visibility, mines.game.status() == Status::Playing);
}

fn place_robot(
    mines: Res<Mines>,
    time: Res<Time>,
    robot: Single<(&mut Transform, &mut Visibility), With<MinesRobot>>,
) {
    let (mut transform, mut visibility) = robot.into_inner();
    let target = cell_center(mines.game.config(), mines.robot_at);
    let next = glide(
        transform.translation.truncate(),
        target,
        time.delta_secs(),
        14.0,
        CELL * 1000.0,
    );
    transform.translation = next.extend(4.0);
    show_if(
        &mut visibility,
        mines.robot_on || mines.assisted && mines.game.status() != Status::Playing,
    );
}

fn frame_camera(mines: Res<Mines>, mut framing: ResMut<Framing>) {
    let config = mines.game.config();
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
