//! A tournament shared through PostgreSQL: the plan and every game live in
//! two tables, workers on any machine claim pending games with
//! `SELECT … FOR UPDATE SKIP LOCKED`, hold them under a lease they renew
//! while playing, and write results back only while they still hold the
//! lease and play with the tournament's plugin versions. A worker that dies
//! stops renewing; once its lease runs out the game is pending again and
//! another worker plays it. A game is `done` once, by the one worker whose
//! lease was current: nothing is lost or counted twice.

use std::time::Duration;

use postgres::{Client, NoTls};

use crate::game::{Finished, Ready};
use crate::plan::{GameSpec, Plan};
use crate::store::difference;
use crate::TournamentError;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tabula_tournaments (
    name TEXT PRIMARY KEY,
    plan TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open'
);
CREATE TABLE IF NOT EXISTS tabula_games (
    tournament TEXT NOT NULL REFERENCES tabula_tournaments(name),
    idx INTEGER NOT NULL,
    spec TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    worker TEXT,
    lease_until TIMESTAMPTZ,
    claims INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    seq BIGINT,
    PRIMARY KEY (tournament, idx)
);
CREATE SEQUENCE IF NOT EXISTS tabula_done_seq;
";

/// The URL without its password, for messages.
pub fn shown(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split_once(':').map_or(user, |(u, _)| u);
            format!("{}{user}@{}", &url[..scheme + 3], &url[at + 1..])
        }
        _ => url.to_string(),
    }
}

/// A connection to the queue.
pub struct Queue {
    client: Client,
    url: String,
}

fn db(url: &str) -> impl Fn(postgres::Error) -> TournamentError + '_ {
    move |e| TournamentError::Queue(format!("the queue at {}: {e}", shown(url)))
}

fn json_error(e: serde_json::Error) -> TournamentError {
    TournamentError::Queue(format!("a stored value cannot be read: {e}"))
}

/// What a worker claimed.
pub struct Claim {
    /// The tournament.
    pub tournament: String,
    /// The game.
    pub spec: GameSpec,
}

impl Queue {
    /// Connects (a `postgres://` URL or `key=value` settings) and creates
    /// the tables if they are missing.
    pub fn connect(url: &str) -> Result<Queue, TournamentError> {
        let mut client = Client::connect(url, NoTls)
            .map_err(|e| TournamentError::Queue(format!("cannot reach the queue at {}: {e}", shown(url))))?;
        // Two processes creating the tables at once would race: an advisory
        // lock makes the second wait for the first.
        client
            .batch_execute(&format!("SELECT pg_advisory_lock(727272); {SCHEMA} SELECT pg_advisory_unlock(727272);"))
            .map_err(db(url))?;
        Ok(Queue { client, url: url.to_string() })
    }

    /// Creates tournament `name` with its games, or finds it and checks that
    /// it is the same plan (with `seed_given` false, the stored seed is
    /// taken). Returns the plan to play.
    pub fn create(
        &mut self,
        name: &str,
        plan: &Plan,
        ready_fingerprint: &str,
        seed_given: bool,
        seats: usize,
    ) -> Result<Plan, TournamentError> {
        let url = self.url.clone();
        let mut tx = self.client.transaction().map_err(db(&url))?;
        tx.execute("LOCK TABLE tabula_tournaments IN EXCLUSIVE MODE", &[]).map_err(db(&url))?;
        let row = tx.query_opt("SELECT plan FROM tabula_tournaments WHERE name = $1", &[&name]).map_err(db(&url))?;
        let plan = match row {
            Some(row) => {
                let old: Plan = serde_json::from_str(row.get::<_, &str>(0)).map_err(json_error)?;
                let mut wanted = plan.clone();
                if !seed_given {
                    wanted.seed = old.seed;
                }
                if let Some(what) = difference(&old, &wanted) {
                    return Err(TournamentError::Input(format!(
                        "the queue already holds a tournament '{name}' with different settings ({what} differ); \
                         choose another --name"
                    )));
                }
                old
            }
            None => {
                let json = serde_json::to_string(plan).map_err(json_error)?;
                tx.execute(
                    "INSERT INTO tabula_tournaments (name, plan, fingerprint) VALUES ($1, $2, $3)",
                    &[&name, &json, &ready_fingerprint],
                )
                .map_err(db(&url))?;
                for spec in plan.schedule(seats) {
                    let json = serde_json::to_string(&spec).map_err(json_error)?;
                    tx.execute(
                        "INSERT INTO tabula_games (tournament, idx, spec) VALUES ($1, $2, $3)",
                        &[&name, &(spec.index as i32), &json],
                    )
                    .map_err(db(&url))?;
                }
                plan.clone()
            }
        };
        tx.commit().map_err(db(&url))?;
        Ok(plan)
    }

