//! The games of rules-api 0.2.1 in the real window, played as a person
//! plays them: the window (`tabula play`) runs under Xvfb and is clicked
//! with xdotool on the cells its layout dump names, with no knowledge of
//! the games beyond their cell names. Moves of several clicks, dice rolled
//! by the host, boards that change, three to six players. Screenshots land
//! in `target/test-artifacts/` (look at them).
//!
//! Missing tools fail the tests unless `TABULA_SKIP_GUI_E2E=1`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde_json::Value;
use tabula_suite::window::{artifact, names, tabula_binary, tools_present, Window};

/// The window tests share two cores with everything else: one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A config for `rules` with `options`, one player per entry of `seats`
/// (`human`, or a computer level), and `extra` TOML after it.
fn config(dir: &Path, rules: &str, options: &[(&str, &str)], seats: &[&str], extra: &str) -> PathBuf {
    let mut text = format!("[game]\nrules = \"{rules}\"\n[game.options]\n");
    for (k, v) in options {
        text.push_str(&format!("{k} = \"{v}\"\n"));
    }
    for (i, seat) in seats.iter().enumerate() {
        text.push_str(&format!("\n[[players]]\nname = \"P{}\"\n", i + 1));
        match *seat {
            "human" => text.push_str("kind = \"human\"\n"),
            level => text.push_str(&format!("kind = \"ai\"\nlevel = \"{level}\"\ntime_ms = 100\n")),
        }
    }
    text.push_str(extra);
    let path = dir.join(format!("{rules}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .map(|m| m.iter().map(|x| x.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

/// Clicks the cell named `name` in the latest layout.
fn click_cell(gui: &mut Window, name: &str) {
    let v = gui.layout(&format!("the cell {name}"), |v| v["cells"][name].is_array());
    gui.click_at(&v["cells"][name]);
}

/// Plays some legal move by clicks alone: a cell where a move begins,
/// then a cell the window offers next, until the move is made (the first
/// choice when the window asks which move). Returns the moves after it.
fn play_by_clicks(gui: &mut Window, pick: usize) -> Vec<String> {
    let before = moves(&gui.layout("a person to move", |v| !names(v, "starts").is_empty())).len();
    let starts = names(&gui.layout("the starts", |_| true), "starts");
    click_cell(gui, &starts[pick % starts.len()]);
    for _ in 0..40 {
        let v = gui.layout("the next cells or the move", |v| {
            moves(v).len() > before || !names(v, "targets").is_empty() || v["dialog"] == "choose"
        });
        if moves(&v).len() > before {
            return moves(&v);
        }
        if v["dialog"] == "choose" {
            let first =
                v["regions"].as_array().unwrap().iter().find(|r| r[0].as_str().unwrap_or("").starts_with("ChooseMove"));
            gui.click(first.unwrap()[1].as_f64().unwrap(), first.unwrap()[2].as_f64().unwrap());
            continue;
        }
        let clicked = names(&v, "clicked").len();
        click_cell(gui, &names(&v, "targets")[0]);
        gui.layout("the click taken", |w| names(w, "clicked").len() != clicked || moves(w).len() > before);
    }
    panic!("no move after 40 clicks");
}

#[test]
fn connect_four_is_won_by_clicking_the_top_cell_of_a_column() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path(), "connectfour", &[], &["human", "human"], "");
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    // Red drops four discs in column a, Yellow three in column b: every
    // click is on the top cell, the discs fall to the bottom.
    for (k, top) in ["a6", "b6", "a6", "b6", "a6", "b6", "a6"].iter().enumerate() {
        click_cell(&mut gui, top);
        gui.layout(&format!("disc {}", k + 1), |v| moves(v).len() == k + 1);
    }
    let v = gui.layout("the win", |v| v["over"] == true);
    assert_eq!(moves(&v), ["1", "2", "1", "2", "1", "2", "1"], "the columns clicked");
    let mut discs: Vec<(String, u64)> =
        v["pieces"].as_object().unwrap().iter().map(|(c, p)| (c.clone(), p[0].as_u64().unwrap())).collect();
    discs.sort();
    let fell: Vec<(String, u64)> = ["a1", "a2", "a3", "a4", "b1", "b2", "b3"]
        .iter()
        .zip([0, 0, 0, 0, 1, 1, 1])
        .map(|(c, o)| (c.to_string(), o))
        .collect();
    assert_eq!(discs, fell, "each disc fell to the lowest free cell of its column");
    let status = v["status"].as_str().unwrap();
    assert!(status.contains("Red wins"), "{status}");
    gui.screenshot(&artifact("gui-connect-four-won.png"));
}

#[test]
fn escape_and_a_right_click_back_out_of_a_half_made_amazons_move() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path(), "amazons", &[], &["human", "human"], "");
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    // The amazon on d1, her target d7: the arrow's squares are offered.
    click_cell(&mut gui, "d1");
    let v = gui.layout("the amazon picked up", |v| names(v, "clicked") == ["d1"]);
    assert!(names(&v, "targets").contains(&"d7".to_string()), "{v}");
    click_cell(&mut gui, "d7");
    let v = gui.layout("the target", |v| names(v, "clicked") == ["d1", "d7"]);
    let arrows = names(&v, "targets");
    assert!(arrows.contains(&"g7".to_string()) && arrows.contains(&"d1".to_string()), "arrows from d7: {arrows:?}");
    gui.screenshot(&artifact("gui-amazons-half-made.png"));
    gui.key("Escape");
    let v = gui.layout("one click backed out", |v| names(v, "clicked") == ["d1"]);
    assert!(names(&v, "targets").contains(&"d7".to_string()), "the amazon's targets again: {v}");
    gui.xdotool(&["click", "3"]);
    let v = gui.layout("the right click backs out the last click", |v| names(v, "clicked").is_empty());
    assert!(moves(&v).is_empty() && v["view"].is_null(), "nothing played: {v}");
    // The whole move: amazon, target, arrow.
    for cell in ["d1", "d7", "g7"] {
        click_cell(&mut gui, cell);
    }
    let v = gui.layout("the move", |v| moves(v).len() == 1);
    assert_eq!(moves(&v), ["d1d7g7"]);
}

