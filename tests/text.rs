//! The message table against the source: every message the code writes (`tr!`, `msg!`,
//! `phrase!`) has its Chinese with the same placeholders, no Chinese entry is left unused, the
//! player-facing code shows no English literal that bypasses the table, and the Chinese follows
//! the glossary in `docs/glossary.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use ai_arcade::core::text::{Lang, chinese_entries, placeholders};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A string literal in a source file: where it starts and its text (escapes undone).
struct Literal {
    at: usize,
    text: String,
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The file's code without its unit tests (they are not shown to players).
fn without_tests(source: &str) -> &str {
    source
        .find("#[cfg(test)]\nmod tests")
        .map_or(source, |at| &source[..at])
}

/// Undoes a literal's escapes (`\n`, `\"`, `\\`, `\u{..}`, and a `\` at the end of a line with
/// the next line's indentation).
fn unescape(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('0') => out.push('\0'),
            Some('\n') => {
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
            }
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.extend(u32::from_str_radix(&code, 16).ok().and_then(char::from_u32));
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Every string literal of `source`, skipping comments and character literals.
fn literals(source: &str) -> Vec<Literal> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = source[i..].find('\n').map_or(bytes.len(), |e| i + e);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = source[i..].find("*/").map_or(bytes.len(), |e| i + e + 2);
            }
            b'\'' => {
                // a character literal ('x', '\n', '"') or a lifetime
                let rest = &source[i + 1..];
                let mut chars = rest.char_indices();
                match chars.next() {
                    Some((_, '\\')) => {
                        i += 1 + rest.find('\'').map_or(1, |e| e + 1);
                        if rest.starts_with("\\'") {
                            i += 1;
                        }
                    }
                    Some((_, c)) if rest[c.len_utf8()..].starts_with('\'') => {
                        i += 2 + c.len_utf8();
                    }
                    _ => i += 1,
                }
            }
            b'r' if (bytes.get(i + 1) == Some(&b'"') || bytes.get(i + 1) == Some(&b'#'))
                && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')) =>
            {
                let hashes = source[i + 1..].chars().take_while(|&c| c == '#').count();
                if bytes.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let start = i + 2 + hashes;
                let close = format!("\"{}", "#".repeat(hashes));
                let end = source[start..]
                    .find(&close)
                    .map_or(bytes.len(), |e| start + e);
                out.push(Literal {
                    at: i,
                    text: source[start..end].to_string(),
                });
                i = end + close.len();
            }
            b'"' => {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                out.push(Literal {
                    at: i,
                    text: unescape(&source[i + 1..j.min(bytes.len())]),
                });
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}

/// The names of the calls and macros around position `at`, innermost first
/// (`format`, `Name::new`, …).
fn enclosing_calls(source: &str, at: usize) -> Vec<String> {
    let bytes = source.as_bytes();
    let mut calls = Vec::new();
    let mut depth = 0usize;
    let mut k = at;
    // literals inside the search are skipped roughly: brackets in strings are rare in this code
    while k > 0 {
        k -= 1;
        match bytes[k] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' if depth > 0 => depth -= 1,
            b'(' => {
                let before = source[..k].trim_end();
                let before = before.strip_suffix('!').unwrap_or(before);
                let name: String = before
                    .chars()
                    .rev()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                calls.push(name);
            }
            _ => {}
        }
    }
    calls
}

/// The message keys written in the source: the literal right after `tr!(lang,`, `msg!(`,
/// `phrase!(` and `@` (a message argument of `phrase!`).
fn keys_in(source: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for literal in literals(source) {
        let before = source[..literal.at].trim_end();
        let is_key = before.ends_with("msg!(")
            || before.ends_with("phrase!(")
            || before.ends_with('@')
            || (before.ends_with(',') && {
                // the first literal of a `tr!(` call
                let call = before.rfind("tr!(");
                call.is_some_and(|c| {
                    let between = &before[c + 4..];
                    !between.contains('"') && !between.contains(';')
                })
            });
        if is_key {
            keys.push(literal.text);
        }
    }
    keys
}

/// Every message key of the crate's code (unit tests left out), with the file it is in.
fn all_keys() -> BTreeMap<String, PathBuf> {
    let mut keys = BTreeMap::new();
    for file in rust_files(&Path::new(ROOT).join("src")) {
        let source = std::fs::read_to_string(&file).unwrap();
        for key in keys_in(without_tests(&source)) {
            keys.entry(key).or_insert_with(|| file.clone());
        }
    }
    keys
}

