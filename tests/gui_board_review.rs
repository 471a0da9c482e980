//! What a player sees on and beside the board, in the real window under
//! Xvfb (issue 25): tic-tac-toe's grid; a resignation taken back by Undo;
//! the pieces taken rewinding while the game is reviewed by the mouse
//! wheel, with the review line; the result card beside the board, not on
//! it (the gomoku line stays in view), with Go's score and margin; Hex
//! drawn the same way for both sides; Latin xiangqi; a hand's empty places.
//! Screenshots go to target/test-artifacts/ (look at them).
//!
//! Like tests/gui_e2e.rs, missing tools fail the test unless
//! `TABULA_SKIP_GUI_E2E=1` asks to skip it.

use serde_json::Value;
use tabula_suite::window::{shot, tabula_binary, tools_present, Window};

/// The window on `config`, in a directory of its own (settings, saves).
fn open(config: &str) -> (tempfile::TempDir, Window) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.toml");
    std::fs::write(&path, config).unwrap();
    let window = Window::open(&tabula_binary(), &path, dir.path());
    (dir, window)
}

fn xy(v: &Value) -> (f64, f64) {
    (v[0].as_f64().unwrap_or_else(|| panic!("not a position: {v}")), v[1].as_f64().unwrap())
}

fn cell(layout: &Value, name: &str) -> (f64, f64) {
    xy(&layout["cells"][name])
}

/// The centre of the topmost (last drawn) click region whose action is
/// `action`: a dialog's button rather than the panel's under it.
fn region(layout: &Value, action: &str) -> Option<(f64, f64)> {
    let regions = layout["regions"].as_array()?;
    regions.iter().rev().find(|r| r[0] == action).map(|r| (r[1].as_f64().unwrap(), r[2].as_f64().unwrap()))
}

/// Where the window's top left corner is on the display (screenshots
/// show the whole display).
fn origin(w: &Window) -> (f64, f64) {
    let shell = w.xdotool(&["getwindowgeometry", "--shell", &w_id(w)]);
    let value = |key: &str| {
        shell.lines().find_map(|l| l.strip_prefix(key)).and_then(|v| v.trim().parse::<f64>().ok()).unwrap_or(0.0)
    };
    (value("X="), value("Y="))
}

/// The right edge of the board: half a cell right of the rightmost centre.
fn board_right(layout: &Value) -> f64 {
    let xs: Vec<f64> = layout["cells"].as_object().unwrap().values().map(|v| xy(v).0).collect();
    let max = xs.iter().cloned().fold(f64::MIN, f64::max);
    let mut sorted = xs.clone();
    sorted.sort_by(f64::total_cmp);
    sorted.dedup();
    let pitch = sorted.windows(2).map(|w| w[1] - w[0]).fold(f64::MAX, f64::min);
    max + pitch / 2.0
}

fn status(layout: &Value) -> String {
    layout["status"].as_str().unwrap_or_default().to_string()
}

const TWO_PEOPLE: &str =
    "[[players]]\nname = \"Ann\"\nkind = \"human\"\n\n[[players]]\nname = \"Bob\"\nkind = \"human\"\n";

#[test]
fn tictactoe_draws_its_grid() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open(&format!("[game]\nrules = \"tictactoe\"\n\n{TWO_PEOPLE}"));
    let first = w.layout("the first layout", |v| v["cells"].get("b2").is_some());
    let path = shot(&w, "gui-tictactoe-grid.png");
    let image = tabula_gui::read_png(&path).expect("the screenshot");
    let (ox, oy) = origin(&w);
    let luma = |(x, y): (f64, f64)| {
        let [r, g, b, _] = image.pixel((x + ox).round() as u32, (y + oy).round() as u32);
        0.299 * r as f64 + 0.587 * g as f64 + 0.114 * b as f64
    };
    let (a1, b1, a2) = (cell(&first, "a1"), cell(&first, "b1"), cell(&first, "a2"));
    // The squares are light paper; between two of them runs a dark line.
    for c in [a1, b1, a2] {
        assert!(luma(c) > 180.0, "a square's middle is light: {} at {c:?}", luma(c));
    }
    let across = ((a1.0 + b1.0) / 2.0, a1.1);
    let up = (a1.0, (a1.1 + a2.1) / 2.0);
    assert!(luma(across) < 100.0, "a line between a1 and b1: {} at {across:?}", luma(across));
    assert!(luma(up) < 100.0, "a line between a1 and a2: {} at {up:?}", luma(up));
    eprintln!("screenshot: {}", path.display());
}

