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
            // the page's audio (resumed by the first key or click)
            sound: true,
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
    lab: Option<Res<super::lab::Lab>>,
    (learn, robot): (Res<super::learn::Learn>, Res<super::mines::MinesLearn>),
    (sound, unlocked, log): (
        Res<super::sound::SoundSettings>,
        Res<super::sound::AudioUnlocked>,
        Res<super::sound::SoundLog>,
    ),
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
                "maze": crate::core::maze::text::to_text(e.0.maze()),
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
        AppState::Lab => lab.map_or(serde_json::json!({}), |l| {
            let report = l.report();
            serde_json::json!({
                "task": l.task().name,
                "case": l.case_number(),
                "language": l.language.name(),
                "code": l.code.len(),
                "running": l.running(),
                "runs": l.runs(),
                "loading": l.loading(),
                "live": l.live().len(),
                "verdict": report.map(|r| r.verdict.code()),
                "expansions": report.map(|r| r.expansions),
                "violation": report.and_then(|r| r.violation.as_ref()).map(|v| {
                    serde_json::json!({ "step": v.step, "say": v.say.english() })
                }),
                "stderr": report.map(|r| r.stderr.clone()),
                "step": l.step(),
                "total": l.total(),
                "notice": l.notice().map(crate::core::text::Phrase::english),
            })
        }),
    };
    let buttons: serde_json::Map<String, serde_json::Value> = BUTTONS.with_borrow_mut(|b| {
        b.drain(..)
            .map(|(name, rect)| (name.to_string(), serde_json::json!(rect)))
            .collect()
    });
    let learn = learn.walk().map(|walk| {
        serde_json::json!({
            "algo": walk.lesson().algo,
            "step": walk.index(),
            "steps": walk.len(),
            "line": walk.step().map(|step| step.line),
        })
    });
    // the robot's reasoning (Mines, the Showcase's robot) in the same shape
    let learn = learn.or_else(|| {
        let reasoning = robot.reasoning()?;
        Some(serde_json::json!({
            "algo": "mines-robot", // not shown
            "step": robot.index(),
            "steps": reasoning.steps.len(),
            "line": robot.step().map(|step| step.line),
        }))
    });
    let text = serde_json::json!({
        "mode": format!("{:?}", state.get()).to_lowercase(), // not shown
        "lang": look.lang.code(),
        "detail": detail,
        "learn": learn,
        "sound": {
            "effects": sound.effects,
            "volume": sound.volume,
            "unlocked": unlocked.0,
            "requested": log.total(),
            "played": log.played,
            "last": log.recent.last().map(|v| v.cue.name()),
        },
        "buttons": buttons,
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

thread_local! {
    /// Buttons drawn this frame that the browser test clicks: name, and left, top, width and
    /// height in the page's pixels.
    static BUTTONS: std::cell::RefCell<Vec<(&'static str, [f32; 4])>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Notes where a button is, for the page's state (`buttons`).
pub fn note_button(name: &'static str, button: &bevy_egui::egui::Response) {
    // egui's points to the page's CSS pixels: the points' physical size over the page's
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()) as f32;
    let scale = button.ctx.pixels_per_point() / ratio;
    let r = button.rect;
    BUTTONS.with_borrow_mut(|b| {
        b.push((
            name,
            [
                r.min.x * scale,
                r.min.y * scale,
                r.width() * scale,
                r.height() * scale,
            ],
        ));
    });
}

/// Offers `text` to the player as a file named `name` (the browser's downloads).
pub fn download(name: &str, text: &str) -> Result<(), String> {
    use wasm_bindgen::JsCast;
    let fail = |e: wasm_bindgen::JsValue| format!("{e:?}");
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?; // in English: a fault of the browser
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "not a link")?; // in English: a fault of the browser
    link.set_href(&url);
    link.set_download(name);
    link.click();
    web_sys::Url::revoke_object_url(&url).map_err(fail)
}

thread_local! {
    /// The file the player chose and the browser read: its name and bytes.
    static CHOSEN: std::cell::RefCell<Option<(String, Vec<u8>)>> =
        const { std::cell::RefCell::new(None) };
}

/// Opens the browser's file chooser for files of `accept`; the one chosen is read, then
/// handed over by [`take_chosen_file`].
pub fn choose_file(accept: &str) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(input) = document
        .create_element("input")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    input.set_type("file");
    input.set_accept(accept);
    let chooser = input.clone();
    let on_change = Closure::once_into_js(move || {
        let Some(file) = chooser.files().and_then(|files| files.get(0)) else {
            return;
        };
        let Ok(reader) = web_sys::FileReader::new() else {
            return;
        };
        let name = file.name();
        let read = reader.clone();
        let on_load = Closure::once_into_js(move || {
            if let Ok(buffer) = read.result() {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                CHOSEN.with_borrow_mut(|chosen| *chosen = Some((name, bytes)));
            }
        });
        reader.set_onload(Some(on_load.unchecked_ref()));
        if reader.read_as_array_buffer(&file).is_err() {
            warn!("the browser could not read the chosen file");
        }
    });
    input.set_onchange(Some(on_change.unchecked_ref()));
    input.click();
}

/// The file chosen and read since the last call.
pub fn take_chosen_file() -> Option<(String, Vec<u8>)> {
    CHOSEN.with_borrow_mut(Option::take)
}
