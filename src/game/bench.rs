//! `ai-arcade bench frames`: a mode's real systems run headless (no window, no rendering) while
//! a scripted player works, and every `App::update` is timed. Game time advances 1/60 s per
//! update, so the work per frame is what a 60 Hz player would cause.

use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use super::explore::ExploreCommand;
use super::mines::{Mines, MinesCommand};
use super::runner::{Runner, RunnerCommand};
use super::slide::{Slide, SlideCommand};
use super::{Launch, headless_app};
use crate::core::grid::Dir;
use crate::core::launch::FramesRecipe;
use crate::core::mode::Mode;

/// Updates run before timing starts (carving animations, first scene builds).
const WARM_UP: usize = 120;

/// The timing of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct FrameTimes {
    pub median_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub mean_ms: f64,
}

impl FrameTimes {
    /// Summarises update durations.
    pub fn of(mut millis: Vec<f64>) -> FrameTimes {
        if millis.is_empty() {
            return FrameTimes {
                median_ms: 0.0,
                p99_ms: 0.0,
                max_ms: 0.0,
                mean_ms: 0.0,
            };
        }
        millis.sort_by(f64::total_cmp);
        let at = |q: f64| millis[((millis.len() - 1) as f64 * q).round() as usize];
        FrameTimes {
            median_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: *millis.last().expect("not empty"),
            mean_ms: millis.iter().sum::<f64>() / millis.len() as f64,
        }
    }
}

fn key(app: &mut App, key_code: KeyCode, state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

/// What the scripted player does before update number `frame`.
fn play_along(app: &mut App, mode: Mode, frame: usize) {
    match mode {
        Mode::Runner => {
            // walk the hint: press the arrow towards the hint's next cell on even frames,
            // release it on odd ones (a move every two frames, 30 a second)
            let runner = app.world().resource::<Runner>();
            if runner.game.won() {
                app.world_mut().write_message(RunnerCommand::Restart);
                return;
            }
            if !runner.game.hint_on() {
                app.world_mut().write_message(RunnerCommand::ToggleHint);
                return;
            }
            let from = runner.game.player();
            let next = runner.game.hint().and_then(|h| h.path.get(1).copied());
            let arrow = next.and_then(|to| {
                Dir::ALL
                    .into_iter()
                    .find(|d| from.step(*d) == to)
                    .map(|d| match d {
                        Dir::Up => KeyCode::ArrowUp,
                        Dir::Down => KeyCode::ArrowDown,
                        Dir::Left => KeyCode::ArrowLeft,
                        Dir::Right => KeyCode::ArrowRight,
                    })
            });
            if let Some(arrow) = arrow {
                let state = if frame.is_multiple_of(2) {
                    ButtonState::Pressed
                } else {
                    ButtonState::Released
                };
                key(app, arrow, state);
            }
        }
        Mode::Mines => {
            let mines = app.world().resource::<Mines>();
            if mines.game().status() != crate::core::mines::Status::Playing {
                app.world_mut().write_message(MinesCommand::SameAgain);
            } else if !mines.robot_on() {
                app.world_mut()
                    .write_message(MinesCommand::SetSpeed(super::mines::MAX_ROBOT_SPEED));
                app.world_mut().write_message(MinesCommand::ToggleRobot);
            }
        }
        Mode::Slide => {
            let slide = app.world().resource::<Slide>();
            if slide.demo().is_none() && slide.wanted_job().is_none() && frame.is_multiple_of(60) {
                app.world_mut().write_message(SlideCommand::Shuffle);
                app.world_mut().write_message(SlideCommand::Solve);
            }
        }
        Mode::Explore => {
            if frame.is_multiple_of(240) {
                app.world_mut()
                    .write_message(ExploreCommand::SetSpeed(60.0));
                app.world_mut().write_message(ExploreCommand::Restart);
            }
        }
        Mode::Lab => {
            // the settings' program, run again every five seconds (its film plays between)
            #[cfg(not(target_arch = "wasm32"))]
            if frame.is_multiple_of(300) {
                app.world_mut()
                    .write_message(crate::game::lab::LabCommand::Run);
            }
        }
        Mode::Menu | Mode::Showcase => {}
    }
}

/// Builds the headless app for the recipe, at 1/60 s of game time per update.
fn bench_app(recipe: &FramesRecipe) -> App {
    let launch = Launch {
        mode: recipe.board.mode,
        seed: recipe.board.seed,
        runner: recipe.board.runner,
        mines: recipe.board.mines,
        lab_task: recipe.board.lab_task.clone(),
        lab_program: recipe.board.lab_program.clone(),
        ..Launch::default()
    };
    let mut app = headless_app(launch);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_nanos(
        1_000_000_000 / 60,
    )));
    app
}

/// Runs the benchmark and formats its report.
pub fn bench_frames(recipe: &FramesRecipe) -> String {
    let mode = recipe.board.mode;
    let mut app = bench_app(recipe);
    for frame in 0..WARM_UP {
        play_along(&mut app, mode, frame);
        app.update();
    }
    let mut millis = Vec::with_capacity(recipe.frames);
    let (clock, mut said) = (Instant::now(), 0u64);
    for frame in WARM_UP..WARM_UP + recipe.frames {
        if clock.elapsed().as_secs() >= said + 5 {
            said = clock.elapsed().as_secs();
            let _ = std::io::Write::write_fmt(
                &mut std::io::stderr().lock(),
                format_args!(
                    "{} of {} updates timed ({said} s)\n",
                    frame - WARM_UP,
                    recipe.frames
                ),
            );
        }
        play_along(&mut app, mode, frame);
        let clock = Instant::now();
        app.update();
        millis.push(clock.elapsed().as_secs_f64() * 1000.0);
    }
    let times = FrameTimes::of(millis);
    let size = match (recipe.board.runner, recipe.board.mines) {
        (Some((_, side)), _) => side.to_string(),
        (None, Some(config)) => config.width.to_string(),
        (None, None) => "default".to_string(),
    };
    let steps = app
        .world()
        .get_resource::<Runner>()
        .filter(|_| mode == Mode::Runner)
        .map(|r| r.game.steps());
    if recipe.json {
        serde_json::json!({
            "mode": mode.name(),
            "size": size,
            "frames": recipe.frames,
            "median_ms": times.median_ms,
            "p99_ms": times.p99_ms,
            "max_ms": times.max_ms,
            "mean_ms": times.mean_ms,
            "player_steps": steps,
        })
        .to_string()
    } else {
        let mut out = format!(
            "{} (size {size}): {} updates after {WARM_UP} warm-up\nmedian {:.3} ms, 99th \
             percentile {:.3} ms, max {:.3} ms, mean {:.3} ms",
            mode.title(),
            recipe.frames,
            times.median_ms,
            times.p99_ms,
            times.max_ms,
            times.mean_ms
        );
        if let Some(steps) = steps {
            out.push_str(&format!(
                "\nthe player walked {steps} steps with the hint on"
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_times_summarise_sorted_durations() {
        let t = FrameTimes::of(vec![5.0, 1.0, 3.0, 2.0, 4.0]);
        assert_eq!(t.median_ms, 3.0);
        assert_eq!(t.max_ms, 5.0);
        assert_eq!(t.mean_ms, 3.0);
        assert_eq!(FrameTimes::of(vec![]).max_ms, 0.0);
    }
}