/// A chess game where each side has taken a pawn (White on ply 5, Black
/// on ply 4).
const CAPTURES: &str = "[record]\nmoves = [\"e2e4\", \"d7d5\", \"e4d5\", \"d8d5\", \"b1c3\"]\n";

#[test]
fn a_resignation_is_undone_and_the_wheel_reviews_with_the_pieces_taken_then() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let (_dir, mut w) = open(&format!("[game]\nrules = \"chess\"\n\n{TWO_PEOPLE}\n{CAPTURES}"));
    let first = w.layout("the game replayed", |v| v["moves"].as_array().is_some_and(|m| m.len() == 5));
    assert_eq!(first["captured"], serde_json::json!([[[1, 0]], [[0, 0]]]), "each took a pawn: {first}");
    // Black (to move) resigns through the button and its question.
    let resign = xy(&first["buttons"]["resign"]);
    w.click(resign.0, resign.1);
    let asked = w.layout("the resign question", |v| v["dialog"] == "resign");
    let yes = region(&asked, "Resign").expect("the Resign button");
    w.click(yes.0, yes.1);
    let over = w.layout("the result card", |v| v["dialog"] == "over");
    assert!(over["over"] == true && status(&over).contains("resigned"), "{over}");
    // The card stands beside the board: the board and its last move stay in view.
    let right = board_right(&over);
    for action in ["Undo", "Review", "Replay", "NewGameDialog"] {
        let (x, _) = region(&over, action).unwrap_or_else(|| panic!("no {action} on the card: {over}"));
        assert!(x > right, "the card's {action} at x={x} is on the board (its right edge at {right})");
    }
    let card = shot(&w, "gui-resigned-card.png");
    // Undo takes the resignation back, and only it.
    let undo = region(&over, "Undo").unwrap();
    w.click(undo.0, undo.1);
    let back = w.layout("the game going on", |v| v["over"] == false);
    assert_eq!(back["moves"].as_array().map(Vec::len), Some(5), "no move was taken back: {back}");
    assert!(back["message"].is_null(), "no 'nothing to undo': {back}");
    assert!(status(&back).contains("Black"), "Black to move again: {}", status(&back));
    // Resign again, then review with the wheel over the board while the card is open.
    let resign = xy(&back["buttons"]["resign"]);
    w.click(resign.0, resign.1);
    let asked = w.layout("the resign question again", |v| v["dialog"] == "resign");
    let yes = region(&asked, "Resign").expect("the Resign button");
    w.click(yes.0, yes.1);
    w.layout("the result card again", |v| v["dialog"] == "over");
    let e4 = cell(&first, "e4");
    w.xdotool(&["mousemove", "--window", &w_id(&w), &format!("{}", e4.0), &format!("{}", e4.1)]);
    let mut reviewed = None;
    // A wheel notch may come before the pointer's move is seen: a few.
    for _ in 0..3 {
        w.xdotool(&["click", "4"]);
        reviewed = w.try_wait_for(std::time::Duration::from_secs(5), |line| {
            let v: Value = serde_json::from_str(line.strip_prefix("TABULA_LAYOUT ")?).ok()?;
            (v["view"].as_u64().is_some_and(|p| p < 5)).then_some(v)
        });
        if reviewed.is_some() {
            break;
        }
    }
    let reviewed = reviewed.expect("the wheel over the board steps back");
    assert!(status(&reviewed).starts_with("Reviewing"), "the review line: {}", status(&reviewed));
    assert_eq!(reviewed["dialog"], "", "the card closes for the review: {reviewed}");
    // Back to before White's capture on ply 3: nothing taken by anyone.
    let mut at = reviewed;
    while at["view"].as_u64().unwrap() > 2 {
        let now = at["view"].as_u64().unwrap();
        w.xdotool(&["click", "4"]);
        at = w.layout("one more step back", |v| v["view"].as_u64().is_some_and(|p| p < now));
    }
    assert_eq!(at["captured"], serde_json::json!([[], []]), "nothing taken after two plies: {at}");
    w.xdotool(&["click", "5"]);
    let three = w.layout("ply 3", |v| v["view"] == 3);
    assert_eq!(three["captured"], serde_json::json!([[[1, 0]], []]), "White's pawn taken on ply 3: {three}");
    let review = shot(&w, "gui-review-captured.png");
    eprintln!("screenshots: {} {}", card.display(), review.display());
}

