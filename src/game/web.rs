//! The browser build's start: the page's address (`?id=…` opens that board), the browser's
//! language for the first start, the settings and best times in the page's storage, and the
//! game in the page's canvas (`#ai-arcade`, see `web/index.html`).

use bevy::prelude::*;

use super::{GamePlugin, Launch, with_kept_settings};
use crate::core::id::GameId;
use crate::core::launch::{Recipe, query_value};
use crate::core::mode::Mode;
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
        mode: Mode::Menu,
        seed: None,
        maze: None,
        runner: None,
        mines: None,
        id: None,
        lang: query_value(&search, "lang").and_then(|code| Lang::from_code(&code)),
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
        .add_systems(Last, hide_the_loading_message)
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
