//! Visual smoke test: the real window (Xvfb + Mesa's software Vulkan) takes a screenshot of every
//! built screen; the PNG must have the window's size and show a picture, not a blank.
//!
//! Needs a display: it uses `$DISPLAY` when set, otherwise starts the binary under `xvfb-run`.
//! It fails (rather than skipping) when neither is available, so a CI without Xvfb is noticed.

use std::path::{Path, PathBuf};
use std::process::Command;

const WIDTH: u32 = 960;
const HEIGHT: u32 = 600;

/// Runs the binary with `args` in the display (or under xvfb-run), with extra environment.
fn run_in_display(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let bin = env!("CARGO_BIN_EXE_ai-arcade");
    let has_display = std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty());
    let mut command = if has_display {
        Command::new(bin)
    } else {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1920x1080x24", bin]);
        c
    };
    command
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("no DISPLAY and no xvfb-run: install xvfb (see README) to run the visual test")
}

fn shot(mode: &str, extra: &[&str]) -> PathBuf {
    let out = std::env::temp_dir().join(format!(
        "ai-arcade-visual-{}-{mode}.png",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&out);
    let args = [
        "shot",
        "--mode",
        mode,
        "--out",
        out.to_str().unwrap(),
        "--width",
        &WIDTH.to_string(),
        "--height",
        &HEIGHT.to_string(),
    ];
    let mut args: Vec<&str> = args.iter().copied().chain(extra.iter().copied()).collect();
    if !extra.contains(&"--frames") {
        args.extend(["--frames", "60"]);
    }
    let output = run_in_display(&args, &[]);
    assert!(
        output.status.success(),
        "shot --mode {mode} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// Width, height and RGB pixels of a PNG.
fn read_png(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, pixels)
}

fn share(pixels: &[[u8; 3]], near: [u8; 3], tolerance: i32) -> f64 {
    let hits = pixels
        .iter()
        .filter(|p| (0..3).all(|i| (p[i] as i32 - near[i] as i32).abs() <= tolerance))
        .count();
    hits as f64 / pixels.len() as f64
}

fn distinct_colors(pixels: &[[u8; 3]]) -> usize {
    let mut seen: Vec<[u8; 3]> = pixels.to_vec();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

#[test]
fn every_built_screen_renders() {
    // the pictures taken, removed once every check on them passed (a failed one is left for
    // a look)
    let mut taken = Vec::new();
    let mut shot = |mode: &str, extra: &[&str]| {
        let path = shot(mode, extra);
        taken.push(path.clone());
        path
    };
    // Menu: the egui menu over the background.
    let (w, h, pixels) = read_png(&shot("menu", &[]));
    assert_eq!((w, h), (WIDTH, HEIGHT));
    assert!(distinct_colors(&pixels) > 50, "the menu is not blank");

    // The menu in Chinese: drawn (the CJK font loads), and not the English picture.
    let (_, _, chinese) = read_png(&shot("menu", &["--lang", "zh"]));
    assert!(
        distinct_colors(&chinese) > 50,
        "the Chinese menu is not blank"
    );
    let differ = pixels.iter().zip(&chinese).filter(|(a, b)| a != b).count();
    assert!(
        differ as f64 > 0.01 * pixels.len() as f64,
        "the Chinese menu shows other words: {differ} pixels differ"
    );

    // Explore: brick walls from tile.bmp, the blue ball from ball.bmp, and the panels.
    let (w, h, pixels) = read_png(&shot("explore", &[]));
    assert_eq!((w, h), (WIDTH, HEIGHT));
    assert!(distinct_colors(&pixels) > 200, "the maze is drawn");
    let brick = share(&pixels, [168, 72, 52], 30);
    assert!(brick > 0.03, "walls drawn with tile.bmp: {brick}");
    let ball_blue = share(&pixels, [30, 95, 190], 45);
    assert!(ball_blue > 0.0005, "the ball is drawn: {ball_blue}");

    // Runner: a seeded maze, one step taken and the A* hint on (yellow path).
    let (w, h, pixels) = read_png(&shot(
        "runner",
        &["--seed", "7", "--keys", "right,space", "--frames", "20"],
    ));
    assert_eq!((w, h), (WIDTH, HEIGHT));
    let brick = share(&pixels, [168, 72, 52], 30);
    assert!(brick > 0.03, "walls drawn with tile.bmp: {brick}");
    let hint = share(&pixels, [240, 227, 66], 25);
    assert!(hint > 0.01, "the A* hint is drawn: {hint}");

    // Slide: a seeded 8-puzzle with the hint on: blue tiles, and the hinted tile in yellow.
    let (w, h, pixels) = read_png(&shot(
        "slide",
        &["--seed", "7", "--keys", "h", "--frames", "40"],
    ));
    assert_eq!((w, h), (WIDTH, HEIGHT));
    let tiles = share(&pixels, [51, 107, 168], 20);
    assert!(tiles > 0.03, "tiles drawn: {tiles}");
    let hinted = share(&pixels, [240, 227, 66], 25);
    assert!(hinted > 0.01, "the hinted tile is drawn: {hinted}");

    // Mines: the original field with the robot playing; hidden cells, open cells, the robot.
    let (w, h, pixels) = read_png(&shot(
        "mines",
        &["--seed", "3", "--keys", "f2", "--frames", "40"],
    ));
    assert_eq!((w, h), (WIDTH, HEIGHT));
    assert!(distinct_colors(&pixels) > 100, "the field is drawn");
    let open = share(&pixels, [36, 41, 51], 6);
    assert!(open > 0.01, "open cells drawn: {open}");
    let robot_eyes = share(&pixels, [40, 220, 235], 40);
    assert!(
        robot_eyes > 0.00005,
        "the robot (robot.bmp) is drawn: {robot_eyes}"
    );

    // Showcase: the race scene partway: bricks, the closed set (purple) and the open set (green).
    let (w, h, pixels) = read_png(&shot(
        "showcase",
        &[
            "--seed",
            "1",
            "--keys",
            "right,right,right,right",
            "--frames",
            "120",
        ],
    ));
    assert_eq!((w, h), (WIDTH, HEIGHT));
    let brick = share(&pixels, [168, 72, 52], 30);
    assert!(brick > 0.03, "the mazes are drawn: {brick}");
    let closed = share(&pixels, [115, 71, 102], 25);
    assert!(closed > 0.002, "closed sets drawn: {closed}");

    for path in taken {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_display_without_a_usable_adapter_is_a_clear_error() {
    // Asking wgpu for DirectX 12 on Linux leaves it with no adapter at all.
    let out = std::env::temp_dir().join("ai-arcade-visual-no-adapter.png");
    let output = run_in_display(
        &["shot", "--mode", "menu", "--out", out.to_str().unwrap()],
        &[("WGPU_BACKEND", "dx12")],
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("error: the game window could not run"),
        "{stderr}"
    );
    assert!(!out.exists());
}
