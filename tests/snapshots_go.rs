//! Go positions drawn from geometry + stones by the generic renderer: a
//! capture, a ko (with the point superko forbids) and a counted final
//! position (with territory and dead stones from `count_score`).

use rules_api::{HighlightKind, PositionExt, RSlice, RVec, RulesExt};
use tabula_kit::diagram::{diagram_after, render};
use tabula_suite::diagram::{check, load};

fn snapshot(name: &str, description: &str, text: String) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(description);
    settings.bind(|| insta::assert_snapshot!(name, text));
}

#[test]
fn a_stone_surrounded_on_four_sides_is_captured() {
    check("go_capture", "go", &[("size", "5")], "", "B3 C3 D3 A1 C2 A2 C4");
}

#[test]
fn a_ko_forbids_the_immediate_recapture() {
    let rules = load("go", &[("size", "5")]);
    let start = "...../.xo../xo.o./.xo../..... b 0 -";
    let mut text = diagram_after(&rules, start, "C3").unwrap();
    let mut position = rules.position(start).unwrap();
    position.play(position.read_move("C3", rules_api::Notation::COORDINATE).unwrap()).unwrap();
    let geometry = rules.board().unwrap();
    for h in position.highlight_list().unwrap() {
        text.push_str(&format!("forbidden: {} ({})\n", geometry.cells[h.cell as usize].name, h.note));
    }
    text.push_str(&format!("text: {}\n", position.text().unwrap()));
    snapshot("go_ko", &format!("go size 5; start: {start}; moves: C3"), text);
}

#[test]
fn a_finished_game_is_counted_with_its_dead_stones_off() {
    let rules = load("go", &[("size", "7"), ("komi", "7.5")]);
    // Black walls off the left, White the right; a black stone in White's
    // area and a white one in Black's are dead. Two passes ended the game.
    let start = ".x.o.../.x.o.../.x.o.o./ox.o.../.x.o.../.xxo.x./..xo... b 2 -";
    let position = rules.position(start).unwrap();
    let geometry = rules.board().unwrap();
    let cell = |name: &str| geometry.cells.iter().position(|c| c.name.as_str() == name).unwrap() as u16;
    let (mut marks, mut scores) = (RVec::new(), RVec::new());
    let dead = [cell("A4"), cell("F2")];
    let status = position.count_score(RSlice::from_slice(&dead), &mut marks, &mut scores).into_result().unwrap();
    let info = rules.game_info().unwrap();
    let mut text = render(&geometry, &info, &position.piece_list().unwrap(), &[]);
    // The same board with territory (b, w) and dead stones (x, o lowercase
    // become +) written over it.
    let mut owners = vec!['.'; geometry.cells.len()];
    for p in position.piece_list().unwrap() {
        owners[p.cell as usize] = if p.owner == 0 { 'X' } else { 'O' };
    }
    for h in marks.iter() {
        match h.kind {
            HighlightKind::TERRITORY if owners[h.cell as usize] == '.' => {
                owners[h.cell as usize] = if h.player == 0 { 'b' } else { 'w' }
            }
            HighlightKind::DEAD => owners[h.cell as usize] = '+',
            _ => {}
        }
    }
    text.push_str("count (b/w territory, + dead):\n");
    for row in 0..7 {
        let line: String = (0..7).map(|file| owners[(6 - row) * 7 + file]).collect();
        text.push_str(&format!("  {line}\n"));
    }
    text.push_str(&format!(
        "black {}, white {} (komi 7.5): {}\n",
        scores[0].points,
        scores[1].points,
        tabula_kit::diagram::describe_status(&status, &info)
    ));
    snapshot("go_counted", &format!("go size 7; position: {start}; dead: A4 F2"), text);
}
