//! Square sets and the limits and codes of a board: the values every
//! other part of a variant (its tables, rules and regions) is built from.

/// Most piece kinds a variant may have (kinds index 32-bit masks).
pub const MAX_KINDS: usize = 32;
/// "No square".
pub const NO_SQ: u16 = u16::MAX;
/// "No kind".
pub const NO_KIND: u8 = u8::MAX;
/// Largest board side.
pub const MAX_SIDE: u8 = 16;
/// Smallest board side.
pub const MIN_SIDE: u8 = 3;
/// The board code of a wall: a square no piece may enter.
pub const WALL: u8 = 1;

/// A set of squares (boards have at most 256).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Squares(pub [u64; 4]);

impl Squares {
    /// No square.
    pub const EMPTY: Squares = Squares([0; 4]);
    /// Whether `sq` is in the set.
    #[inline]
    pub fn has(&self, sq: u16) -> bool {
        let sq = sq as usize;
        sq < 256 && self.0[sq >> 6] >> (sq & 63) & 1 != 0
    }
    /// Adds `sq`.
    pub fn insert(&mut self, sq: u16) {
        self.0[sq as usize >> 6] |= 1 << (sq & 63);
    }
    /// Removes `sq`.
    pub fn remove(&mut self, sq: u16) {
        self.0[sq as usize >> 6] &= !(1 << (sq & 63));
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// The squares in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as u16;
                    w &= w - 1;
                    i as u16 * 64 + bit
                })
            })
        })
    }
    /// The number of squares.
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}
