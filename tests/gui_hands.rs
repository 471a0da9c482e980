//! Pieces in hand in the real window: a crazyhouse game (the variants
//! plugin) resumed after a capture shows White's pawn beside the board; a
//! click on it and a click on a square drop it, and the window plays
//! `P@e6`. The GUI runs under Xvfb through the suite's window harness;
//! missing tools fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use tabula_suite::window::{artifact, tabula_binary, tools_present, Window};

#[test]
fn a_piece_in_hand_is_clicked_then_dropped_on_a_square() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("crazyhouse.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"crazyhouse\"\n\n\
         [[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n\n\
         [record]\nmoves = [\"e2e4\", \"d7d5\", \"e4d5\", \"g8f6\"]\n",
    )
    .unwrap();
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let first = gui.layout("the game replayed", |v| v["moves"].as_array().is_some_and(|m| m.len() == 4));
    // The pawn (type 0 in crazyhouse.toml) White took on d5, beside the board.
    let pawn = &first["buttons"]["hand0"];
    assert!(pawn.is_array(), "White's pawn in hand is not offered: {first}");
    let (h8, h1) = (&first["cells"]["h8"], &first["cells"]["h1"]);
    let (px, py) = (pawn[0].as_f64().unwrap(), pawn[1].as_f64().unwrap());
    assert!(px > h1[0].as_f64().unwrap(), "the hand is right of the board: {pawn} vs h1 {h1}");
    assert!(py > h8[1].as_f64().unwrap() && py <= h1[1].as_f64().unwrap() + 50.0, "at White's side: {pawn}");
    gui.click_at(pawn);
    gui.click_at(&first["cells"]["e6"]);
    let after = gui.layout("the drop", |v| v["moves"].as_array().is_some_and(|m| m.len() == 5));
    assert_eq!(after["moves"][4], "P@e6", "{after}");
    assert!(after["buttons"]["hand0"].is_null(), "the hand is empty and Black is to move: {after}");
    gui.screenshot(&artifact("gui-hands.png"));
}
