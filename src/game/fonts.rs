//! The fonts: egui's own (Latin, symbols, emoji) with the Chinese subset behind them, and the
//! Chinese subset (which also has Latin letters and digits) as Bevy's default font. The subset
//! is `assets/fonts/NotoSansSC-subset.otf`, made by `tools/font-subset.sh` (SIL OFL 1.1, see
//! `assets/fonts/OFL.txt`).

use bevy::asset::AssetId;
use bevy::prelude::*;
use bevy_egui::egui;

/// Noto Sans CJK SC cut down to the characters the game shows.
pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-subset.otf");

/// The name of the Chinese font in egui's font definitions.
pub const CJK_NAME: &str = "noto-sans-sc-subset"; // not shown

/// egui's default fonts, with the Chinese subset as the last fallback of every family (so
/// Latin text keeps egui's look and each Chinese character finds its glyph).
pub fn egui_fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        CJK_NAME.to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(CJK_NAME.to_owned());
    }
    fonts
}

/// Makes the Chinese subset Bevy's default font (the board's numbers and labels use it).
pub(super) fn plugin(app: &mut App) {
    let mut fonts = app.world_mut().resource_mut::<Assets<Font>>();
    fonts
        .insert(AssetId::default(), Font::from_bytes(CJK_FONT.to_vec()))
        .expect("the default font's id is always valid");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::text::chinese_entries;

    /// Every character of every Chinese text has a glyph in the fonts the panels use (the
    /// subset behind egui's own): run `tools/font-subset.sh` when this fails.
    #[test]
    fn every_character_of_the_chinese_texts_is_in_the_fonts() {
        let ctx = egui::Context::default();
        ctx.set_fonts(egui_fonts());
        // a pass loads the fonts; its textures go nowhere here
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        let mut missing = std::collections::BTreeSet::new();
        let font = egui::FontId::proportional(15.0);
        ctx.fonts_mut(|fonts| {
            for (_, chinese) in chinese_entries() {
                // letters and CJK punctuation; the few symbols (⬅ ✔ ▶) come from egui's own
                // emoji fonts, as in English
                for c in chinese.chars().filter(|&c| is_text(c)) {
                    if !fonts.has_glyph(&font, c) {
                        missing.insert(c);
                    }
                }
            }
        });
        assert!(
            missing.is_empty(),
            "no glyph for {:?}: run tools/font-subset.sh",
            missing.iter().collect::<String>()
        );
    }

    /// The characters the subset must have: letters, digits and CJK punctuation.
    fn is_text(c: char) -> bool {
        c.is_alphanumeric()
            || ('\u{3000}'..='\u{303f}').contains(&c)
            || ('\u{ff00}'..='\u{ffef}').contains(&c)
    }

    fn has_glyph(definitions: egui::FontDefinitions, c: char) -> bool {
        let ctx = egui::Context::default();
        ctx.set_fonts(definitions);
        ctx.run_ui(egui::RawInput::default(), |_| {})
            .textures_delta
            .clear();
        ctx.fonts_mut(|fonts| fonts.has_glyph(&egui::FontId::proportional(15.0), c))
    }

    /// The subset is what gives the Chinese its glyphs (egui's own fonts have none), and it
    /// lacks a character the game never shows: the test above can fail.
    #[test]
    fn the_subset_gives_the_chinese_its_glyphs_and_has_nothing_more() {
        assert!(!has_glyph(egui::FontDefinitions::default(), '步'));
        assert!(has_glyph(egui_fonts(), '步'));
        assert!(!has_glyph(egui_fonts(), '龘'), "a character no text uses");
    }
}
