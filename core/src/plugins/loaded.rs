//! One loaded plugin library and the objects it builds.

use std::path::{Path, PathBuf};

use abi_stable::library::{lib_header_from_path, RootModule};
use abi_stable::sabi_types::{VersionNumber, VersionStrings};
use rules_api::{OptionSpec, Options, PluginKind, PluginModRef, RString, RulesBox, StrategyBox, Tuple2};

use super::LoadError;

/// A plugin library whose root module passed the version and layout checks.
///
/// Cheap to clone: the library stays mapped for the life of the process
/// (plugins are never unloaded, so objects they built can outlive this value).
#[derive(Clone)]
pub struct LoadedPlugin {
    module: PluginModRef,
    path: PathBuf,
    /// Every game this plugin builds runs in a child rules process
    /// ([`LoadedPlugin::isolating`]).
    isolate: bool,
}

/// Opens the library at `path` and checks that it is a compatible Tabula plugin.
pub fn load_plugin(path: &Path) -> Result<LoadedPlugin, LoadError> {
    if let Err(e) = std::fs::metadata(path) {
        return Err(LoadError::Missing { path: path.to_path_buf(), reason: e.to_string() });
    }
    super::probe::probe(path).map_err(|detail| LoadError::Damaged { path: path.to_path_buf(), detail })?;
    let header = lib_header_from_path(path).map_err(|e| LoadError::from_library(path, e))?;
    let release = check_version(path, header.version_strings())?;
    let module = match release {
        Release::Current => header.init_root_module::<PluginModRef>(),
        Release::V0_2_0 => header.ensure_layout::<rules_api::compat::v0_2_0::PluginModRef>().and_then(|()| {
            // SAFETY: the library's root module has exactly the layout of
            // rules-api 0.2.0 (checked just above), and this release's
            // types only append methods to 0.2.0's method tables: a call of
            // an appended method finds no entry in the plugin's (shorter)
            // table and runs the method's default instead
            // (`rules_api::compat` explains, and its test checks the
            // tables).
            unsafe { header.unchecked_layout::<PluginModRef>() }.map_err(|e| e.into_library_error::<PluginModRef>())
        }),
        Release::V0_2_1 => header.ensure_layout::<rules_api::compat::v0_2_1::PluginModRef>().and_then(|()| {
            // SAFETY: as for 0.2.0 just above, with the layout of 0.2.1,
            // which this release's tables extend in the same way.
            unsafe { header.unchecked_layout::<PluginModRef>() }.map_err(|e| e.into_library_error::<PluginModRef>())
        }),
    }
    .map_err(|e| LoadError::from_library(path, e))?;
    Ok(LoadedPlugin { module, path: path.to_path_buf(), isolate: false })
}

/// Which release's layout a plugin is checked against.
enum Release {
    /// This host's rules-api or a later 0.2.x: abi_stable's own check (a
    /// newer plugin has every method this host calls).
    Current,
    /// rules-api 0.2.0, whose method tables are shorter than this host's.
    V0_2_0,
    /// rules-api 0.2.1, whose method tables are shorter than this host's.
    V0_2_1,
}

/// Refuses a plugin built against an incompatible rules-api before its
/// layout is compared, and says which release's layout to compare. abi_stable's
/// own check lets a plugin built against a *newer* 0.x version through to
/// the layout check, whose report would not say that a version difference
/// is the cause.
fn check_version(path: &Path, plugin: VersionStrings) -> Result<Release, LoadError> {
    let mismatch = |plugin_version: String| LoadError::IncompatibleVersion {
        path: path.to_path_buf(),
        plugin_version,
        host_version: rules_api::ABI_VERSION.to_string(),
    };
    let host = VersionNumber::new(<PluginModRef as RootModule>::VERSION_STRINGS)
        .map_err(|e| LoadError::InitFailed { path: path.to_path_buf(), detail: e.to_string() })?;
    let plugin = VersionNumber::new(plugin).map_err(|e| mismatch(format!("unreadable ({e})")))?;
    if !host.is_loosely_compatible(plugin) {
        Err(mismatch(plugin.to_string()))
    } else if plugin.patch < host.patch && plugin.patch == 0 {
        Ok(Release::V0_2_0)
    } else if plugin.patch < host.patch && plugin.patch == 1 {
        Ok(Release::V0_2_1)
    } else if plugin.patch < host.patch {
        // A 0.2.x between 0.2.0 and this host that has no frozen layout
        // here: cannot happen while every release freezes the one before.
        Err(mismatch(plugin.to_string()))
    } else {
        Ok(Release::Current)
    }
}

