//! The main menu: every mode listed, then the UI scale, colours, language and sound; arrows / d-pad
//! move, Enter / A opens, Esc / B quits. Left alone for a minute, it starts the Showcase.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::AppSystems;
use super::ids::IdBar;
use super::input::{Action, Actions};
use super::settings::{MAX_UI_SCALE, MIN_UI_SCALE, SettingsStore, UiLook};
use super::sound::{SoundSettings, sound_label};
use super::state::AppState;
use super::theme::root_ui;
use super::theme::{palette, to_egui};
use super::view::PlayArea;
use crate::core::mode::Mode;
use crate::core::text::Lang;
use crate::store::settings::ColourScheme;
use crate::tr;

/// One line of the menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEntry {
    Mode(Mode),
    /// The panels' scale: Left / Right change it, Enter steps up (and wraps).
    UiScale,
    /// Night or day panels: Enter, Left or Right switch.
    Colours,
    /// English or 简体中文: Enter, Left or Right switch.
    Language,
    /// The master volume: Left / Right change it; Enter (or M) turns the effects off and on.
    Sound,
    Quit,
}

impl MenuEntry {
    /// The entries, top to bottom.
    pub const ALL: &'static [MenuEntry] = &[
        MenuEntry::Mode(Mode::Explore),
        MenuEntry::Mode(Mode::Runner),
        MenuEntry::Mode(Mode::Slide),
        MenuEntry::Mode(Mode::Mines),
        MenuEntry::Mode(Mode::Showcase),
        MenuEntry::Mode(Mode::Lab),
        MenuEntry::UiScale,
        MenuEntry::Colours,
        MenuEntry::Language,
        MenuEntry::Sound,
        MenuEntry::Quit,
    ];

    /// The entry's text in the menu.
    pub fn label(self, look: UiLook, sound: SoundSettings) -> String {
        let lang = look.lang;
        match self {
            MenuEntry::Mode(mode) => lang.tr(mode.title()).into(),
            MenuEntry::UiScale => {
                tr!(
                    lang,
                    "UI scale {percent}%",
                    percent = (look.scale * 100.0).round()
                )
            }
            MenuEntry::Colours => match look.scheme {
                ColourScheme::Night => tr!(lang, "Colours: night").into(),
                ColourScheme::Day => tr!(lang, "Colours: day").into(),
            },
            // each language names itself: a player who cannot read the other finds their own
            MenuEntry::Language => format!(
                "{}: {}",
                tr!(lang, "Language"),
                Lang::ALL
                    .map(|l| if l == lang {
                        format!("[{}]", l.native_name())
                    } else {
                        l.native_name().to_string()
                    })
                    .join(" / ")
            ),
            MenuEntry::Sound => sound_label(lang, sound),
            MenuEntry::Quit => tr!(lang, "Quit").into(),
        }
    }

    /// True for the entries that change a setting (shown two to a row).
    pub fn is_setting(self) -> bool {
        matches!(
            self,
            MenuEntry::UiScale | MenuEntry::Colours | MenuEntry::Language | MenuEntry::Sound
        )
    }

    fn blurb(self, lang: Lang) -> &'static str {
        match self {
            MenuEntry::Mode(Mode::Explore) => tr!(
                lang,
                "The classic 8×8 maze: a ball searches by DFS with backtracking. Edit it, load your own."
            ),
            MenuEntry::Mode(Mode::Runner) => tr!(
                lang,
                "Random mazes from four generators: walk them with a trail and an A* hint."
            ),
            MenuEntry::Mode(Mode::Slide) => tr!(
                lang,
                "The 8- and 15-puzzle: play by hand, ask for hints, watch BFS, DFS, A* and IDA* solve it and compare them."
            ),
            MenuEntry::Mode(Mode::Mines) => tr!(
                lang,
                "20×20, 81 mines, 10 robots: play it yourself, ask the robot for hints, or watch it reason."
            ),
            MenuEntry::Mode(Mode::Showcase) => tr!(
                lang,
                "An attract mode: the generators carve, the searches race, the puzzles solve themselves, the robot sweeps."
            ),
            MenuEntry::Mode(Mode::Lab) => tr!(
                lang,
                "Your own BFS, DFS, A*, heuristic or Minesweeper robot, in any language: run, watched step by step and judged against the algorithm."
            ),
            MenuEntry::Mode(Mode::Menu) => "",
            MenuEntry::UiScale => tr!(
                lang,
                "Left / Right (d-pad) or Enter: bigger or smaller panels. Kept for next time."
            ),
            MenuEntry::Colours => tr!(lang, "Enter: dark or light panels. Kept for next time."),
            MenuEntry::Language => tr!(
                lang,
                "Enter, Left or Right: English or Chinese for every word in the game. Kept for next time."
            ),
            MenuEntry::Sound => tr!(
                lang,
                "Left / Right (d-pad): the volume. Enter, M or Select: effects off / on. Kept for next time."
            ),
            MenuEntry::Quit => tr!(lang, "Leave the arcade."),
        }
    }
}

