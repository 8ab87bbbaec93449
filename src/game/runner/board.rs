//! Runner's maze on screen: one entity per cell, repainted only where a step changed something
//! (trail, hint, A*'s sets, the carving animation), the player's ball gliding, the camera
//! following it on big mazes.

use super::*;
use crate::core::trace::Event;
use crate::game::trail::mark_color;

/// Spawns one entity per cell when a new round starts.
pub(super) fn rebuild_cells(
    mut commands: Commands,
    runner: Res<Runner>,
    sprites: Res<Sprites>,
    mut cells: ResMut<RunnerCells>,
    old: Query<Entity, With<RunnerCell>>,
) {
    let spec = runner.game.spec();
    if cells.spec == Some(spec) && !cells.entities.is_empty() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let maze = runner.game.maze();
    let layout = BoardLayout::new(maze.width(), maze.height());
    let mut entities = Vec::with_capacity(maze.grid().len());
    for (pos, &cell) in maze.grid().iter() {
        let mut entity = commands.spawn((
            RunnerCell { pos, cell },
            Sprite {
                image: sprites.tile.clone(),
                custom_size: Some(Vec2::splat(CELL)),
                ..default()
            },
            Transform::from_translation(layout.center(pos).extend(0.0)),
            DespawnOnExit(AppState::Runner),
        ));
        if matches!(cell, Cell::Entry | Cell::Exit) {
            let label = if cell == Cell::Entry { "S" } else { "E" };
            entity.insert(children![cell_label(label)]);
        }
        entities.push(entity.id());
    }
    cells.entities = entities;
    cells.spec = Some(spec);
    cells.painted = None;
    cells.shown = None;
}

/// The colour of an open cell: trail (deeper with more visits), hint path, A* sets.
pub(super) fn floor_color(
    runner: &Runner,
    pos: Pos,
    cell: Cell,
    on_hint: bool,
    in_sets: Option<Color>,
) -> Color {
    match cell {
        Cell::Entry => return palette::ENTRY,
        Cell::Exit => return palette::EXIT,
        _ => {}
    }
    if on_hint {
        return palette::ROUTE;
    }
    let visits = runner.game.visits()[pos];
    if visits > 0 {
        let depth = (0.6 + 0.15 * f32::from(visits - 1)).min(1.0);
        return palette::FLOOR.mix(&palette::ON_PATH, depth);
    }
    in_sets.unwrap_or(palette::FLOOR)
}