/// Converts host-side option pairs into the boundary type.
pub fn to_options(options: &[(String, String)]) -> Options {
    options.iter().map(|(k, v)| Tuple2(RString::from(k.as_str()), RString::from(v.as_str()))).collect()
}

impl std::fmt::Debug for LoadedPlugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedPlugin")
            .field("name", &self.name())
            .field("kind", &self.kind().name())
            .field("version", &self.version())
            .field("path", &self.path)
            .finish()
    }
}

impl LoadedPlugin {
    /// The name users write in configs.
    pub fn name(&self) -> &'static str {
        self.module.name().as_str()
    }
    /// Rules or strategy.
    pub fn kind(&self) -> PluginKind {
        self.module.kind()
    }
    /// The plugin's own version.
    pub fn version(&self) -> &'static str {
        self.module.version().as_str()
    }
    /// One line describing the plugin.
    pub fn description(&self) -> &'static str {
        self.module.description().as_str()
    }
    /// Where the library was loaded from.
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// The options the plugin's constructor accepts.
    pub fn options(&self) -> Vec<OptionSpec> {
        (self.module.options())().into_vec()
    }
    /// Whether the plugin accepts an option of this name.
    pub fn has_option(&self, name: &str) -> bool {
        self.options().iter().any(|o| o.name.as_str() == name)
    }

    /// This plugin, building every game in a child rules process when
    /// `on` (as [`LoadedPlugin::new_rules_isolated`] does), so that code
    /// that builds games on its own (the engine protocols when the peer
    /// changes the board size or the variant, the server's rooms) isolates
    /// them too.
    pub fn isolating(mut self, on: bool) -> LoadedPlugin {
        self.isolate = on;
        self
    }

    /// Whether every game is built in a child rules process.
    pub fn is_isolating(&self) -> bool {
        self.isolate
    }

    /// Builds a configured game (in a child process when the plugin is
    /// [isolating](LoadedPlugin::isolating)); fails when this is not a
    /// rules plugin or an option is refused.
    pub fn new_rules(&self, options: &[(String, String)]) -> Result<RulesBox, LoadError> {
        if self.isolate {
            return self.new_rules_isolated(options, true);
        }
        self.expect_kind(PluginKind::RULES)?;
        crate::watchdog::note_plugin(self.name());
        (self.module.new_rules())(&to_options(options)).into_result().map_err(|error| LoadError::Construct {
            name: self.name().to_string(),
            kind: self.kind(),
            error,
        })
    }

    /// Builds a configured game, in this process or, with `isolate`, in a
    /// child rules process ([`crate::isolation`]): then a crash of the
    /// plugin ends the game with an error instead of ending Tabula.
    pub fn new_rules_isolated(&self, options: &[(String, String)], isolate: bool) -> Result<RulesBox, LoadError> {
        if !isolate && !self.isolate {
            return self.new_rules(options);
        }
        self.expect_kind(PluginKind::RULES)?;
        crate::watchdog::note_plugin(self.name());
        crate::isolation::isolated_rules(&self.path, options).map_err(|error| LoadError::Construct {
            name: self.name().to_string(),
            kind: self.kind(),
            error,
        })
    }

    /// Builds an independent computer player; fails when this is not a
    /// strategy plugin or an option is refused.
    pub fn new_strategy(&self, options: &[(String, String)]) -> Result<StrategyBox, LoadError> {
        self.expect_kind(PluginKind::STRATEGY)?;
        (self.module.new_strategy())(&to_options(options)).into_result().map_err(|error| LoadError::Construct {
            name: self.name().to_string(),
            kind: self.kind(),
            error,
        })
    }

    fn expect_kind(&self, kind: PluginKind) -> Result<(), LoadError> {
        if self.kind() == kind {
            Ok(())
        } else {
            Err(LoadError::WrongKind {
                path: self.path.clone(),
                name: self.name().to_string(),
                expected: kind,
                actual: self.kind(),
            })
        }
    }
}
