//! Slide's board on screen: the tiles (rebuilt when the size changes) gliding to the cells of
//! the board shown, coloured home / elsewhere / hint / picked; the editor's cursor; confetti
//! after a win; the camera framing.

use super::*;

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
pub(super) fn rebuild_tiles(
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
pub(super) fn place_tiles(
    slide: Res<Slide>,
    (learn, tree): (Res<crate::game::learn::Learn>, Res<super::tree::TreeView>),
    time: Res<Time>,
    mut query: Query<(&SlideTile, &mut Transform, &mut Sprite)>,
) {
    // with Learn open the board shows the node chosen in the search tree, else the step's
    let learning = learn.walk().and_then(|walk| {
        let board = match tree.chosen_board() {
            Some(board) => board,
            None => match walk.step()?.node? {
                crate::core::learn::Node::Board(b) => b,
                crate::core::learn::Node::Cell(_) => return None,
            },
        };
        (board.side() == slide.shown().side()).then_some(board)
    });
    let board = learning.unwrap_or_else(|| slide.shown());
    let side = board.side();
    let layout = BoardLayout::new(side, side);
    let goal = slide.shown_goal();
    let hint_cell = slide.hint_shown().filter(|_| learning.is_none());
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

pub(super) fn place_cursor(
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
    sprite.color = crate::game::theme::palette::CURSOR;
    if *visibility != Visibility::Visible {
        *visibility = Visibility::Visible;
    }
}

/// Confetti when the player solves the puzzle.
pub(super) fn celebrate(
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

pub(super) fn frame_camera(slide: Res<Slide>, mut framing: ResMut<Framing>) {
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
