//! Board geometry and the two cameras: the world camera fits the current board into the part of
//! the window the egui panels leave free; the UI camera draws egui over everything.

use bevy::camera::{CameraOutputMode, ScalingMode, Viewport, visibility::RenderLayers};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::PrimaryEguiContext;

use super::AppSystems;
use crate::core::grid::Pos;

/// World units per board cell: the sprites are 40×40 pixels.
pub const CELL: f32 = 40.0;

/// A board of `width` × `height` cells centred on the world origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub width: usize,
    pub height: usize,
}

impl BoardLayout {
    /// The layout of a `width` × `height` board.
    pub fn new(width: usize, height: usize) -> Self {
        Self { width, height }
    }

    /// The world position of a cell's centre (row 0 at the top).
    pub fn center(&self, pos: Pos) -> Vec2 {
        Vec2::new(
            (pos.col as f32 - (self.width as f32 - 1.0) / 2.0) * CELL,
            ((self.height as f32 - 1.0) / 2.0 - pos.row as f32) * CELL,
        )
    }

    /// The cell under a world position, if it lies on the board.
    pub fn cell_at(&self, world: Vec2) -> Option<Pos> {
        let col = (world.x / CELL + self.width as f32 / 2.0).floor();
        let row = (self.height as f32 / 2.0 - world.y / CELL).floor();
        let inside =
            col >= 0.0 && row >= 0.0 && (col as usize) < self.width && (row as usize) < self.height;
        inside.then(|| Pos::new(row as i32, col as i32))
    }

    /// The board's size in world units.
    pub fn size(&self) -> Vec2 {
        Vec2::new(self.width as f32 * CELL, self.height as f32 * CELL)
    }
}

/// The board cell under the mouse pointer, if any: the window's cursor through the world
/// camera onto a board of `layout`.
pub fn cell_under_cursor(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    layout: BoardLayout,
) -> Option<Pos> {
    let cursor = window.cursor_position()?;
    let world = camera.0.viewport_to_world_2d(camera.1, cursor).ok()?;
    layout.cell_at(world)
}

/// Where a sprite gliding towards `target` should be after `seconds`: an exponential approach at
/// `rate` per second, or a jump when it is more than `snap` away (a restart, a new round).
pub fn glide(current: Vec2, target: Vec2, seconds: f32, rate: f32, snap: f32) -> Vec2 {
    if current.distance(target) > snap {
        return target;
    }
    current.lerp(target, 1.0 - (-seconds * rate).exp())
}

/// Shows or hides an entity, touching `Visibility` only when it changes (so change detection
/// stays quiet on the frames where nothing does).
pub fn show_if(visibility: &mut Visibility, shown: bool) {
    let wanted = if shown {
        Visibility::Visible
    } else {
        Visibility::Hidden
    };
    if *visibility != wanted {
        *visibility = wanted;
    }
}

/// What the world camera should frame: the current mode's board (`None` on the menu), and for
/// big boards a window onto it.
#[derive(Resource, Debug, Default)]
pub struct Framing {
    pub board: Option<BoardLayout>,
    pub focus: Option<Focus>,
}

/// A close-up: the world point to centre on and how many cells must fit across the view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Focus {
    pub center: Vec2,
    pub span_cells: f32,
}

/// The part of the window (logical pixels) that the egui panels leave for the board; set by
/// each mode's UI every frame. `None` means the whole window.
#[derive(Resource, Debug, Default)]
pub struct PlayArea(pub Option<Rect>);

/// The camera that draws the board.
#[derive(Component)]
pub struct WorldCamera;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Framing>()
        .init_resource::<PlayArea>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(Update, fit_world_camera.in_set(AppSystems::Present));
}

/// Multisampling: the boards are sprites on a pixel grid and egui draws its own smooth edges,
/// so a browser (where software WebGL multisamples slowly) goes without.
fn msaa() -> Msaa {
    if cfg!(target_arch = "wasm32") {
        Msaa::Off
    } else {
        Msaa::default()
    }
}