#[test]
fn six_people_play_chinese_checkers_at_one_table() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path(), "chinesecheckers", &[("players", "6")], &["human"; 6], "");
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let v = gui.layout("six seats", |v| v["seats"].as_array().is_some_and(|s| s.len() == 6));
    let sides: Vec<&str> = v["seats"].as_array().unwrap().iter().map(|s| s[1].as_str().unwrap()).collect();
    assert_eq!(sides.len(), 6, "{sides:?}");
    // Two rounds: every player moves a marble twice, each by clicks, the
    // turn passing round the table.
    for k in 0..12 {
        let to_move = gui.layout("the next player", |_| true)["to_move"].as_u64().unwrap();
        assert_eq!(to_move, k % 6, "the turn goes round the table");
        let played = play_by_clicks(&mut gui, k as usize);
        assert_eq!(played.len(), k as usize + 1);
    }
    let v = gui.layout("twelve moves", |v| moves(v).len() == 12);
    assert_eq!(v["to_move"], 0, "back to the first player");
    gui.screenshot(&artifact("gui-chinese-checkers-six.png"));
}

#[test]
fn a_draughts_capture_of_two_pieces_is_clicked_landing_by_landing() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // International draughts: White's man on 32 must take 27 and 17,
    // landing on 21 and then 12.
    let start = "[record]\nstart = \"W:W32,45:B27,17,5\"\nmoves = []\n";
    let config = config(dir.path(), "draughts", &[], &["human", "human"], start);
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let v = gui.layout("the position", |v| v["pieces"]["27"].is_array());
    assert_eq!(names(&v, "starts"), ["32"], "the capture is compulsory: only 32 can move");
    click_cell(&mut gui, "32");
    let v = gui.layout("the man picked up", |v| names(v, "clicked") == ["32"]);
    assert_eq!(names(&v, "targets"), ["21"], "the first landing");
    click_cell(&mut gui, "21");
    let v = gui.layout("the first landing", |v| names(v, "clicked") == ["32", "21"]);
    assert_eq!(names(&v, "targets"), ["12"], "the second landing");
    assert!(v["pieces"]["27"].is_array(), "nothing is taken before the move is made");
    gui.screenshot(&artifact("gui-draughts-first-landing.png"));
    click_cell(&mut gui, "12");
    let v = gui.layout("the capture", |v| moves(v).len() == 1);
    let pieces = v["pieces"].as_object().unwrap();
    assert!(pieces.contains_key("12") && !pieces.contains_key("32"), "the man stands on 12: {pieces:?}");
    assert!(!pieces.contains_key("27") && !pieces.contains_key("17"), "both men are taken: {pieces:?}");
    assert!(moves(&v)[0].contains("32") && moves(&v)[0].contains("12"), "{:?}", moves(&v));
    gui.screenshot(&artifact("gui-draughts-double-capture.png"));
}

