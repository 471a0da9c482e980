//! A touch of history: the Chu–Han contention (206–202 BC) that the river's
//! words 楚河 漢界 recall. Red is led by a figure of Han, Black by one of Chu.

use tabula_kit::rand::Rng as _;
use tabula_kit::rng::rng_from_seed;

/// A figure who may lead a side, with one line about them.
pub struct Figure {
    /// Name in characters.
    pub hanzi: &'static str,
    /// Name in pinyin.
    pub pinyin: &'static str,
    /// One line for the help screen.
    pub line: &'static str,
}

/// Leaders of Han for Red.
pub const HAN: [Figure; 4] = [
    Figure { hanzi: "劉邦", pinyin: "Liu Bang", line: "the commoner who founded the Han dynasty as Emperor Gaozu" },
    Figure { hanzi: "韓信", pinyin: "Han Xin", line: "Han's great general, who fought with his back to the river" },
    Figure {
        hanzi: "張良", pinyin: "Zhang Liang", line: "the strategist who planned victories from inside the tent"
    },
    Figure { hanzi: "蕭何", pinyin: "Xiao He", line: "the chancellor who kept Han's armies fed and paid" },
];

/// Leaders of Chu for Black.
pub const CHU: [Figure; 4] = [
    Figure { hanzi: "項羽", pinyin: "Xiang Yu", line: "the Hegemon-King of Western Chu, defeated at last at Gaixia" },
    Figure { hanzi: "范增", pinyin: "Fan Zeng", line: "Xiang Yu's elderly adviser, whose counsel went unheeded" },
    Figure {
        hanzi: "龍且",
        pinyin: "Long Ju",
        line: "Chu's bold general, killed after Han Xin's flood at the Wei River",
    },
    Figure { hanzi: "季布", pinyin: "Ji Bu", line: "the Chu general whose promise was worth a hundred gold" },
];

/// Picks one figure per side from a seed.
pub fn pick(seed: u64) -> (&'static Figure, &'static Figure) {
    let mut rng = rng_from_seed(seed);
    (&HAN[rng.random_range(0..HAN.len())], &CHU[rng.random_range(0..CHU.len())])
}

/// The lines shown at the top of the help text.
pub fn banner(red: &Figure, black: &Figure) -> String {
    format!(
        "Red is led by {} {}, {}.\nBlack is led by {} {}, {}.\n",
        red.hanzi, red.pinyin, red.line, black.hanzi, black.pinyin, black.line
    )
}
