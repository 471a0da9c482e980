//! The protocol defaults of `config/protocols.toml`: which rules each front
//! end loads by default, coordinate dialects per rules plugin, and how the
//! Gomocup protocol's size and rule codes and GTP's size, komi and handicap
//! map onto rules options.

use std::collections::BTreeMap;

use serde::Deserialize;

/// `config/protocols.toml`, built into the binary.
pub const PROTOCOLS_CONFIG: &str = include_str!("../../../config/protocols.toml");

/// The whole protocols file.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ProtocolSettings {
    /// Rules plugin of `tabula uci` without `--rules`.
    pub uci_rules: String,
    /// Rules plugin of `tabula ucci` without `--rules`.
    pub ucci_rules: String,
    /// Rules plugin of `tabula gomocup` without `--rules`.
    pub gomocup_rules: String,
    /// Rules plugin of `tabula gtp` without `--rules`.
    pub gtp_rules: String,
    /// Rules plugin of `tabula usi` without `--rules`.
    pub usi_rules: String,
    /// Rules options of `tabula usi` without `--rules` (which game of the
    /// plugin), unless `--option` sets them.
    #[serde(default)]
    pub usi_options: toml::Table,
    /// Coordinate dialects keyed by rules plugin name.
    #[serde(default)]
    pub dialects: BTreeMap<String, Dialect>,
    /// Gomocup option mapping.
    pub gomocup: GomocupSettings,
    /// GTP option mapping.
    pub gtp: GtpSettings,
}

/// The GTP commands that set rules options: which options they set.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GtpSettings {
    /// The rules option `boardsize N` sets.
    pub size_option: String,
    /// The rules option `komi K` sets.
    pub komi_option: String,
    /// The rules option `fixed_handicap N` sets.
    pub handicap_option: String,
}

/// How a UCI peer writes one game's coordinates.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Dialect {
    /// Added to each rank number written to a UCI peer.
    #[serde(default)]
    pub rank_offset: i32,
    /// `setoption` values sent to an external UCI engine first; a value
    /// may name a rules option in braces (`{variant}`).
    #[serde(default)]
    pub engine_options: toml::Table,
    /// The rules option `tabula uci` offers as `UCI_Variant`.
    #[serde(default)]
    pub uci_variant_option: Option<String>,
}

/// The Gomocup mapping onto rules options.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GomocupSettings {
    /// The rules option that takes the board side of `START n`.
    pub size_option: String,
    /// `INFO rule` bit (as decimal text) → `option=value`.
    #[serde(default)]
    pub rule_bits: BTreeMap<String, String>,
}

impl ProtocolSettings {
    /// The built-in settings; the file is part of the binary, so a parse
    /// failure is a build defect caught by the unit test below.
    pub fn builtin() -> ProtocolSettings {
        // Parsed once: engine seats and every GTP rebuild ask for it.
        static PARSED: std::sync::OnceLock<ProtocolSettings> = std::sync::OnceLock::new();
        PARSED
            .get_or_init(|| {
                toml::from_str(PROTOCOLS_CONFIG).unwrap_or_else(|e| panic!("config/protocols.toml is invalid: {e}"))
            })
            .clone()
    }

    /// The dialect of a rules plugin (by name), or the identity dialect.
    pub fn dialect(&self, rules_name: &str) -> Dialect {
        self.dialects.get(rules_name).cloned().unwrap_or_default()
    }
}

impl GomocupSettings {
    /// The rules options selected by an `INFO rule` bit set, in bit order;
    /// bits without an entry are ignored, and the "0" entry applies when no
    /// listed bit is set.
    pub fn rule_options(&self, bits: u32) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for bit in 0..32 {
            let value = 1u32 << bit;
            if bits & value != 0 {
                if let Some(pair) = self.rule_bits.get(&value.to_string()).and_then(|o| split_option(o)) {
                    out.push(pair);
                }
            }
        }
        if out.is_empty() {
            if let Some(pair) = self.rule_bits.get("0").and_then(|o| split_option(o)) {
                out.push(pair);
            }
        }
        out
    }
}

fn split_option(text: &str) -> Option<(String, String)> {
    text.split_once('=').map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
}

/// Adds `offset` to every run of digits that directly follows a letter, the
/// shape of a square name in coordinate notation (`h2e2` → `h3e3` with 1).
/// Text without such runs, and offset 0, come back unchanged; a number that
/// would fall below zero is left as it was.
pub fn shift_ranks(text: &str, offset: i32) -> String {
    if offset == 0 {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() && i > 0 && chars[i - 1].is_ascii_alphabetic() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            match digits.parse::<i64>().map(|n| n + offset as i64) {
                Ok(n) if n >= 0 => out.push_str(&n.to_string()),
                _ => out.push_str(&digits),
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_settings_parse() {
        let s = ProtocolSettings::builtin();
        assert!(!s.uci_rules.is_empty() && !s.ucci_rules.is_empty() && !s.gomocup_rules.is_empty());
        assert!(!s.gtp_rules.is_empty() && !s.gtp.komi_option.is_empty());
        assert!(!s.gomocup.size_option.is_empty());
    }

    #[test]
    fn ranks_shift_both_ways() {
        assert_eq!(shift_ranks("h2e2", 1), "h3e3");
        assert_eq!(shift_ranks("a0a9", 1), "a1a10");
        assert_eq!(shift_ranks("a1a10", -1), "a0a9");
        assert_eq!(shift_ranks("e7e8q", 0), "e7e8q");
        assert_eq!(shift_ranks("0000", 1), "0000");
        assert_eq!(shift_ranks("a0", -1), "a0");
    }

    #[test]
    fn rule_bits_select_options() {
        let g = GomocupSettings {
            size_option: "n".into(),
            rule_bits: [("0", "r=a"), ("1", "r=b"), ("4", "r=c")]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        assert_eq!(g.rule_options(0), vec![("r".to_string(), "a".to_string())]);
        assert_eq!(g.rule_options(1), vec![("r".to_string(), "b".to_string())]);
        assert_eq!(g.rule_options(4), vec![("r".to_string(), "c".to_string())]);
        // Bit 2 (continuous game) has no entry: the default applies.
        assert_eq!(g.rule_options(2), vec![("r".to_string(), "a".to_string())]);
    }
}
