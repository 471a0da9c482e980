//! The loadable `ludo` plugin: exports the game of `tabula-ludo` and
//! nothing else.

rules_api::export_rules_plugin! {
    name: "ludo",
    description: "Mensch ärgere Dich nicht (ludo): roll the die and race four pieces home (2 to 4 players)",
    options: tabula_ludo::option_specs,
    new: tabula_ludo::Ludo::from_options,
}
