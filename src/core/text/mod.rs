//! The words players read, in English and 简体中文.
//!
//! English text is the message key: UI code writes it where it is used, through [`tr!`] (text
//! shown at once), [`msg!`] (text kept in a table or a struct and translated when shown, with
//! [`Lang::tr`]) or [`phrase!`] (a sentence with values, made in the core and shown later in
//! whatever language is chosen then). The Chinese of every key is in [`zh`], following the
//! glossary in `docs/glossary.md`. Tests (in `tests/text.rs` and below) keep the two in step:
//! every key written in the source has a Chinese text with the same `{placeholders}`, no entry
//! is left unused, UI code shows no English literal that bypasses the table, and the embedded
//! font has every character the Chinese texts use.

mod zh;

use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// A language the game is shown in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    #[serde(rename = "en")]
    En,
    #[serde(rename = "zh")]
    Zh,
}

impl Lang {
    /// Every language, in the menu's order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// The code on the command line and in the settings file.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }

    /// The language's own name for itself (as a language menu shows it).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "简体中文",
        }
    }

    /// The language of this code (`en`, `zh`; case and a region such as `zh-CN` are allowed).
    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim().to_ascii_lowercase();
        let base = code.split(['-', '_', '.', '@']).next().unwrap_or("");
        match base {
            "en" | "c" | "posix" => Some(Lang::En),
            "zh" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// The language a locale names (`zh_CN.UTF-8`, `en_GB`, `zh-Hans`): Chinese for any `zh`
    /// locale, English for everything else.
    pub fn from_locale(locale: &str) -> Lang {
        if Lang::from_code(locale) == Some(Lang::Zh) {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    /// The language the system asks for (through `sys-locale`): on Unix the first of
    /// `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty; on Windows and
    /// macOS the user's display language. English when none is known.
    pub fn from_system() -> Lang {
        sys_locale::get_locale().map_or(Lang::En, |locale| Lang::from_locale(&locale))
    }

    /// The other language (the menu's switch).
    pub fn next(self) -> Lang {
        match self {
            Lang::En => Lang::Zh,
            Lang::Zh => Lang::En,
        }
    }

    /// The text of the message whose English is `key` (itself in English, and when there is no
    /// translation: the tests make sure there always is one).
    pub fn tr(self, key: &'static str) -> &'static str {
        match self {
            Lang::En => key,
            Lang::Zh => chinese().get(key).copied().unwrap_or(key),
        }
    }

    /// A text that may be a message (a built-in task's description kept as a `String`): its
    /// translation when it is one, else itself.
    pub fn tr_text(self, text: &str) -> String {
        match self {
            Lang::En => text.to_string(),
            Lang::Zh => chinese()
                .get(text)
                .map_or_else(|| text.to_string(), |zh| (*zh).to_string()),
        }
    }

    /// The message `key` in this language, its `{name}` placeholders filled with `args`.
    pub fn fill(self, key: &'static str, args: &[(&str, &dyn fmt::Display)]) -> String {
        fill(self.tr(key), |name| {
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, value)| value.to_string())
        })
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

fn chinese() -> &'static HashMap<&'static str, &'static str> {
    static TABLE: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    TABLE.get_or_init(|| zh::ZH.iter().copied().collect())
}

/// Every Chinese entry: (English key, Chinese text).
pub fn chinese_entries() -> &'static [(&'static str, &'static str)] {
    zh::ZH
}

/// The `{name}` placeholders of a message, in order (`{{` and `}}` are literal braces).
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        if let Some(stripped) = after.strip_prefix('{') {
            rest = stripped;
            continue;
        }
        match after.find('}') {
            Some(close) => {
                out.push(&after[..close]);
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    out
}

/// `template` with each `{name}` replaced by `value(name)` (left as it is when there is none),
/// and `{{` / `}}` as single braces.
pub fn fill(template: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(at) = rest.find(['{', '}']) {
        out.push_str(&rest[..at]);
        let brace = &rest[at..];
        if brace.starts_with("{{") || brace.starts_with("}}") {
            out.push_str(&brace[..1]);
            rest = &brace[2..];
        } else if let Some(name) = brace.strip_prefix('{').and_then(|b| b.split_once('}')) {
            if let Some(v) = value(name.0) {
                out.push_str(&v);
            } else {
                out.push('{');
                out.push_str(name.0);
                out.push('}');
            }
            rest = name.1;
        } else {
            out.push_str(&brace[..1]);
            rest = &brace[1..];
        }
    }
    out.push_str(rest);
    out
}

/// A value in a [`Phrase`]: plain text (a number, a name), a message translated when shown,
/// or a whole phrase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Plain(String),
    Message(&'static str),
    Phrase(Box<Phrase>),
}

impl Arg {
    fn show(&self, lang: Lang) -> String {
        match self {
            Arg::Plain(text) => text.clone(),
            Arg::Message(key) => lang.tr(key).to_string(),
            Arg::Phrase(phrase) => phrase.show(lang),
        }
    }
}

impl From<Phrase> for Arg {
    fn from(phrase: Phrase) -> Arg {
        Arg::Phrase(Box::new(phrase))
    }
}

macro_rules! plain_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(value: $t) -> Arg {
                Arg::Plain(value.to_string())
            }
        }
    )*};
}
plain_args!(
    usize,
    u8,
    u16,
    u32,
    u64,
    i32,
    i64,
    &str,
    String,
    &String,
    char,
    crate::core::grid::Pos
);

