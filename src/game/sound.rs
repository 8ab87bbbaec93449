//! Sound: the effects of `core::sound`, synthesized once at start, played when a mode's ear
//! hears something happen; the master volume, effects on / off (M; the gamepad's Select in the
//! panels) and the Showcase's sounds (off by default), kept in the settings.
//!
//! [`plugin`] is the logic (headless in tests): the ears, the requests ([`Sfx`]) and what became
//! of them ([`SoundLog`]), the voices as entities and their clean-up. [`audio_plugin`] adds the
//! playing, through Bevy's audio, in the real game. Every voice is despawned when its sound has
//! had time to end, whether or not it ever reached a sound device: with none (CI, Xvfb, a server)
//! the game runs silently and nothing piles up. In a browser nothing plays before the first key,
//! click or button (browsers keep audio off until then; the page resumes it on that input).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use bevy::audio::{
    AddAudioSource, AudioPlayer, ChannelCount, Decodable, PlaybackSettings, SampleRate, Source,
    Volume,
};
use bevy::prelude::*;

use super::explore::Explore;
use super::input::{Action, Actions};
use super::menu::{ChooseEntry, MenuSelection};
use super::mines::Mines;
use super::runner::Runner;
use super::showcase::Showcase;
use super::slide::Slide;
use super::state::AppState;
use super::{AppSystems, Launch};
use crate::core::mines::session::MinesCommand;
use crate::core::sound::ears::{ExploreEar, MinesEar, RunnerEar, ShowcaseEar, SlideEar, dedupe};
use crate::core::sound::{Cue, SAMPLE_RATE, Voice, step_volume};

/// The most voices sounding at once: a request beyond it is dropped (a fast robot or search asks
/// for a step sound every frame; twelve overlapping are already a blur).
pub const MAX_VOICES: usize = 12;

/// How long after its sound should have ended a voice is despawned, at the latest (seconds).
const GRACE: f64 = 0.25;

/// The player's sound settings (kept in the settings file).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct SoundSettings {
    /// Master volume, 0 to 1.
    pub volume: f32,
    /// Effects on (M turns them off and on again).
    pub effects: bool,
    /// The Showcase's sounds (it is quiet unless the player asks).
    pub showcase: bool,
}

impl SoundSettings {
    /// True when effects are heard at all.
    pub fn audible(&self) -> bool {
        self.effects && self.volume > 0.0
    }

    /// The volume a tenth louder (`+1`) or quieter (`-1`); turning it up turns effects on.
    pub fn step_volume(&mut self, steps: i32) {
        self.volume = step_volume(self.volume, steps);
        if steps > 0 {
            self.effects = true;
        }
    }
}

/// Asks for a sound: written by the ears (and anything else that wants one).
#[derive(Message, Clone, Copy, Debug)]
pub struct Sfx(pub Voice);

/// What became of the requests: how many of each cue were asked for and how many played (the
/// rest: muted, browser audio not yet allowed, or too many at once). Tests and the browser's
/// state read it.
#[derive(Resource, Debug, Default, Clone)]
pub struct SoundLog {
    pub requested: BTreeMap<Cue, u32>,
    pub played: u32,
    /// The last requests, newest last (at most 16).
    pub recent: Vec<Voice>,
}

impl SoundLog {
    /// Requests for `cue` so far.
    pub fn count(&self, cue: Cue) -> u32 {
        self.requested.get(&cue).copied().unwrap_or(0)
    }

    /// Requests of every cue so far.
    pub fn total(&self) -> u32 {
        self.requested.values().sum()
    }
}

/// False in a browser until the player's first key, click, touch or button: audio may not start
/// before. True from the start on the desktop.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AudioUnlocked(pub bool);

/// A sound playing (or that would be, with a sound device): despawned at `until` at the latest.
#[derive(Component, Debug)]
pub struct SoundVoice {
    pub cue: Cue,
    pub until: f64,
}

/// Said for a moment when M (or the panels' button) turns the effects on or off.
#[derive(Resource, Debug, Default)]
pub struct SoundToast(pub Option<(bool, f32)>);

/// Each cue's length in seconds, and its clip when the game plays sound.
#[derive(Resource, Debug, Default)]
pub struct SoundBank {
    seconds: BTreeMap<Cue, f32>,
    clips: BTreeMap<Cue, Handle<Clip>>,
}

/// The ears of every mode (each starts afresh when its screen opens).
#[derive(Resource, Debug, Default)]
struct Ears {
    explore: ExploreEar,
    runner: RunnerEar,
    slide: SlideEar,
    mines: MinesEar,
    showcase: ShowcaseEar,
    menu: Option<usize>,
}

