//! The root module every plugin exports, and plugin options.

use abi_stable::library::RootModule;
use abi_stable::sabi_types::VersionStrings;
use abi_stable::std_types::{RResult, RStr, RString, RVec, Tuple2};
use abi_stable::{declare_root_module_statics, package_version_strings, StableAbi};

use crate::error::PluginError;
use crate::rules::RulesBox;
use crate::strategy::StrategyBox;

/// Option name/value pairs handed to a plugin's constructor, in the order the
/// user gave them.
pub type Options = RVec<Tuple2<RString, RString>>;

/// Which kind of plugin a library is.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct PluginKind(pub u8);

impl PluginKind {
    /// A game: exports `new_rules`.
    pub const RULES: PluginKind = PluginKind(1);
    /// A computer player: exports `new_strategy`.
    pub const STRATEGY: PluginKind = PluginKind(2);

    /// `rules` or `strategy`.
    pub fn name(self) -> &'static str {
        match self {
            PluginKind::RULES => "rules",
            PluginKind::STRATEGY => "strategy",
            _ => "unknown",
        }
    }
}

/// One option a plugin understands, for help screens, menus and error messages.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Eq, Debug)]
pub struct OptionSpec {
    /// The key (`rule`, `seed`).
    pub name: RString,
    /// The value used when the option is not given.
    pub default: RString,
    /// The accepted values when they form a short list; empty when free-form.
    pub choices: RVec<RString>,
    /// One sentence for people.
    pub description: RString,
}

/// The root module of a Tabula plugin library.
///
/// Both kinds export the same type so the loader can open any library and
/// read what it is; the constructor of the other kind returns an
/// `UNSUPPORTED` error.
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginModRef)))]
#[sabi(missing_field(panic))]
pub struct PluginMod {
    /// Rules or strategy.
    pub kind: PluginKind,
    /// The name users write in configs (`chess`, `alphabeta`).
    pub name: RStr<'static>,
    /// The plugin's own version (its crate version).
    pub version: RStr<'static>,
    /// One line for `tabula plugins`.
    pub description: RStr<'static>,
    /// The options the constructor accepts.
    pub options: extern "C" fn() -> RVec<OptionSpec>,
    /// Builds a configured game (rules plugins).
    pub new_rules: extern "C" fn(options: &Options) -> RResult<RulesBox, PluginError>,
    /// Builds a computer player (strategy plugins).
    #[sabi(last_prefix_field)]
    pub new_strategy: extern "C" fn(options: &Options) -> RResult<StrategyBox, PluginError>,
}

impl RootModule for PluginModRef {
    declare_root_module_statics! {PluginModRef}
    const BASE_NAME: &'static str = "tabula_plugin";
    const NAME: &'static str = "tabula_plugin";
    const VERSION_STRINGS: VersionStrings = package_version_strings!();
}
