//! The loadable `variants` plugin: exports the game of `tabula-variants`
//! and nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_rules_plugin! {
    name: "variants",
    description: "Chess variants as data: any chess-like game described in a TOML file (Betza movement), with a shipped library",
    options: tabula_variants::option_specs,
    new: tabula_variants::VariantRules::from_options,
}