#[test]
fn every_message_in_the_code_has_its_chinese_and_every_entry_is_used() {
    let keys = all_keys();
    assert!(
        keys.len() > 300,
        "only {} keys found: the scanner is broken",
        keys.len()
    );
    let chinese: BTreeMap<&str, &str> = chinese_entries().iter().copied().collect();
    assert_eq!(
        chinese.len(),
        chinese_entries().len(),
        "a key appears twice in src/core/text/zh.rs"
    );
    let missing: Vec<String> = keys
        .iter()
        .filter(|(key, _)| !chinese.contains_key(key.as_str()))
        .map(|(key, file)| format!("    ({key:?}, \"\"), // {}", file.display()))
        .collect();
    assert!(
        missing.is_empty(),
        "{} messages have no Chinese; add them to src/core/text/zh.rs:\n{}",
        missing.len(),
        missing.join("\n")
    );
    let unused: Vec<&&str> = chinese
        .keys()
        .filter(|key| !keys.contains_key(**key))
        .collect();
    assert!(
        unused.is_empty(),
        "entries of src/core/text/zh.rs no code uses: {unused:?}"
    );
}

#[test]
fn every_chinese_text_has_the_placeholders_of_its_english() {
    let mut wrong = Vec::new();
    for (english, chinese) in chinese_entries() {
        let a: BTreeSet<&str> = placeholders(english).into_iter().collect();
        let b: BTreeSet<&str> = placeholders(chinese).into_iter().collect();
        if a != b {
            wrong.push(format!("{english:?}: {a:?} but {chinese:?}: {b:?}"));
        }
        if chinese.trim().is_empty() {
            wrong.push(format!("{english:?} has an empty translation"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The code whose strings players read: the game's panels and the core's sentences for them.
fn player_facing_files() -> Vec<PathBuf> {
    let root = Path::new(ROOT).join("src");
    let mut files: Vec<PathBuf> = rust_files(&root.join("game"))
        .into_iter()
        // the terminal's side of the game: screenshots, frame benchmarks, start-up errors
        .filter(|f| {
            !["shot.rs", "bench.rs", "mod.rs", "sprites.rs"]
                .iter()
                .any(|n| *f == root.join("game").join(n))
        })
        .collect();
    files.extend(
        [
            "core/showcase.rs",
            "core/mines/session.rs",
            "core/slide/session.rs",
            "core/mode.rs",
        ]
        .map(|f| root.join(f)),
    );
    files
}

/// Calls whose strings players never read: names of entities, egui ids, messages of
/// impossible failures, logs, file names and environment variables.
const NOT_SHOWN: &[&str] = &[
    "Name::new",
    "Id::new",
    "id_salt",
    "top",
    "right",
    "left",
    "bottom",
    "Grid::new",
    "expect",
    "panic",
    "unreachable",
    "assert",
    "assert_eq",
    "debug_assert",
    "warn",
    "info",
    "error",
    "debug",
    "writeln",
    "eprintln",
    "println",
    "include_bytes",
    "join",
    "var_os",
    "var",
    "when",
    "applies",
    "name",
    "LogPlugin",
    "tr",
    "msg",
    "phrase",
    "allow",
    "cfg",
    "query_value",
    "get_element_by_id",
    "create_element",
    "set_id",
    "set_attribute",
    "json",
    "cfg_attr",
    "set_type",
    "new_with_options",
    "choose_file",
    "note_button",
];

/// Whether the code between `// i18n: off` and `// i18n: on` holds `at` (tables of key names,
/// which read the same in every language, and of internal names).
fn in_untranslated_region(code: &str, at: usize) -> bool {
    let before = &code[..at];
    match (before.rfind("// i18n: off"), before.rfind("// i18n: on")) {
        (Some(off), Some(on)) => off > on,
        (Some(_), None) => true,
        _ => false,
    }
}

#[test]
fn player_facing_code_shows_no_english_literal_outside_the_message_table() {
    let mut bare = Vec::new();
    for file in player_facing_files() {
        let source = std::fs::read_to_string(&file).unwrap();
        let code = without_tests(&source);
        let keys: BTreeSet<String> = keys_in(code).into_iter().collect();
        for literal in literals(code) {
            // letters outside `{placeholders}` make it words
            let words = ai_arcade::core::text::fill(&literal.text, |_| Some(String::new()));
            let has_words = words
                .as_bytes()
                .windows(2)
                .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_alphabetic());
            if !has_words || keys.contains(&literal.text) {
                continue;
            }
            let calls = enclosing_calls(code, literal.at);
            let line_start = code[..literal.at].rfind('\n').map_or(0, |e| e + 1);
            let line_end = code[literal.at..]
                .find('\n')
                .map_or(code.len(), |e| literal.at + e);
            let line = &code[line_start..line_end];
            let not_shown = calls.iter().any(|c| {
                let last = c.rsplit("::").next().unwrap_or(c);
                NOT_SHOWN.iter().any(|n| {
                    if n.contains("::") {
                        c.ends_with(n)
                    } else {
                        *n == last
                    }
                })
            }) || line.contains("// not shown")
                || line.contains("// in English:")
                || code[..line_start.saturating_sub(1)]
                    .lines()
                    .next_back()
                    .is_some_and(|previous| previous.trim_start().starts_with("// not shown"))
                || in_untranslated_region(code, literal.at);
            if !not_shown {
                let number = code[..literal.at].matches('\n').count() + 1;
                bare.push(format!(
                    "{}:{number}: {:?}",
                    file.strip_prefix(ROOT).unwrap_or(&file).display(),
                    literal.text
                ));
            }
        }
    }
    assert!(
        bare.is_empty(),
        "English shown without the message table (wrap it in tr!/msg!/phrase!, or mark a \
         string players never read with `// not shown`, a deliberate English one with \
         `// in English: why`):\n{}",
        bare.join("\n")
    );
}

/// The glossary's rows: (English term, Chinese term, whether every message must use it).
fn glossary() -> Vec<(String, String, bool)> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("docs/glossary.md")).unwrap();
    text.lines()
        .filter(|l| l.starts_with('|') && !l.contains("---"))
        .skip(1)
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            let [english, chinese, rule, ..] = cells.as_slice() else {
                return None;
            };
            if rule.contains("reserved") {
                return None;
            }
            Some((
                english.to_string(),
                chinese.to_string(),
                rule.contains("always"),
            ))
        })
        .collect()
}

