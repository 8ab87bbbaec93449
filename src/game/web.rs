//! The browser build's start: the page's address (`?id=…` opens that board), the browser's
//! language for the first start, the settings and best times in the page's storage, and the
//! game in the page's canvas (`#ai-arcade`, see `web/index.html`).

use bevy::prelude::*;

use super::{GamePlugin, Launch, with_kept_settings};
use crate::core::id::GameId;
use crate::core::launch::{Recipe, query_value};
use crate::core::text::Lang;

/// The browser's language (`navigator.language`), for the first start.
fn browser_language() -> Lang {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .map_or(Lang::En, |locale| Lang::from_locale(&locale))
}

/// Runs the game in the page.
pub fn start() {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let mut recipe = Recipe {
        lang: query_value(&search, "lang").and_then(|code| Lang::from_code(&code)),
        ..Recipe::default()
    };
    let mut id_error = None;
    if let Some(text) = query_value(&search, "id") {
        match GameId::parse(&text) {
            Ok(id) => {
                recipe.mode = id.mode();
                recipe.id = Some(id);
            }
            Err(why) => id_error = Some(why),
        }
    }
    let launch = Launch::from_recipe(recipe);
    let (mut launch, window) =
        with_kept_settings(launch, &crate::store::config_dir(), browser_language);
    launch.id_error = id_error;
    App::new()
        .add_plugins(GamePlugin {
            launch,
            window,
            resizable: true,
        })
        .add_systems(Last, (hide_the_loading_message, publish_state))
        .run();
}

/// Takes the page's "Loading…" away once the game has drawn its first frames.
fn hide_the_loading_message(mut frames: Local<u32>) {
    *frames += 1;
    if *frames == 2
        && let Some(message) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("loading"))
    {
        message.remove();
    }
}

/// For the browser test and anyone curious: what the game shows, as JSON in the page's hidden
/// `#ai-arcade-state` element (updated when it changes).
#[allow(clippy::too_many_arguments)]
fn publish_state(
    state: Res<State<super::AppState>>,
    look: Res<super::settings::UiLook>,
    explore: Option<Res<super::explore::Explore>>,
    runner: Option<Res<super::runner::Runner>>,
    slide: Option<Res<super::slide::Slide>>,
    mines: Option<Res<super::mines::Mines>>,
    showcase: Option<Res<super::showcase::Showcase>>,
    mut frames: Local<u64>,
    mut shown: Local<String>,
) {
    use super::AppState;
    *frames += 1;
    let detail = match state.get() {
        AppState::Menu => serde_json::json!({}),
        AppState::Explore => explore.map_or(serde_json::json!({}), |e| {
            serde_json::json!({
                "ball": e.0.ball().map(|p| [p.row, p.col]),
                "status": format!("{:?}", e.0.status()), // not shown
                "steps": e.0.steps(),
                "editing": e.0.editing(),
            })
        }),
        AppState::Runner => runner.map_or(serde_json::json!({}), |r| {
            let p = r.game.player();
            serde_json::json!({
                "player": [p.row, p.col],
                "steps": r.game.steps(),
                "won": r.game.won(),
            })
        }),
        AppState::Slide => slide.map_or(serde_json::json!({}), |s| {
            serde_json::json!({
                "board": s.shown().to_string(),
                "moves": s.game().moves(),
                "busy": s.wanted_job().is_some(),
                "last": s.last().map(|row| crate::core::slide::session::summary(&row.report).english()),
            })
        }),
        AppState::Mines => mines.map_or(serde_json::json!({}), |m| {
            serde_json::json!({
                "status": format!("{:?}", m.game().status()), // not shown
                "lives": m.game().lives_left(),
                "robot": m.robot_on(),
            })
        }),
        AppState::Showcase => showcase.map_or(serde_json::json!({}), |s| {
            serde_json::json!({ "scene": s.show.as_ref().map(|show| show.kind.watch()) })
        }),
    };
    let text = serde_json::json!({
        "mode": format!("{:?}", state.get()).to_lowercase(), // not shown
        "lang": look.lang.code(),
        "detail": detail,
    })
    .to_string();
    if *text == *shown && !frames.is_multiple_of(30) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let element = document.get_element_by_id("ai-arcade-state").or_else(|| {
        let element = document.create_element("pre").ok()?;
        element.set_id("ai-arcade-state");
        element.set_attribute("hidden", "").ok()?;
        document.body()?.append_child(&element).ok()?;
        Some(element)
    });
    if let Some(element) = element {
        element.set_text_content(Some(&text));
        element
            .set_attribute("data-frame", &frames.to_string())
            .ok();
    }
    *shown = text;
}
