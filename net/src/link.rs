//! One connection's byte stream, plain TCP or TLS, shared by a reading
//! thread and writing threads (the server's reader and writer, the
//! client's reader thread, sender and pinger).
//!
//! With TLS the session state sits behind a lock that no thread holds
//! while it waits on the network: a reader reads raw bytes unlocked, then
//! locks to decrypt them; a writer locks to encrypt, then sends. Raw
//! writes are serialised by a second lock, always taken first, so records
//! leave in the order they were sealed.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rustls::Connection as Tls;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A connection shared by threads.
pub struct Link {
    tcp: TcpStream,
    tls: Option<Mutex<Tls>>,
    writing: Mutex<()>,
}

/// What protects a connection, for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Security {
    /// `TLS 1.3` and the cipher suite, or none for plain TCP.
    pub tls: Option<String>,
    /// The server certificate's SHA-256 fingerprint (`AB:CD:…`).
    pub fingerprint: Option<String>,
    /// Whether this client met the certificate for the first time (and
    /// now remembers it).
    pub first_use: bool,
}

impl Security {
    /// Plain TCP.
    pub fn plain() -> Security {
        Security { tls: None, fingerprint: None, first_use: false }
    }

    /// One line for a status bar.
    pub fn describe(&self) -> String {
        match (&self.tls, &self.fingerprint) {
            (Some(v), Some(f)) => {
                let new = if self.first_use { " (first connection: remembered)" } else { "" };
                format!("encrypted ({v}), certificate SHA-256 {f}{new}")
            }
            (Some(v), None) => format!("encrypted ({v})"),
            _ => "not encrypted (plain TCP)".into(),
        }
    }
}

impl Link {
    /// A plain TCP connection.
    pub fn plain(tcp: TcpStream) -> Arc<Link> {
        Arc::new(Link { tcp, tls: None, writing: Mutex::new(()) })
    }

    /// A TLS connection over `tcp` (handshake done or not: it completes as
    /// the two sides read and write).
    pub fn tls(tcp: TcpStream, mut session: Tls) -> Arc<Link> {
        // The server's outbox and the client's callers bound what is queued.
        session.set_buffer_limit(None);
        Arc::new(Link { tcp, tls: Some(Mutex::new(session)), writing: Mutex::new(()) })
    }

    /// The TCP socket (for addresses and timeouts).
    pub fn tcp(&self) -> &TcpStream {
        &self.tcp
    }

    /// Whether the bytes are encrypted.
    pub fn is_tls(&self) -> bool {
        self.tls.is_some()
    }

    /// The protocol version and cipher suite, once the handshake is done.
    pub fn tls_version(&self) -> Option<String> {
        let tls = lock(self.tls.as_ref()?);
        let version = tls.protocol_version()?;
        let suite = tls.negotiated_cipher_suite().map(|s| format!("{:?}", s.suite())).unwrap_or_default();
        let version = match version {
            rustls::ProtocolVersion::TLSv1_3 => "TLS 1.3".to_string(),
            rustls::ProtocolVersion::TLSv1_2 => "TLS 1.2".to_string(),
            other => format!("{other:?}"),
        };
        Some(format!("{version}, {suite}"))
    }

    /// The end certificate the peer presented, in DER.
    pub fn peer_certificate(&self) -> Option<Vec<u8>> {
        let tls = lock(self.tls.as_ref()?);
        tls.peer_certificates().and_then(|c| c.first()).map(|c| c.to_vec())
    }

    /// Sends `data` whole.
    pub fn write_all(&self, data: &[u8]) -> io::Result<()> {
        let _turn = lock(&self.writing);
        match &self.tls {
            None => (&self.tcp).write_all(data),
            Some(tls) => {
                let sealed = {
                    let mut tls = lock(tls);
                    tls.writer().write_all(data)?;
                    drain(&mut tls)?
                };
                (&self.tcp).write_all(&sealed)
            }
        }
    }

    /// Sends what the TLS session has to say (handshake, alerts).
    fn flush_tls(&self) -> io::Result<()> {
        let Some(tls) = &self.tls else { return Ok(()) };
        let _turn = lock(&self.writing);
        let sealed = drain(&mut lock(tls))?;
        if sealed.is_empty() {
            Ok(())
        } else {
            (&self.tcp).write_all(&sealed)
        }
    }

    /// Runs the TLS handshake to its end on this thread (a client does
    /// this before its first message, to check the certificate).
    pub fn handshake(&self, deadline: Instant) -> io::Result<()> {
        let Some(tls) = &self.tls else { return Ok(()) };
        let mut raw = [0u8; 16 * 1024];
        loop {
            self.flush_tls()?;
            if !lock(tls).is_handshaking() {
                return Ok(());
            }
            let n = self.read_raw(&mut raw, Some(deadline))?;
            if n == 0 {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the peer closed during the TLS handshake"));
            }
            self.take_in(&raw[..n])?;
        }
    }

    fn read_raw(&self, buf: &mut [u8], deadline: Option<Instant>) -> io::Result<usize> {
        if let Some(deadline) = deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(io::Error::new(io::ErrorKind::TimedOut, "the deadline passed"));
            }
            self.tcp.set_read_timeout(Some(left))?;
        } else {
            self.tcp.set_read_timeout(None)?;
        }
        (&self.tcp).read(buf)
    }

    /// Hands raw bytes to the TLS session and sends any answer it has.
    fn take_in(&self, mut raw: &[u8]) -> io::Result<()> {
        let Some(tls) = &self.tls else { return Ok(()) };
        let failed = {
            let mut tls = lock(tls);
            let mut failed = None;
            while !raw.is_empty() && failed.is_none() {
                tls.read_tls(&mut raw)?;
                if let Err(e) = tls.process_new_packets() {
                    failed = Some(e);
                }
            }
            failed
        };
        // An alert explaining a failure goes out before the error returns.
        let _ = self.flush_tls();
        match failed {
            Some(e) => Err(io::Error::new(io::ErrorKind::InvalidData, e)),
            None => Ok(()),
        }
    }

    /// Closes both directions (readers and writers then fail).
    pub fn shutdown(&self) {
        let _ = self.tcp.shutdown(Shutdown::Both);
    }

    /// A reader of this link's plain bytes, with a deadline per read.
    pub fn reader(self: &Arc<Link>) -> LinkReader {
        LinkReader { link: Arc::clone(self), deadline: None, raw: vec![0; 16 * 1024] }
    }
}

fn drain(tls: &mut Tls) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    while tls.wants_write() {
        tls.write_tls(&mut out)?;
    }
    Ok(out)
}

/// The reading end of a [`Link`], for one thread.
pub struct LinkReader {
    link: Arc<Link>,
    deadline: Option<Instant>,
    raw: Vec<u8>,
}

impl LinkReader {
    /// Reads fail with `TimedOut` after `deadline` (`None`: wait for ever).
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }
}

impl Read for LinkReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(tls) = &self.link.tls else { return self.link.read_raw(buf, self.deadline) };
        loop {
            match lock(tls).reader().read(buf) {
                Ok(n) => return Ok(n),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) => return Err(e),
            }
            let n = self.link.read_raw(&mut self.raw, self.deadline)?;
            if n == 0 {
                return Ok(0);
            }
            let raw = std::mem::take(&mut self.raw);
            let taken = self.link.take_in(&raw[..n]);
            self.raw = raw;
            taken?;
        }
    }
}
