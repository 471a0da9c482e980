//! The loadable `go` plugin: exports the game of `tabula-go` and nothing
//! else, so tests and programs can link any number of plugin `rlib`s while
//! the loader finds exactly one root module per library.

rules_api::export_rules_plugin! {
    name: "go",
    description: "Go on 9×9, 13×13 or 19×19 (any odd size 3–19): area scoring with komi, positional superko, handicap",
    options: tabula_go::option_specs,
    new: tabula_go::GoRules::from_options,
}
