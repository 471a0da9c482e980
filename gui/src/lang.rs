//! The languages of the interface ([`Lang`]), their built-in catalogues
//! and the empty Fluent bundle every catalogue starts from: what both the
//! window's words ([`crate::i18n`]) and the plugins' ([`crate::plugin_words`])
//! are built on.

use fluent_bundle::{FluentBundle, FluentResource};
use unic_langid::LanguageIdentifier;

/// The English catalogue.
pub const EN_FTL: &str = include_str!("../i18n/en.ftl");
/// The Simplified Chinese catalogue.
pub const ZH_CN_FTL: &str = include_str!("../i18n/zh-CN.ftl");

/// A language of the interface.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    En,
    /// Simplified Chinese.
    ZhCn,
}

impl Lang {
    /// Every language, in the order the Settings dialog offers them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhCn];

    /// The tag written in settings (`en`, `zh-CN`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
        }
    }

    /// The language's own name, for the chooser.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhCn => "简体中文",
        }
    }

    /// Reads a tag or a POSIX locale (`zh_CN.UTF-8`, `zh-Hans`, `en_GB`);
    /// any Chinese locale picks Simplified Chinese.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let lower = tag.trim().to_ascii_lowercase();
        if lower.starts_with("zh") {
            Some(Lang::ZhCn)
        } else if lower.starts_with("en") || lower == "c" || lower == "posix" {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The language of the system locale (`LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// the first one set), English when it names none we have.
    pub fn from_environment() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
            .next()
            .and_then(|v| Lang::from_tag(&v))
            .unwrap_or(Lang::En)
    }

    /// The catalogue text of this language.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => EN_FTL,
            Lang::ZhCn => ZH_CN_FTL,
        }
    }
}

/// An empty bundle for `lang`.
pub fn empty_bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.tag().parse().expect("a valid language tag");
    let mut bundle = FluentBundle::new(vec![id]);
    // The bundled fonts have no bidi isolation marks, and no text here is
    // right-to-left.
    bundle.set_use_isolating(false);
    bundle
}
