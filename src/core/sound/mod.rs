//! The game's sound effects, made from code: each [`Cue`] is a few oscillators and a noise
//! source shaped by envelopes, synthesized once at start (no sample files, nothing downloaded),
//! and [`ears`] that tell from a mode's state, frame by frame, which cues it calls for.
//!
//! No Bevy here: the game plays the samples ([`Cue::samples`]) at a [`Voice`]'s pitch; tests and
//! `ai-arcade generate sounds` (which writes them as WAV files) read the same samples.

pub mod ears;

/// Samples per second of every effect (mono).
pub const SAMPLE_RATE: u32 = 44_100;

/// The longest an effect may last, in seconds (a test holds every cue to it).
pub const MAX_SECONDS: f32 = 0.8;

/// One sound effect: what happened, in every mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cue {
    /// The menu's highlight moves.
    MenuMove,
    /// A menu entry is chosen.
    MenuChoose,
    /// Back to the menu.
    MenuBack,
    /// Explore: the ball steps onto a new cell (pitch: the path's depth).
    ExploreStep,
    /// Explore: the ball backs out of a dead end.
    ExploreBacktrack,
    /// Explore: the search reaches the exit.
    ExploreExit,
    /// Explore: back at the entry with nothing left: no exit.
    ExploreNoExit,
    /// Runner: the player steps.
    RunnerStep,
    /// Runner: the A* hint comes on.
    RunnerHintOn,
    /// Runner: the hint goes off.
    RunnerHintOff,
    /// Runner: the machine walks a step.
    RunnerMachineStep,
    /// Runner: the exit is reached.
    RunnerWin,
    /// Slide: a tile slides (with the tiles between it and the blank).
    SlideTile,
    /// Slide: a tile slides onto its own cell of the goal.
    SlideHome,
    /// Slide: a move taken back.
    SlideUndo,
    /// Slide: the board is the goal.
    SlideSolved,
    /// Slide: a search the player asked for finished with an answer.
    SlideSearchDone,
    /// Slide: no answer: the goal cannot be reached (parity), or the search gave up.
    SlideUnsolvable,
    /// Mines: one cell opens.
    MinesOpen,
    /// Mines: an empty cell opens its neighbourhood (a flood of zeros).
    MinesFlood,
    /// Mines: a mark set or taken off.
    MinesMark,
    /// Mines: a number's unmarked neighbours open at once.
    MinesChord,
    /// Mines: a robot (or the player) opens a mine.
    MinesBlown,
    /// Mines: every safe cell is open.
    MinesWin,
    /// Mines: the last life is gone.
    MinesLost,
    /// Showcase: a step of a scene's search (only with the Showcase's sounds on).
    ShowcaseStep,
    /// Showcase: a new scene begins.
    ShowcaseScene,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 27] = [
        Cue::MenuMove,
        Cue::MenuChoose,
        Cue::MenuBack,
        Cue::ExploreStep,
        Cue::ExploreBacktrack,
        Cue::ExploreExit,
        Cue::ExploreNoExit,
        Cue::RunnerStep,
        Cue::RunnerHintOn,
        Cue::RunnerHintOff,
        Cue::RunnerMachineStep,
        Cue::RunnerWin,
        Cue::SlideTile,
        Cue::SlideHome,
        Cue::SlideUndo,
        Cue::SlideSolved,
        Cue::SlideSearchDone,
        Cue::SlideUnsolvable,
        Cue::MinesOpen,
        Cue::MinesFlood,
        Cue::MinesMark,
        Cue::MinesChord,
        Cue::MinesBlown,
        Cue::MinesWin,
        Cue::MinesLost,
        Cue::ShowcaseStep,
        Cue::ShowcaseScene,
    ];

    /// The cue's name (file names of `ai-arcade generate sounds`, the page's state in a browser).
    pub fn name(self) -> &'static str {
        // i18n: off (file names)
        match self {
            Cue::MenuMove => "menu_move",
            Cue::MenuChoose => "menu_choose",
            Cue::MenuBack => "menu_back",
            Cue::ExploreStep => "explore_step",
            Cue::ExploreBacktrack => "explore_backtrack",
            Cue::ExploreExit => "explore_exit",
            Cue::ExploreNoExit => "explore_no_exit",
            Cue::RunnerStep => "runner_step",
            Cue::RunnerHintOn => "runner_hint_on",
            Cue::RunnerHintOff => "runner_hint_off",
            Cue::RunnerMachineStep => "runner_machine_step",
            Cue::RunnerWin => "runner_win",
            Cue::SlideTile => "slide_tile",
            Cue::SlideHome => "slide_home",
            Cue::SlideUndo => "slide_undo",
            Cue::SlideSolved => "slide_solved",
            Cue::SlideSearchDone => "slide_search_done",
            Cue::SlideUnsolvable => "slide_unsolvable",
            Cue::MinesOpen => "mines_open",
            Cue::MinesFlood => "mines_flood",
            Cue::MinesMark => "mines_mark",
            Cue::MinesChord => "mines_chord",
            Cue::MinesBlown => "mines_blown",
            Cue::MinesWin => "mines_win",
            Cue::MinesLost => "mines_lost",
            Cue::ShowcaseStep => "showcase_step",
            Cue::ShowcaseScene => "showcase_scene",
        }
        // i18n: on
    }

    /// The cue's samples at [`SAMPLE_RATE`], mono, within −1…1, starting and ending in silence.
    pub fn samples(self) -> Vec<f32> {
        use Wave::{Bell, Sine, Square, Triangle};
        let mut s = Synth::default();
        match self {
            Cue::MenuMove => s.tone(0.0, 0.035, (1175.0, 1175.0), Triangle, 0.22),
            Cue::MenuChoose => {
                s.tone(0.0, 0.06, (659.3, 659.3), Triangle, 0.35);
                s.tone(0.055, 0.1, (987.8, 987.8), Triangle, 0.35);
            }
            Cue::MenuBack => {
                s.tone(0.0, 0.06, (740.0, 740.0), Triangle, 0.35);
                s.tone(0.055, 0.1, (493.9, 493.9), Triangle, 0.35);
            }
            Cue::ExploreStep => s.tone(0.0, 0.07, (523.3, 523.3), Bell, 0.4),
            Cue::ExploreBacktrack => s.tone(0.0, 0.16, (392.0, 196.0), Square, 0.28),
            Cue::ExploreExit => s.notes(0.0, 0.08, 0.3, &[523.3, 659.3, 784.0, 1046.5], Bell, 0.32),
            Cue::ExploreNoExit => {
                s.tone(0.0, 0.18, (392.0, 392.0), Triangle, 0.35);
                s.tone(0.16, 0.18, (311.1, 311.1), Triangle, 0.35);
                s.tone(0.32, 0.3, (261.6, 255.0), Triangle, 0.38);
            }
            Cue::RunnerStep => {
                s.noise(0.0, 0.05, 0.35, (0.08, 0.03), 11);
                s.tone(0.0, 0.05, (150.0, 90.0), Sine, 0.5);
            }
            Cue::RunnerHintOn => s.tone(0.0, 0.12, (520.0, 1040.0), Sine, 0.35),
            Cue::RunnerHintOff => s.tone(0.0, 0.12, (1040.0, 520.0), Sine, 0.35),
            Cue::RunnerMachineStep => {
                s.tone(0.0, 0.03, (1400.0, 1400.0), Square, 0.12);
                s.tone(0.0, 0.04, (700.0, 650.0), Sine, 0.25);
            }
            Cue::RunnerWin => {
                s.notes(0.0, 0.07, 0.12, &[392.0, 523.3, 659.3, 784.0], Square, 0.16);
                // then the chord, all at once
                s.notes(0.3, 0.0, 0.4, &[523.3, 659.3, 784.0, 1046.5], Bell, 0.16);
            }
            Cue::SlideTile => {
                s.tone(0.0, 0.06, (300.0, 260.0), Sine, 0.5);
                s.tone(0.0, 0.03, (1200.0, 1100.0), Triangle, 0.15);
                s.noise(0.0, 0.02, 0.15, (0.6, 0.3), 5);
            }
            Cue::SlideHome => {
                s.tone(0.0, 0.06, (300.0, 260.0), Sine, 0.45);
                s.noise(0.0, 0.02, 0.12, (0.6, 0.3), 5);
                s.tone(0.02, 0.25, (1568.0, 1568.0), Bell, 0.22);
            }
            Cue::SlideUndo => s.tone(0.0, 0.08, (900.0, 400.0), Triangle, 0.35),
            Cue::SlideSolved => {
                s.notes(0.0, 0.06, 0.45, &[659.3, 830.6, 987.8, 1318.5], Bell, 0.26);
                s.noise(0.2, 0.4, 0.05, (0.9, 0.9), 23);
            }
            Cue::SlideSearchDone => {
                s.tone(0.0, 0.15, (880.0, 880.0), Bell, 0.35);
                s.tone(0.1, 0.25, (1318.5, 1318.5), Bell, 0.35);
            }
            Cue::SlideUnsolvable => {
                s.tone(0.0, 0.28, (180.0, 170.0), Square, 0.22);
                s.tone(0.0, 0.28, (187.0, 176.0), Square, 0.22);
            }
            Cue::MinesOpen => s.tone(0.0, 0.05, (800.0, 500.0), Sine, 0.45),
            Cue::MinesFlood => {
                s.noise(0.0, 0.3, 0.3, (0.02, 0.5), 17);
                s.tone(0.0, 0.3, (300.0, 900.0), Sine, 0.15);
            }
            Cue::MinesMark => {
                s.tone(0.0, 0.05, (1500.0, 900.0), Triangle, 0.33);
                s.tone(0.04, 0.04, (1800.0, 1800.0), Sine, 0.2);
            }
            Cue::MinesChord => {
                for (i, f) in [700.0, 840.0, 1000.0].into_iter().enumerate() {
                    s.tone(i as f32 * 0.04, 0.045, (f, f * 0.7), Sine, 0.4);
                }
            }
            Cue::MinesBlown => {
                s.noise(0.0, 0.6, 0.9, (0.5, 0.01), 29);
                s.tone(0.0, 0.5, (90.0, 35.0), Sine, 0.8);
            }
            Cue::MinesWin => {
                s.notes(0.0, 0.09, 0.2, &[784.0, 1046.5, 1318.5], Triangle, 0.28);
                s.tone(0.27, 0.45, (1568.0, 1568.0), Bell, 0.3);
            }
            Cue::MinesLost => {
                s.tone(0.0, 0.7, (440.0, 110.0), Triangle, 0.4);
                s.tone(0.0, 0.7, (446.0, 111.0), Triangle, 0.3);
            }
            Cue::ShowcaseStep => s.tone(0.0, 0.025, (1600.0, 1600.0), Sine, 0.12),
            Cue::ShowcaseScene => {
                s.tone(0.0, 0.2, (659.3, 659.3), Bell, 0.25);
                s.tone(0.12, 0.3, (880.0, 880.0), Bell, 0.25);
            }
        }
        s.finish()
    }

    /// The cue's length in seconds.
    pub fn seconds(self) -> f32 {
        self.samples().len() as f32 / SAMPLE_RATE as f32
    }
}