/// A sentence made now and shown later, in the language chosen when it is shown: a message key
/// and its values. Made with [`phrase!`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    key: &'static str,
    args: Vec<(&'static str, Arg)>,
}

impl Phrase {
    /// A phrase of a message and its values (see [`phrase!`]).
    pub fn new(key: &'static str, args: Vec<(&'static str, Arg)>) -> Phrase {
        Phrase { key, args }
    }

    /// The phrase in `lang`.
    pub fn show(&self, lang: Lang) -> String {
        fill(lang.tr(self.key), |name| {
            self.args
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, arg)| arg.show(lang))
        })
    }

    /// The phrase in English (the command line's language).
    pub fn english(&self) -> String {
        self.show(Lang::En)
    }

    /// The message key.
    pub fn key(&self) -> &'static str {
        self.key
    }
}

/// The `&'static str` of a key or name that crossed as text (a phrase sent from the browser's
/// worker): the catalogue's own when it is a message, else kept once for the program's life
/// (the names and the few untranslated keys are a bounded set).
fn intern(text: &str) -> &'static str {
    static KEPT: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());
    if let Some((key, _)) = chinese().get_key_value(text) {
        return key;
    }
    let mut kept = KEPT
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(known) = kept.iter().find(|k| **k == text) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.to_string().into_boxed_str());
    kept.push(leaked);
    leaked
}

/// How a phrase crosses (serde): its key, and its values by name.
#[derive(Serialize, Deserialize)]
struct PhraseText {
    key: String,
    args: Vec<(String, ArgText)>,
}

#[derive(Serialize, Deserialize)]
enum ArgText {
    Plain(String),
    Message(String),
    Phrase(Box<PhraseText>),
}

impl PhraseText {
    fn of(phrase: &Phrase) -> PhraseText {
        PhraseText {
            key: phrase.key.to_string(),
            args: phrase
                .args
                .iter()
                .map(|(name, arg)| {
                    let arg = match arg {
                        Arg::Plain(text) => ArgText::Plain(text.clone()),
                        Arg::Message(key) => ArgText::Message((*key).to_string()),
                        Arg::Phrase(p) => ArgText::Phrase(Box::new(PhraseText::of(p))),
                    };
                    ((*name).to_string(), arg)
                })
                .collect(),
        }
    }

    fn phrase(self) -> Phrase {
        Phrase {
            key: intern(&self.key),
            args: self
                .args
                .into_iter()
                .map(|(name, arg)| {
                    let arg = match arg {
                        ArgText::Plain(text) => Arg::Plain(text),
                        ArgText::Message(key) => Arg::Message(intern(&key)),
                        ArgText::Phrase(p) => Arg::Phrase(Box::new(p.phrase())),
                    };
                    (intern(&name), arg)
                })
                .collect(),
        }
    }
}

impl Serialize for Phrase {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PhraseText::of(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Phrase {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Phrase, D::Error> {
        PhraseText::deserialize(deserializer).map(PhraseText::phrase)
    }
}

impl From<Phrase> for String {
    /// In English: where a phrase meets the command line's `String` errors.
    fn from(phrase: Phrase) -> String {
        phrase.english()
    }
}

impl fmt::Display for Phrase {
    /// English: the command line and logs print phrases so.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english())
    }
}

/// A message shown now: `tr!(lang, "Undo")` is a `&'static str` in `lang`;
/// `tr!(lang, "Steps {n}", n = steps)` fills the placeholders and gives a `String`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $key:literal) => {
        $crate::core::text::Lang::tr($lang, $key)
    };
    ($lang:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::core::text::Lang::fill(
            $lang,
            $key,
            &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),+],
        )
    };
}

