//! The configured game: options, players, the board drawing, positions
//! and the rules text.

use std::sync::Arc;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Mark, MarkKind, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba,
};
use tabula_kit::grid::Edge;

use crate::layout::{handicap_points, max_handicap, star_points, Layout, MAX_SIZE, MIN_SIZE};
use crate::position::GoPosition;
use crate::text;

const BOARD_WOOD: Rgba = Rgba::rgb(220, 179, 92);
const INK: Rgba = Rgba::rgb(30, 22, 12);
const BLACK: Rgba = Rgba::rgb(18, 18, 18);
const WHITE: Rgba = Rgba::rgb(246, 246, 240);
/// The komi when the option is not given.
pub const DEFAULT_KOMI: &str = "7.5";

/// The options the plugin accepts.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "size",
            "19",
            &SIZES,
            "Lines each way: 9, 13 or 19 are the usual boards; any odd size from 3 to 19 is accepted (GTP's boardsize).",
        ),
        OptionSpec::new("komi", DEFAULT_KOMI, &[], "Points White receives at the count (a number such as 6.5 or 0)."),
        OptionSpec::new(
            "handicap",
            "0",
            &["0", "2", "3", "4", "5", "6", "7", "8", "9"],
            "Black stones placed on the star points before White's first move (the GTP fixed handicap \
             pattern; up to 9 from 9×9, 4 on 7×7).",
        ),
    ]
}

/// The board sizes offered and accepted: the odd sides (a centre point,
/// as every usual board has) up to 19, the largest board GTP engines such
/// as GNU Go play; a short list, so a New game form offers them as buttons.
const SIZES: [&str; 9] = ["3", "5", "7", "9", "11", "13", "15", "17", "19"];

/// Go on one board, as configured by the options.
pub struct GoRules {
    layout: Arc<Layout>,
    komi: f32,
    handicap: usize,
}

impl GoRules {
    /// Builds the game from the options `size` (odd, 3–19, default 19), `komi`
    /// (default 7.5) and `handicap` (0, or 2 to 9 stones).
    pub fn from_options(options: &Options) -> Result<GoRules, PluginError> {
        let specs = option_specs();
        check_options("go", options, &specs)?;
        let size_text = option_or_default(options, &specs, "size").trim();
        let size = size_text.parse::<usize>().ok().filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s)).ok_or_else(|| {
            PluginError::bad_option(format!(
                "go: option 'size' must be a whole number from {MIN_SIZE} to {MAX_SIZE} (9, 13 and 19 are usual), \
                 not '{size_text}'"
            ))
        })?;
        let komi_text = option_or_default(options, &specs, "komi").trim();
        let komi = komi_text.parse::<f32>().ok().filter(|k| k.is_finite() && k.abs() <= 1000.0).ok_or_else(|| {
            PluginError::bad_option(format!("go: option 'komi' must be a number such as 7.5, not '{komi_text}'"))
        })?;
        let handicap: usize = option_or_default(options, &specs, "handicap").parse().unwrap_or(0);
        if handicap > 0 && handicap_points(size, handicap).is_none() {
            return Err(PluginError::bad_option(format!(
                "go: a {size}×{size} board takes at most {} fixed handicap stones, not {handicap}",
                max_handicap(size)
            )));
        }
        Ok(GoRules { layout: Arc::new(Layout::new(size)), komi, handicap })
    }
}

/// The rules text shown by Help screens.
pub const HELP: &str = "\
GO

Black and White take turns placing a stone of their colour on an empty intersection, or passing. \
Black moves first (White first when Black has handicap stones). Stones of one colour joined along \
the lines form a chain; the empty points next to a chain are its liberties. A stone that takes the \
last liberty of enemy chains captures them: they leave the board. A stone may not take the last \
liberty of its own chain unless it captures (no suicide), and no move may recreate a board position \
seen before in the game (positional superko; it settles every ko).

Two passes in a row end the game. The players then mark the chains they agree are dead (they are \
taken off as if captured) and the board is counted by area: each player's stones plus the empty \
points that only that player's stones surround. White adds komi (7.5 by default) and, in a \
handicap game, one point per handicap stone (the Chinese rules' compensation). The higher total \
wins. Without marking, every stone on the board counts as alive (Tromp-Taylor), so capture dead \
stones before passing when playing against a program.

Coordinates as in GTP: columns A, B, C, ... from the left without the letter I, rows 1, 2, 3, ... \
from the bottom (D4); a pass is written 'pass'.

Position text: the rows from the top ('.' empty, 'x' black, 'o' white) separated by '/', then the \
side to move ('b' or 'w'), the passes just played in a row (0, 1 or 2) and the points forbidden by \
superko ('-' for none, else names separated by commas). Example on 5×5, White to move:
  ...../..x../...../...../..... w 0 -
Options: size (9, 13, 19; any odd size from 3 to 19), komi, handicap (2 to 9 stones).
";

impl GoRules {
    /// The points White adds at the count: komi plus, as under the Chinese
    /// rules (and GNU Go's area count), one point per handicap stone, which
    /// Black's area would otherwise hold for free.
    fn counted_komi(&self) -> f32 {
        self.komi + self.handicap as f32
    }
}

impl RulesImpl for GoRules {
    type Position = GoPosition;

    fn info(&self) -> GameInfo {
        let stone = PieceType::new("stone", &["", ""], &["X", "O"], 100);
        GameInfo {
            name: format!("Go {n}×{n}", n = self.layout.size).into(),
            players: RVec::from(vec![
                PlayerInfo { name: "black".into(), color: BLACK, ink: WHITE },
                PlayerInfo { name: "white".into(), color: WHITE, ink: BLACK },
            ]),
            piece_types: RVec::from(vec![stone]),
            position_format: "go text (rows from the top, x o ., side b/w, passes, ko points)".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        let n = self.layout.size;
        let mut geometry = self
            .layout
            .grid
            .clone()
            .lines(0.04, INK)
            .file_labels(Edge::Bottom, 0.8)
            .rank_labels(Edge::Left, 0.8)
            .background(BOARD_WOOD)
            .build();
        geometry.marks = star_points(n)
            .into_iter()
            .map(|(file, rank)| Mark {
                kind: MarkKind::DOT,
                x: file as f32,
                y: (n - 1 - rank) as f32,
                layer: 0,
                size: 0.2,
                color: INK,
                text: "".into(),
            })
            .collect();
        geometry
    }

    fn start_position(&self) -> Result<GoPosition, PluginError> {
        let mut cells = vec![0u8; self.layout.cells];
        let mut side = 0;
        if self.handicap > 0 {
            for (file, rank) in handicap_points(self.layout.size, self.handicap).unwrap_or_default() {
                cells[self.layout.at(file, rank)] = 1;
            }
            side = 1;
        }
        GoPosition::new(Arc::clone(&self.layout), self.counted_komi(), cells, side, 0, &[])
    }

    fn position_from_text(&self, text: &str) -> Result<GoPosition, PluginError> {
        let parsed = text::parse(text, &self.layout)?;
        let komi = self.counted_komi();
        GoPosition::new(Arc::clone(&self.layout), komi, parsed.cells, parsed.side, parsed.passes, &parsed.bans)
    }

    fn help_text(&self) -> String {
        format!(
            "{HELP}\nThis game: {n}×{n} board, komi {}, handicap {} (White counts {} points more).\n",
            self.komi,
            self.handicap,
            self.counted_komi(),
            n = self.layout.size
        )
    }
}