pub(super) fn plugin(app: &mut App) {
    let settings = Launch::of(app).settings;
    let seconds = Cue::ALL.iter().map(|&cue| (cue, cue.seconds())).collect();
    app.insert_resource(SoundSettings {
        volume: settings.sound_volume,
        effects: settings.sound_effects,
        showcase: settings.showcase_sounds,
    })
    .insert_resource(AudioUnlocked(!cfg!(target_arch = "wasm32")))
    .insert_resource(SoundBank {
        seconds,
        clips: BTreeMap::new(),
    })
    .init_resource::<SoundLog>()
    .init_resource::<SoundToast>()
    .init_resource::<Ears>()
    .add_message::<Sfx>()
    .add_systems(
        Update,
        (reset_ears, back_sound)
            .run_if(state_changed::<AppState>)
            .in_set(AppSystems::RecordInput),
    )
    .add_systems(Update, toggle_effects.in_set(AppSystems::Update))
    .add_systems(
        Update,
        (
            hear_menu.run_if(in_state(AppState::Menu)),
            hear_explore.run_if(in_state(AppState::Explore)),
            hear_runner.run_if(in_state(AppState::Runner)),
            hear_slide.run_if(in_state(AppState::Slide)),
            hear_mines.run_if(in_state(AppState::Mines)),
            hear_showcase.run_if(in_state(AppState::Showcase)),
        )
            .in_set(AppSystems::Present),
    )
    .add_systems(
        Update,
        (unlock_audio, play_sounds, reap_voices, fade_toast)
            .chain()
            .after(AppSystems::Present),
    );
}

/// The playing itself (the real game): Bevy's audio plays [`Clip`]s, made at start.
pub fn audio_plugin(app: &mut App) {
    app.add_audio_source::<Clip>()
        .add_systems(Startup, make_clips);
}

/// Whether this machine likely has somewhere to play sound: on Linux a sound server's socket
/// (`PulseAudio`, `PipeWire`) or an ALSA sound card; elsewhere, yes. Without one the game does not
/// open the sound device at all (ALSA would print its failure to the terminal) and runs
/// silently.
pub fn device_likely() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let has = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let server = "PULSE_SERVER"; // not shown: an environment variable
    if has(server) {
        return true;
    }
    if let Some(runtime) = std::env::var_os("XDG_RUNTIME_DIR") {
        let runtime = std::path::PathBuf::from(runtime);
        if runtime.join("pulse/native").exists() || runtime.join("pipewire-0").exists() {
            return true;
        }
    }
    let cards = std::fs::read_to_string("/proc/asound/cards"); // not shown: a file
    let none = "no soundcards"; // not shown: what the file says
    cards.is_ok_and(|cards| !cards.trim().is_empty() && !cards.contains(none))
}

/// A cue's samples, as Bevy's audio plays them.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct Clip {
    samples: Arc<[f32]>,
}

/// Plays a [`Clip`] from its start.
pub struct ClipDecoder {
    samples: Arc<[f32]>,
    at: usize,
}

impl Iterator for ClipDecoder {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        let sample = self.samples.get(self.at).copied();
        self.at += 1;
        sample
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.samples.len().saturating_sub(self.at);
        (left, Some(left))
    }
}

impl Source for ClipDecoder {
    fn current_span_len(&self) -> Option<usize> {
        Some(self.samples.len().saturating_sub(self.at))
    }

    fn channels(&self) -> ChannelCount {
        ChannelCount::MIN
    }

    fn sample_rate(&self) -> SampleRate {
        SampleRate::new(SAMPLE_RATE).expect("not zero")
    }

    fn total_duration(&self) -> Option<Duration> {
        Some(Duration::from_secs_f64(
            self.samples.len() as f64 / f64::from(SAMPLE_RATE),
        ))
    }
}

impl Decodable for Clip {
    type Decoder = ClipDecoder;

    fn decoder(&self) -> ClipDecoder {
        ClipDecoder {
            samples: self.samples.clone(),
            at: 0,
        }
    }
}

fn make_clips(mut clips: ResMut<Assets<Clip>>, mut bank: ResMut<SoundBank>) {
    for cue in Cue::ALL {
        let handle = clips.add(Clip {
            samples: cue.samples().into(),
        });
        bank.clips.insert(cue, handle);
    }
}

/// A screen opened: every ear starts afresh (its first look is silent).
fn reset_ears(mut ears: ResMut<Ears>) {
    *ears = Ears::default();
}

