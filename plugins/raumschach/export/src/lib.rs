//! The loadable `raumschach` plugin: exports the game of `tabula-raumschach`
//! and nothing else.

rules_api::export_rules_plugin! {
    name: "raumschach",
    description: "Raumschach: Maack's three-dimensional chess on five 5x5 levels (Dickins' setup)",
    options: tabula_raumschach::option_specs,
    new: tabula_raumschach::Raumschach::from_options,
}
