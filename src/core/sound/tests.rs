use super::ears::*;
use super::*;
use crate::core::grid::Dir;
use crate::core::maze::classic::classic;
use crate::core::maze::explore::ExploreSession;
use crate::core::maze::generate::Generator;
use crate::core::maze::runner::{RunnerGame, RunnerSpec};
use crate::core::mines::field::Config;
use crate::core::mines::game::{Game, Seen};
use crate::core::slide::Board;
use crate::core::slide::game::SlideGame;
use crate::core::slide::session::{SlideCommand, SlideSession};

fn peak(samples: &[f32]) -> f32 {
    samples.iter().fold(0.0, |m, x| m.max(x.abs()))
}

#[test]
fn every_cue_is_short_audible_within_range_and_ends_in_silence() {
    for cue in Cue::ALL {
        let s = cue.samples();
        let seconds = s.len() as f32 / SAMPLE_RATE as f32;
        assert!(
            (0.02..=MAX_SECONDS).contains(&seconds),
            "{cue:?}: {seconds} s"
        );
        let p = peak(&s);
        assert!((0.1..=0.95).contains(&p), "{cue:?}: peak {p}");
        // no click: the first and the last sample are (nearly) silent
        assert!(s[0].abs() < 0.02, "{cue:?} starts at {}", s[0]);
        assert!(
            s[s.len() - 1].abs() < 1e-3,
            "{cue:?} ends at {}",
            s[s.len() - 1]
        );
        assert!(s.iter().all(|x| x.is_finite()));
    }
}

#[test]
fn cues_are_made_the_same_every_time_and_differ_from_each_other() {
    assert_eq!(Cue::MinesBlown.samples(), Cue::MinesBlown.samples());
    // normalised correlation of the overlapping part: no two cues sound alike
    let all: Vec<(Cue, Vec<f32>)> = Cue::ALL.iter().map(|c| (*c, c.samples())).collect();
    for (i, (a, sa)) in all.iter().enumerate() {
        for (b, sb) in &all[i + 1..] {
            let n = sa.len().min(sb.len());
            let dot: f32 = (0..n).map(|k| sa[k] * sb[k]).sum();
            let ea: f32 = sa.iter().map(|x| x * x).sum();
            let eb: f32 = sb.iter().map(|x| x * x).sum();
            let similarity = dot / (ea * eb).sqrt();
            let length_ratio = sa.len().max(sb.len()) as f32 / n as f32;
            assert!(
                similarity < 0.8 || length_ratio > 1.3,
                "{a:?} and {b:?} sound alike ({similarity:.2})"
            );
        }
    }
    let names: std::collections::HashSet<&str> = Cue::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names.len(), Cue::ALL.len());
}

#[test]
fn a_wav_file_holds_the_samples() {
    let s = Cue::MenuChoose.samples();
    let bytes = wav(&s);
    assert_eq!(&bytes[0..4], b"RIFF");
    assert_eq!(&bytes[8..16], b"WAVEfmt ");
    assert_eq!(
        u32::from_le_bytes(bytes[24..28].try_into().unwrap()),
        SAMPLE_RATE
    );
    assert_eq!(bytes.len(), 44 + 2 * s.len());
    let data_len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
    assert_eq!(data_len, 2 * s.len());
    let k = s.len() / 3;
    let v = i16::from_le_bytes(bytes[44 + 2 * k..46 + 2 * k].try_into().unwrap());
    assert!((f32::from(v) / 32767.0 - s[k]).abs() < 1e-4);
}

#[test]
fn pitch_and_volume_stay_in_their_ranges() {
    assert_eq!(Voice::raised(Cue::ExploreStep, 12.0).pitch, 2.0);
    assert_eq!(Voice::raised(Cue::ExploreStep, 100.0).pitch, 4.0);
    assert!((Voice::raised(Cue::ExploreStep, -12.0).pitch - 0.5).abs() < 1e-6);
    assert_eq!(step_volume(0.6, 1), 0.7);
    assert_eq!(step_volume(0.95, 3), 1.0);
    assert_eq!(step_volume(0.1, -5), 0.0);
}

fn cues(voices: &[Voice]) -> Vec<Cue> {
    voices.iter().map(|v| v.cue).collect()
}

