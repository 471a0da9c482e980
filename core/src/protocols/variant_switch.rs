//! `UCI_Variant` for rules plugins that play many games: the protocol
//! front end announces a rules option (named in `config/protocols.toml` as
//! the dialect's `uci_variant_option`) as the UCI combo option
//! `UCI_Variant`, its choices as the option's vars, and rebuilds the game
//! when a peer sets it. External engine seats go the other way: the
//! dialect's `engine_options` values may name a rules option in braces
//! (`UCI_Variant = "{variant}"`), filled in from the game's options.

use std::sync::Arc;

use rules_api::RulesBox;

use crate::plugins::{LoadError, LoadedPlugin};

/// The UCI option's name.
pub const UCI_VARIANT: &str = "UCI_Variant";

/// Where a UCI engine's game comes from: the plugin and its options, so
/// the game can be built again — with another value of the rules option
/// offered as `UCI_Variant`, if the game has one, or afresh at
/// `ucinewgame` when the rules run isolated (a crashed rules process is
/// never reused).
pub struct VariantSwitch {
    plugin: LoadedPlugin,
    option: Option<String>,
    options: Vec<(String, String)>,
}

impl VariantSwitch {
    /// Switches `option` of `plugin` (none: the game is only rebuilt);
    /// `options` are the game's other options (and the option's starting
    /// value, if given).
    pub fn new(plugin: LoadedPlugin, option: Option<&str>, options: Vec<(String, String)>) -> VariantSwitch {
        VariantSwitch { plugin, option: option.map(str::to_string), options }
    }

    /// The same game, with no option offered as `UCI_Variant`.
    pub fn without_variant(mut self) -> VariantSwitch {
        self.option = None;
        self
    }

    /// Whether the game has an option to offer as `UCI_Variant`.
    pub fn offers_variant(&self) -> bool {
        self.option.is_some()
    }

    /// Whether every build runs in a fresh child rules process.
    pub fn isolating(&self) -> bool {
        self.plugin.is_isolating()
    }

    /// The value in use: the one given, else the plugin's default.
    pub fn current(&self) -> String {
        let Some(option) = &self.option else { return String::new() };
        self.options.iter().find(|(k, _)| k == option).map(|(_, v)| v.clone()).unwrap_or_else(|| {
            self.plugin
                .options()
                .iter()
                .find(|o| o.name.as_str() == option)
                .map(|o| o.default.to_string())
                .unwrap_or_default()
        })
    }

    /// The `option name UCI_Variant type combo …` line of the handshake.
    pub fn announcement(&self) -> Option<String> {
        let option = self.option.as_ref()?;
        let choices: Vec<String> = self
            .plugin
            .options()
            .iter()
            .find(|o| o.name.as_str() == option)
            .map(|o| o.choices.iter().map(|c| format!(" var {c}")).collect())
            .unwrap_or_default();
        Some(format!("option name {UCI_VARIANT} type combo default {}{}", self.current(), choices.concat()))
    }

    /// The game with the option set to `value`; on success the value is
    /// kept for later announcements and rebuilds.
    pub fn switch(&mut self, value: &str) -> Result<Arc<RulesBox>, LoadError> {
        let Some(option) = &self.option else { return self.rebuild() };
        let mut options: Vec<(String, String)> = self.options.iter().filter(|(k, _)| k != option).cloned().collect();
        options.push((option.clone(), value.to_string()));
        let rules = self.plugin.new_rules(&options)?;
        self.options = options;
        Ok(Arc::new(rules))
    }

    /// The game as it is now configured, built again.
    pub fn rebuild(&self) -> Result<Arc<RulesBox>, LoadError> {
        Ok(Arc::new(self.plugin.new_rules(&self.options)?))
    }
}

/// `text` with every `{name}` replaced by the value of rules option `name`
/// (from `options`, else the plugin's default); unknown names stay as
/// written.
pub fn fill_option_template(text: &str, options: &[(String, String)], plugin: &LoadedPlugin) -> String {
    fill_template(text, options, |name| {
        plugin.options().iter().find(|o| o.name.as_str() == name).map(|o| o.default.to_string())
    })
}

fn fill_template(text: &str, options: &[(String, String)], default: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        let name = &rest[open + 1..open + close];
        out.push_str(&rest[..open]);
        let value = options.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()).or_else(|| default(name));
        match value {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[open..=open + close]),
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::fill_template;

    #[test]
    fn braces_name_rules_options_or_their_defaults() {
        let opts = vec![("variant".to_string(), "shogi".to_string())];
        let defaults = |name: &str| (name == "size").then(|| "15".to_string());
        assert_eq!(fill_template("{variant}", &opts, defaults), "shogi");
        assert_eq!(fill_template("x-{variant}-{size}-{other}", &opts, defaults), "x-shogi-15-{other}");
        assert_eq!(fill_template("plain {", &opts, defaults), "plain {");
    }
}
