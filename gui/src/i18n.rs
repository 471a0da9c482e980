//! Every word of the interface from one message catalogue per language
//! (Fluent files in `gui/i18n/`, built into the binary): English and
//! Simplified Chinese, chosen from a setting or the system locale.
//!
//! The window runs on one thread, so the chosen catalogue is kept per
//! thread and read through [`tr`] and [`tr_args`]; a message missing from
//! a catalogue falls back to English, and a missing id reads as the id
//! itself so a gap shows on screen instead of crashing.
//!
//! Behind the window's own catalogue stand the plugins' words
//! ([`crate::plugin_words`]): game, variant, option and side names, reasons
//! and help texts a plugin ships as `<plugin>.<lang>.ftl` beside its
//! library, so the window knows no game's words itself.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

pub use crate::lang::{empty_bundle, Lang, EN_FTL, ZH_CN_FTL};
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};

/// One language's messages, with English behind it, and the plugins'
/// words in both behind each.
pub struct Catalog {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    english: Option<FluentBundle<FluentResource>>,
    plugins: Vec<FluentBundle<FluentResource>>,
    plugins_english: Vec<FluentBundle<FluentResource>>,
}

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let mut bundle = empty_bundle(lang);
    let resource = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) => r,
        // A catalogue with a syntax error still yields its good entries; the
        // test suite refuses such a file.
        Err((r, _)) => r,
    };
    // Duplicate ids keep the first entry; the tests refuse them.
    let _ = bundle.add_resource(resource);
    bundle
}

impl Catalog {
    /// The catalogue of `lang`, without plugins' words.
    pub fn new(lang: Lang) -> Catalog {
        Catalog::with_plugins(lang, &[])
    }

    /// The catalogue of `lang` with the words of the plugins in `dirs`.
    pub fn with_plugins(lang: Lang, dirs: &[PathBuf]) -> Catalog {
        let english = (lang != Lang::En).then(|| bundle(Lang::En));
        let plugins = crate::plugin_words::bundles(dirs, lang);
        let plugins_english = if lang == Lang::En { Vec::new() } else { crate::plugin_words::bundles(dirs, Lang::En) };
        Catalog { lang, bundle: bundle(lang), english, plugins, plugins_english }
    }

    /// Its language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Message `id` with `args`, from this language (the window's, then
    /// the plugins'), else English, else the id.
    pub fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        let order = std::iter::once(&self.bundle)
            .chain(&self.plugins)
            .chain(self.english.as_ref())
            .chain(&self.plugins_english);
        for b in order {
            if let Some(pattern) = b.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return b.format_pattern(pattern, args, &mut errors).into_owned();
            }
        }
        id.to_string()
    }

    /// Whether this language (not the English fallback) has message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.get_message(id).is_some()
    }

    /// Whether this language has message `id`, from the window or a plugin.
    pub fn has_any(&self, id: &str) -> bool {
        self.has(id) || self.plugins.iter().any(|b| b.get_message(id).is_some())
    }
}

thread_local! {
    static CURRENT: RefCell<Rc<Catalog>> = RefCell::new(Rc::new(Catalog::new(Lang::En)));
    /// The directories whose plugins' words the catalogue holds.
    static PLUGIN_DIRS: RefCell<Vec<PathBuf>> = const { RefCell::new(Vec::new()) };
}

/// Makes `lang` the language of this thread's interface.
pub fn set_language(lang: Lang) {
    CURRENT.with(|c| {
        if c.borrow().lang != lang {
            let dirs = PLUGIN_DIRS.with(|d| d.borrow().clone());
            *c.borrow_mut() = Rc::new(Catalog::with_plugins(lang, &dirs));
        }
    });
}

/// Adds the words of the plugins in `dirs` (their `<plugin>.<lang>.ftl`
/// files) to this thread's catalogue; directories already read are skipped.
pub fn add_plugin_dirs(dirs: impl IntoIterator<Item = PathBuf>) {
    let added = PLUGIN_DIRS.with(|known| {
        let mut known = known.borrow_mut();
        let before = known.len();
        for dir in dirs {
            let dir = dir.canonicalize().unwrap_or(dir);
            if !known.contains(&dir) {
                known.push(dir);
            }
        }
        known.len() > before
    });
    if added {
        let dirs = PLUGIN_DIRS.with(|d| d.borrow().clone());
        CURRENT.with(|c| {
            let lang = c.borrow().lang;
            *c.borrow_mut() = Rc::new(Catalog::with_plugins(lang, &dirs));
        });
    }
}

/// Whether the current language has message `id`, from the window or a
/// plugin (English fallback aside).
pub fn has(id: &str) -> bool {
    CURRENT.with(|c| c.borrow().has_any(id))
}