#[test]
fn explore_steps_rise_with_depth_backtrack_and_find_the_exit_once() {
    let mut session = ExploreSession::new(classic());
    let mut ear = ExploreEar::default();
    assert!(ear.hear(&session).is_empty(), "the first look is silent");
    let (mut steps, mut backtracks, mut exits, mut last_pitch) = (0, 0, 0, 0.0);
    let mut rose = false;
    for _ in 0..10_000 {
        // one event at a time: every event sounds
        session.playback_mut().step_forward();
        let heard = ear.hear(&session);
        for v in &heard {
            match v.cue {
                Cue::ExploreStep => {
                    steps += 1;
                    rose |= v.pitch > last_pitch && last_pitch > 0.0;
                    last_pitch = v.pitch;
                }
                Cue::ExploreBacktrack => backtracks += 1,
                Cue::ExploreExit => exits += 1,
                other => panic!("{other:?} in Explore"),
            }
        }
        if session.status() != crate::core::maze::explore::Status::Searching {
            break;
        }
    }
    let events = &session.playback().replay().trace().events;
    let enters = events
        .iter()
        .filter(|e| matches!(e, crate::core::trace::Event::Enter(_)))
        .count();
    let dead_ends = events.len() - enters;
    assert_eq!((steps, backtracks, exits), (enters, dead_ends, 1));
    assert!(rose, "steps rise as the path deepens");
    assert!(ear.hear(&session).is_empty(), "nothing new, nothing heard");
    // a restart is silent
    session.restart();
    assert!(ear.hear(&session).is_empty());
}

#[test]
fn runner_steps_hint_machine_and_win() {
    let spec = RunnerSpec {
        generator: Generator::Backtracker,
        width: 9,
        height: 9,
        seed: 4,
    };
    let mut game = RunnerGame::new(spec).unwrap();
    let mut ear = RunnerEar::default();
    assert!(ear.hear(&game).is_empty());
    let moved = Dir::ALL.into_iter().find(|d| game.try_move(*d));
    assert!(moved.is_some());
    assert_eq!(cues(&ear.hear(&game)), [Cue::RunnerStep]);
    game.toggle_hint();
    assert_eq!(cues(&ear.hear(&game)), [Cue::RunnerHintOn]);
    game.toggle_hint();
    assert_eq!(cues(&ear.hear(&game)), [Cue::RunnerHintOff]);
    game.toggle_machine();
    let mut machine_steps = 0;
    let mut wins = 0;
    for _ in 0..2_000 {
        game.settle();
        game.tick(0.05, 20.0);
        for cue in cues(&ear.hear(&game)) {
            match cue {
                Cue::RunnerMachineStep => machine_steps += 1,
                Cue::RunnerWin => wins += 1,
                Cue::RunnerStep => panic!("the machine's steps sound as the machine's"),
                _ => {}
            }
        }
        if game.won() {
            break;
        }
    }
    assert!(game.won());
    assert_eq!(wins, 1);
    assert!(machine_steps > 3, "{machine_steps}");
    assert!(ear.hear(&game).is_empty());
}

#[test]
fn slide_tiles_home_undo_solved_and_searches() {
    let goal = Board::goal(3);
    // one move from the goal: the blank's right neighbour slides left
    let start = goal.play(&[crate::core::slide::Move::Left]).unwrap();
    let mut session = SlideSession::seeded(SlideGame::new(start, goal).unwrap(), 3);
    let mut ear = SlideEar::default();
    assert!(ear.hear(&session).is_empty());
    session.apply(SlideCommand::MoveBlank(crate::core::slide::Move::Right));
    let heard = cues(&ear.hear(&session));
    assert!(heard.contains(&Cue::SlideHome), "{heard:?}");
    assert!(heard.contains(&Cue::SlideSolved), "{heard:?}");
    session.apply(SlideCommand::Undo);
    assert_eq!(cues(&ear.hear(&session)), [Cue::SlideUndo]);
    // a move that puts a tile out of place: a plain slide
    session.apply(SlideCommand::MoveBlank(crate::core::slide::Move::Up));
    let heard = cues(&ear.hear(&session));
    assert_eq!(heard, [Cue::SlideTile]);
    session.apply(SlideCommand::Undo);
    ear.hear(&session);
    // a search: its answer sounds once, when it comes
    session.apply(SlideCommand::Solve);
    assert!(ear.hear(&session).is_empty(), "searching");
    session.settle(None);
    assert_eq!(cues(&ear.hear(&session)), [Cue::SlideSearchDone]);
    assert!(ear.hear(&session).is_empty());
    // the demo's slides, then solved at its end
    session.tick(5.0);
    let heard = cues(&ear.hear(&session));
    assert!(
        heard.contains(&Cue::SlideHome) && heard.contains(&Cue::SlideSolved),
        "{heard:?}"
    );
    // an unsolvable start made in the editor
    let mut cells = goal.cells().to_vec();
    cells.swap(0, 1);
    let odd = Board::from_cells(&cells).unwrap();
    session.apply(SlideCommand::SetStart(odd));
    assert_eq!(cues(&ear.hear(&session)), [Cue::SlideUnsolvable]);
    session.apply(SlideCommand::Solve);
    session.settle(None);
    assert_eq!(cues(&ear.hear(&session)), [Cue::SlideUnsolvable]);
}

