//! The loadable `phantomgo` plugin: exports the game of `tabula-phantomgo`
//! and nothing else.

rules_api::export_rules_plugin! {
    name: "phantomgo",
    description: "Phantom Go: you see only your own stones; a try on an occupied point is refused and told to you",
    options: tabula_phantomgo::options,
    new: tabula_phantomgo::PhantomGoRules::from_options,
}