/// The highlighted entry (an index into [`MenuEntry::ALL`]).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MenuSelection(pub usize);

impl MenuSelection {
    /// The highlighted entry.
    pub fn entry(self) -> MenuEntry {
        MenuEntry::ALL[self.0]
    }

    /// Moves to the entry `step` away (+1 down, -1 up), wrapping around.
    fn advance(&mut self, step: isize) {
        let n = MenuEntry::ALL.len() as isize;
        self.0 = (self.0 as isize + step).rem_euclid(n) as usize;
    }
}

/// Seconds without input on the menu before the Showcase starts by itself.
pub const IDLE_SECONDS: f32 = 60.0;

/// How long the menu has been left alone.
#[derive(Resource, Debug, Default)]
pub struct MenuIdle(pub f32);

/// Asks for an entry to be chosen (from a click; keys go through [`Actions`]).
#[derive(Message, Clone, Copy, Debug)]
pub struct ChooseEntry(pub MenuEntry);

/// Why the game ID of the page's address (in a browser) was not opened: said on the menu until
/// the player leaves it.
#[derive(Resource, Debug, Default)]
pub struct AddressIdError(pub Option<crate::core::text::Phrase>);

fn forget_address_error(mut error: ResMut<AddressIdError>) {
    error.0 = None;
}

pub(super) fn plugin(app: &mut App) {
    let launch = crate::game::Launch::of(app);
    app.insert_resource(AddressIdError(launch.id_error))
        .add_systems(OnExit(AppState::Menu), forget_address_error)
        .init_resource::<MenuSelection>()
        .init_resource::<MenuIdle>()
        .add_message::<ChooseEntry>()
        .add_systems(OnEnter(AppState::Menu), (clear_play_area, reset_idle))
        .add_systems(
            Update,
            (watch_idle, navigate_menu, choose_entry)
                .chain()
                .in_set(AppSystems::Update)
                .run_if(in_state(AppState::Menu)),
        );
}

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu.run_if(in_state(AppState::Menu)),
    );
}

fn clear_play_area(mut area: ResMut<PlayArea>) {
    area.0 = None;
}

fn reset_idle(mut idle: ResMut<MenuIdle>) {
    idle.0 = 0.0;
}

