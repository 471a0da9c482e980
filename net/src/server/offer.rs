//! What a remote client may set: the line between "options a game offers
//! to players" and "options the operator sets" (docs/SECURITY.md).
//!
//! The rules-api describes an option by its name, default, choices and a
//! sentence; it does not say whether a value is a file. So the server
//! classifies every option of every plugin from what the plugin declares,
//! the same way for all of them:
//!
//! * a **choice** option (it lists its choices) takes one of the listed
//!   values, exactly: names the plugin found where the operator installed
//!   them (the variants plugin lists its library and the operator's
//!   directories), never a path;
//! * a **number** option (no choices, a default that is a number) takes a
//!   number, or its default;
//! * any other option is **the operator's**: free text may be a path or a
//!   list of directories (the variants plugin's `variant_dirs`), so a client
//!   cannot set it, and `list_games` does not offer it.
//!
//! Computer seats follow the same classes for their strategy's options,
//! and two option families known by convention are resources the operator
//! bounds: memory in MiB (a name ending in `_mb`, such as `hash_mb` and
//! `tree_mb`) and `threads` (see [`SeatCaps`]).

use rules_api::OptionSpec;

use crate::protocol::OptionInfo;

/// How a client may set one option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionClass {
    /// One of these values.
    Choice(Vec<String>),
    /// A number (or the default).
    Number,
    /// Not from the network: the operator's.
    Operator,
}

/// The longest number a client may give.
const MAX_NUMBER_LEN: usize = 24;