fn spawn_cameras(mut commands: Commands) {
    commands.spawn((
        Name::new("World camera"),
        WorldCamera,
        Camera2d,
        msaa(),
        Projection::Orthographic(OrthographicProjection::default_2d()),
    ));
    commands.spawn((
        Name::new("UI camera"),
        PrimaryEguiContext,
        Camera2d,
        msaa(),
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// Gives the world camera the free part of the window as its viewport and scales it so the whole
/// board (plus half a cell of margin) fits.
fn fit_world_camera(
    framing: Res<Framing>,
    area: Res<PlayArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Camera, &mut Projection, &mut Transform), With<WorldCamera>>,
) {
    let (mut camera, mut projection, mut transform) = camera.into_inner();
    let scale = window.scale_factor();
    let full = Rect::new(0.0, 0.0, window.width(), window.height());
    let rect = area.0.unwrap_or(full).intersect(full);
    let min = (rect.min * scale).round().max(Vec2::ZERO);
    let size = ((rect.size() * scale).round()).max(Vec2::ONE);
    let physical = UVec2::new(window.physical_width(), window.physical_height());
    let position = min.as_uvec2().min(physical.saturating_sub(UVec2::ONE));
    let size = size
        .as_uvec2()
        .min(physical.saturating_sub(position))
        .max(UVec2::ONE);
    let viewport = Viewport {
        physical_position: position,
        physical_size: size,
        ..default()
    };
    if camera
        .viewport
        .as_ref()
        .map(|v| (v.physical_position, v.physical_size))
        != Some((position, size))
    {
        camera.viewport = Some(viewport);
    }
    let (min_width, min_height, center) = match (framing.board, framing.focus) {
        (Some(_), Some(focus)) => {
            let span = focus.span_cells * CELL;
            (span, span, focus.center)
        }
        (Some(layout), None) => {
            let board = layout.size() + Vec2::splat(CELL);
            (board.x, board.y, Vec2::ZERO)
        }
        (None, _) => (rect.width().max(1.0), rect.height().max(1.0), Vec2::ZERO),
    };
    if transform.translation.truncate() != center {
        transform.translation = center.extend(transform.translation.z);
    }
    if let Projection::Orthographic(ortho) = projection.as_mut() {
        let same = matches!(ortho.scaling_mode, ScalingMode::AutoMin { min_width: w, min_height: h }
            if w == min_width && h == min_height);
        if !same {
            ortho.scaling_mode = ScalingMode::AutoMin {
                min_width,
                min_height,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_and_cell_lookup_agree() {
        for (w, h) in [(8, 8), (5, 3), (1, 1), (64, 17)] {
            let layout = BoardLayout::new(w, h);
            for row in 0..h as i32 {
                for col in 0..w as i32 {
                    let pos = Pos::new(row, col);
                    let c = layout.center(pos);
                    assert_eq!(layout.cell_at(c), Some(pos));
                    // a point near a corner of the cell still belongs to it
                    assert_eq!(layout.cell_at(c + Vec2::new(19.0, -19.0)), Some(pos));
                }
            }
            assert_eq!(layout.cell_at(Vec2::new(-(w as f32) * CELL, 0.0)), None);
            assert_eq!(layout.cell_at(Vec2::new(0.0, h as f32 * CELL)), None);
        }
    }

    #[test]
    fn glide_approaches_and_snaps_when_far() {
        let target = Vec2::new(40.0, 0.0);
        let step = glide(Vec2::ZERO, target, 0.1, 10.0, 100.0);
        assert!(step.x > 0.0 && step.x < 40.0);
        assert_eq!(glide(Vec2::ZERO, target, 0.1, 10.0, 20.0), target);
        assert_eq!(glide(target, target, 0.1, 10.0, 100.0), target);
    }

    #[test]
    fn row_zero_is_at_the_top() {
        let layout = BoardLayout::new(3, 3);
        assert!(layout.center(Pos::new(0, 1)).y > layout.center(Pos::new(2, 1)).y);
        assert!(layout.center(Pos::new(1, 0)).x < layout.center(Pos::new(1, 2)).x);
    }
}