/// Counts the seconds without a key, click, mouse movement or gamepad input; after
/// [`IDLE_SECONDS`] the Showcase starts as an attract mode.
#[allow(clippy::too_many_arguments)]
fn watch_idle(
    time: Res<Time>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut motion: MessageReader<bevy::input::mouse::MouseMotion>,
    gamepads: Query<&bevy::input::gamepad::Gamepad>,
    mut idle: ResMut<MenuIdle>,
    mut attract: ResMut<super::state::Attract>,
    mut next: ResMut<NextState<AppState>>,
) {
    let moved = motion.read().count() > 0;
    let pad_active = gamepads
        .iter()
        .any(|pad| pad.get_pressed().next().is_some() || pad.left_stick().length() > 0.2);
    if moved
        || pad_active
        || keys.get_pressed().next().is_some()
        || mouse.get_pressed().next().is_some()
    {
        idle.0 = 0.0;
        return;
    }
    idle.0 += time.delta_secs();
    if idle.0 >= IDLE_SECONDS {
        idle.0 = 0.0;
        attract.0 = true;
        next.set(AppState::Showcase);
    }
}

fn navigate_menu(
    mut actions: ResMut<Actions>,
    mut selection: ResMut<MenuSelection>,
    mut choose: MessageWriter<ChooseEntry>,
    mut look: ResMut<UiLook>,
    mut sound: ResMut<SoundSettings>,
) {
    if actions.fired(Action::Up) {
        selection.advance(-1);
    }
    if actions.fired(Action::Down) {
        selection.advance(1);
    }
    for (action, step) in [(Action::Left, -1.0), (Action::Right, 1.0)] {
        if actions.fired(action) {
            match selection.entry() {
                MenuEntry::UiScale => look.step_scale(step),
                MenuEntry::Colours => look.toggle_scheme(),
                MenuEntry::Language => look.lang = look.lang.next(),
                MenuEntry::Sound => sound.step_volume(step as i32),
                _ => {}
            }
        }
    }
    if actions.fired(Action::Confirm) {
        choose.write(ChooseEntry(selection.entry()));
    }
    if actions.consume(Action::Back) {
        choose.write(ChooseEntry(MenuEntry::Quit));
    }
}

fn choose_entry(
    mut chosen: MessageReader<ChooseEntry>,
    mut next: ResMut<NextState<AppState>>,
    mut exit: MessageWriter<AppExit>,
    mut look: ResMut<UiLook>,
    mut sound: ResMut<SoundSettings>,
) {
    for ChooseEntry(entry) in chosen.read() {
        match entry {
            MenuEntry::Mode(mode) if *mode != Mode::Menu => {
                next.set(AppState::from(*mode));
            }
            MenuEntry::UiScale => {
                if look.scale >= MAX_UI_SCALE {
                    look.scale = MIN_UI_SCALE;
                } else {
                    look.step_scale(1.0);
                }
            }
            MenuEntry::Colours => look.toggle_scheme(),
            MenuEntry::Language => look.lang = look.lang.next(),
            MenuEntry::Sound => sound.effects = !sound.effects,
            MenuEntry::Quit => {
                exit.write(AppExit::Success);
            }
            MenuEntry::Mode(_) => {}
        }
    }
}