/// The language of this thread's interface.
pub fn language() -> Lang {
    CURRENT.with(|c| c.borrow().lang)
}

/// Message `id` in the current language.
pub fn tr(id: &str) -> String {
    CURRENT.with(|c| c.borrow().format(id, None))
}

/// An argument of a message: text or a number (numbers choose plural forms).
#[derive(Clone, Debug)]
pub enum Arg {
    /// Text, inserted as it is.
    Text(String),
    /// A number.
    Num(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(n as f64)
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(n as f64)
    }
}
impl From<f64> for Arg {
    fn from(n: f64) -> Arg {
        Arg::Num(n)
    }
}
impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Num(n as f64)
    }
}

/// Message `id` with named arguments, in the current language.
pub fn tr_args(id: &str, args: &[(&str, Arg)]) -> String {
    let mut fluent = FluentArgs::new();
    for (k, v) in args {
        match v {
            Arg::Text(s) => fluent.set(*k, FluentValue::from(s.clone())),
            Arg::Num(n) => fluent.set(*k, FluentValue::from(*n)),
        }
    }
    CURRENT.with(|c| c.borrow().format(id, Some(&fluent)))
}

/// `tr!("id")` or `tr!("id", name = value, ...)`.
#[macro_export]
macro_rules! tr {
    ($id:expr) => {
        $crate::i18n::tr($id)
    };
    ($id:expr, $($k:ident = $v:expr),+ $(,)?) => {
        $crate::i18n::tr_args($id, &[$((stringify!($k), $crate::i18n::Arg::from($v))),+])
    };
}

/// The message ids of a catalogue's text, in order.
pub fn message_ids(source: &str) -> Vec<String> {
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(r) => r,
        Err((r, _)) => r,
    };
    resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_catalogues_parse_and_hold_the_same_messages() {
        for lang in Lang::ALL {
            if let Err((_, errors)) = FluentResource::try_new(lang.source().to_string()) {
                panic!("{}: {errors:?}", lang.tag());
            }
        }
        let en = message_ids(EN_FTL);
        let zh = message_ids(ZH_CN_FTL);
        let mut sorted = en.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), en.len(), "duplicate ids in en.ftl");
        let missing: Vec<&String> = en.iter().filter(|id| !zh.contains(id)).collect();
        let extra: Vec<&String> = zh.iter().filter(|id| !en.contains(id)).collect();
        assert!(missing.is_empty() && extra.is_empty(), "missing in zh-CN: {missing:?}; only in zh-CN: {extra:?}");
    }

    /// Every `tr!("id"...)` and `tr("id")` of the window's code names a message.
    #[test]
    fn every_message_the_code_asks_for_exists() {
        let ids = message_ids(EN_FTL);
        let mut asked = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("i18n.rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    for (i, _) in text.match_indices("tr!(") {
                        if text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                            continue;
                        }
                        let rest = text[i + 4..].trim_start();
                        if let Some(lit) = rest.strip_prefix('"') {
                            let id = &lit[..lit.find('"').unwrap()];
                            asked.push((id.to_string(), path.display().to_string()));
                        }
                    }
                }
            }
        }
        assert!(asked.len() > 100, "found only {} uses", asked.len());
        let unknown: Vec<&(String, String)> = asked.iter().filter(|(id, _)| !ids.contains(id)).collect();
        assert!(unknown.is_empty(), "ids missing from en.ftl: {unknown:?}");
    }

    #[test]
    fn plurals_and_arguments_follow_the_language() {
        set_language(Lang::En);
        assert_eq!(tr!("moves-in-time", n = 1usize, time = "0:31"), "1 move in 0:31");
        assert_eq!(tr!("moves-in-time", n = 24usize, time = "12:31"), "24 moves in 12:31");
        set_language(Lang::ZhCn);
        assert_eq!(tr!("moves-in-time", n = 24usize, time = "12:31"), "共 24 步，用时 12:31");
        set_language(Lang::En);
        assert_eq!(tr!("no-such-message"), "no-such-message");
    }

    #[test]
    fn locales_pick_a_language() {
        assert_eq!(Lang::from_tag("zh_CN.UTF-8"), Some(Lang::ZhCn));
        assert_eq!(Lang::from_tag("zh-Hans"), Some(Lang::ZhCn));
        assert_eq!(Lang::from_tag("en_GB.UTF-8"), Some(Lang::En));
        assert_eq!(Lang::from_tag("C"), Some(Lang::En));
        assert_eq!(Lang::from_tag("de_DE"), None);
    }
}