/// A cue to play and how: its pitch as a playback speed (1 = as made; 2 = an octave up, and
/// twice as short).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Voice {
    pub cue: Cue,
    pub pitch: f32,
}

impl Voice {
    /// The cue at its own pitch.
    pub fn plain(cue: Cue) -> Voice {
        Voice { cue, pitch: 1.0 }
    }

    /// The cue `semitones` higher (lower when negative), within two octaves either way.
    pub fn raised(cue: Cue, semitones: f32) -> Voice {
        Voice {
            cue,
            pitch: 2f32.powf(semitones.clamp(-24.0, 24.0) / 12.0),
        }
    }
}

/// The master volume's range and its default (a fraction of full scale).
pub const MIN_VOLUME: f32 = 0.0;
pub const MAX_VOLUME: f32 = 1.0;
pub const DEFAULT_VOLUME: f32 = 0.6;

/// The volume `steps` tenths louder (quieter when negative), within its range, on the tenths.
pub fn step_volume(volume: f32, steps: i32) -> f32 {
    let tenths = (volume * 10.0).round() as i32 + steps;
    (tenths.clamp(0, 10) as f32 / 10.0).clamp(MIN_VOLUME, MAX_VOLUME)
}

/// An oscillator's shape.
#[derive(Clone, Copy, Debug)]
enum Wave {
    Sine,
    Triangle,
    /// A square softened by keeping its first three odd harmonics (no harsh aliasing).
    Square,
    /// A sine with an inharmonic partial, as a small bell or a struck bar.
    Bell,
}

