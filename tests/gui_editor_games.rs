//! The board editor's text format, learned for every installed game (no
//! window): which games clicks can edit, that the learned format writes
//! back every sample position exactly as the plugin wrote it, and that an
//! edit by clicks is either read by the plugin as clicked or refused with
//! the plugin's own reason, never read as some other board.

use std::sync::Arc;

use tabula_core::plugins::{available_names, find_plugin, PluginDirs};
use tabula_gui::editor::{samples, Board, Codec, Editor, EditorAction, Tool};

/// The games (with options) whose board clicks can write; the others are
/// edited as text: numbered squares (draughts), stacked pieces and dice
/// (ludo, backgammon), pits of seeds (oware), pieces off the board in the
/// set-up tray (stratego), marks whose case tells what a player saw
/// (phantom tic-tac-toe), attack boards in a field of their own (tri-D chess).
const CLICKABLE: &[&str] = &[
    "amazons",
    "banqi",
    "chess",
    "connectfour",
    "darkchess",
    "go",
    "gomoku",
    "hex",
    "kriegspiel",
    "morris",
    "othello",
    "phantomgo",
    "raumschach",
    "tictactoe",
    "variants",
    "variants:crazyhouse",
    "variants:shogi",
    "xiangqi",
];

fn rules(name: &str) -> Arc<rules_api::RulesBox> {
    let (plugin, variant) = name.split_once(':').map_or((name, None), |(p, v)| (p, Some(v)));
    let loaded = find_plugin(plugin, rules_api::PluginKind::RULES, &PluginDirs::new([]))
        .unwrap_or_else(|e| panic!("{e}\n(build the plugins first: cargo build --release --workspace)"));
    let options: Vec<(String, String)> = variant.map(|v| vec![("variant".into(), v.into())]).unwrap_or_default();
    Arc::new(loaded.new_rules(&options).expect("the rules"))
}

fn start_text(rules: &rules_api::RulesBox) -> String {
    let start = rules.start_position().into_result().expect("a start position");
    start.to_text().into_result().expect("its text").to_string()
}

fn games() -> Vec<String> {
    let mut names = available_names(rules_api::PluginKind::RULES, &PluginDirs::new([]));
    names.extend(["variants:crazyhouse".to_string(), "variants:shogi".to_string()]);
    names.sort();
    names
}

#[test]
fn clicks_edit_the_games_whose_text_lists_the_board_cell_by_cell() {
    let clickable: Vec<String> = games()
        .into_iter()
        .filter(|g| {
            let rules = rules(g);
            Editor::open(Arc::clone(&rules), &start_text(&rules)).expect("the editor opens").clickable()
        })
        .collect();
    assert_eq!(clickable, CLICKABLE, "the games clicks can edit");
}

#[test]
fn every_sample_position_is_written_back_as_the_plugin_wrote_it() {
    for game in CLICKABLE {
        let rules = rules(game);
        let (info, geometry, shape) = tabula_core::boundary::describe(&rules).expect("described");
        let start = rules.start_position().into_result().expect("a start position");
        let cells: Vec<(f32, f32, u16)> = geometry.cells.iter().map(|c| (c.x, c.y, c.layer)).collect();
        let letters = info.piece_types.iter().map(|t| t.letters.iter().map(|l| l.to_string()).collect()).collect();
        let seen = samples(&start, &shape);
        let codec = Codec::learn(&seen, &cells, letters).expect("a codec");
        for s in &seen {
            let board = codec.read(&s.text).unwrap_or_else(|| panic!("{game}: '{}' does not read", s.text));
            assert_eq!(codec.write(&board, s.side, &s.text), s.text, "{game}: written back");
            let position = rules.position_from_text(s.text.as_str().into()).into_result().expect("the plugin's text");
            let read = Board::of(&position, &shape).expect("its pieces");
            assert_eq!(read.cells, board.cells, "{game}: '{}'", s.text);
            if codec.has_hands() {
                assert_eq!(read.hands, board.hands, "{game}: '{}'", s.text);
            }
        }
    }
}

/// Whether the editor's position is accepted; either way the board is
/// the one clicked (`want`), and an accepted one raises no remark.
fn read_as_clicked(game: &str, editor: &Editor, want: &Board) -> bool {
    assert_eq!(editor.board().cells, want.cells, "{game}: read as clicked: '{}'", editor.text.text());
    match editor.error() {
        None => {
            assert!(editor.note.is_none(), "{game}: {:?}", editor.note);
            true
        }
        Some(e) => {
            assert!(!e.is_empty(), "{game}: a refusal says why");
            false
        }
    }
}

