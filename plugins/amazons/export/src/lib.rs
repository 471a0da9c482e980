//! The loadable `amazons` plugin: exports the game of `tabula-amazons` and
//! nothing else.

rules_api::export_rules_plugin! {
    name: "amazons",
    description: "The game of the Amazons: move a queen, shoot an arrow; who cannot move loses (10x10)",
    options: tabula_amazons::option_specs,
    new: tabula_amazons::AmazonsRules::from_options,
}