/// Paints cells when the round changes: walls keep the tile, open cells get their floor colour;
/// during the carving animation, cells not yet carved still show as walls. After a single step
/// (the common case) only the cells whose colour can have changed are repainted: the two player
/// cells and the part of the hint path that differs — on a 401×401 maze that is a few cells
/// instead of 160,801.
pub(super) fn paint_cells(
    runner: Res<Runner>,
    mut cells: ResMut<RunnerCells>,
    sprites: Res<Sprites>,
    learn: Res<Learn>,
    mut query: Query<(&RunnerCell, &mut Sprite)>,
) {
    let cursor = runner
        .reveal
        .as_ref()
        .map_or(usize::MAX, |r| r.replay().cursor());
    let learning = learn.walk().map(Walkthrough::replay);
    let key = (
        runner.game.revision(),
        cursor,
        runner.show_sets,
        learning.map(|replay| (learn.opened(), replay.cursor())),
    );
    if cells.painted == Some(key) || cells.entities.is_empty() {
        return;
    }
    if let Some(replay) = learning {
        let carving = learn
            .walk()
            .is_some_and(|walk| walk.lesson().algo.generator().is_some());
        paint_learning(&mut cells, (key, carving), replay, &sprites, &mut query);
        return;
    }
    let game = &runner.game;
    let maze = game.maze();
    let grid = maze.grid();
    let hint = game.hint();
    let now = Shown {
        path: hint.map(|h| h.path.clone()).unwrap_or_default(),
        player: game.player(),
        steps: game.steps(),
        sets_from: hint.filter(|_| runner.show_sets).map(|h| h.searched_from),
        show_sets: runner.show_sets,
        revealing: runner.reveal.is_some(),
    };
    // the cells to repaint: `None` means all of them
    let changed: Option<Vec<usize>> = match &cells.shown {
        Some(before)
            if !now.revealing
                && !before.revealing
                && before.show_sets == now.show_sets
                && before.sets_from == now.sets_from
                && now.steps.abs_diff(before.steps) <= 1 =>
        {
            // the paths share their tail; only the parts before it differ
            let shared = before
                .path
                .iter()
                .rev()
                .zip(now.path.iter().rev())
                .take_while(|(a, b)| a == b)
                .count();
            let old_part = &before.path[..before.path.len() - shared];
            let new_part = &now.path[..now.path.len() - shared];
            Some(
                old_part
                    .iter()
                    .chain(new_part)
                    .chain([&before.player, &now.player])
                    .filter_map(|p| grid.index(*p))
                    .collect(),
            )
        }
        _ => None,
    };
    let on_hint: std::collections::HashSet<Pos> = match &changed {
        // a small repaint asks only about the cells it repaints
        Some(list) if list.len() <= 64 => list
            .iter()
            .map(|&i| grid.pos(i))
            .filter(|p| now.path.contains(p))
            .collect(),
        _ => now.path.iter().copied().collect(),
    };
    let mut sets: std::collections::HashMap<Pos, Color> = std::collections::HashMap::new();
    if let Some(hint) = hint.filter(|_| runner.show_sets) {
        for (list, color) in [
            (&hint.frontier, palette::FRONTIER),
            (&hint.closed, palette::CLOSED),
        ] {
            for p in list {
                sets.insert(*p, color);
            }
        }
    }
    // during the carving animation, the generator's marks say what is open so far
    let carved = runner.reveal.as_ref().map(|r| r.replay().marks());
    let mut paint = |i: usize| {
        let Some(&entity) = cells.entities.get(i) else {
            return;
        };
        let Ok((cell, mut sprite)) = query.get_mut(entity) else {
            return;
        };
        let revealed = carved.is_none_or(|m| m.cells()[i] == Mark::Carved);
        if cell.cell == Cell::Wall || !revealed {
            show_wall(&mut sprite, &sprites);
            return;
        }
        let in_sets = sets.get(&cell.pos).copied();
        let color = floor_color(
            &runner,
            cell.pos,
            cell.cell,
            on_hint.contains(&cell.pos),
            in_sets,
        );
        show_floor(&mut sprite, color);
    };
    match &changed {
        Some(list) => list.iter().for_each(|&i| paint(i)),
        None => (0..cells.entities.len()).for_each(&mut paint),
    }
    cells.shown = Some(now);
    cells.painted = Some(key);
}

pub(super) fn place_player(
    runner: Res<Runner>,
    time: Res<Time>,
    player: Single<(&mut PlayerCell, &mut Transform, &mut Visibility), With<Player>>,
) {
    let (mut cell, mut transform, mut visibility) = player.into_inner();
    let pos = runner.game.player();
    let maze = runner.game.maze();
    let target = BoardLayout::new(maze.width(), maze.height()).center(pos);
    if cell.0 != pos {
        cell.0 = pos;
    }
    let next = glide(
        transform.translation.truncate(),
        target,
        time.delta_secs(),
        30.0,
        CELL * 3.0,
    );
    transform.translation = next.extend(2.0);
    show_if(&mut visibility, runner.reveal.is_none());
}

/// Whole board when it fits; otherwise the camera follows the player at the chosen zoom.
pub(super) fn frame_camera(
    runner: Res<Runner>,
    player: Single<&Transform, With<Player>>,
    mut framing: ResMut<Framing>,
) {
    let maze = runner.game.maze();
    let layout = BoardLayout::new(maze.width(), maze.height());
    let largest = maze.width().max(maze.height());
    let focus = (largest > FOLLOW_ABOVE && runner.span_cells < largest as f32).then(|| {
        // keep the view inside the board where it can be
        let half = runner.span_cells * CELL / 2.0;
        let limit = (layout.size() / 2.0 - Vec2::splat(half)).max(Vec2::ZERO);
        Focus {
            center: player.translation.truncate().clamp(-limit, limit),
            span_cells: runner.span_cells,
        }
    });
    let wanted = Framing {
        board: Some(layout),
        focus,
    };
    if framing.board != wanted.board || framing.focus != wanted.focus {
        *framing = wanted;
    }
}

