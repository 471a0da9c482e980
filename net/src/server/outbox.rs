//! A connection's outgoing lines: a queue drained by its writer thread,
//! bounded by the bytes it holds (not the number of lines, which may each
//! be large). A client too slow to drain it is cut off rather than allowed
//! to hold the server's memory.

use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use crate::link::Link;
use crate::protocol::ServerMsg;

/// Where a connection's outgoing lines go.
#[derive(Clone)]
pub struct Outbox {
    /// The connection's number.
    pub conn: u64,
    /// The protocol version the connection speaks (0 before `hello`): a
    /// room sends a line of a later version only to those that read it.
    pub version: u32,
    tx: Sender<Arc<str>>,
    queued: Arc<AtomicUsize>,
    limit: usize,
    link: Arc<Link>,
}

impl Outbox {
    /// An outbox for `link` holding at most `limit` bytes, and the receiving
    /// end its writer drains with [`write_out`].
    pub fn new(conn: u64, link: Arc<Link>, limit: usize) -> (Outbox, Drain) {
        let (tx, rx) = channel();
        let queued = Arc::new(AtomicUsize::new(0));
        let drain = Drain { rx, queued: Arc::clone(&queued) };
        (Outbox { conn, version: 0, tx, queued, limit, link }, drain)
    }

    /// Queues a line (never blocks); over the limit the connection is closed.
    pub fn send_line(&self, line: Arc<str>) {
        let len = line.len();
        let before = self.queued.fetch_add(len, Ordering::SeqCst);
        if before + len > self.limit {
            self.queued.fetch_sub(len, Ordering::SeqCst);
            self.link.shutdown();
            return;
        }
        if self.tx.send(line).is_err() {
            self.queued.fetch_sub(len, Ordering::SeqCst);
        }
    }

    /// Queues a message.
    pub fn send(&self, msg: &ServerMsg) {
        self.send_line(msg.to_line().into());
    }
}

/// The writer's end of an outbox.
pub struct Drain {
    rx: Receiver<Arc<str>>,
    queued: Arc<AtomicUsize>,
}

/// Writes lines until every outbox is dropped or the link fails, then
/// closes the link.
pub fn write_out(drain: Drain, link: &Link) {
    struct Out<'a>(&'a Link);
    impl Write for Out<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.write_all(buf)?;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = BufWriter::with_capacity(16 * 1024, Out(link));
    'lines: while let Ok(line) = drain.rx.recv() {
        let mut written = line.len();
        if out.write_all(line.as_bytes()).is_err() {
            break;
        }
        while let Ok(more) = drain.rx.try_recv() {
            written += more.len();
            if out.write_all(more.as_bytes()).is_err() {
                break 'lines;
            }
        }
        if out.flush().is_err() {
            break;
        }
        drain.queued.fetch_sub(written, Ordering::SeqCst);
    }
    let _ = out.flush();
    link.shutdown();
}
