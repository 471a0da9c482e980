//! How a game stands: going on, won or drawn. Below both the position
//! object and the 0.2.1 growth types, which both carry it.

use abi_stable::std_types::RStr;
use abi_stable::StableAbi;

/// Whether the game goes on, and if not how it ended.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct StatusKind(pub u8);

impl StatusKind {
    /// The game goes on.
    pub const ONGOING: StatusKind = StatusKind(0);
    /// Player [`Status::winner`] has won.
    pub const WIN: StatusKind = StatusKind(1);
    /// Nobody won.
    pub const DRAW: StatusKind = StatusKind(2);
}

/// The state of the game in a position.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Debug)]
pub struct Status {
    /// Ongoing, win or draw.
    pub kind: StatusKind,
    /// The winning player's index when `kind` is `WIN`, otherwise 0.
    pub winner: u8,
    /// Why the game ended, lowercase (`checkmate`, `threefold repetition`);
    /// empty while ongoing. Points into the plugin's static data, which stays
    /// mapped because plugins are never unloaded; a reason composed at run
    /// time (`black wins 33–31`) is [`crate::Outcome::reason`], given by
    /// [`crate::Position::result`].
    pub reason: RStr<'static>,
}

impl Status {
    /// The game goes on.
    pub const ONGOING: Status = Status { kind: StatusKind::ONGOING, winner: 0, reason: RStr::from_str("") };

    /// A win for `winner`.
    pub const fn win(winner: u8, reason: &'static str) -> Self {
        Status { kind: StatusKind::WIN, winner, reason: RStr::from_str(reason) }
    }
    /// A draw.
    pub const fn draw(reason: &'static str) -> Self {
        Status { kind: StatusKind::DRAW, winner: 0, reason: RStr::from_str(reason) }
    }
    /// Whether the game goes on.
    pub fn is_ongoing(&self) -> bool {
        self.kind == StatusKind::ONGOING
    }
}
