//! Game IDs in the game: every mode's top bar shows its board's ID with "Copy ID", and an "Open
//! ID" field that recreates any board (switching mode when needed). A malformed ID is refused
//! with a message and the current game stays as it was.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::AppSystems;
use super::explore::ExploreCommand;
use super::mines::MinesCommand;
use super::runner::RunnerCommand;
use super::slide::SlideCommand;
use super::state::AppState;
use crate::core::id::GameId;
use crate::core::text::{Lang, Phrase};
use crate::{phrase, tr};

/// Asks for the board of an ID (the text as typed or pasted).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct OpenId(pub String);

/// The last word about IDs: an error (a bad ID) or a note ("copied").
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct IdNotice(pub Option<(Phrase, bool)>);

/// What the player is typing in the "Open ID" field.
#[derive(Resource, Debug, Default)]
pub struct IdField(pub String);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<OpenId>()
        .init_resource::<IdNotice>()
        .init_resource::<IdField>()
        .add_systems(Update, open_ids.in_set(AppSystems::Update))
        .add_systems(OnExit(AppState::Menu), forget_notice)
        .add_systems(OnEnter(AppState::Menu), forget_notice);
}

fn forget_notice(mut notice: ResMut<IdNotice>) {
    notice.0 = None;
}

/// Reads `OpenId` requests: a good ID becomes its mode's "new board" command and the mode
/// opens; a bad one leaves everything as it is and says why.
#[allow(clippy::too_many_arguments)]
fn open_ids(
    mut requests: MessageReader<OpenId>,
    mut notice: ResMut<IdNotice>,
    state: Res<State<AppState>>,
    mut next: ResMut<NextState<AppState>>,
    mut explore: MessageWriter<ExploreCommand>,
    mut runner: MessageWriter<RunnerCommand>,
    mut slide: MessageWriter<SlideCommand>,
    mut mines: MessageWriter<MinesCommand>,
) {
    for OpenId(text) in requests.read() {
        let id = match GameId::parse(&crate::core::launch::id_of_pasted(text)) {
            Ok(id) => id,
            Err(e) => {
                notice.0 = Some((phrase!("Cannot open that ID: {why}", why = e), true));
                continue;
            }
        };
        let mode = id.mode();
        notice.0 = Some((phrase!("Opened {id}", id = id.to_string()), false));
        match id {
            GameId::Explore(maze) => {
                explore.write(ExploreCommand::UseMaze(maze));
            }
            GameId::Runner(spec) => {
                runner.write(RunnerCommand::NewRound(spec));
            }
            GameId::Slide { start, goal } => {
                slide.write(SlideCommand::SetBoards { start, goal });
            }
            GameId::Mines { config, seed } => {
                mines.write(MinesCommand::NewGame(config, seed));
            }
        }
        // the mode's own command replaces the board; a fresh entry is needed only from elsewhere
        if *state.get() != AppState::from(mode) {
            next.set(AppState::from(mode));
        }
    }
}

/// The page's address without its query (`https://…/index.html`), in a browser.
#[cfg(target_arch = "wasm32")]
fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// The ID widgets for a top bar.
#[derive(SystemParam)]
pub struct IdBar<'w> {
    field: ResMut<'w, IdField>,
    notice: ResMut<'w, IdNotice>,
    open: MessageWriter<'w, OpenId>,
}

impl IdBar<'_> {
    /// Shows `id` (shortened when long) with "Copy ID", then the "Open ID" field, then the last
    /// notice.
    pub fn show(&mut self, ui: &mut egui::Ui, lang: Lang, id: Option<&GameId>) {
        ui.horizontal(|ui| {
            if let Some(id) = id {
                let text = id.to_string();
                let short: String = if text.chars().count() > 32 {
                    text.chars().take(30).chain("…".chars()).collect()
                } else {
                    text.clone()
                };
                ui.label(tr!(lang, "ID"));
                ui.label(egui::RichText::new(short).monospace())
                    .on_hover_text(&text);
                let copy = ui.button(tr!(lang, "Copy ID"));
                #[cfg(target_arch = "wasm32")]
                crate::game::web::note_button("copy_id", &copy);
                if copy.clicked() {
                    ui.ctx().copy_text(text.clone());
                    self.notice.0 = Some((phrase!("ID copied to the clipboard"), false));
                }
                #[cfg(target_arch = "wasm32")]
                if let Some(page) = page_address() {
                    let copy = ui.button(tr!(lang, "Copy link"));
                    crate::game::web::note_button("copy_link", &copy);
                    if copy.clicked() {
                        ui.ctx()
                            .copy_text(crate::core::launch::link_to(&page, &text));
                        self.notice.0 = Some((phrase!("link copied to the clipboard"), false));
                    }
                }
                ui.separator();
            }
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.field.0)
                    .hint_text(tr!(lang, "paste an ID"))
                    .desired_width(170.0),
            );
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button(tr!(lang, "Open ID")).clicked() || entered)
                && !self.field.0.trim().is_empty()
            {
                self.open.write(OpenId(std::mem::take(&mut self.field.0)));
            }
            if let Some((text, error)) = &self.notice.0 {
                let color = if *error {
                    crate::game::theme::ERROR
                } else {
                    egui::Color32::from_rgb(150, 220, 170)
                };
                ui.label(egui::RichText::new(text.show(lang)).color(color));
            }
        });
    }
}
