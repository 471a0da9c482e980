//! Plugin options: board size and rule variant.

use rules_api::plugin::{check_options, option_or_default};
use rules_api::{OptionSpec, Options, PluginError};

use crate::layout::{MAX_SIZE, MIN_SIZE};

/// Which rows of five win, and which moves Black may not make.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Rule {
    /// Five or more in a row wins, for both players.
    Freestyle,
    /// Exactly five wins; an overline wins for nobody.
    Standard,
    /// Exactly five wins for Black, five or more for White; Black may not
    /// make a double three, a double four or an overline.
    Renju,
}

impl Rule {
    /// The option value naming this rule.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// Whether `player` (0 = Black) needs exactly five: a longer row does not win.
    pub fn exact_five(self, player: usize) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => player == 0,
        }
    }

    /// Whether `player` is subject to renju's forbidden points.
    pub fn restricted(self, player: usize) -> bool {
        self == Rule::Renju && player == 0
    }
}

/// A validated configuration.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Config {
    /// Side length of the board.
    pub size: usize,
    /// Rule variant.
    pub rule: Rule,
}

/// The options the plugin accepts.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("size", "15", &[], "Number of lines each way, from 5 to 25 (15 is the usual board)."),
        OptionSpec::new(
            "rule",
            "freestyle",
            &["freestyle", "standard", "renju"],
            "freestyle: five or more wins; standard: exactly five wins; renju: Black may not make \
             a double three, a double four or an overline, and White's overline wins.",
        ),
    ]
}

impl Config {
    /// Reads and checks the options; errors name the option and the accepted values.
    pub fn from_options(options: &Options) -> Result<Config, PluginError> {
        let specs = option_specs();
        check_options("gomoku", options, &specs)?;
        let size_text = option_or_default(options, &specs, "size");
        let size =
            size_text.trim().parse::<usize>().ok().filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s)).ok_or_else(|| {
                PluginError::bad_option(format!(
                    "gomoku: option 'size' must be a whole number from {MIN_SIZE} to {MAX_SIZE}, \
                     not '{size_text}'"
                ))
            })?;
        let rule = match option_or_default(options, &specs, "rule") {
            "standard" => Rule::Standard,
            "renju" => Rule::Renju,
            _ => Rule::Freestyle,
        };
        Ok(Config { size, rule })
    }
}
