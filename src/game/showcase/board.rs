//! The Showcase's panes on screen: every pane's cells spawned side by side when a scene's
//! boards arrive, painted from the looks its script gives each step (only what changed), the
//! walkers (the ball) gliding, the camera framing the panes.

use super::*;

/// The world position of pane `pane`'s cell `pos` in the side-by-side layout of `show`.
pub fn cell_center(show: &Show, pane: usize, pos: Pos) -> Vec2 {
    let layout = whole_layout(show);
    let left: usize = show.panes[..pane].iter().map(|p| p.width + PANE_GAP).sum();
    let height = show.panes[pane].height;
    let top = (layout.height - height) / 2;
    layout.center(Pos::new(pos.row + top as i32, pos.col + left as i32))
}

/// The layout of every pane side by side.
pub(super) fn whole_layout(show: &Show) -> BoardLayout {
    let width: usize = show.panes.iter().map(|p| p.width).sum::<usize>()
        + PANE_GAP * show.panes.len().saturating_sub(1);
    let height = show.panes.iter().map(|p| p.height).max().unwrap_or(1);
    BoardLayout::new(width.max(1), height)
}

/// Spawns the cells of a freshly built scene.
pub(super) fn spawn_panes(
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

/// The colour of a cell's look, and whether it wears the wall sprite.
pub(super) fn look_color(look: Look) -> (Color, bool) {
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
pub(super) fn look_label(look: Look) -> (String, Color) {
    match look {
        Look::Tile { number, .. } => (number.to_string(), Color::WHITE),
        Look::Open(0) => (String::new(), Color::WHITE),
        Look::Open(n) => (n.to_string(), number_color(n)),
        Look::Marked => ("F".into(), mines_colors::FLAG),
        Look::Exploded => ("*".into(), Color::BLACK),
        _ => (String::new(), Color::WHITE),
    }
}

pub(super) fn paint_cells(
    showcase: Res<Showcase>,
    (state, learn, robot): (
        Res<ShowcaseLearn>,
        Res<crate::game::learn::Learn>,
        Res<crate::game::mines::MinesLearn>,
    ),
    mut painted: ResMut<Painted>,
    sprites: Res<Sprites>,
    mut cells: Query<(&ShowCell, &mut Sprite)>,
    mut labels: Query<(&ShowLabel, &mut Text2d, &mut TextColor)>,
) {
    let Some(show) = &showcase.show else {
        painted.revision = None;
        return;
    };
    let key = showcase
        .revision
        .wrapping_add(super::learn::paint_key(&learn, &robot).wrapping_mul(7919));
    if painted.revision == Some(key) && !cells.is_empty() {
        return;
    }
    if cells.is_empty() {
        return;
    }
    // the pane Learn explains shows Learn's step
    let looks: Vec<Vec<Look>> = show
        .panes
        .iter()
        .enumerate()
        .map(|(p, pane)| {
            super::learn::looks(&state, show, (&learn, &robot), p).unwrap_or_else(|| pane.looks())
        })
        .collect();
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
    painted.revision = Some(key);
}

pub(super) fn place_walkers(
    showcase: Res<Showcase>,
    (state, learn): (Res<ShowcaseLearn>, Res<crate::game::learn::Learn>),
    mut walkers: Query<(&ShowWalker, &mut Transform, &mut Visibility)>,
) {
    let Some(show) = &showcase.show else {
        return;
    };
    for (walker, mut transform, mut visibility) in &mut walkers {
        // the pane Learn explains: the walkthrough's walker (the ball of a depth-first walk)
        let learning = learn
            .walk()
            .filter(|_| state.is_open() && state.pane == walker.0);
        let at = match learning {
            Some(walk) => walk.replay().walker(),
            None => show
                .panes
                .get(walker.0)
                .and_then(crate::core::showcase::Pane::walker),
        };
        if let Some(pos) = at {
            let target = cell_center(show, walker.0, pos).extend(2.0);
            if transform.translation != target {
                transform.translation = target;
            }
        }
        show_if(&mut visibility, at.is_some());
    }
}

pub(super) fn frame_camera(showcase: Res<Showcase>, mut framing: ResMut<Framing>) {
    let board = showcase.show.as_ref().map(whole_layout);
    if framing.board != board || framing.focus.is_some() {
        *framing = Framing { board, focus: None };
    }
}
