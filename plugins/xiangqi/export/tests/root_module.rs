//! The exported root module: what the loader reads from the library.

#[test]
fn root_module_names_the_plugin() {
    let module = tabula_plugin_xiangqi::tabula_root_module();
    assert_eq!(module.name().as_str(), "xiangqi");
    assert_eq!(module.kind(), rules_api::PluginKind::RULES);
    let names: Vec<String> = module.options()().iter().map(|o| o.name.to_string()).collect();
    assert_eq!(names, ["notation", "pieces", "flavour", "seed", "no_capture_plies"]);
}
