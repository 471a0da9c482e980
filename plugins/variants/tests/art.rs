//! Piece art by style, as the window receives it (`PieceType::art`): every
//! piece of every shipped variant with a shogi, xiangqi, janggi or makruk
//! style has art for both players; shogi pieces are wedges pointing at
//! the opponent (the second player's turned round), sized by rank, with
//! promoted kinds in red and the two-kanji option writing full names;
//! janggi's are sized by rank; Western variants keep their glyphs.

use abi_stable::std_types::{RString, Tuple2};
use rules_api::plugin::rules_box;
use rules_api::GameInfo;
use tabula_variants::{library, VariantRules};

fn info(variant: &str, extra: &[(&str, &str)]) -> GameInfo {
    let pair = |k: &str, v: &str| Tuple2(RString::from(k), RString::from(v));
    let options = std::iter::once(pair("variant", variant)).chain(extra.iter().map(|(k, v)| pair(k, v))).collect();
    rules_box(VariantRules::from_options(&options).unwrap_or_else(|e| panic!("{variant}: {e}"))).info().unwrap()
}

fn art(info: &GameInfo, name: &str) -> [String; 2] {
    let t = info.piece_types.iter().find(|t| t.name.as_str() == name).unwrap_or_else(|| panic!("no {name}"));
    assert_eq!(t.art.len(), 2, "{name}");
    [t.art[0].to_string(), t.art[1].to_string()]
}

/// The wedge's height: its apex and base y, from the outline's path.
fn wedge_height(svg: &str) -> f32 {
    let d = svg.split("<path d=\"M50 ").nth(1).expect("a wedge outline");
    let top: f32 = d.split('L').next().unwrap().parse().unwrap();
    let base: f32 = d.split('L').nth(2).unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    base - top
}

#[test]
fn every_styled_shipped_piece_has_art_for_both_players() {
    for (name, text) in library::SHIPPED {
        let styled =
            ["shogi", "xiangqi", "janggi", "makruk"].iter().any(|s| text.contains(&format!("pieces = \"{s}\"")));
        let info = info(name, &[]);
        // The last type is the wall, drawn by its own art.
        for t in info.piece_types.iter().take(info.piece_types.len() - 1) {
            let has = t.art.iter().filter(|a| a.starts_with("<svg") && a.ends_with("</svg>")).count();
            assert_eq!(has, if styled { 2 } else { 0 }, "{name}: {}", t.name);
        }
    }
}

#[test]
fn shogi_wedges_point_at_the_opponent_sized_by_rank_promoted_in_red() {
    let info = info("shogi", &[]);
    let [sente, gote] = art(&info, "pawn");
    assert!(!sente.contains("rotate(180"), "sente's pawn points up");
    assert!(gote.contains("rotate(180 50 50)"), "gote's pawn is turned round");
    let height = |name: &str| wedge_height(&art(&info, name)[0]);
    assert!(height("king") > height("rook"), "the king is the largest");
    assert!(height("rook") > height("gold") && height("gold") > height("pawn"), "the pawn is the smallest");
    assert_eq!(height("tokin"), height("pawn"), "a tokin is the pawn turned over");
    assert_eq!(height("dragon"), height("rook"));
    assert!(art(&info, "dragon")[0].contains("#c4161c"), "promoted kanji are red");
    assert!(!art(&info, "rook")[0].contains("#c4161c"), "unpromoted kanji are black");
    // One character, or two stacked with the display option.
    let one = art(&info, "silver")[0].matches("<path").count();
    let two = art(&self::info("shogi", &[("shogi_pieces", "two-kanji")]), "silver")[0].matches("<path").count();
    assert_eq!((one, two), (2, 3), "the outline and one or two characters");
}

#[test]
fn janggi_octagons_are_sized_by_rank_and_xiangqi_discs_are_not() {
    let radius = |svg: &str| -> f32 {
        let first = svg.split("points=\"").nth(1).expect("an octagon").split(' ').next().unwrap();
        let x: f32 = first.split(',').next().unwrap().parse().unwrap();
        x - 50.0
    };
    let info = info("janggi", &[]);
    let [general, soldier] = [radius(&art(&info, "general")[0]), radius(&art(&info, "soldier")[0])];
    let chariot = radius(&art(&info, "chariot")[0]);
    assert!(general > chariot && chariot > soldier, "{general} {chariot} {soldier}");
    assert!(art(&info, "general")[0].contains("#145a8c") && art(&info, "general")[1].contains("#b3121b"));
    let x = self::info("minixiangqi", &[]);
    assert_eq!(art(&x, "general")[0].matches("r=\"45\"").count(), 1);
    assert_eq!(art(&x, "soldier")[1].matches("r=\"45\"").count(), 1);
}