#[test]
fn mines_open_flood_mark_chord_blown_and_the_end() {
    let config = Config {
        width: 9,
        height: 9,
        mines: 10,
        lives: 3,
        first_click: crate::core::mines::field::FirstClick::Opening,
    };
    let mut game = Game::new(config, 11).unwrap();
    let mut ear = MinesEar::default();
    assert!(ear.hear(&game, false).is_empty());
    game.open(40);
    assert_eq!(
        cues(&ear.hear(&game, false)),
        [Cue::MinesFlood],
        "an opening floods"
    );
    let field = game.field().unwrap().clone();
    let hidden_safe = (0..81).find(|&c| game.seen(c) == Seen::Hidden && !field.is_mine(c));
    let mine = (0..81).find(|&c| field.is_mine(c)).unwrap();
    game.toggle_mark(mine);
    assert_eq!(cues(&ear.hear(&game, false)), [Cue::MinesMark]);
    game.toggle_mark(mine);
    assert_eq!(cues(&ear.hear(&game, false)), [Cue::MinesMark]);
    if let Some(cell) = hidden_safe {
        game.open(cell);
        let heard = cues(&ear.hear(&game, false));
        assert!(
            heard == [Cue::MinesOpen] || heard == [Cue::MinesFlood],
            "{heard:?}"
        );
    }
    game.open(mine);
    assert_eq!(cues(&ear.hear(&game, false)), [Cue::MinesBlown]);
    // play it out: the robot-free way, every safe cell opened; a win sounds once
    for cell in 0..81 {
        if !field.is_mine(cell) && matches!(game.seen(cell), Seen::Hidden) {
            game.open(cell);
        }
    }
    let heard = cues(&ear.hear(&game, true));
    assert!(heard.contains(&Cue::MinesWin), "{heard:?}");
    assert!(
        heard.contains(&Cue::MinesChord) || heard.len() == 1,
        "{heard:?}"
    );
    assert!(ear.hear(&game, false).is_empty());
}

#[test]
fn mines_last_life_is_lost_once() {
    let config = Config {
        width: 9,
        height: 9,
        mines: 10,
        lives: 1,
        first_click: crate::core::mines::field::FirstClick::Safe,
    };
    let mut game = Game::new(config, 2).unwrap();
    let mut ear = MinesEar::default();
    ear.hear(&game, false);
    game.open(0);
    ear.hear(&game, false);
    let field = game.field().unwrap().clone();
    let mine = (0..81)
        .find(|&c| field.is_mine(c) && game.seen(c) == Seen::Hidden)
        .unwrap();
    game.open(mine);
    assert_eq!(
        cues(&ear.hear(&game, false)),
        [Cue::MinesBlown, Cue::MinesLost]
    );
}

#[test]
fn dedupe_keeps_one_voice_per_cue_the_last() {
    let v = dedupe(vec![
        Voice::raised(Cue::SlideTile, 1.0),
        Voice::plain(Cue::SlideSolved),
        Voice::raised(Cue::SlideTile, 3.0),
    ]);
    assert_eq!(cues(&v), [Cue::SlideTile, Cue::SlideSolved]);
    assert_eq!(v[0].pitch, Voice::raised(Cue::SlideTile, 3.0).pitch);
}