/// A message kept for later (in a table of controls, a list of names): the literal itself, marked
/// so that the tests find it and require its translation; shown with [`Lang::tr`].
#[macro_export]
macro_rules! msg {
    ($key:literal) => {
        $key
    };
}

/// A sentence with values, shown later in the language chosen then:
/// `phrase!("{left} robots left", left = n)`. Values are numbers and names
/// ([`Arg::Plain`]), [`msg!`] keys (`name = @"robots"`, translated when shown) or phrases.
#[macro_export]
macro_rules! phrase {
    ($key:literal) => {
        $crate::core::text::Phrase::new($key, ::std::vec::Vec::new())
    };
    ($key:literal, $($name:ident = $(@$msg:literal)? $($value:expr)?),+ $(,)?) => {
        $crate::core::text::Phrase::new(
            $key,
            vec![$((stringify!($name), $crate::phrase!(@arg $(@$msg)? $($value)?))),+],
        )
    };
    (@arg @$msg:literal) => {
        $crate::core::text::Arg::Message($msg)
    };
    (@arg $value:expr) => {
        $crate::core::text::Arg::from($value)
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrase_crosses_as_json_and_reads_the_same_in_both_languages() {
        let inner = crate::phrase!("{cell} is a wall", cell = "(2, 1)");
        let phrase = crate::phrase!("you expanded {s}: {why}", s = "(2, 1)", why = inner);
        let text = serde_json::to_string(&phrase).unwrap();
        let back: Phrase = serde_json::from_str(&text).unwrap();
        assert_eq!(back, phrase);
        assert_eq!(back.show(Lang::Zh), phrase.show(Lang::Zh));
        assert_ne!(
            back.show(Lang::Zh),
            back.english(),
            "its key is the catalogue's"
        );
        // a key the catalogue lacks (a fault's English) still reads back, kept once
        let odd: Phrase =
            serde_json::from_str(r#"{"key":"no such {x}","args":[["x",{"Plain":"key"}]]}"#)
                .unwrap();
        assert_eq!(odd.english(), "no such key");
        let again: Phrase = serde_json::from_str(r#"{"key":"no such {x}","args":[]}"#).unwrap();
        assert!(std::ptr::eq(odd.key(), again.key()), "interned once");
    }

    #[test]
    fn locales_in_every_system_form_pick_the_language() {
        // POSIX (Linux's variables), BCP 47 (Windows, macOS, and sys-locale's own form)
        for zh in [
            "zh_CN.UTF-8",
            "zh_TW",
            "zh_SG",
            "zh-CN",
            "zh-Hans-CN",
            "zh-Hant-TW",
            "ZH",
        ] {
            assert_eq!(Lang::from_locale(zh), Lang::Zh, "{zh}");
        }
        for en in [
            "en_US.UTF-8",
            "en-GB",
            "C",
            "C.UTF-8",
            "POSIX",
            "fr-FR",
            "ja_JP",
            "",
        ] {
            assert_eq!(Lang::from_locale(en), Lang::En, "{en}");
        }
    }

    #[test]
    fn codes_read_back_and_unknown_ones_are_refused() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
            assert_eq!(lang.next().next(), lang);
        }
        assert_eq!(Lang::from_code("ZH-cn"), Some(Lang::Zh));
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn placeholders_are_filled_by_name_and_braces_can_be_doubled() {
        assert_eq!(placeholders("a {x} b {y}{{z}}"), vec!["x", "y"]);
        let filled = fill("{b} then {a}, {{literal}}, {missing}", |name| {
            ["a", "b"].contains(&name).then(|| name.to_uppercase())
        });
        assert_eq!(filled, "B then A, {literal}, {missing}");
        assert_eq!(fill("unclosed {x", |_| None), "unclosed {x");
    }

    #[test]
    fn a_phrase_is_shown_in_the_language_asked_for_then() {
        let phrase = phrase!("Moves {moves}", moves = 7_usize);
        assert_eq!(phrase.show(Lang::En), "Moves 7");
        assert_eq!(phrase.show(Lang::Zh), "步数 7");
        let nested = phrase!("hint: {why}", why = phrase);
        assert_eq!(nested.english(), "hint: Moves 7");
        assert_eq!(nested.show(Lang::Zh), "提示：步数 7");
        let named = phrase!("{name} {tail}", name = @"Undo", tail = 3_usize);
        assert_eq!(named.show(Lang::Zh), "撤销 3");
        assert_eq!(tr!(Lang::Zh, "Undo"), "撤销");
        assert_eq!(tr!(Lang::En, "Moves {moves}", moves = 3), "Moves 3");
    }
}