/// Back on the menu from a mode: the "back" sound.
fn back_sound(
    state: Res<State<AppState>>,
    mut last: Local<Option<AppState>>,
    mut out: MessageWriter<Sfx>,
) {
    let now = *state.get();
    if now == AppState::Menu && last.is_some_and(|s| s != AppState::Menu) {
        out.write(Sfx(Voice::plain(Cue::MenuBack)));
    }
    *last = Some(now);
}

/// M (or Select in the panels): effects off, or on again.
fn toggle_effects(
    mut actions: ResMut<Actions>,
    mut sound: ResMut<SoundSettings>,
    mut toast: ResMut<SoundToast>,
) {
    if actions.consume(Action::Mute) {
        sound.effects = !sound.effects;
        toast.0 = Some((sound.effects, TOAST_SECONDS));
    }
    if sound.is_changed() && !sound.is_added() && toast.0.is_none_or(|(on, _)| on != sound.effects)
    {
        toast.0 = Some((sound.effects, TOAST_SECONDS));
    }
}

/// How long the "sound on / off" note shows.
pub const TOAST_SECONDS: f32 = 1.5;

fn fade_toast(time: Res<Time>, mut toast: ResMut<SoundToast>) {
    if let Some((_, left)) = &mut toast.0 {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            toast.0 = None;
        }
    }
}

fn hear_menu(
    selection: Res<MenuSelection>,
    mut chosen: MessageReader<ChooseEntry>,
    mut ears: ResMut<Ears>,
    mut out: MessageWriter<Sfx>,
) {
    if ears
        .menu
        .replace(selection.0)
        .is_some_and(|was| was != selection.0)
    {
        out.write(Sfx(Voice::plain(Cue::MenuMove)));
    }
    if chosen.read().count() > 0 {
        out.write(Sfx(Voice::plain(Cue::MenuChoose)));
    }
}

fn hear_explore(explore: Res<Explore>, mut ears: ResMut<Ears>, mut out: MessageWriter<Sfx>) {
    out.write_batch(ears.explore.hear(&explore.0).into_iter().map(Sfx));
}

fn hear_runner(runner: Res<Runner>, mut ears: ResMut<Ears>, mut out: MessageWriter<Sfx>) {
    out.write_batch(ears.runner.hear(&runner.game).into_iter().map(Sfx));
}

fn hear_slide(slide: Res<Slide>, mut ears: ResMut<Ears>, mut out: MessageWriter<Sfx>) {
    out.write_batch(ears.slide.hear(&slide).into_iter().map(Sfx));
}

fn hear_mines(
    mines: Res<Mines>,
    mut commands: MessageReader<MinesCommand>,
    mut ears: ResMut<Ears>,
    mut out: MessageWriter<Sfx>,
) {
    let chorded = commands.read().any(|c| matches!(c, MinesCommand::Chord(_)));
    out.write_batch(ears.mines.hear(mines.game(), chorded).into_iter().map(Sfx));
}

fn hear_showcase(
    showcase: Res<Showcase>,
    sound: Res<SoundSettings>,
    time: Res<Time>,
    mut ears: ResMut<Ears>,
    mut out: MessageWriter<Sfx>,
) {
    let heard = ears
        .showcase
        .hear(showcase.show.as_ref(), time.elapsed_secs_f64());
    // quiet unless asked: the ear still listens, so turning the sounds on starts cleanly
    if sound.showcase {
        out.write_batch(heard.into_iter().map(Sfx));
    }
}

/// In a browser: audio is allowed from the first key, click, touch or gamepad button on.
fn unlock_audio(
    mut unlocked: ResMut<AudioUnlocked>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    gamepads: Query<&bevy::input::gamepad::Gamepad>,
) {
    if unlocked.0 {
        return;
    }
    let input = keys.get_just_pressed().next().is_some()
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some())
        || touches.is_some_and(|t| t.any_just_pressed())
        || gamepads
            .iter()
            .any(|pad| pad.get_just_pressed().next().is_some());
    if input {
        unlocked.0 = true;
    }
}