#[test]
fn the_result_card_leaves_the_winning_line_in_view() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let record = "[record]\nmoves = [\"h8\", \"a1\", \"i8\", \"a2\", \"j8\", \"a3\", \"k8\", \"a4\"]\n";
    let (_dir, mut w) = open(&format!("[game]\nrules = \"gomoku\"\n\n{TWO_PEOPLE}\n{record}"));
    let before = w.layout("the game replayed", |v| v["moves"].as_array().is_some_and(|m| m.len() == 8));
    let ahead = shot(&w, "gui-gomoku-before.png");
    let l8 = cell(&before, "l8");
    w.click(l8.0, l8.1);
    let over = w.layout("the result card", |v| v["dialog"] == "over");
    assert!(status(&over).contains("wins"), "{over}");
    let right = board_right(&over);
    for action in ["Undo", "Review", "Replay", "NewGameDialog"] {
        let (x, _) = region(&over, action).unwrap_or_else(|| panic!("no {action} on the card: {over}"));
        assert!(x > right, "the card's {action} at x={x} is on the board (its right edge at {right})");
    }
    let after = shot(&w, "gui-gomoku-won.png");
    // The board is neither covered nor dimmed: far from the line, an empty
    // point looks as it did before the last move.
    let (a, b) = (tabula_gui::read_png(&ahead).unwrap(), tabula_gui::read_png(&after).unwrap());
    let (ox, oy) = origin(&w);
    for name in ["o15", "a15", "o1", "d12"] {
        let (x, y) = cell(&over, name);
        let (x, y) = ((x + ox).round() as u32, (y + oy).round() as u32);
        assert_eq!(a.pixel(x, y), b.pixel(x, y), "{name} changed under the result card");
    }
    eprintln!("screenshot: {}", after.display());
}

/// The window id xdotool knows the window by.
fn w_id(w: &Window) -> String {
    w.xdotool(&["search", "--name", "Tabula"]).lines().next().unwrap_or_default().to_string()
}

#[test]
fn the_go_result_card_gives_the_score_and_the_margin_beside_the_board() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let record = "[record]\nmoves = [\"C3\", \"pass\", \"pass\"]\n";
    let config = format!("[game]\nrules = \"go\"\n[game.options]\nsize = \"9\"\n\n{TWO_PEOPLE}\n{record}");
    let (_dir, mut w) = open(&config);
    let counting = w.layout("the count", |v| v["dialog"] == "count");
    let accept = xy(&counting["buttons"]["accept-count"]);
    w.click(accept.0, accept.1);
    let over = w.layout("the result card", |v| v["dialog"] == "over");
    let lines: Vec<String> = over["card"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect();
    // Black's one stone reaches every point: 81 against White's komi.
    let text = lines.join(" ");
    assert!(text.contains("Black wins"), "{lines:?}");
    assert!(text.contains("81") && text.contains("7.5"), "the score: {lines:?}");
    assert!(text.contains("wins by 73.5 points"), "the margin: {lines:?}");
    let right = board_right(&over);
    let (x, _) = region(&over, "Review").expect("the card's Review");
    assert!(x > right, "the card is beside the board: {x} vs {right}");
    eprintln!("screenshot: {}", shot(&w, "gui-go-result.png").display());
}