#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: its parameters are the resources and messages it uses"
)]
fn draw_menu(
    mut contexts: EguiContexts,
    mut ids: IdBar,
    look: Res<UiLook>,
    sound: Res<SoundSettings>,
    store: Res<SettingsStore>,
    address_error: Res<AddressIdError>,
    mut selection: ResMut<MenuSelection>,
    mut choose: MessageWriter<ChooseEntry>,
    mut scrolled: Local<Option<usize>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = look.lang;
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space((ui.available_height() * 0.04).max(8.0));
                ui.label(
                    egui::RichText::new(tr!(lang, "ai-arcade"))
                        .size(50.0)
                        .strong()
                        .color(to_egui(palette::ROUTE)),
                );
                ui.label(
                    egui::RichText::new(tr!(
                        lang,
                        "classic AI search puzzles — play them, watch them think"
                    ))
                    .size(18.0)
                    .italics(),
                );
                // what went wrong with the player's files or the page's address, in red
                let problems =
                    [
                        store
                            .warning
                            .as_ref()
                            .map(|w| tr!(lang, "Settings: {warning}", warning = w.show(lang))),
                        address_error.0.as_ref().map(|why| {
                            tr!(lang, "Cannot open that ID: {why}", why = why.show(lang))
                        }),
                        store.save_error.as_ref().map(|why| {
                            tr!(lang, "Settings not saved: {why}", why = why.show(lang))
                        }),
                    ];
                for problem in problems.into_iter().flatten() {
                    ui.label(egui::RichText::new(problem).color(crate::game::theme::ERROR));
                }
                ui.add_space(14.0);
                let width = 560.0_f32.min(ui.available_width() - 20.0);
                // the modes, each with its line; the settings two to a row, the chosen one's line
                // under them; then Quit (all of it fits a 1280×800 window; a smaller one scrolls)
                let settings: Vec<usize> = (0..MenuEntry::ALL.len())
                    .filter(|&i| MenuEntry::ALL[i].is_setting())
                    .collect();
                let about = if selection.entry().is_setting() {
                    selection.entry()
                } else {
                    MenuEntry::ALL[settings[0]]
                };
                let moved = scrolled.replace(selection.0) != Some(selection.0);
                let mut entry_button = |ui: &mut egui::Ui, i: usize, size: egui::Vec2| {
                    let entry = MenuEntry::ALL[i];
                    let text_size = if matches!(entry, MenuEntry::Mode(_)) {
                        26.0
                    } else {
                        17.0
                    };
                    let text = egui::RichText::new(entry.label(*look, *sound))
                        .size(text_size)
                        .strong();
                    let button = egui::Button::new(text)
                        .min_size(size)
                        .selected(selection.0 == i);
                    let response = ui.add(button);
                    if response.clicked() {
                        selection.0 = i;
                        choose.write(ChooseEntry(entry));
                    }
                    // the pointer takes the highlight when it moves over an entry (one resting
                    // there must not hold it against the arrow keys)
                    if response.hovered() && ui.input(|input| input.pointer.is_moving()) {
                        selection.0 = i;
                    }
                    if moved && selection.0 == i {
                        response.scroll_to_me(None);
                    }
                };
                for (i, &entry) in MenuEntry::ALL.iter().enumerate() {
                    if let MenuEntry::Mode(_) = entry {
                        entry_button(ui, i, egui::vec2(width, 40.0));
                        ui.label(egui::RichText::new(entry.blurb(lang)).size(13.0).weak());
                        ui.add_space(3.0);
                    }
                }
                ui.add_space(4.0);
                let half = (width - 8.0) / 2.0;
                for pair in settings.chunks(2) {
                    ui.allocate_ui_with_layout(
                        egui::vec2(width, 36.0),
                        egui::Layout::left_to_right(egui::Align::Center),
                        |ui| {
                            for &i in pair {
                                entry_button(ui, i, egui::vec2(half, 36.0));
                            }
                        },
                    );
                }
                ui.label(egui::RichText::new(about.blurb(lang)).size(13.0).weak());
                ui.add_space(6.0);
                let quit = MenuEntry::ALL.len() - 1;
                entry_button(ui, quit, egui::vec2(width, 36.0));
                ui.add_space(10.0);
                ui.scope(|ui| {
                    ui.set_max_width(width);
                    ids.show(ui, lang, None);
                });
                ui.add_space(10.0);
                ui.label(
                    egui::RichText::new(tr!(
                        lang,
                        "Up, Down or d-pad: choose     Enter or A: open     Esc or B: quit \
                     (in a mode: back to this menu)     F6 or Start: into the panels"
                    ))
                    .weak(),
                );
            });
        });
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selection_wraps_around() {
        let mut selection = MenuSelection(0);
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Runner));
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Slide));
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Mines));
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Showcase));
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Lab));
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::UiScale);
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Colours);
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Language);
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Sound);
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Quit);
        selection.advance(1);
        assert_eq!(selection.entry(), MenuEntry::Mode(Mode::Explore));
        selection.advance(-1);
        assert_eq!(selection.entry(), MenuEntry::Quit);
    }
}