impl Wave {
    /// The wave at phase `p` (in turns).
    fn at(self, p: f32) -> f32 {
        use std::f32::consts::TAU;
        match self {
            Wave::Sine => (TAU * p).sin(),
            Wave::Triangle => {
                let x = p.fract();
                if x < 0.25 {
                    4.0 * x
                } else if x < 0.75 {
                    2.0 - 4.0 * x
                } else {
                    4.0 * x - 4.0
                }
            }
            Wave::Square => {
                ((TAU * p).sin() + (3.0 * TAU * p).sin() / 3.0 + (5.0 * TAU * p).sin() / 5.0) * 0.8
            }
            Wave::Bell => 0.75 * (TAU * p).sin() + 0.25 * (2.76 * TAU * p).sin(),
        }
    }
}

/// A mono buffer that tones and noise are added into.
#[derive(Default)]
struct Synth {
    out: Vec<f32>,
}

impl Synth {
    fn make_room(&mut self, end: f32) -> usize {
        let n = (end * SAMPLE_RATE as f32).ceil() as usize;
        if self.out.len() < n {
            self.out.resize(n, 0.0);
        }
        n
    }

    /// A tone from `start` for `length` seconds, its frequency gliding from `freq.0` to `freq.1`
    /// (exponentially), struck: a 4 ms attack, then a decay to −60 dB at its end.
    fn tone(&mut self, start: f32, length: f32, freq: (f32, f32), wave: Wave, amp: f32) {
        let rate = SAMPLE_RATE as f32;
        self.make_room(start + length);
        let first = (start * rate) as usize;
        let count = (length * rate) as usize;
        let mut phase = 0.0_f32;
        for i in 0..count {
            let t = i as f32 / rate;
            let along = t / length;
            let f = freq.0 * (freq.1 / freq.0).powf(along);
            phase = (phase + f / rate).fract();
            self.out[first + i] += amp * envelope(t, length) * wave.at(phase);
        }
    }

