//! Reading rooms and games back, each value checked: a stored value no
//! server could have written is refused as damage, never "repaired".

use rusqlite::{params, OptionalExtension};

use super::{ctx, damaged, Result, Store, StoredGame, StoredMove, StoredRoom, StoredSeat};
use crate::protocol::{Clock, SeatSpec};

/// Whether a stored token is a token: empty (a free seat) or 32 lowercase hex digits.
fn token_ok(token: &str) -> bool {
    token.is_empty() || (token.len() == 32 && token.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}

impl Store {
    /// The rooms whose latest game is still being played.
    pub fn unfinished_rooms(&self) -> Result<Vec<u64>> {
        let mut stmt = self
            .db
            .prepare(
                "SELECT r.id FROM rooms r JOIN games g ON g.room = r.id \
                 WHERE g.status = 'playing' AND g.number = (SELECT MAX(number) FROM games WHERE room = r.id) \
                 AND r.id NOT IN (SELECT room FROM quarantine) \
                 GROUP BY r.id ORDER BY r.id",
            )
            .map_err(ctx("listing rooms"))?;
        let rows = stmt.query_map([], |r| r.get::<_, i64>(0)).map_err(ctx("listing rooms"))?;
        rows.map(|r| r.map(|id| id as u64).map_err(ctx("listing rooms"))).collect()
    }

    /// A room, or `None` if there is no such room.
    pub fn room(&self, id: u64) -> Result<Option<StoredRoom>> {
        let row = self
            .db
            .query_row(
                "SELECT rules, options, password, clock_initial_ms, clock_increment_ms FROM rooms WHERE id = ?1",
                params![id as i64],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, Option<String>>(2)?,
                        r.get::<_, Option<i64>>(3)?,
                        r.get::<_, Option<i64>>(4)?,
                    ))
                },
            )
            .optional()
            .map_err(ctx("reading a room"))?;
        let Some((rules, options, password, initial, increment)) = row else { return Ok(None) };
        let mut stmt = self
            .db
            .prepare("SELECT spec, name, token FROM seats WHERE room = ?1 ORDER BY seat")
            .map_err(ctx("reading seats"))?;
        let seats = stmt
            .query_map(params![id as i64], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get(2)?)))
            .map_err(ctx("reading seats"))?
            .enumerate()
            .map(|(i, row)| {
                let (spec, name, token): (String, String, String) = row.map_err(ctx("reading seats"))?;
                let spec: SeatSpec =
                    serde_json::from_str(&spec).map_err(|e| damaged(id, format!("seat {i}'s player: {e}")))?;
                if !token_ok(&token) {
                    return Err(damaged(id, format!("seat {i}'s token is not 32 hex digits")));
                }
                if token.is_empty() != name.is_empty() && spec.is_human() {
                    return Err(damaged(id, format!("seat {i} has a name without a token or a token without a name")));
                }
                Ok(StoredSeat { spec, name, token })
            })
            .collect::<Result<Vec<_>>>()?;
        if seats.is_empty() {
            return Err(damaged(id, "it has no seats"));
        }
        let options = serde_json::from_str(&options).map_err(|e| damaged(id, format!("its options: {e}")))?;
        let ms = |what: &str, v: i64| -> Result<u64> {
            u64::try_from(v).map_err(|_| damaged(id, format!("its clock's {what} is negative ({v})")))
        };
        let clock = match (initial, increment) {
            (None, None) => None,
            (Some(i), inc) if i > 0 => {
                Some(Clock { initial_ms: ms("time", i)?, increment_ms: ms("increment", inc.unwrap_or(0))? })
            }
            (i, inc) => return Err(damaged(id, format!("its clock is {i:?}+{inc:?}"))),
        };
        Ok(Some(StoredRoom { id, rules, options, password, clock, seats }))
    }

    /// Game `number` of a room (the latest when `None`), with its moves.
    pub fn game(&self, room: u64, number: Option<u32>) -> Result<Option<StoredGame>> {
        let row = self
            .db
            .query_row(
                "SELECT id, number, start, result, status, date, clocks, seed FROM games WHERE room = ?1 \
                 AND number = COALESCE(?2, (SELECT MAX(number) FROM games WHERE room = ?1))",
                params![room as i64, number],
                |r| {
                    let game = StoredGame {
                        id: r.get(0)?,
                        number: r.get(1)?,
                        start: r.get(2)?,
                        result: r.get(3)?,
                        status: r.get(4)?,
                        date: r.get(5)?,
                        moves: Vec::new(),
                        clocks: None,
                        seed: r.get::<_, Option<i64>>(7)?.and_then(|s| u64::try_from(s).ok()),
                    };
                    Ok((game, r.get::<_, Option<String>>(6)?))
                },
            )
            .optional()
            .map_err(ctx("reading a game"))?;
        let Some((mut game, clocks)) = row else { return Ok(None) };
        if let Some(text) = clocks {
            game.clocks = Some(
                serde_json::from_str(&text)
                    .map_err(|e| damaged(room, format!("game {}'s clocks: {e}", game.number)))?,
            );
        }
        if !matches!(game.status.as_str(), "playing" | "finished" | "abandoned" | "aborted") {
            return Err(damaged(room, format!("game {} has status '{}'", game.number, game.status)));
        }
        let mut stmt = self
            .db
            .prepare("SELECT coordinate, standard, player, remaining_ms FROM moves WHERE game = ?1 ORDER BY ply")
            .map_err(ctx("reading moves"))?;
        let rows = stmt
            .query_map(params![game.id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, i64>(3)?))
            })
            .map_err(ctx("reading moves"))?;
        for (ply, row) in rows.enumerate() {
            let (coordinate, standard, player, remaining) = row.map_err(ctx("reading moves"))?;
            let bad = |what: String| damaged(room, format!("game {}, move {}: {what}", game.number, ply + 1));
            let player = u8::try_from(player).map_err(|_| bad(format!("seat {player}")))?;
            let remaining_ms = u64::try_from(remaining).map_err(|_| bad(format!("negative clock {remaining}")))?;
            game.moves.push(StoredMove { coordinate, standard, player, remaining_ms });
        }
        Ok(Some(game))
    }
}
