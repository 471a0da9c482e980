//! The loadable `xiangqi` plugin: exports the game of `tabula-xiangqi` and
//! nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_rules_plugin! {
    name: "xiangqi",
    description: "Xiangqi (Chinese chess): flying general, perpetual check loses, WXF and Chinese notation",
    options: tabula_xiangqi::option_specs,
    new: tabula_xiangqi::XiangqiRules::from_options,
}
