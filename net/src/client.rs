//! A blocking client of the protocol: connect, say hello, send messages,
//! read messages. The terminal client, the window's network play, the
//! tests and the load generator all talk to the server through it.

use std::io::{BufRead, BufReader};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crate::link::{Link, LinkReader, Security};
use crate::protocol::{
    read_frame, ClientMsg, ErrorCode, Frame, ServerMsg, MAX_LINE, PROTOCOL_VERSION, PROTOCOL_VERSIONS,
};
use crate::tls::{known_servers_file, normalise_fingerprint, ClientTls, Trust};

/// What can go wrong talking to a server.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The network failed (including a timeout).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// TLS could not be set up, or the server's certificate is not the one
    /// expected.
    #[error("TLS: {0}")]
    Tls(String),
    /// The server sent something that is not a message of this protocol.
    #[error("the server sent a line that is not protocol {PROTOCOL_VERSION}: {0}")]
    Protocol(String),
    /// The server refused a message.
    #[error("{message} ({code:?})")]
    Refused {
        /// The error's code.
        code: ErrorCode,
        /// The server's sentence.
        message: String,
    },
}

/// How to reach a server: `host:port` for plain TCP, `tls://host:port`
/// (or [`Dial::tls`]) for TLS.
#[derive(Clone, Debug, Default)]
pub struct Dial {
    /// Use TLS even without `tls://` in the address.
    pub tls: bool,
    /// Accept only this certificate fingerprint (SHA-256, any case, colons
    /// optional); without it the first certificate met is remembered and
    /// later ones must match (see [`crate::tls`]).
    pub fingerprint: Option<String>,
    /// Connect from this local address (tests and the hostile campaign use
    /// other loopback addresses to stand for other machines).
    pub bind: Option<std::net::IpAddr>,
}

/// The address without its scheme, and whether it asks for TLS.
pub fn split_scheme(addr: &str) -> (&str, bool) {
    match addr.strip_prefix("tls://") {
        Some(rest) => (rest, true),
        None => (addr.strip_prefix("tcp://").unwrap_or(addr), false),
    }
}

/// One connection to a server.
pub struct Connection {
    reader: BufReader<LinkReader>,
    link: Arc<Link>,
    buf: Vec<u8>,
    idle_timeout: Duration,
    timeout: Option<Duration>,
    security: Security,
}

/// The sending half of a connection whose reading runs on another thread.
pub struct Sender {
    link: Arc<Link>,
}

impl Sender {
    /// Sends one message.
    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        self.link.write_all(msg.to_line().as_bytes())?;
        Ok(())
    }
    /// A second handle on the same connection (a pinger thread's, say).
    pub fn try_clone(&self) -> Result<Sender, ClientError> {
        Ok(Sender { link: Arc::clone(&self.link) })
    }
    /// Closes the connection (the reader thread then ends).
    pub fn close(&self) {
        self.link.shutdown();
    }
}

fn tcp_to(addr: &str, bind: Option<std::net::IpAddr>) -> Result<TcpStream, ClientError> {
    let mut last = None;
    for a in addr.to_socket_addrs()? {
        let attempt = match bind {
            None => TcpStream::connect_timeout(&a, Duration::from_secs(5)),
            Some(ip) => bound(a, ip),
        };
        match attempt {
            Ok(s) => return Ok(s),
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other(format!("{addr} names no address"))).into())
}

fn bound(to: std::net::SocketAddr, from: std::net::IpAddr) -> std::io::Result<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::for_address(to), Type::STREAM, None)?;
    socket.bind(&std::net::SocketAddr::new(from, 0).into())?;
    socket.connect_timeout(&to.into(), Duration::from_secs(5))?;
    Ok(socket.into())
}

impl Connection {
    /// Connects to `addr` (`host:port`, or `tls://host:port`), says hello
    /// and waits for the welcome.
    pub fn connect(addr: &str, client: &str) -> Result<Connection, ClientError> {
        Connection::dial(addr, client, &Dial::default())
    }

    /// Connects as `dial` says, says hello and waits for the welcome.
    pub fn dial(addr: &str, client: &str, dial: &Dial) -> Result<Connection, ClientError> {
        let (host_port, tls) = split_scheme(addr);
        let stream = tcp_to(host_port, dial.bind)?;
        stream.set_nodelay(true)?;
        let (link, security) =
            if tls || dial.tls { secure(stream, host_port, dial)? } else { (Link::plain(stream), Security::plain()) };
        let mut conn = Connection {
            reader: BufReader::new(link.reader()),
            link,
            buf: Vec::new(),
            idle_timeout: Duration::from_secs(120),
            timeout: None,
            security,
        };
        conn.set_timeout(Some(Duration::from_secs(10)))?;
        conn.send(&ClientMsg::Hello { versions: PROTOCOL_VERSIONS.to_vec(), client: client.to_string() })?;
        match conn.recv()? {
            ServerMsg::Welcome { idle_timeout_ms, .. } => conn.idle_timeout = Duration::from_millis(idle_timeout_ms),
            ServerMsg::Error { code, message, .. } => return Err(ClientError::Refused { code, message }),
            other => return Err(ClientError::Protocol(format!("expected welcome, got {other:?}"))),
        }
        conn.set_timeout(None)?;
        Ok(conn)
    }

