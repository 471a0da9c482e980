//! The exported root module: what the loader reads from the library.

use rules_api::{ErrorKind, PluginKind, RString, RVec, Tuple2};

#[test]
fn root_module_and_options() {
    let module = tabula_plugin_chess::tabula_root_module();
    assert_eq!(module.kind(), PluginKind::RULES);
    assert_eq!(module.name().as_str(), "chess");
    assert!((module.options())().is_empty());
    let none = RVec::new();
    let rules = (module.new_rules())(&none).into_result().unwrap();
    assert_eq!(rules.info().unwrap().name.as_str(), "Chess");
    let bad: RVec<Tuple2<RString, RString>> = RVec::from(vec![Tuple2("variant".into(), "960".into())]);
    let e = (module.new_rules())(&bad).into_result().err().unwrap();
    assert_eq!(e.kind, ErrorKind::BAD_OPTION);
    assert!(e.message.contains("variant"), "{}", e.message);
    assert!((module.new_strategy())(&none).into_result().is_err());
}
