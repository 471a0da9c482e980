//! Position texts read back, bad ones refused with the reason, the
//! notation both ways, and what each viewer sees (the same for all).

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_banqi::{Banqi, Config};

fn rules() -> RulesBox {
    rules_box(Banqi::with(Config::default()))
}

const MID_GAME: &str = "?g??.h??/?A?c?..?/S.??e???/??R??C?? second first=black quiet=3 captured=SShs";

#[test]
fn texts_read_back_as_written() {
    let p = rules().position(MID_GAME).unwrap();
    assert_eq!(p.text().unwrap(), MID_GAME);
    let flipping = format!("{} flip=a1", MID_GAME.replace("quiet=3", "quiet=0"));
    let p = rules().position(&flipping).unwrap();
    assert!(p.is_chance());
    assert_eq!(p.text().unwrap(), flipping);
}

#[test]
fn bad_texts_are_refused_with_the_reason() {
    let cases = [
        ("????????/????????/???????? first first=- quiet=0 captured=-", "3 rows instead of 4"),
        ("???????/????????/????????/???????? first first=- quiet=0 captured=-", "rank 4 has 7 squares"),
        ("????????/????????/????????/???????X first first=- quiet=0 captured=-", "'X' on h1 names no piece"),
        ("????????/????????/????????/???????? third first=- quiet=0 captured=-", "'first' or 'second'"),
        ("????????/????????/????????/???????? first first=- quiet=0", "are required"),
        ("????????/????????/????????/???????? first first=green quiet=0 captured=-", "red, black or -"),
        ("????????/????????/????????/???????? first first=- quiet=x captured=-", "quiet=x is not a count"),
        ("????????/????????/????????/???????? first first=- quiet=0 captured=- size=4", "unknown field 'size'"),
        ("????????/????????/????????/??????GG first first=red quiet=0 captured=-", "2 pieces 'G'"),
        ("????????/????????/????????/??????.S first first=red quiet=0 captured=-", "30 pieces lie face down, but 31"),
        ("????????/????????/????????/???????S first first=- quiet=0 captured=-", "first flip decides the colours"),
        ("????????/????????/????????/???????? first first=red quiet=0 captured=-", "no piece has been shown"),
        ("????????/????????/????????/???????S first first=red quiet=0 captured=- flip=h1", "flip=h1"),
    ];
    for (text, why) in cases {
        let err = rules().position(text).err().unwrap_or_else(|| panic!("{text} was accepted")).to_string();
        assert!(err.contains(why), "{text}: '{err}' does not say '{why}'");
    }
}

#[test]
fn notation_in_both_forms_and_the_usual_spellings() {
    let p = rules().position(MID_GAME).unwrap();
    let m = p.read_move("a2-b2", Notation::STANDARD).unwrap();
    assert_eq!(p.notate(m, Notation::COORDINATE).unwrap(), "a2b2");
    let take = p.read_move("f1f4", Notation::COORDINATE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.notate(take, Notation::STANDARD).unwrap(), "f1xf4");
    let flip = p.read_move("flip-a1", Notation::STANDARD).unwrap();
    assert_eq!(p.notate(flip, Notation::STANDARD).unwrap(), "a1");
    let mut q = rules().position(MID_GAME).unwrap();
    q.play(flip).unwrap();
    let shown = q.read_move("s@a1", Notation::COORDINATE).unwrap();
    assert_eq!(q.notate(shown, Notation::STANDARD).unwrap(), "s@a1");
}

#[test]
fn every_viewer_sees_the_same_board_and_the_backs_of_face_down_pieces() {
    let rules = rules();
    let p = rules.position(MID_GAME).unwrap();
    assert!(p.is_hidden());
    let truth = p.piece_list().unwrap();
    for viewer in [0, 1, SPECTATOR] {
        assert_eq!(p.view_piece_list(viewer).unwrap(), truth);
        assert_eq!(p.view_string(viewer).unwrap(), MID_GAME);
        assert!(p.hidden_cell_list(viewer).unwrap().is_empty());
    }
    // Each viewer's board drawn from their view alone.
    let (geometry, info) = (rules.board().unwrap(), rules.game_info().unwrap());
    let views: Vec<String> = [0, 1, SPECTATOR]
        .iter()
        .map(|&v| {
            let who = if v == SPECTATOR { "spectator".to_string() } else { format!("seat {v}") };
            format!(
                "view of {who}\n{}",
                tabula_kit::diagram::render(&geometry, &info, &p.view_piece_list(v).unwrap(), &[])
            )
        })
        .collect();
    insta::assert_snapshot!(views.join("\n"));
}

#[test]
fn a_flip_is_one_click_on_the_piece_and_a_move_two() {
    let mut p = rules().position(MID_GAME).unwrap();
    let paths = p.click_path_list().unwrap();
    let flip = p.read_move("a1", Notation::COORDINATE).unwrap();
    let step = p.read_move("a2b2", Notation::COORDINATE).unwrap();
    let path_of = |m| paths.iter().find(|c| c.mv == m).map(|c| c.steps.iter().map(|s| s.to_vec()).collect::<Vec<_>>());
    assert_eq!(path_of(flip), Some(vec![vec![0]]));
    assert_eq!(path_of(step), Some(vec![vec![8], vec![9]]));
    assert_eq!(paths.len(), p.moves().unwrap().len(), "every move has a path");
    p.play(flip).unwrap();
    assert!(p.click_path_list().unwrap().is_empty(), "nobody clicks at a chance node");
}