#[test]
fn a_tri_dimensional_chess_attack_board_moves_and_its_squares_with_it() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // White's empty queen's-side board at QL3, free to move (Roth's path B position).
    let start = "[record]\nstart = \"4/4/P3/R3|p3/4/4/P3|4/4/4/4 QL3w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2 w - - - 0 1\"\n";
    let config = config(dir.path(), "tridchess", &[], &["human", "human"], start);
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let v = gui.layout("the board moves under the board", |v| !names(v, "off_board").is_empty());
    // An attack board's move names the places it leaves and reaches (`QL1-QL3`).
    let label = names(&v, "off_board").into_iter().find(|l| l == "QL3-QL1").expect("the board's move to QL1");
    let (from, to) = label.split_once('-').unwrap();
    let to = to.split('=').next().unwrap().to_string();
    let shown = |v: &Value, place: &str| v["cells"].as_object().unwrap().keys().filter(|c| c.ends_with(place)).count();
    assert_eq!((shown(&v, from), shown(&v, &to)), (4, 0), "{label}: the board's four squares stand at {from}");
    let button = format!("move:{label}");
    if !v["buttons"][&button].is_array() {
        gui.click_at(&v["buttons"]["more-moves"]);
    }
    let v = gui.layout("the board move offered", |v| v["buttons"][&button].is_array());
    gui.click_at(&v["buttons"][&button]);
    let v = gui.layout("the board moved", |v| moves(v).len() == 1);
    assert_eq!(moves(&v), std::slice::from_ref(&label));
    assert_eq!((shown(&v, from), shown(&v, &to)), (0, 4), "{label}: its squares moved with it");
    gui.screenshot(&artifact("gui-tridchess-board-moved.png"));
}

#[test]
fn the_new_game_dialog_offers_a_seat_per_player_as_the_players_option_says() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path(), "chess", &[], &["human", "human"], "");
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let v = gui.layout("the panel", |v| v["buttons"]["new"].is_array());
    gui.click_at(&v["buttons"]["new"]);
    let v = gui.layout("the New game dialog", |v| v["dialog"] == "new");
    let game = &v["buttons"]["game:chinesecheckers"];
    assert!(game.is_array(), "Chinese checkers is offered: {v}");
    gui.click_at(game);
    let v = gui.layout("its options", |v| v["buttons"]["option:players=4"].is_array());
    assert_eq!(v["form"]["seats"].as_array().unwrap().len(), 2, "two players by default");
    gui.click_at(&v["buttons"]["option:players=4"]);
    let v = gui.layout("four seats", |v| v["form"]["seats"].as_array().is_some_and(|s| s.len() == 4));
    gui.screenshot(&artifact("gui-new-game-four-seats.png"));
    // Everybody at the table: each seat a person.
    for seat in 1..4 {
        gui.click_at(&v["buttons"][format!("seat:{seat}=person")]);
    }
    let v = gui
        .layout("four people", |v| v["form"]["seats"] == serde_json::json!(["person", "person", "person", "person"]));
    gui.click_at(&v["buttons"]["start"]);
    let v =
        gui.layout("the game of four", |v| v["dialog"] == "" && v["seats"].as_array().is_some_and(|s| s.len() == 4));
    let seats: Vec<&str> = v["seats"].as_array().unwrap().iter().map(|s| s[0].as_str().unwrap()).collect();
    assert_eq!(seats, ["Player 1", "Player 2", "Player 3", "Player 4"]);
    assert!(!names(&v, "starts").is_empty(), "a person is to move");
}

/// The dice on the board: the kinds of the pieces on `die-1` and `die-2`
/// (a die showing n is kind n).
fn dice(v: &Value) -> Vec<u64> {
    ["die-1", "die-2"].iter().filter_map(|c| v["pieces"][c].as_array().map(|p| p[1].as_u64().unwrap())).collect()
}

