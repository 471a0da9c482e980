//! The host's test games: a dice race (chance, 2 to 6 players) and
//! take-away (deterministic, 2 to 6 players), written against
//! `rules_api::plugin` like any game. `host/tests/fixtures/testgames`
//! exports the same sources as plugins for the command-line tests.

#![allow(dead_code)]

pub mod race;
pub mod takeaway;

use std::sync::Arc;

use rules_api::plugin::rules_box;
use rules_api::RulesBox;

fn options(pairs: &[(&str, &str)]) -> rules_api::Options {
    pairs.iter().map(|(k, v)| rules_api::Tuple2((*k).into(), (*v).into())).collect()
}

/// The dice race with `pairs` as its options.
pub fn race(pairs: &[(&str, &str)]) -> Arc<RulesBox> {
    Arc::new(rules_box(race::Race::new(&options(pairs)).expect("race options")))
}

/// Take-away with `pairs` as its options.
pub fn takeaway(pairs: &[(&str, &str)]) -> Arc<RulesBox> {
    Arc::new(rules_box(takeaway::TakeAway::new(&options(pairs)).expect("take-away options")))
}