    /// The open tournaments (all, or the one named), with their plans and
    /// fingerprints.
    pub fn open_tournaments(&mut self, only: Option<&str>) -> Result<Vec<(String, Plan, String)>, TournamentError> {
        let rows = self
            .client
            .query(
                "SELECT name, plan, fingerprint FROM tabula_tournaments WHERE state = 'open' \
                 AND ($1::TEXT IS NULL OR name = $1) ORDER BY name",
                &[&only],
            )
            .map_err(db(&self.url))?;
        rows.iter()
            .map(|r| {
                let plan = serde_json::from_str(r.get::<_, &str>(1)).map_err(json_error)?;
                Ok((r.get(0), plan, r.get(2)))
            })
            .collect()
    }

    /// Claims one pending game of `tournament` (or one whose lease ran
    /// out) for `worker`, leased for `lease`.
    pub fn claim(&mut self, tournament: &str, worker: &str, lease: Duration) -> Result<Option<Claim>, TournamentError> {
        let row = self
            .client
            .query_opt(
                "UPDATE tabula_games SET state = 'playing', worker = $2, claims = claims + 1,
                        lease_until = now() + make_interval(secs => $3)
                 WHERE (tournament, idx) = (
                     SELECT g.tournament, g.idx FROM tabula_games g JOIN tabula_tournaments t ON t.name = g.tournament
                     WHERE g.tournament = $1 AND t.state = 'open'
                       AND (g.state = 'pending' OR (g.state = 'playing' AND g.lease_until < now()))
                     ORDER BY g.idx LIMIT 1 FOR UPDATE OF g SKIP LOCKED)
                 RETURNING spec",
                &[&tournament, &worker, &lease.as_secs_f64()],
            )
            .map_err(db(&self.url))?;
        row.map(|r| {
            let spec = serde_json::from_str(r.get::<_, &str>(0)).map_err(json_error)?;
            Ok(Claim { tournament: tournament.to_string(), spec })
        })
        .transpose()
    }

    /// Renews every lease `worker` holds.
    pub fn renew(&mut self, worker: &str, lease: Duration) -> Result<u64, TournamentError> {
        self.client
            .execute(
                "UPDATE tabula_games SET lease_until = now() + make_interval(secs => $2)
                 WHERE worker = $1 AND state = 'playing'",
                &[&worker, &lease.as_secs_f64()],
            )
            .map_err(db(&self.url))
    }

    /// Writes a result back: accepted only while `worker` holds the game's
    /// lease and `fingerprint` is the tournament's. Returns whether it was.
    pub fn finish(
        &mut self,
        claim: &Claim,
        worker: &str,
        fingerprint: &str,
        game: &Finished,
    ) -> Result<bool, TournamentError> {
        let json = serde_json::to_string(game).map_err(json_error)?;
        let n = self
            .client
            .execute(
                "UPDATE tabula_games SET state = 'done', result = $3, seq = nextval('tabula_done_seq'), lease_until = NULL
                 WHERE tournament = $1 AND idx = $2 AND state = 'playing' AND worker = $4
                   AND EXISTS (SELECT 1 FROM tabula_tournaments WHERE name = $1 AND fingerprint = $5)",
                &[&claim.tournament, &(claim.spec.index as i32), &json, &worker, &fingerprint],
            )
            .map_err(db(&self.url))?;
        Ok(n == 1)
    }

    /// Games of `tournament` finished after sequence number `after`, in
    /// the order they finished, with their sequence numbers.
    pub fn done_since(&mut self, tournament: &str, after: i64) -> Result<Vec<(i64, Finished)>, TournamentError> {
        let rows = self
            .client
            .query(
                "SELECT seq, result FROM tabula_games WHERE tournament = $1 AND state = 'done' AND seq > $2 ORDER BY seq",
                &[&tournament, &after],
            )
            .map_err(db(&self.url))?;
        rows.iter().map(|r| Ok((r.get(0), serde_json::from_str(r.get::<_, &str>(1)).map_err(json_error)?))).collect()
    }

    /// How many games of `tournament` are not done, and how many of those
    /// are being played.
    pub fn unfinished(&mut self, tournament: &str) -> Result<(i64, i64), TournamentError> {
        let row = self
            .client
            .query_one(
                "SELECT count(*) FILTER (WHERE state <> 'done'), count(*) FILTER (WHERE state = 'playing')
                 FROM tabula_games WHERE tournament = $1",
                &[&tournament],
            )
            .map_err(db(&self.url))?;
        Ok((row.get(0), row.get(1)))
    }

