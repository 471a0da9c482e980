//! The loadable `oware` plugin: exports the game of `tabula-oware` and
//! nothing else.

rules_api::export_rules_plugin! {
    name: "oware",
    description: "Oware abapa: sow counter-clockwise, capture twos and threes, feed your opponent",
    options: tabula_oware::option_specs,
    new: tabula_oware::Oware::from_options,
}
