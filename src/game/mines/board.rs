//! Mines' field on screen: one entity per cell with its number or mark and the robot's
//! knowledge tinted over it, repainted when the game, the overlay or the analysis changes; the
//! cursor, the robot sprite and the camera framing.

use super::*;

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

pub(super) fn rebuild_cells(
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
pub(super) fn paint_cells(
    (mines, learn): (Res<Mines>, Res<super::MinesLearn>),
    mut cells: ResMut<MinesCells>,
    mut sprites: Query<(&MinesCell, &mut Sprite), Without<MinesShade>>,
    mut shades: Query<(&MinesShade, &mut Sprite), Without<MinesCell>>,
    mut labels: Query<(&MinesLabel, &mut Text2d, &mut TextColor)>,
) {
    let analysis_rev = mines.analysis().map_or(0, |(r, _)| *r + 1);
    let key = (
        mines.game().revision(),
        mines.overlay(),
        analysis_rev,
        learn.paint_key(),
    );
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
    // Learn: the step's cells and what is deduced so far, in place of the overlay
    if let Some(tints) = learn.tints() {
        for (shade, mut sprite) in &mut shades {
            let color = learn_tint(tints[shade.0]);
            if sprite.color != color {
                sprite.color = color;
            }
        }
        cells.painted = Some(key);
        return;
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

/// The colour of a Learn tint over a cell.
fn learn_tint(tint: super::Tint) -> Color {
    use super::Tint;
    use crate::core::mines::robot::Claim;
    match tint {
        Tint::None => Color::NONE,
        Tint::Deduced(Claim::Safe) => colors::SAFE.with_alpha(0.35),
        Tint::Deduced(Claim::Mine) => colors::DANGER.with_alpha(0.35),
        Tint::Now(Claim::Safe) => colors::SAFE,
        Tint::Now(Claim::Mine) => colors::DANGER,
        Tint::Number => Color::srgba(1.0, 0.85, 0.2, 0.45),
        Tint::Around => Color::srgba(1.0, 0.85, 0.2, 0.22),
        Tint::Group => Color::srgba(0.3, 0.55, 1.0, 0.4),
        Tint::Chosen => colors::PICK,
    }
}

/// The world position of a cell's centre (clamped to the field).
pub(super) fn cell_center(config: &Config, cell: usize) -> Vec2 {
    let c = cell.min(config.cells() - 1);
    BoardLayout::new(config.width, config.height).center(Pos::new(
        (c / config.width) as i32,
        (c % config.width) as i32,
    ))
}

pub(super) fn place_cursor(
    mines: Res<Mines>,
    cursor: Single<(&mut Transform, &mut Visibility), With<MinesCursor>>,
) {
    let (mut transform, mut visibility) = cursor.into_inner();
    transform.translation = cell_center(mines.game().config(), mines.cursor()).extend(3.0);
    show_if(&mut visibility, mines.game().status() == Status::Playing);
}

pub(super) fn place_robot(
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

pub(super) fn frame_camera(mines: Res<Mines>, mut framing: ResMut<Framing>) {
    let config = mines.game().config();
    let layout = BoardLayout::new(config.width, config.height);
    if framing.board != Some(layout) || framing.focus.is_some() {
        *framing = Framing {
            board: Some(layout),
            focus: None,
        };
    }
}