    /// Closes `tournament` to workers (its SPRT decided): pending games stay
    /// unplayed.
    pub fn close(&mut self, tournament: &str) -> Result<(), TournamentError> {
        self.client
            .execute("UPDATE tabula_tournaments SET state = 'decided' WHERE name = $1", &[&tournament])
            .map_err(db(&self.url))?;
        Ok(())
    }
}

/// A worker's identity: host, process and a random part (a restarted
/// process never inherits a dead one's leases).
pub fn worker_id(slot: usize) -> String {
    use tabula_kit::rand::RngCore as _;
    let host = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_else(|_| "?".into());
    let nonce = tabula_kit::rng_from_seed(tabula_core::session::fresh_seed()).next_u32();
    format!("{host}:{}:{slot}:{nonce:08x}", std::process::id())
}

/// How a worker plays.
pub struct WorkerSettings<'a> {
    /// The queue's URL.
    pub url: &'a str,
    /// Only this tournament.
    pub only: Option<&'a str>,
    /// A lease's length.
    pub lease: Duration,
    /// The site named in records.
    pub site: String,
}

/// One worker slot: claims and plays games of open tournaments until none
/// is left to play (waiting while other workers' games may still come
/// back). `ready` makes a plan ready with this machine's plugins; a
/// tournament whose fingerprint differs from this machine's is refused
/// with a message on standard error. Returns the games it played.
pub fn work(
    settings: &WorkerSettings<'_>,
    slot: usize,
    ready: &dyn Fn(Plan) -> Result<Ready, TournamentError>,
) -> Result<u32, TournamentError> {
    let mut queue = Queue::connect(settings.url)?;
    let worker = worker_id(slot);
    let mut prepared: Vec<(String, Option<Ready>)> = Vec::new();
    let mut played = 0;
    loop {
        let open = queue.open_tournaments(settings.only)?;
        let mut waiting = false;
        let mut claimed = None;
        for (name, plan, fingerprint) in open {
            if !prepared.iter().any(|(n, _)| *n == name) {
                let r = ready(plan)?;
                let usable = if r.fingerprint == fingerprint {
                    Some(r)
                } else {
                    eprintln!(
                        "worker: tournament '{name}' refused: plugin versions differ (tournament: {fingerprint}; \
                         this machine: {})",
                        r.fingerprint
                    );
                    None
                };
                prepared.push((name.clone(), usable));
            }
            if prepared.iter().any(|(n, r)| *n == name && r.is_none()) {
                continue;
            }
            if let Some(claim) = queue.claim(&name, &worker, settings.lease)? {
                claimed = Some(claim);
                break;
            }
            waiting |= queue.unfinished(&name)?.1 > 0;
        }
        let Some(claim) = claimed else {
            if !waiting {
                return Ok(played);
            }
            std::thread::sleep(Duration::from_millis(300));
            continue;
        };
        let Some(Some(r)) = prepared.iter().find(|(n, _)| *n == claim.tournament).map(|(_, r)| r.as_ref()) else {
            continue;
        };
        eprintln!("worker {worker}: playing game {} of '{}'", claim.spec.index + 1, claim.tournament);
        let game = play_leased(r, &claim, settings, &worker)?;
        if queue.finish(&claim, &worker, &r.fingerprint, &game)? {
            played += 1;
            eprintln!("worker {worker}: finished game {} of '{}'", claim.spec.index + 1, claim.tournament);
        } else {
            eprintln!("worker {worker}: game {} was taken back (lease expired); result dropped", claim.spec.index + 1);
        }
    }
}

/// Plays a claimed game while a second connection renews the lease.
fn play_leased(
    ready: &Ready,
    claim: &Claim,
    settings: &WorkerSettings<'_>,
    worker: &str,
) -> Result<Finished, TournamentError> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        let renewer = scope.spawn(|| -> Result<(), TournamentError> {
            let mut q = Queue::connect(settings.url)?;
            let step = settings.lease / 3;
            let mut waited = Duration::ZERO;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(50));
                waited += Duration::from_millis(50);
                if waited >= step {
                    q.renew(worker, settings.lease)?;
                    waited = Duration::ZERO;
                }
            }
            Ok(())
        });
        let game = ready.play(&claim.spec, &settings.site);
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        renewer.join().unwrap_or(Ok(()))?;
        game
    })
}
