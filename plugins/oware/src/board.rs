//! The arithmetic of one turn on the twelve pits, apart from any history:
//! sowing, capturing (with the grand slam rule) and the obligation to feed.
//!
//! Pits are numbered in sowing (counter-clockwise) order: 0–5 are South's
//! `A`–`F` from South's left, 6–11 North's `a`–`f` from North's left, so
//! a seed sown after `F` lands in `a` and one after `f` in `A`.

/// Pits per player.
pub const ROW: usize = 6;
/// Pits on the board.
pub const PITS: usize = 12;
/// Seeds in a game (4 in each pit at the start).
pub const SEEDS: u8 = 48;

/// More than this many captured seeds wins.
pub const HALF: u8 = SEEDS / 2;
/// The geometry's cells of South's and North's stores, after the pits.
pub const STORE_CELLS: [u16; 2] = [PITS as u16, PITS as u16 + 1];

/// The twelve pits' seed counts.
pub type Pits = [u8; PITS];

/// How a game ended, as the stores tell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// A player has captured more than half the seeds.
    Majority(u8),
    /// Both have captured half.
    Shared,
}

/// How the game ended with these stores (South's, North's), or `None`
/// while it goes on.
pub fn end(stores: [u8; 2]) -> Option<End> {
    match stores {
        [south, _] if south > HALF => Some(End::Majority(0)),
        [_, north] if north > HALF => Some(End::Majority(1)),
        [HALF, HALF] => Some(End::Shared),
        _ => None,
    }
}

/// The pits of `player` (0 South, 1 North).
pub fn row(player: u8) -> std::ops::Range<usize> {
    let first = player as usize * ROW;
    first..first + ROW
}

/// The player a pit belongs to.
pub fn owner(pit: usize) -> u8 {
    (pit / ROW) as u8
}

/// The seeds in `player`'s row.
pub fn row_seeds(pits: &Pits, player: u8) -> u8 {
    pits[row(player)].iter().sum()
}

/// The pit the last seed sown from `pit` lands in: sowing skips the pit it
/// started from, so the other eleven pits take the seeds in turn.
pub fn last_pit(pits: &Pits, pit: usize) -> usize {
    let seeds = pits[pit] as usize;
    debug_assert!(seeds > 0, "sowing an empty pit");
    (pit + 1 + (seeds - 1) % (PITS - 1)) % PITS
}

/// Whether sowing `pit` drops at least one seed in the opponent's row.
pub fn feeds(pits: &Pits, pit: usize) -> bool {
    let to_row_end = ROW - 1 - pit % ROW;
    pits[pit] as usize > to_row_end
}

/// The pits `player` may sow from: any non-empty pit of their row, but
/// only those that give the opponent seeds when the opponent's row is
/// empty (the obligation to feed). Empty when the player cannot move.
pub fn playable(pits: &Pits, player: u8) -> impl Iterator<Item = usize> + '_ {
    let starving = row_seeds(pits, player ^ 1) == 0;
    row(player).filter(move |&pit| pits[pit] > 0 && (!starving || feeds(pits, pit)))
}

/// What one sowing did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sown {
    /// Where the last seed landed.
    pub last: usize,
    /// The seeds `player` captured (0 for none, and for a grand slam).
    pub captured: u8,
    /// Whether the capture was forfeited because it would have taken every
    /// seed of the opponent's row (the grand slam rule of abapa).
    pub grand_slam: bool,
}

/// Sows `pit` for its owner and captures: the last seed making a pit of
/// the opponent's row 2 or 3 takes it, and so do the pits before it
/// (clockwise, back along the sowing) while they are the opponent's and
/// hold 2 or 3; a capture that would leave the opponent no seed at all
/// takes nothing.
pub fn sow(pits: &mut Pits, pit: usize) -> Sown {
    let player = owner(pit);
    let seeds = pits[pit] as usize;
    pits[pit] = 0;
    // Whole laps of the eleven other pits, then the rest one by one.
    let (laps, rest) = (seeds / (PITS - 1), seeds % (PITS - 1));
    for step in 1..PITS {
        let extra = usize::from(step <= rest);
        pits[(pit + step) % PITS] += (laps + extra) as u8;
    }
    let last = (pit + 1 + (seeds - 1) % (PITS - 1)) % PITS;
    let mut sown = Sown { last, captured: 0, grand_slam: false };
    if owner(last) == player {
        return sown;
    }
    let first = row(player ^ 1).start;
    let mut taken = 0u8;
    let mut at = last;
    while matches!(pits[at], 2 | 3) {
        taken += pits[at];
        if at == first {
            break;
        }
        at -= 1;
    }
    if taken == 0 {
        return sown;
    }
    if taken == row_seeds(pits, player ^ 1) {
        sown.grand_slam = true;
        return sown;
    }
    let mut at = last;
    while matches!(pits[at], 2 | 3) {
        pits[at] = 0;
        if at == first {
            break;
        }
        at -= 1;
    }
    sown.captured = taken;
    sown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sowing_skips_the_pit_it_empties() {
        let mut pits = [0u8; PITS];
        pits[2] = 12;
        let sown = sow(&mut pits, 2);
        // Eleven seeds go round once, the twelfth passes pit 2 and lands in 3.
        assert_eq!(pits[2], 0);
        assert_eq!(pits[3], 2);
        assert_eq!(sown.last, 3);
        let mut twelve = [0u8; PITS];
        twelve[2] = 12;
        assert_eq!(last_pit(&twelve, 2), 3, "the last seed is found without sowing");
        assert_eq!(pits.iter().map(|&s| s as u32).sum::<u32>(), 12);
    }

    #[test]
    fn captures_run_back_along_the_sowing_and_stop_at_the_row() {
        // South's F (5) holds 3: the seeds land on a, b, c (6, 7, 8).
        let mut pits = [0u8; PITS];
        pits[5] = 3;
        pits[6] = 1; // a: 2 after sowing
        pits[7] = 2; // b: 3
        pits[8] = 1; // c: 2, the last
        pits[11] = 5; // f keeps North in the game
        let sown = sow(&mut pits, 5);
        assert_eq!((sown.last, sown.captured, sown.grand_slam), (8, 7, false));
        assert_eq!(&pits[6..9], &[0, 0, 0]);
    }

    #[test]
    fn a_capture_of_every_seed_is_forfeited() {
        let mut pits = [0u8; PITS];
        pits[5] = 2;
        pits[6] = 1;
        pits[7] = 2;
        let before = pits;
        let sown = sow(&mut pits, 5);
        assert!(sown.grand_slam);
        assert_eq!(sown.captured, 0);
        assert_eq!(&pits[6..8], &[2, 3], "the seeds stay on the board");
        assert_ne!(pits, before);
    }

    #[test]
    fn a_starving_opponent_must_be_fed() {
        let mut pits = [0u8; PITS];
        pits[0] = 5; // A: reaches F only
        pits[1] = 5; // B: reaches a
        pits[4] = 1; // E: reaches F only
        let moves: Vec<usize> = playable(&pits, 0).collect();
        assert_eq!(moves, vec![1]);
        pits[11] = 1;
        assert_eq!(playable(&pits, 0).collect::<Vec<_>>(), vec![0, 1, 4]);
    }
}
