use super::*;

/// A `w`×`h` grid numbered from the bottom-left, rows upwards (as the
/// chess plugin numbers a1 = 0), y growing down the screen.
fn grid(w: usize, h: usize) -> Vec<(f32, f32, u16)> {
    (0..w * h).map(|i| ((i % w) as f32, (h - 1 - i / w) as f32, 0)).collect()
}

fn letters(pairs: &[(&str, &str)]) -> Vec<Vec<String>> {
    pairs.iter().map(|(a, b)| vec![a.to_string(), b.to_string()]).collect()
}

fn sample(text: &str, pieces: &[(u16, u8, u16)], side: u8) -> Sample {
    Sample { text: text.into(), pieces: pieces.to_vec(), side, hands: Vec::new() }
}

/// A 4×4 chess-like game: kings (0) and rooks (1), digits for empty runs.
fn mini_chess() -> Codec {
    let samples = [
        sample("k3/4/4/R2K w - 0", &[(0, 0, 1), (3, 0, 0), (12, 1, 0)], 0),
        sample("k3/4/R3/3K b - 1", &[(4, 0, 1), (3, 0, 0), (12, 1, 0)], 1),
    ];
    Codec::learn(&samples, &grid(4, 4), letters(&[("K", "k"), ("R", "r")])).expect("a codec")
}

#[test]
fn a_fen_like_board_is_learned_and_written() {
    let codec = mini_chess();
    assert!(codec.has_side() && !codec.has_hands());
    let mut board = Board::empty(16);
    board.cells[1] = Some((0, 0));
    board.cells[14] = Some((1, 0));
    board.cells[5] = Some((1, 1));
    assert_eq!(codec.write(&board, 1, "k3/4/R3/3K w - 0"), "2k1/4/1r2/1K2 b - 0");
    assert_eq!(codec.read("2k1/4/1r2/1K2 b - 0"), Some(board));
    assert_eq!(codec.side_of("2k1/4/1r2/1K2 b - 0"), Some(1));
    assert_eq!(codec.read("2k1/4/1r2/1K w"), None, "a row short is no board");
}

#[test]
fn a_board_of_empty_marks_keeps_them_and_its_side_words() {
    let cells = grid(3, 3);
    let samples = [
        sample(".../.../... x", &[], 0),
        sample(".../.../X.. o", &[(0, 0, 0)], 1),
        sample(".../.../XO. x", &[(0, 0, 0), (1, 1, 0)], 0),
    ];
    let codec = Codec::learn(&samples, &cells, letters(&[("X", "O")])).expect("a codec");
    let mut board = Board::empty(9);
    board.cells[4] = Some((1, 0));
    board.cells[8] = Some((0, 0));
    assert_eq!(codec.write(&board, 1, ".../.../... x"), "..X/.O./... o");
}

#[test]
fn the_order_is_what_the_pieces_show_not_the_first_guess() {
    // The same pieces written with the top row last: only the
    // bottom-up order reads these texts as the plugin listed them.
    let samples = [sample("R2K/4/4/k3 w", &[(0, 0, 1), (3, 0, 0), (12, 1, 0)], 0)];
    let codec = Codec::learn(&samples, &grid(4, 4), letters(&[("K", "k"), ("R", "r")])).expect("a codec");
    let mut board = Board::empty(16);
    board.cells[15] = Some((1, 1));
    assert_eq!(codec.write(&board, 0, "R2K/4/4/k3 w"), "4/4/4/3r w");
}

#[test]
fn hands_in_brackets_are_counted_per_owner_and_kind() {
    let samples = [sample("k3/4/4/3K[] w", &[(3, 0, 0), (12, 1, 0)], 0)];
    let codec = Codec::learn(&samples, &grid(4, 4), letters(&[("K", "k"), ("P", "p")])).expect("a codec");
    assert!(codec.has_hands());
    let mut board = codec.read("k3/4/4/3K[] w").expect("reads");
    board.change_hand(1, 1, 2);
    board.change_hand(0, 1, 1);
    let text = codec.write(&board, 0, "k3/4/4/3K[] w");
    assert_eq!(text, "k3/4/4/3K[Ppp] w");
    assert_eq!(codec.read(&text).map(|b| b.hands), Some(vec![(0, 1, 1), (1, 1, 2)]));
}

#[test]
fn texts_that_do_not_list_cells_get_no_codec() {
    // A list of numbered squares (draughts' FEN) and stacked pieces.
    let samples = [sample("W:W3,4:B1", &[(2, 0, 0), (3, 0, 0), (0, 1, 0)], 0)];
    assert_eq!(Codec::learn(&samples, &grid(2, 2), letters(&[("W", "B")])), None);
    let stacked = [sample("XX.. x", &[(0, 0, 0), (0, 0, 0)], 0)];
    assert_eq!(Codec::learn(&stacked, &grid(2, 2), letters(&[("X", "O")])), None);
}

#[test]
fn a_side_field_needs_a_different_word_per_side() {
    // The move number is the same for both sides: not the side field.
    let samples = [sample(". . 1", &[], 0), sample(". . 1", &[], 1)];
    assert_eq!(side_field(&samples, 0), None);
    let samples = [sample(". w 1", &[], 0), sample(". b 1", &[], 1), sample(". w 2", &[], 0)];
    assert_eq!(side_field(&samples, 0), Some((1, vec![Some("w".into()), Some("b".into())])));
}
