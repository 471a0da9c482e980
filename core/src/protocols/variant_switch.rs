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

/// A rules option switched through `UCI_Variant`.
pub struct VariantSwitch {
    plugin: LoadedPlugin,
    option: String,
    options: Vec<(String, String)>,
}

impl VariantSwitch {
    /// Switches `option` of `plugin`; `options` are the game's other options
    /// (and the option's starting value, if given).
    pub fn new(plugin: LoadedPlugin, option: &str, options: Vec<(String, String)>) -> VariantSwitch {
        VariantSwitch { plugin, option: option.to_string(), options }
    }

    /// The value in use: the one given, else the plugin's default.
    pub fn current(&self) -> String {
        self.options.iter().find(|(k, _)| *k == self.option).map(|(_, v)| v.clone()).unwrap_or_else(|| {
            self.plugin
                .options()
                .iter()
                .find(|o| o.name.as_str() == self.option)
                .map(|o| o.default.to_string())
                .unwrap_or_default()
        })
    }

    /// The `option name UCI_Variant type combo …` line of the handshake.
    pub fn announcement(&self) -> String {
        let choices: Vec<String> = self
            .plugin
            .options()
            .iter()
            .find(|o| o.name.as_str() == self.option)
            .map(|o| o.choices.iter().map(|c| format!(" var {c}")).collect())
            .unwrap_or_default();
        format!("option name {UCI_VARIANT} type combo default {}{}", self.current(), choices.concat())
    }

    /// The game with the option set to `value`; on success the value is
    /// kept for later announcements.
    pub fn switch(&mut self, value: &str) -> Result<Arc<RulesBox>, LoadError> {
        let mut options: Vec<(String, String)> =
            self.options.iter().filter(|(k, _)| *k != self.option).cloned().collect();
        options.push((self.option.clone(), value.to_string()));
        let rules = self.plugin.new_rules(&options)?;
        self.options = options;
        Ok(Arc::new(rules))
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