#[test]
fn a_click_is_read_as_clicked_or_refused_in_the_plugins_words() {
    for game in CLICKABLE {
        let rules = rules(game);
        let start = start_text(&rules);
        let mut editor = Editor::open(Arc::clone(&rules), &start).expect("the editor opens");
        assert!(editor.error().is_none(), "{game}: the start is legal");
        let cells = editor.board().cells.len() as u16;
        let palette = editor.palette();
        let players = editor.info().players.len() as u8;
        let mut accepted = 0;
        // Every cell emptied (where a piece stands) or given a piece, then
        // (if refused) each side to move tried, as counts may call for.
        for cell in 0..cells {
            editor.act(&EditorAction::Start);
            let mut want = editor.board().clone();
            let placed = match want.cells[cell as usize] {
                Some(_) => None,
                None => Some(palette[cell as usize % palette.len()]),
            };
            want.cells[cell as usize] = placed;
            if let Some((owner, kind)) = placed {
                editor.act(&EditorAction::Tool(Tool::Place(owner, kind)));
            }
            editor.click(cell, placed.is_none());
            let mut ok = read_as_clicked(game, &editor, &want);
            // A piece placed may have to come from its owner's hand.
            if !ok && placed.is_some() && editor.can_hold() {
                editor.act(&EditorAction::Hand(-1));
                ok = read_as_clicked(game, &editor, &want);
            }
            let sides = if editor.side_choosable() { players } else { 0 };
            for side in 0..sides {
                if ok {
                    break;
                }
                editor.act(&EditorAction::Side(side));
                ok = read_as_clicked(game, &editor, &want);
                assert!(!ok || editor.side() == side, "{game}: side {side} chosen");
            }
            accepted += usize::from(ok);
        }
        // Banqi counts all 32 pieces as face down, face up or captured:
        // one taken off the full start board is never a position.
        if *game != "banqi" {
            assert!(accepted > 0, "{game}: no click was accepted");
        }
    }
}

#[test]
fn the_side_to_move_and_the_hands_are_written_where_the_text_holds_them() {
    let rules = rules("variants:crazyhouse");
    let mut editor = Editor::open(Arc::clone(&rules), &start_text(&rules)).expect("the editor opens");
    assert!(editor.has_hands() && editor.side_choosable());
    editor.act(&EditorAction::Tool(Tool::Place(1, 0)));
    editor.act(&EditorAction::Hand(1));
    editor.act(&EditorAction::Hand(1));
    editor.act(&EditorAction::Side(1));
    assert_eq!(editor.text.text(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[pp] b KQkq - 0 1");
    assert_eq!(editor.error(), None);
    assert_eq!(editor.board().hands, vec![(1, 0, 2)]);
    assert_eq!(editor.side(), 1);
    editor.act(&EditorAction::Hand(-1));
    assert_eq!(editor.board().hands, vec![(1, 0, 1)]);
}

#[test]
fn stones_in_hand_are_counted_in_their_own_fields() {
    let rules = rules("morris");
    let mut editor = Editor::open(Arc::clone(&rules), &start_text(&rules)).expect("the editor opens");
    assert!(editor.has_hands());
    assert_eq!(editor.board().hands, vec![(0, 0, 9), (1, 0, 9)]);
    editor.act(&EditorAction::Tool(Tool::Place(0, 0)));
    editor.click(0, false);
    assert!(editor.error().is_some(), "a tenth white stone is refused");
    editor.act(&EditorAction::Hand(-1));
    editor.act(&EditorAction::Side(1));
    assert_eq!(editor.text.text(), ".../.../.../....../.../.../w.. b 8 9 0");
    assert_eq!(editor.error(), None);
}

#[test]
fn a_game_clicks_cannot_write_is_edited_as_text() {
    let rules = rules("draughts");
    let start = start_text(&rules);
    let mut editor = Editor::open(Arc::clone(&rules), &start).expect("the editor opens");
    assert!(!editor.clickable());
    editor.click(0, true);
    assert!(editor.note.is_some(), "a click says the text must be edited");
    assert_eq!(editor.text.text(), start);
    editor.set_text("W:W31:B1");
    assert_eq!(editor.error(), None, "a position typed as text");
    assert_eq!(editor.pieces().len(), 2);
    editor.set_text("W:W31:B1:X");
    assert!(editor.error().is_some_and(|e| !e.is_empty()), "the plugin's refusal is kept");
}