/// Plays this frame's requests: one voice per cue (the last asked for), each logged, each
/// spawned when sound is on and allowed and fewer than [`MAX_VOICES`] sound.
#[allow(clippy::too_many_arguments)]
fn play_sounds(
    mut requests: MessageReader<Sfx>,
    sound: Res<SoundSettings>,
    unlocked: Res<AudioUnlocked>,
    bank: Res<SoundBank>,
    time: Res<Time>,
    voices: Query<(), With<SoundVoice>>,
    mut log: ResMut<SoundLog>,
    mut commands: Commands,
) {
    let asked: Vec<Voice> = requests.read().map(|s| s.0).collect();
    if asked.is_empty() {
        return;
    }
    let mut sounding = voices.iter().count();
    let now = time.elapsed_secs_f64();
    for voice in dedupe(asked) {
        *log.requested.entry(voice.cue).or_default() += 1;
        log.recent.push(voice);
        if log.recent.len() > 16 {
            log.recent.remove(0);
        }
        if !(sound.audible() && unlocked.0) || sounding >= MAX_VOICES {
            continue;
        }
        let seconds = bank.seconds.get(&voice.cue).copied().unwrap_or(1.0);
        let pitch = voice.pitch.clamp(0.25, 4.0);
        let mut entity = commands.spawn((
            Name::new(format!("sound {}", voice.cue.name())),
            SoundVoice {
                cue: voice.cue,
                until: now + f64::from(seconds / pitch) + GRACE,
            },
        ));
        if let Some(clip) = bank.clips.get(&voice.cue) {
            entity.insert((
                AudioPlayer(clip.clone()),
                PlaybackSettings::DESPAWN
                    .with_volume(Volume::Linear(sound.volume))
                    .with_speed(pitch),
            ));
        }
        sounding += 1;
        log.played += 1;
    }
}

/// Despawns every voice whose sound has had time to end (Bevy's audio despawns the ones that
/// played as they finish; this catches the rest: no sound device, no clip).
fn reap_voices(time: Res<Time>, voices: Query<(Entity, &SoundVoice)>, mut commands: Commands) {
    let now = time.elapsed_secs_f64();
    for (entity, voice) in &voices {
        if now >= voice.until {
            commands.entity(entity).try_despawn();
        }
    }
}

/// The sound setting in a word or two: "Sound: 60%", or "Sound: off".
pub fn sound_label(lang: crate::core::text::Lang, sound: SoundSettings) -> String {
    if sound.effects {
        crate::tr!(
            lang,
            "Sound: {percent}%",
            percent = (sound.volume * 100.0).round()
        )
    } else {
        crate::tr!(lang, "Sound: off").into()
    }
}

/// The Sound menu of a mode's top bar (and the Showcase's caption): effects on / off, the
/// volume, and the Showcase's sounds.
/// The settings are written only on a change, so that "changed" means the player changed them.
pub fn sound_menu(
    ui: &mut bevy_egui::egui::Ui,
    lang: crate::core::text::Lang,
    settings: &mut ResMut<SoundSettings>,
) {
    use bevy_egui::egui;
    let mut edited = **settings;
    let sound = &mut edited;
    let label = sound_label(lang, *sound);
    ui.menu_button(label, |ui| {
        ui.checkbox(&mut sound.effects, crate::tr!(lang, "Effects (M)"));
        let mut percent = (sound.volume * 100.0).round();
        let slider = egui::Slider::new(&mut percent, 0.0..=100.0)
            .step_by(5.0)
            .suffix("%")
            .text(crate::tr!(lang, "Volume"));
        if ui.add(slider).changed() {
            sound.volume = (percent / 100.0).clamp(0.0, 1.0);
            if sound.volume > 0.0 {
                sound.effects = true;
            }
        }
        ui.checkbox(
            &mut sound.showcase,
            crate::tr!(lang, "Sounds in the Showcase"),
        );
    })
    .response
    .on_hover_text(crate::tr!(
        lang,
        "M: effects off / on (gamepad: Select in the panels)"
    ));
    settings.set_if_neq(edited);
}

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(bevy_egui::EguiPrimaryContextPass, draw_toast);
}

/// "Sound off" / "Sound on" for a moment at the top of the window, after M.
fn draw_toast(
    mut contexts: bevy_egui::EguiContexts,
    toast: Res<SoundToast>,
    sound: Res<SoundSettings>,
    look: Res<super::settings::UiLook>,
) -> Result {
    use bevy_egui::egui;
    let Some((on, _)) = toast.0 else {
        return Ok(());
    };
    let lang = look.lang;
    let text = if on {
        crate::tr!(
            lang,
            "Sound on: {percent}% (M turns it off)",
            percent = (sound.volume * 100.0).round()
        )
    } else {
        crate::tr!(lang, "Sound off (M turns it on again)").into()
    };
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("sound-toast"))
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 56.0))
        .order(egui::Order::Foreground)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(text).strong().size(18.0));
            });
        });
    Ok(())
}