    /// What protects this connection: TLS or not, the certificate's
    /// fingerprint, and whether it was met for the first time.
    pub fn security(&self) -> &Security {
        &self.security
    }

    /// How long the server waits for a message before closing: a client
    /// that may be silent longer sends `ping`s.
    pub fn idle_timeout(&self) -> Duration {
        self.idle_timeout
    }

    /// Limits how long [`Connection::recv`] waits (`None`: for ever).
    pub fn set_timeout(&mut self, timeout: Option<Duration>) -> Result<(), ClientError> {
        self.timeout = timeout;
        Ok(())
    }

    /// Sends one message.
    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        self.link.write_all(msg.to_line().as_bytes())?;
        Ok(())
    }

    /// Sends raw bytes (for tests of what the server does with bad input).
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), ClientError> {
        self.link.write_all(bytes)?;
        Ok(())
    }

    /// Reads the next message.
    pub fn recv(&mut self) -> Result<ServerMsg, ClientError> {
        self.reader.get_mut().set_deadline(self.timeout.map(|t| Instant::now() + t));
        read_message(&mut self.reader, &mut self.buf)
    }

    /// Reads messages until `pick` returns something; an `error` message
    /// on the way is returned as [`ClientError::Refused`].
    pub fn wait_for<T>(&mut self, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> Result<T, ClientError> {
        loop {
            let msg = self.recv()?;
            if let Some(t) = pick(&msg) {
                return Ok(t);
            }
            if let ServerMsg::Error { code, message, .. } = msg {
                return Err(ClientError::Refused { code, message });
            }
        }
    }

    /// Splits the connection: messages arrive on the returned channel from
    /// a reader thread (the last item is the error that ended it).
    pub fn split(self) -> Result<(Sender, Receiver<Result<ServerMsg, ClientError>>), ClientError> {
        let (tx, rx) = channel();
        let mut reader = self.reader;
        let mut buf = self.buf;
        reader.get_mut().set_deadline(None);
        thread::Builder::new().name("tabula client reader".into()).spawn(move || loop {
            let msg = read_message(&mut reader, &mut buf);
            let end = msg.is_err();
            if tx.send(msg).is_err() || end {
                break;
            }
        })?;
        Ok((Sender { link: self.link }, rx))
    }
}

/// Runs the TLS handshake and checks the certificate as `dial` says.
fn secure(stream: TcpStream, host_port: &str, dial: &Dial) -> Result<(Arc<Link>, Security), ClientError> {
    let host = host_port.rsplit_once(':').map_or(host_port, |(h, _)| h).trim_start_matches('[').trim_end_matches(']');
    let trust = match &dial.fingerprint {
        Some(f) => Trust::Pinned(
            normalise_fingerprint(f)
                .ok_or_else(|| ClientError::Tls(format!("'{f}' is not a SHA-256 fingerprint (64 hex digits)")))?,
        ),
        None => Trust::FirstUse { file: known_servers_file(), server: host_port.to_string() },
    };
    let tls = ClientTls::new(trust).map_err(|e| ClientError::Tls(e.to_string()))?;
    let session = tls.session(host).map_err(|e| ClientError::Tls(e.to_string()))?;
    let link = Link::tls(stream, rustls::Connection::Client(session));
    link.handshake(Instant::now() + Duration::from_secs(10)).map_err(|e| ClientError::Tls(e.to_string()))?;
    let (fingerprint, first_use) = tls.accepted();
    let security = Security { tls: link.tls_version(), fingerprint, first_use };
    Ok((link, security))
}

/// Reads the next message from a server's byte stream (blank lines are
/// skipped): a line that is too long, not UTF-8 or not a message of the
/// protocol is an error, whatever the peer sends.
pub fn read_message(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<ServerMsg, ClientError> {
    loop {
        match read_frame(reader, MAX_LINE * 64, buf)? {
            Frame::Closed => return Err(ClientError::Closed),
            Frame::TooLarge => return Err(ClientError::Protocol("a line too long".into())),
            Frame::NotText => return Err(ClientError::Protocol("a line that is not UTF-8".into())),
            Frame::Line(line) if line.trim().is_empty() => continue,
            Frame::Line(line) => {
                return serde_json::from_str(&line).map_err(|e| ClientError::Protocol(format!("{e}: {line}")))
            }
        }
    }
}
