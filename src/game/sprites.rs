//! The two BMP sprites of the original, embedded in the binary so the game runs from any folder.

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;

/// `assets/tile.bmp`: the maze wall.
pub const TILE_BMP: &[u8] = include_bytes!("../../assets/tile.bmp");
/// `assets/ball.bmp`: the ball.
pub const BALL_BMP: &[u8] = include_bytes!("../../assets/ball.bmp");
/// `assets/robot.bmp`: the Mines robot (drawn by `tools/make_sprites.py`).
pub const ROBOT_BMP: &[u8] = include_bytes!("../../assets/robot.bmp");

/// Handles to the sprites. Headless tests use the default (empty) handles: entities get the
/// same components, nothing is drawn.
#[derive(Resource, Clone, Debug, Default)]
pub struct Sprites {
    pub tile: Handle<Image>,
    pub ball: Handle<Image>,
    pub robot: Handle<Image>,
}

/// Decodes one embedded BMP.
pub fn decode_bmp(bytes: &[u8]) -> Result<Image, String> {
    Image::from_buffer(
        bytes,
        ImageType::Extension("bmp"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::nearest(),
        RenderAssetUsages::default(),
    )
    .map_err(|e| e.to_string())
}

/// Decodes the sprites into `Assets<Image>` (which the render plugins provide).
pub(super) fn plugin(app: &mut App) {
    let tile = decode_bmp(TILE_BMP).expect("the embedded tile.bmp decodes");
    let ball = decode_bmp(BALL_BMP).expect("the embedded ball.bmp decodes");
    let robot = decode_bmp(ROBOT_BMP).expect("the embedded robot.bmp decodes");
    let mut images = app.world_mut().resource_mut::<Assets<Image>>();
    let sprites = Sprites {
        tile: images.add(tile),
        ball: images.add(ball),
        robot: images.add(robot),
    };
    app.insert_resource(sprites);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sprites_decode_at_40_by_40() {
        for bytes in [TILE_BMP, BALL_BMP, ROBOT_BMP] {
            let image = decode_bmp(bytes).unwrap();
            assert_eq!(image.size(), UVec2::new(40, 40));
        }
    }

    #[test]
    fn the_ball_has_a_transparent_background_and_an_opaque_middle() {
        let ball = decode_bmp(BALL_BMP).unwrap();
        let corner = ball.get_color_at(0, 0).unwrap();
        let middle = ball.get_color_at(20, 20).unwrap();
        assert!(corner.alpha() < 0.01, "{corner:?}");
        assert!(middle.alpha() > 0.99, "{middle:?}");
        let tile = decode_bmp(TILE_BMP).unwrap();
        assert!(tile.get_color_at(0, 0).unwrap().alpha() > 0.99);
    }
}
