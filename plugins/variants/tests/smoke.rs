use rules_api::plugin::rules_box;
use rules_api::RulesExt;
use tabula_variants::{library, VariantRules};

#[test]
fn every_shipped_variant_compiles_and_counts_moves() {
    for (name, _) in library::SHIPPED {
        let rules = rules_box(VariantRules::shipped(name).unwrap_or_else(|e| panic!("{name}: {e}")));
        let mut p = rules.start().unwrap();
        let counts: Vec<u64> = (1..=2).map(|d| tabula_kit::perft::perft(&mut p, d).unwrap()).collect();
        println!("{name}: {counts:?}");
    }
}
