//! The loadable `banqi` plugin: exports the game of `tabula-banqi` and
//! nothing else.

rules_api::export_rules_plugin! {
    name: "banqi",
    description: "Banqi (Chinese dark chess) on 4x8: Taiwanese rules as OpenSpiel plays them; each flip is a chance draw",
    options: tabula_banqi::option_specs,
    new: tabula_banqi::Banqi::from_options,
}
