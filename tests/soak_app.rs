//! Soak: the Showcase runs 20,000 headless frames (about seven rounds of every scene at 50 ms a
//! frame), its sounds on; its entity count (the sounds' included) and the process's memory stay
//! bounded.

mod common;

use ai_arcade::cli::Mode;
use ai_arcade::game::showcase::Showcase;
use ai_arcade::game::sound::{MAX_VOICES, SoundLog, SoundVoice};
use ai_arcade::game::{AppState, Launch};
use ai_arcade::store::settings::Settings;
use common::*;

/// Resident memory of this process in MiB (Linux), if it can be read.
fn resident_mib() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096.0 / (1024.0 * 1024.0))
}

#[test]
fn the_showcase_runs_twenty_thousand_frames_in_bounded_space() {
    let mut app = app(Launch {
        mode: Mode::Showcase,
        seed: Some(2026),
        // with its sounds: they come and go for the whole soak
        settings: Settings {
            showcase_sounds: true,
            ..Settings::default()
        },
        ..Launch::default()
    });
    let mut most_entities = 0;
    let mut most_voices = 0;
    let mut scenes_seen = std::collections::HashSet::new();
    let mut memory_at_quarter = None;
    let mut memory_most: f64 = 0.0;
    for frame in 0..20_000 {
        app.update();
        if frame % 100 == 0 {
            let entities = game_entity_count(&mut app);
            most_entities = most_entities.max(entities);
            most_voices = most_voices.max(count::<SoundVoice>(&mut app));
            if let Some(show) = &app.world().resource::<Showcase>().show {
                scenes_seen.insert(format!("{:?}", show.kind));
            }
            if let Some(mib) = resident_mib() {
                if frame >= 5_000 {
                    memory_most = memory_most.max(mib);
                }
                if frame == 5_000 {
                    memory_at_quarter = Some(mib);
                }
            }
        }
        if frame % 500 == 0 {
            // the boards are built on worker threads: give them a moment of real time
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
    assert_eq!(state::<AppState>(&app), AppState::Showcase);
    assert!(
        scenes_seen.len() >= 9,
        "every scene played: {scenes_seen:?}"
    );
    // the sounds: asked for all along, never more than the cap at once
    let log = app.world().resource::<SoundLog>();
    assert!(log.total() > 500, "{} sounds asked for", log.total());
    assert!(most_voices <= MAX_VOICES, "{most_voices} sounds at once");
    // the largest scene is the race: three 25×25 mazes, a walker each, plus the baseline
    assert!(most_entities < 2_500, "at most {most_entities} entities");
    if let Some(quarter) = memory_at_quarter {
        assert!(
            memory_most < quarter + 64.0,
            "memory grew from {quarter:.0} MiB to {memory_most:.0} MiB"
        );
        eprintln!(
            "soak: at most {most_entities} entities; memory {quarter:.0} MiB at frame 5,000, at \
             most {memory_most:.0} MiB after"
        );
    }
}
