//! The grid builders: indices, names, colours, lines, labels and layers.

use rules_api::{CellShape, Rgba};
use tabula_kit::grid::{CellOrder, Coordinates, Edge, Grid, Layered};

#[test]
fn indices_files_ranks_and_names_agree_in_both_orders() {
    for order in [CellOrder::BottomUp, CellOrder::TopDown] {
        let grid = Grid::points(9, 10).order(order);
        let geometry = grid.build();
        for index in 0..grid.len() as u16 {
            let (file, rank) = grid.file_rank(index);
            assert_eq!(grid.index(file, rank), index);
            let cell = &geometry.cells[index as usize];
            assert_eq!(cell.name.as_str(), grid.name(file, rank));
            assert_eq!(grid.parse(cell.name.as_str()), Some(index));
            assert_eq!((cell.x, cell.y), (file as f32, 9.0 - rank as f32));
        }
    }
    let top_down = Grid::points(15, 15).order(CellOrder::TopDown);
    assert_eq!(top_down.index(7, 7), 7 * 15 + 7);
    assert_eq!(top_down.name(0, 14), "a15");
    assert_eq!(top_down.file_rank(0), (0, 14));
}

#[test]
fn names_follow_the_chosen_coordinates() {
    let go = Grid::points(19, 19).coordinates(Coordinates::GTP);
    assert_eq!(go.name(7, 0), "H1");
    assert_eq!(go.name(8, 3), "J4");
    assert_eq!(go.name(18, 18), "T19");
    assert_eq!(go.parse("j4"), Some(go.index(8, 3)));
    assert_eq!(go.parse("I4"), None);
    let iccs = Grid::points(9, 10).coordinates(Coordinates::ICCS);
    assert_eq!(iccs.name(7, 2), "h2");
    assert_eq!(iccs.parse("e0"), Some(4));
    assert_eq!(iccs.parse("e10"), None);
    let chess = Grid::squares(8, 8, Rgba::rgb(1, 1, 1), Rgba::rgb(2, 2, 2));
    for bad in ["", "e", "e0", "e9", "z1", "e04", "e-1", "4e"] {
        assert_eq!(chess.parse(bad), None, "{bad}");
    }
}

#[test]
fn squares_alternate_with_a1_dark() {
    let (light, dark) = (Rgba::rgb(9, 9, 9), Rgba::rgb(1, 1, 1));
    let grid = Grid::squares(8, 8, light, dark);
    let g = grid.build();
    assert_eq!(g.cells[grid.index(0, 0) as usize].color, dark);
    assert_eq!(g.cells[grid.index(7, 0) as usize].color, light);
    assert_eq!(g.cells[grid.index(7, 7) as usize].color, dark);
    assert!(g.cells.iter().all(|c| c.shape == CellShape::SQUARE));
    assert!(g.lines.is_empty() && g.labels.is_empty());
}

#[test]
fn lines_and_labels_frame_the_board() {
    let ink = Rgba::rgb(0, 0, 0);
    let g = Grid::points(3, 2).lines(0.05, ink).file_labels(Edge::Top, 0.5).rank_labels(Edge::Right, 0.5).build();
    assert_eq!(g.lines.len(), 5, "two rank lines and three file lines");
    assert!(g.lines.iter().any(|l| (l.x1, l.y1, l.x2, l.y2) == (0.0, 1.0, 2.0, 1.0)));
    assert!(g.lines.iter().any(|l| (l.x1, l.y1, l.x2, l.y2) == (2.0, 0.0, 2.0, 1.0)));
    let texts: Vec<(&str, f32, f32)> = g.labels.iter().map(|l| (l.text.as_str(), l.x, l.y)).collect();
    assert_eq!(texts, [("a", 0.0, -0.5), ("b", 1.0, -0.5), ("c", 2.0, -0.5), ("1", 2.5, 1.0), ("2", 2.5, 0.0)]);
}

#[test]
fn layers_stack_with_level_letters() {
    let light = Rgba::rgb(9, 9, 9);
    let raumschach = Layered::new(Grid::squares(5, 5, light, Rgba::rgb(1, 1, 1)), 5).level_labels(0.8);
    let g = raumschach.build();
    assert_eq!((g.cells.len(), g.layers), (125, 5));
    let c3 = raumschach.index(2, 2, 2);
    assert_eq!(g.cells[c3 as usize].name.as_str(), "Cc3");
    assert_eq!(g.cells[c3 as usize].layer, 2);
    assert_eq!(raumschach.parse("Cc3"), Some(c3));
    assert_eq!(raumschach.parse("cc3"), Some(c3));
    assert_eq!(raumschach.parse("Fc3"), None);
    assert_eq!(raumschach.location(c3), (2, 2, 2));
    // Straight up one level changes colour.
    assert_ne!(g.cells[raumschach.index(0, 0, 0) as usize].color, g.cells[raumschach.index(1, 0, 0) as usize].color);
    let levels: Vec<&str> = g.labels.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(levels, ["A", "B", "C", "D", "E"]);
    let mut names: Vec<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 125, "every cell has its own name");
}

#[test]
fn ranks_can_be_numbered_from_the_top() {
    let green = Rgba::rgb(0, 120, 60);
    let othello = Grid::squares(8, 8, green, green).ranks_from_top().rank_labels(Edge::Left, 0.8);
    let g = othello.build();
    let top_left = othello.index(0, 7);
    assert_eq!(othello.name(0, 7), "a1");
    assert_eq!(g.cells[top_left as usize].name.as_str(), "a1");
    assert_eq!((g.cells[top_left as usize].x, g.cells[top_left as usize].y), (0.0, 0.0));
    assert_eq!(othello.parse("a1"), Some(top_left));
    assert_eq!(othello.parse("h8"), Some(othello.index(7, 0)));
    assert_eq!(othello.parse("d3"), Some(othello.index(3, 5)));
    assert_eq!(othello.parse("a9"), None);
    let top_label = g.labels.iter().find(|l| l.y == 0.0).expect("a label beside the top row");
    assert_eq!(top_label.text.as_str(), "1");
}

#[test]
fn borders_frame_every_square() {
    let ink = Rgba::rgb(0, 0, 0);
    let g = Grid::squares(3, 2, Rgba::rgb(9, 9, 9), Rgba::rgb(9, 9, 9)).borders(0.04, ink).build();
    assert_eq!(g.lines.len(), 3 + 4, "three row borders and four column borders");
    assert!(g.lines.iter().any(|l| (l.x1, l.y1, l.x2, l.y2) == (-0.5, -0.5, 2.5, -0.5)));
    assert!(g.lines.iter().any(|l| (l.x1, l.y1, l.x2, l.y2) == (2.5, -0.5, 2.5, 1.5)));
    assert!(g.lines.iter().all(|l| l.width == 0.04 && l.color == ink));
}
