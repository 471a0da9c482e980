//! A blocking client of the protocol: connect, say hello, send messages,
//! read messages. The terminal client, the window's network play, the
//! tests and the load generator all talk to the server through it.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::Duration;

use crate::protocol::{read_frame, ClientMsg, ErrorCode, Frame, ServerMsg, MAX_LINE, PROTOCOL_VERSION};

/// What can go wrong talking to a server.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The network failed (including a timeout).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
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

/// One connection to a server.
pub struct Connection {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    buf: Vec<u8>,
    idle_timeout: Duration,
}

/// The sending half of a connection whose reading runs on another thread.
pub struct Sender {
    writer: TcpStream,
}

impl Sender {
    /// Sends one message.
    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        self.writer.write_all(msg.to_line().as_bytes())?;
        Ok(())
    }
    /// A second handle on the same connection (a pinger thread's, say).
    pub fn try_clone(&self) -> Result<Sender, ClientError> {
        Ok(Sender { writer: self.writer.try_clone()? })
    }
    /// Closes the connection (the reader thread then ends).
    pub fn close(&self) {
        let _ = self.writer.shutdown(std::net::Shutdown::Both);
    }
}

impl Connection {
    /// Connects to `addr` (`host:port`), says hello and waits for the welcome.
    pub fn connect(addr: &str, client: &str) -> Result<Connection, ClientError> {
        let mut last = None;
        let mut stream = None;
        for a in addr.to_socket_addrs()? {
            match TcpStream::connect_timeout(&a, Duration::from_secs(5)) {
                Ok(s) => {
                    stream = Some(s);
                    break;
                }
                Err(e) => last = Some(e),
            }
        }
        let stream = match (stream, last) {
            (Some(s), _) => s,
            (None, Some(e)) => return Err(e.into()),
            (None, None) => return Err(std::io::Error::other(format!("{addr} names no address")).into()),
        };
        stream.set_nodelay(true)?;
        let mut conn = Connection {
            reader: BufReader::new(stream.try_clone()?),
            writer: stream,
            buf: Vec::new(),
            idle_timeout: Duration::from_secs(120),
        };
        conn.set_timeout(Some(Duration::from_secs(10)))?;
        conn.send(&ClientMsg::Hello { versions: vec![PROTOCOL_VERSION], client: client.to_string() })?;
        match conn.recv()? {
            ServerMsg::Welcome { idle_timeout_ms, .. } => conn.idle_timeout = Duration::from_millis(idle_timeout_ms),
            ServerMsg::Error { code, message, .. } => return Err(ClientError::Refused { code, message }),
            other => return Err(ClientError::Protocol(format!("expected welcome, got {other:?}"))),
        }
        conn.set_timeout(None)?;
        Ok(conn)
    }

    /// How long the server waits for a message before closing: a client
    /// that may be silent longer sends `ping`s.
    pub fn idle_timeout(&self) -> Duration {
        self.idle_timeout
    }

    /// Limits how long [`Connection::recv`] waits (`None`: for ever).
    pub fn set_timeout(&mut self, timeout: Option<Duration>) -> Result<(), ClientError> {
        self.writer.set_read_timeout(timeout)?;
        Ok(())
    }

    /// Sends one message.
    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        self.writer.write_all(msg.to_line().as_bytes())?;
        Ok(())
    }

    /// Sends raw bytes (for tests of what the server does with bad input).
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<(), ClientError> {
        self.writer.write_all(bytes)?;
        Ok(())
    }

    /// Reads the next message.
    pub fn recv(&mut self) -> Result<ServerMsg, ClientError> {
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
        self.writer.set_read_timeout(None)?;
        thread::Builder::new().name("tabula client reader".into()).spawn(move || loop {
            let msg = read_message(&mut reader, &mut buf);
            let end = msg.is_err();
            if tx.send(msg).is_err() || end {
                break;
            }
        })?;
        Ok((Sender { writer: self.writer }, rx))
    }
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