#[test]
fn backgammon_against_the_computer_shows_the_dice_and_moves_checkers_by_clicks() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The dice come from the game's seed, fixed here so the test sees the
    // same rolls every time; nobody rolls by hand.
    let record = "[record]\nseed = 28\n";
    let config = config(dir.path(), "backgammon", &[], &["human", "easy"], record);
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let mut first: Option<(Vec<String>, Vec<u64>)> = None;
    for turn in 0..2 {
        let mut v = gui.layout("White to play the dice", |v| v["to_move"] == 0 && !names(v, "starts").is_empty());
        if let Some((list, shown)) = &first {
            // Undo takes back the computer's play and White's with the
            // rolls after them: White faces the same dice again (no new
            // roll to fish for); redo brings the game back.
            let now = moves(&v);
            gui.click_at(&v["buttons"]["undo"]);
            let back = gui.layout("undone", |v| moves(v) == *list);
            assert_eq!(dice(&back), *shown, "the same dice after the undo");
            gui.click_at(&back["buttons"]["redo"]);
            v = gui.layout("redone", |v| moves(v) == now);
        }
        let shown = dice(&v);
        assert_eq!(shown.len(), 2, "two dice on the board: {v}");
        assert!(shown.iter().all(|d| (1..=6).contains(d)), "{shown:?}");
        // The last roll in the move list is the dice on the board.
        let rolled = moves(&v).into_iter().rev().find(|m| m.contains('-') && !m.contains('/')).expect("a roll");
        let faces: Vec<u64> = rolled.rsplit(':').next().unwrap().split('-').map(|d| d.parse().unwrap()).collect();
        let mut sorted = shown.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(faces, sorted, "the roll {rolled} is on the dice");
        if turn == 0 {
            gui.screenshot(&artifact("gui-backgammon-dice.png"));
        }
        let before = moves(&v).len();
        first.get_or_insert_with(|| (moves(&v), shown.clone()));
        // Checker by checker: a point, then where it lands, until the play is made.
        let after = play_by_clicks(&mut gui, turn);
        assert!(after[before].contains('/'), "a play of checkers, then the next roll: {after:?}");
    }
    // The computer has played and rolled in between: its plays are in the list.
    let v = gui.layout("White's third turn", |v| v["to_move"] == 0 && !names(v, "starts").is_empty());
    assert!(moves(&v).len() >= 6, "rolls and plays of both sides: {:?}", moves(&v));
    gui.screenshot(&artifact("gui-backgammon-against-the-computer.png"));
}

#[test]
fn a_morris_mill_is_placed_then_a_man_taken_by_a_second_click() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path(), "morris", &[], &["human", "human"], "");
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    // Placing: one click each, until White's third man closes a1-d1-g1.
    for (k, point) in ["a1", "b2", "d1", "b4"].iter().enumerate() {
        click_cell(&mut gui, point);
        gui.layout(&format!("man {}", k + 1), |v| moves(v).len() == k + 1);
    }
    click_cell(&mut gui, "g1");
    let v = gui.layout("the mill closed, the removal asked", |v| names(v, "clicked") == ["g1"]);
    assert_eq!(moves(&v).len(), 4, "nothing is played before the man to take is clicked");
    let mut victims = names(&v, "targets");
    victims.sort();
    assert_eq!(victims, ["b2", "b4"], "Black's men are offered");
    gui.screenshot(&artifact("gui-morris-mill-removal.png"));
    click_cell(&mut gui, "b4");
    let v = gui.layout("the man taken", |v| moves(v).len() == 5);
    let pieces = v["pieces"].as_object().unwrap();
    assert!(pieces.contains_key("g1") && pieces.contains_key("b2"), "{pieces:?}");
    assert!(!pieces.contains_key("b4"), "the man on b4 is taken: {pieces:?}");
    assert!(moves(&v)[4].contains("g1") && moves(&v)[4].contains("b4"), "{:?}", moves(&v));
}