#[test]
fn the_chinese_uses_the_glossary_terms() {
    let rows = glossary();
    assert!(rows.len() >= 30, "the glossary has {} rows", rows.len());
    let mut wrong = Vec::new();
    for (english, chinese, always) in &rows {
        // a glossary term written in the table must be the one the translations use
        let used = chinese_entries()
            .iter()
            .any(|(_, zh)| zh.contains(chinese.as_str()));
        if !used {
            wrong.push(format!("no translation uses {chinese:?} ({english})"));
        }
        if !always {
            continue;
        }
        // a name (Prim, BFS, Manhattan distance) is matched as written: `prim` in a message is
        // the word to type in a game ID, not the algorithm's name
        let is_name = english.starts_with(|c: char| c.is_uppercase());
        let says = |en: &str| {
            if is_name {
                en.contains(english.as_str())
            } else {
                en.to_lowercase().contains(&english.to_lowercase())
            }
        };
        for (en, zh) in chinese_entries() {
            if says(en) && !zh.contains(chinese.as_str()) {
                wrong.push(format!("{en:?} → {zh:?} should say {chinese:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_key_in_the_scanner_is_found_and_a_bare_literal_is_caught() {
    // the scanner's own check, on a made-up file: the rules above can fail
    let code = r#"fn f(ui: &mut Ui, lang: Lang) {
        ui.label(tr!(lang, "Undo"));
        ui.label(tr!(lang, "Moves {moves}", moves = 3));
        let m = msg!("North");
        ui.label("Bare words");
        commands.spawn(Name::new("Ball"));
    }"#;
    let keys = keys_in(code);
    assert_eq!(keys, ["Undo", "Moves {moves}", "North"]);
    let bare: Vec<String> = literals(code)
        .into_iter()
        .filter(|l| !keys.contains(&l.text))
        .filter(|l| {
            !enclosing_calls(code, l.at)
                .iter()
                .any(|c| NOT_SHOWN.contains(&c.as_str()))
        })
        .map(|l| l.text)
        .collect();
    assert_eq!(bare, ["Bare words"]);
    assert_eq!(Lang::Zh.tr("Undo"), "撤销");
}

/// The English words (4 letters or more) of `shown` that are not in `allowed`: what the player
/// would read untranslated.
fn english_words_in(shown: &str, allowed: &str) -> Vec<String> {
    shown
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 4 && !allowed.contains(*w))
        .map(str::to_string)
        .collect()
}

#[test]
fn errors_from_files_ids_and_typed_boards_are_chinese_to_their_details() {
    use ai_arcade::core::id::GameId;
    use ai_arcade::core::maze::text::parse as parse_maze;
    use ai_arcade::core::slide::Board;
    use ai_arcade::store::settings::Settings;
    // what may stay as it is: the codes a player types (modes, generators, rules), file formats
    let codes = "explore runner slide mines prim backtracker kruskal wilson any safe opening noguess \
                 START GOAL WxH CELLS GENERATOR SEED MINES LIVES RULE JSON UTF ai-arcade \
                 generate maze";
    let mut untranslated = Vec::new();
    let mut check = |input: &str, error: ai_arcade::core::text::Phrase| {
        let zh = error.show(Lang::Zh);
        let words = english_words_in(&zh, &format!("{codes} {input}"));
        if !words.is_empty() || zh == error.english() {
            untranslated.push(format!("{input:?} → {zh} {words:?}"));
        }
    };
    for id in [
        "",
        "chess-1",
        "runner-prim-21x21",
        "runner-maze-21x21-1",
        "runner-prim-20x21-1",
        "runner-prim-21by21-1",
        "runner-prim-21x21-x",
        "runner-prim-999x999-1",
        "slide-12345678",
        "slide-112345678",
        "slide-12345678z",
        "slide-123456780-123456789abcdef0",
        "slide-1-2-3",
        "mines-20x20-500-10-any-1",
        "mines-20x20-81-10-first-1",
        "mines-20x20-81-ten-any-1",
        "mines-20x20-81-99999999999-any-1",
        "explore-8x8-00",
        "explore-200x8-00",
        "explore-2x1-5",
        "explore-2x1-a",
        "explore-0x0-",
        "explore-2x1-g",
    ] {
        check(id, GameId::parse(id).unwrap_err());
    }
    for maze in [
        "",
        "#S#\n\n#E#",
        "#S#\n#X#",
        "1 2 1\n1 7 1",
        "S.S",
        "SE.E",
        "#S#\n##",
        "###\n#.#",
        "1 1 1\n1 0 1",
        "10 2 1",
    ] {
        check(maze, parse_maze(maze).unwrap_err().phrase());
    }
    for board in [
        "",
        "1234",
        "1 2 3",
        "1 2 3 4 5 6 7 8 8",
        "1 2 3 4 5 6 7 8 9",
        "1 x 3",
    ] {
        check(board, Board::parse(board).unwrap_err().0);
    }
    for json in [
        "{ \"ui_scale\": ",
        "[1, 2]",
        "{\"version\": 7}",
        "{\"ui_scale\": \"big\"}",
    ] {
        // serde's own detail stays in its words; the sentence around it is translated
        let error = Settings::from_json(json).unwrap_err();
        let zh = error.show(Lang::Zh);
        let detail = zh.find('（').map_or(zh.as_str(), |at| &zh[..at]);
        assert!(
            english_words_in(detail, codes).is_empty() && detail != error.english(),
            "{json:?} → {zh}"
        );
    }
    assert!(untranslated.is_empty(), "{}", untranslated.join("\n"));
}

#[test]
fn file_errors_name_the_file_and_say_why_in_chinese() {
    let dir = std::env::temp_dir().join(format!("ai-arcade-text-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let shown = |e: ai_arcade::core::text::Phrase| e.show(Lang::Zh);
    let missing = dir.join("missing.txt");
    let zh = shown(ai_arcade::store::maze_files::read_maze(&missing).unwrap_err());
    assert!(
        zh.contains("无法读取") && zh.contains("没有这个文件"),
        "{zh}"
    );
    let zh = shown(ai_arcade::store::maze_files::read_maze(&dir).unwrap_err());
    assert!(zh.contains("文件夹") && zh.contains("不是普通文件"), "{zh}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "#S#\n#X#\n").unwrap();
    let zh = shown(ai_arcade::store::maze_files::read_maze(&bad).unwrap_err());
    assert!(
        zh.contains("第 2 行第 2 列") && zh.contains("bad.txt"),
        "{zh}"
    );
    let plain = dir.join("plain");
    std::fs::write(&plain, "x").unwrap();
    let zh = shown(ai_arcade::store::write_atomically(&plain.join("maze.txt"), "y").unwrap_err());
    assert!(zh.contains("是文件，不是文件夹"), "{zh}");
    let settings = dir.join("settings.json");
    std::fs::write(&settings, "[1]").unwrap();
    let (_, warning) = ai_arcade::store::settings::Settings::load(&settings);
    let zh = shown(warning.unwrap());
    assert!(
        zh.contains("中的设置有误") && zh.contains("已另存为") && zh.contains("改用默认值"),
        "{zh}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn command_line_names_are_not_shown_as_labels() {
    // `name()` is the word the command line and game IDs take (`astar-manhattan`, `any`); a
    // panel shows the translated title instead
    let shows = [
        "ui.label(",
        "selected_text(",
        "button(",
        "RichText::new(",
        "strong(",
    ];
    let mut shown = Vec::new();
    for file in player_facing_files() {
        let source = std::fs::read_to_string(&file).unwrap();
        for (number, line) in without_tests(&source).lines().enumerate() {
            if line.contains(".name()")
                && shows.iter().any(|s| line.contains(s))
                && !line.contains("tr(")
                && !line.contains("// not shown")
            {
                shown.push(format!(
                    "{}:{}: {}",
                    file.strip_prefix(ROOT).unwrap_or(&file).display(),
                    number + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(shown.is_empty(), "{}", shown.join("\n"));
}
