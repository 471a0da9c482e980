//! The loadable `hex` plugin: exports the game of `tabula-hex` and nothing
//! else.

rules_api::export_rules_plugin! {
    name: "hex",
    description: "Hex: join your two edges of a rhombus of hexagons (7x7 to 19x19, swap rule)",
    options: tabula_hex::option_specs,
    new: tabula_hex::Hex::from_options,
}