#[test]
fn hex_is_drawn_from_the_same_side_for_blue_and_chess_turns_for_black() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    let computer_first = "[[players]]\nname = \"Engine\"\nkind = \"ai\"\nstrategy = \"random\"\n\n\
         [[players]]\nname = \"Tester\"\nkind = \"human\"\n";
    let (_dir, mut w) = open(&format!("[game]\nrules = \"hex\"\n[game.options]\nsize = \"11\"\n\n{computer_first}"));
    let hex = w.layout("the hex board", |v| v["cells"].get("k11").is_some());
    assert_eq!(hex["flipped"], false, "Hex is not turned for Blue: {hex}");
    // Columns a.. run from the left and rows 1.. from the top, as printed.
    let (a1, k1, a11) = (cell(&hex, "a1"), cell(&hex, "k1"), cell(&hex, "a11"));
    assert!(a1.0 < k1.0 && a1.1 < a11.1, "a1 {a1:?}, k1 {k1:?}, a11 {a11:?}");
    let hex_shot = shot(&w, "gui-hex-blue.png");
    drop(w);
    let (_dir, mut w) = open(&format!("[game]\nrules = \"chess\"\n\n{computer_first}"));
    let chess = w.layout("the chess board", |v| v["cells"].get("e4").is_some());
    assert_eq!(chess["flipped"], true, "chess is turned for Black: {chess}");
    eprintln!("screenshot: {}", hex_shot.display());
}

#[test]
fn latin_xiangqi_and_the_empty_places_of_a_hand() {
    if !tools_present(&tabula_xvfb::WINDOW_TOOLS) {
        return;
    }
    // Latin pieces with Latin file numbers (the plugin's tests pin them).
    let (_dir, mut w) =
        open(&format!("[game]\nrules = \"xiangqi\"\n[game.options]\npieces = \"latin\"\n\n{TWO_PEOPLE}"));
    w.layout("the xiangqi board", |v| v["cells"].get("e0").is_some());
    let xiangqi = shot(&w, "gui-xiangqi-latin.png");
    drop(w);
    let config = format!(
        "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"crazyhouse\"\n\n{TWO_PEOPLE}\n\
         [record]\nmoves = [\"e2e4\", \"d7d5\", \"e4d5\", \"g8f6\"]\n"
    );
    let (_dir, mut w) = open(&config);
    let first = w.layout("the game replayed", |v| v["moves"].as_array().is_some_and(|m| m.len() == 4));
    let path = shot(&w, "gui-crazyhouse-hands.png");
    let image = tabula_gui::read_png(&path).expect("the screenshot");
    let (ox, oy) = origin(&w);
    // Black's hand is empty. Its first place is beside h8 (hands.rs: ten
    // places share the eight squares' height, so 0.8 of a square apart,
    // the strip's middle 1.05 squares right of h8's and the first place
    // 0.1 of a square above it), drawn as an outline of a piece's size
    // (0.27 of a square) with its symbol, not as a dot (0.08).
    let (g8, h8) = (cell(&first, "g8"), cell(&first, "h8"));
    let pitch = h8.0 - g8.0;
    let (cx, cy) = (h8.0 + 1.05 * pitch + ox, h8.1 - 0.1 * pitch + oy);
    let light = |x: f64, y: f64| {
        let [r, g, b, _] = image.pixel(x.round() as u32, y.round() as u32);
        0.299 * r as f64 + 0.587 * g as f64 + 0.114 * b as f64 > 70.0
    };
    let ring = (0..72).filter(|k| {
        let a = *k as f64 * std::f64::consts::PI / 36.0;
        (0.22..0.31).any_step(|f| light(cx + f * pitch * a.cos(), cy + f * pitch * a.sin()))
    });
    assert!(ring.count() > 40, "an outline around the empty place at ({cx}, {cy})");
    eprintln!("screenshots: {} {}", xiangqi.display(), path.display());
}

/// Whether `pick` holds somewhere in the range, in steps of a hundredth.
trait AnyStep {
    fn any_step(self, pick: impl Fn(f64) -> bool) -> bool;
}

impl AnyStep for std::ops::Range<f64> {
    fn any_step(self, pick: impl Fn(f64) -> bool) -> bool {
        let steps = ((self.end - self.start) / 0.01).ceil() as usize;
        (0..=steps).any(|i| pick(self.start + i as f64 * 0.01))
    }
}