/// Paints Learn's step over the maze: A*'s or breadth-first's open and closed cells and the
/// route, as the walkthrough's replay marks them. Between two steps of the same walkthrough
/// only the cells of the events in between can change; opening Learn paints every cell.
fn paint_learning(
    cells: &mut RunnerCells,
    (key, carving): (Painted, bool),
    replay: &Replay,
    sprites: &Sprites,
    query: &mut Query<(&RunnerCell, &mut Sprite)>,
) {
    let grid = replay.marks();
    let now = replay.cursor();
    let changed: Option<Vec<usize>> = match cells.painted {
        Some((revision, _, _, Some((opened, before))))
            if revision == key.0 && key.3.is_some_and(|(o, _)| o == opened) =>
        {
            let (from, to) = (before.min(now), before.max(now));
            Some(
                replay.trace().events[from..to]
                    .iter()
                    .filter_map(|event| grid.index(event_cell(*event)))
                    .collect(),
            )
        }
        _ => None,
    };
    let mut paint = |i: usize| {
        let Some(&entity) = cells.entities.get(i) else {
            return;
        };
        let Ok((cell, mut sprite)) = query.get_mut(entity) else {
            return;
        };
        let mark = grid.cells()[i];
        if carving {
            // carved cells are floor (the stack or walk in its colour), Prim's wall list green,
            // everything else (not carved, or a wall left standing) wall
            match mark {
                Mark::Unseen | Mark::Closed => show_wall(&mut sprite, sprites),
                Mark::Carved => show_floor(
                    &mut sprite,
                    match cell.cell {
                        Cell::Entry => palette::ENTRY,
                        Cell::Exit => palette::EXIT,
                        _ => palette::FLOOR,
                    },
                ),
                _ => show_floor(&mut sprite, mark_color(mark).unwrap_or(palette::FLOOR)),
            }
            return;
        }
        if cell.cell == Cell::Wall {
            show_wall(&mut sprite, sprites);
            return;
        }
        let color = match cell.cell {
            Cell::Entry => palette::ENTRY,
            Cell::Exit => palette::EXIT,
            _ => mark_color(mark).unwrap_or(palette::FLOOR),
        };
        show_floor(&mut sprite, color);
    };
    match &changed {
        Some(list) => list.iter().for_each(|&i| paint(i)),
        None => (0..cells.entities.len()).for_each(&mut paint),
    }
    // the next paint without Learn repaints everything
    cells.shown = None;
    cells.painted = Some(key);
}

/// The cell an event changes.
fn event_cell(event: Event) -> Pos {
    match event {
        Event::Enter(p)
        | Event::Frontier(p)
        | Event::Expand(p)
        | Event::Route(p)
        | Event::Carve(p) => p,
        Event::Backtrack { dead_end, .. } => dead_end,
    }
}

/// Shows a cell as wall (the brick tile), touching the sprite only when it changes.
fn show_wall(sprite: &mut Sprite, sprites: &Sprites) {
    // (the size too: without an image asset, as in headless runs, the tile is the default
    // handle, the same as a floor's)
    if sprite.image != sprites.tile || sprite.custom_size != Some(Vec2::splat(CELL)) {
        sprite.image = sprites.tile.clone();
        sprite.color = Color::WHITE;
        sprite.custom_size = Some(Vec2::splat(CELL));
    }
}

/// Shows a cell as floor of `color`, touching the sprite only when it changes.
fn show_floor(sprite: &mut Sprite, color: Color) {
    if sprite.image != Handle::default() || sprite.color != color {
        sprite.image = Handle::default();
        sprite.color = color;
        sprite.custom_size = Some(Vec2::splat(CELL - 2.0));
    }
}