    /// Steady notes of `freqs`, one every `gap` seconds from `start` (an arpeggio; a chord when
    /// `gap` is 0), each struck and `length` seconds long.
    fn notes(&mut self, start: f32, gap: f32, length: f32, freqs: &[f32], wave: Wave, amp: f32) {
        for (i, &f) in freqs.iter().enumerate() {
            self.tone(start + i as f32 * gap, length, (f, f), wave, amp);
        }
    }

    /// Noise from `start` for `length` seconds through a one-pole low-pass whose coefficient
    /// goes from `bright.0` to `bright.1` (1: white; small: a dull rumble); seeded, so every
    /// start makes the same sound.
    fn noise(&mut self, start: f32, length: f32, amp: f32, bright: (f32, f32), seed: u32) {
        let rate = SAMPLE_RATE as f32;
        self.make_room(start + length);
        let first = (start * rate) as usize;
        let count = (length * rate) as usize;
        let mut state = seed.wrapping_mul(2_654_435_761) | 1;
        let mut low = 0.0_f32;
        // a dull filter loses loudness: made up for so that `amp` is roughly the peak
        let gain = |k: f32| (1.0 / k).sqrt().min(8.0);
        for i in 0..count {
            let t = i as f32 / rate;
            let k = bright.0 + (bright.1 - bright.0) * (t / length);
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let white = (state as f32 / u32::MAX as f32) * 2.0 - 1.0;
            low += k * (white - low);
            self.out[first + i] += amp * envelope(t, length) * low * gain(k);
        }
    }

    /// The samples: kept within ±0.95, with the last millisecond faded to silence.
    fn finish(mut self) -> Vec<f32> {
        let peak = self.out.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
        if peak > 0.95 {
            let scale = 0.95 / peak;
            self.out.iter_mut().for_each(|x| *x *= scale);
        }
        let fade = (SAMPLE_RATE / 1000) as usize;
        let n = self.out.len();
        for i in 0..fade.min(n) {
            self.out[n - 1 - i] *= i as f32 / fade as f32;
        }
        self.out
    }
}

/// A struck envelope: up in 4 ms (less for very short tones), then down exponentially to
/// −60 dB at `length`.
fn envelope(t: f32, length: f32) -> f32 {
    let attack = (length * 0.2).min(0.004);
    if t < attack {
        t / attack
    } else {
        (-6.9 * (t - attack) / (length - attack)).exp()
    }
}

/// The samples as a 16-bit PCM WAV file (mono, [`SAMPLE_RATE`]).
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // the format chunk's size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes()); // bytes per second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes per frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for &x in samples {
        let v = (x.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests;