#[test]
fn othello_and_oware_are_played_by_one_click_with_the_counts_on_the_board() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Othello: Black's d3 turns d4 over.
    let config = config(dir.path(), "othello", &[], &["human", "human"], "");
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let v = gui.layout("the start", |v| !names(v, "starts").is_empty());
    let mut starts = names(&v, "starts");
    starts.sort();
    assert_eq!(starts, ["c4", "d3", "e6", "f5"], "Black's four moves");
    click_cell(&mut gui, "d3");
    let v = gui.layout("the disc placed", |v| moves(v).len() == 1);
    assert_eq!(v["pieces"]["d4"], v["pieces"]["d3"], "d4 is turned to Black's colour");
    drop(gui);
    // Oware (in a directory of its own: no game to resume): a click on a
    // pit sows its four seeds; the counts are written in the pits.
    let dir = tempfile::tempdir().unwrap();
    let config = self::config(dir.path(), "oware", &[], &["human", "human"], "");
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let v = gui.layout("the pits", |v| !names(v, "starts").is_empty() && v["texts"].is_object());
    let pit = names(&v, "starts")[0].clone();
    assert_eq!(v["texts"][&pit], "4", "four seeds in each pit at the start: {v}");
    click_cell(&mut gui, &pit);
    let v = gui.layout("the seeds sown", |v| moves(v).len() == 1);
    assert!(v["texts"][&pit].is_null() || v["texts"][&pit] == "0", "the pit is empty: {}", v["texts"]);
    let fives = v["texts"].as_object().unwrap().values().filter(|t| *t == "5").count();
    assert_eq!(fives, 4, "the next four pits hold five: {}", v["texts"]);
    gui.screenshot(&artifact("gui-oware-sown.png"));
}

#[test]
fn three_players_of_ludo_end_with_each_place_and_points_shown() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Red is home; Blue rolled a 5 and brings its last piece home from
    // field 9 (2nd place); Green, with every piece still waiting, is 3rd.
    let start = "[record]\nstart = \"........b............................... r0xxxx b0xxx. g4.... b 5 1 r\"\n";
    let options = [("players", "3"), ("finish", "all")];
    let config = config(dir.path(), "ludo", &options, &["human"; 3], start);
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    let v = gui.layout("Blue to move", |v| v["to_move"] == 1 && !names(v, "starts").is_empty());
    assert!(v["texts"].as_object().unwrap().values().any(|t| t == "5"), "the die shows 5: {}", v["texts"]);
    assert_eq!(v["seats"].as_array().unwrap().len(), 3, "three seats: {v}");
    let piece = names(&v, "starts");
    assert_eq!(piece.len(), 1, "one piece can move: {piece:?}");
    click_cell(&mut gui, &piece[0]);
    let v = gui.layout("its landing offered", |v| !names(v, "targets").is_empty());
    click_cell(&mut gui, &names(&v, "targets")[0]);
    let v = gui.layout("the end", |v| v["over"] == true && v["dialog"] == "over");
    assert_eq!(moves(&v), ["9-bd"]);
    // Places 1st, 2nd, 3rd score 2, 0 and -2 (n + 1 - 2 x place).
    assert_eq!(v["standings"], serde_json::json!([[1, 2.0], [2, 0.0], [3, -2.0]]), "{v}");
    gui.screenshot(&artifact("gui-ludo-places.png"));
}

#[test]
fn clicks_shared_by_several_moves_ask_which_with_their_standard_notation() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // A pawn on a7: a7 then a8 are the clicks of four promotions.
    let start = "[record]\nstart = \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"\n";
    let config = config(dir.path(), "chess", &[], &["human", "human"], start);
    let mut gui = Window::open(&tabula_binary(), &config, dir.path());
    click_cell(&mut gui, "a7");
    gui.layout("the pawn picked up", |v| names(v, "clicked") == ["a7"]);
    click_cell(&mut gui, "a8");
    let v = gui.layout("the chooser", |v| v["dialog"] == "choose");
    let mut offered: Vec<&str> =
        v["buttons"].as_object().unwrap().keys().filter_map(|k| k.strip_prefix("choose:")).collect();
    offered.sort_unstable();
    assert_eq!(offered, ["a8=B", "a8=N", "a8=Q+", "a8=R+"], "the four promotions in standard notation: {v}");
    assert!(moves(&v).is_empty(), "nothing played before the choice");
    gui.screenshot(&artifact("gui-chooser-promotion.png"));
    gui.click_at(&v["buttons"]["choose:a8=N"]);
    let v = gui.layout("the knight", |v| moves(v).len() == 1);
    assert_eq!(moves(&v), ["a7a8n"]);
}