/// Whether `text` is a plain decimal number (`7`, `-2`, `6.5`).
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let frac = parts.next();
    text.len() <= MAX_NUMBER_LEN
        && !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && frac.map_or(true, |f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// The class of an option, from what its plugin declares.
pub fn classify(spec: &OptionSpec) -> OptionClass {
    if !spec.choices.is_empty() {
        OptionClass::Choice(spec.choices.iter().map(|c| c.to_string()).collect())
    } else if is_number(spec.default.as_str()) {
        OptionClass::Number
    } else {
        OptionClass::Operator
    }
}

/// Checks options a client gave for a plugin whose options are `specs`;
/// the error names the option and what it may be.
pub fn check_client_options<'a>(
    what: &str,
    given: impl IntoIterator<Item = (&'a String, &'a String)>,
    specs: &[OptionSpec],
) -> Result<(), String> {
    for (name, value) in given {
        let offered: Vec<&str> =
            specs.iter().filter(|s| classify(s) != OptionClass::Operator).map(|s| s.name.as_str()).collect();
        let Some(spec) = specs.iter().find(|s| s.name.as_str() == name) else {
            return Err(format!("{what} has no option '{name}' a player may set (it has: {})", list(&offered)));
        };
        match classify(spec) {
            OptionClass::Choice(choices) if !choices.iter().any(|c| c == value) => {
                return Err(format!("{what} option '{name}' is one of: {}", choices.join(", ")));
            }
            OptionClass::Number if value != spec.default.as_str() && !is_number(value) => {
                return Err(format!("{what} option '{name}' is a number"));
            }
            OptionClass::Operator => {
                return Err(format!(
                    "{what} option '{name}' is set by the server's operator, not by players (players may set: {})",
                    list(&offered)
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn list(names: &[&str]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

/// The options `list_games` offers: every option but the operator's.
pub fn offered(specs: &[OptionSpec]) -> Vec<OptionInfo> {
    specs
        .iter()
        .filter(|s| classify(s) != OptionClass::Operator)
        .map(|o| OptionInfo {
            name: o.name.to_string(),
            default: o.default.to_string(),
            choices: o.choices.iter().map(|c| c.to_string()).collect(),
            description: o.description.to_string(),
        })
        .collect()
}

/// The most a computer seat may use, set by the operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatCaps {
    /// Memory of one search, MiB: the sum of its `*_mb` options times its
    /// threads.
    pub memory_mb: u64,
    /// Threads of one search.
    pub threads: u64,
    /// Thinking time per move, milliseconds.
    pub time_ms: u64,
}

/// Whether an option is memory in MiB, by the convention of its name.
pub fn is_memory_option(name: &str) -> bool {
    name.ends_with("_mb")
}

/// The option naming a search's threads, by convention.
pub const THREADS_OPTION: &str = "threads";

/// Checks a computer seat's options against the plugin's `specs` and the
/// operator's `caps`, and returns the options to build the player with:
/// those given, plus any resource option whose default is over the caps,
/// lowered to fit (so a strategy whose default table is larger than the
/// server allows still plays, within the server's memory).
pub fn seat_options(
    what: &str,
    given: &[(String, String)],
    specs: &[OptionSpec],
    caps: SeatCaps,
) -> Result<Vec<(String, String)>, String> {
    check_client_options(what, given.iter().map(|(k, v)| (k, v)), specs)?;
    let value = |name: &str| -> Option<u64> {
        let text = given
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .or_else(|| specs.iter().find(|s| s.name.as_str() == name).map(|s| s.default.as_str()))?;
        text.parse::<f64>().ok().map(|v| v.max(0.0).ceil() as u64)
    };
    let mut out = given.to_vec();
    let has_threads = specs.iter().any(|s| s.name.as_str() == THREADS_OPTION);
    let threads = if has_threads { value(THREADS_OPTION).unwrap_or(1).max(1) } else { 1 };
    if threads > caps.threads {
        if given.iter().any(|(k, _)| k == THREADS_OPTION) {
            return Err(format!("{what}: at most {} thread(s) per computer on this server", caps.threads));
        }
        out.push((THREADS_OPTION.into(), caps.threads.to_string()));
    }
    let threads = threads.min(caps.threads);
    let memory: Vec<&OptionSpec> = specs.iter().filter(|s| is_memory_option(s.name.as_str())).collect();
    let total: u64 = memory.iter().filter_map(|s| value(s.name.as_str())).sum::<u64>() * threads;
    if total > caps.memory_mb {
        let given_any = memory.iter().any(|s| given.iter().any(|(k, _)| k == s.name.as_str()));
        if given_any {
            return Err(format!(
                "{what}: a computer may use at most {} MiB on this server ({total} MiB asked, memory options times threads)",
                caps.memory_mb
            ));
        }
        let each = (caps.memory_mb / (memory.len() as u64 * threads).max(1)).max(1);
        for s in memory {
            out.push((s.name.to_string(), each.to_string()));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(name: &str, default: &str, choices: &[&str]) -> OptionSpec {
        OptionSpec::new(name, default, choices, "")
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn options_are_choices_numbers_or_the_operators() {
        let variants =
            [spec("variant", "chess", &["chess", "shogi"]), spec("variant_dirs", "", &[]), spec("size", "15", &[])];
        assert_eq!(classify(&variants[0]), OptionClass::Choice(vec!["chess".into(), "shogi".into()]));
        assert_eq!(classify(&variants[1]), OptionClass::Operator);
        assert_eq!(classify(&variants[2]), OptionClass::Number);
        let check = |list: &[(&str, &str)]| {
            let given = pairs(list);
            check_client_options("variants", given.iter().map(|(k, v)| (k, v)), &variants)
        };
        assert_eq!(check(&[("variant", "shogi"), ("size", "19")]), Ok(()));
        let err = check(&[("variant", "/dev/zero")]).unwrap_err();
        assert_eq!(err, "variants option 'variant' is one of: chess, shogi");
        let err = check(&[("variant_dirs", "/etc")]).unwrap_err();
        assert!(err.contains("set by the server's operator") && err.contains("variant, size"), "{err}");
        assert!(!err.contains("/etc"), "the value is not echoed: {err}");
        assert!(check(&[("size", "../x")]).is_err());
        assert!(check(&[("size", "1e9999")]).is_err());
        assert!(check(&[("colour", "red")]).unwrap_err().contains("no option 'colour'"));
        let names: Vec<String> = offered(&variants).into_iter().map(|o| o.name).collect();
        assert_eq!(names, ["variant", "size"]);
        assert!(is_number("6.5") && is_number("-3") && !is_number("6.") && !is_number(".5") && !is_number("1/2"));
    }

    #[test]
    fn computer_seats_stay_within_the_operators_caps() {
        let alphabeta = [spec("hash_mb", "16", &[]), spec("threads", "1", &[]), spec("seed", "0", &[])];
        let mcts = [spec("threads", "1", &[]), spec("tree_mb", "64", &[])];
        let caps = SeatCaps { memory_mb: 16, threads: 1, time_ms: 10_000 };
        assert_eq!(seat_options("alphabeta", &[], &alphabeta, caps), Ok(Vec::new()));
        let err = seat_options("alphabeta", &pairs(&[("hash_mb", "2000")]), &alphabeta, caps).unwrap_err();
        assert!(err.contains("at most 16 MiB"), "{err}");
        let err = seat_options("alphabeta", &pairs(&[("threads", "64")]), &alphabeta, caps).unwrap_err();
        assert!(err.contains("at most 1 thread"), "{err}");
        assert_eq!(
            seat_options("mcts", &[], &mcts, caps),
            Ok(pairs(&[("tree_mb", "16")])),
            "a default over the cap is lowered"
        );
        let wide = SeatCaps { memory_mb: 64, threads: 4, time_ms: 10_000 };
        let err = seat_options("mcts", &pairs(&[("threads", "4"), ("tree_mb", "32")]), &mcts, wide).unwrap_err();
        assert!(err.contains("128 MiB asked"), "{err}");
        assert_eq!(
            seat_options("mcts", &pairs(&[("threads", "2")]), &mcts, wide),
            Ok(pairs(&[("threads", "2"), ("tree_mb", "32")]))
        );
    }
}
