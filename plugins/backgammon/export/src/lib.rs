//! The loadable `backgammon` plugin: exports the game of
//! `tabula-backgammon` and nothing else.

rules_api::export_rules_plugin! {
    name: "backgammon",
    description: "Backgammon for money: dice, hitting, bearing off, gammons; optional doubling cube and Jacoby rule",
    options: tabula_backgammon::option_specs,
    new: tabula_backgammon::Backgammon::from_options,
}
