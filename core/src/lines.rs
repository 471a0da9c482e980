//! Line input read as bytes, for everything that reads lines from another
//! program or a pipe: the engine protocols' stdin, an engine's stdout,
//! `tabula moves` batch mode.
//!
//! `BufRead::lines` stops at the first byte sequence that is not UTF-8 and
//! grows its buffer without bound. Here each line is its own verdict: a
//! line that is not UTF-8 or longer than [`MAX_LINE`] bytes is reported as
//! such (and, when too long, skipped without being kept), and the next line
//! is read as usual.

use std::io::{self, BufRead};

/// The longest line kept, bytes (a `position ... moves` line of thousands
/// of moves is a few tens of kilobytes).
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line end (`\n` or `\r\n`).
    Text(String),
    /// A line that is not UTF-8; the text shows the bad bytes as U+FFFD.
    NotUtf8(String),
    /// A line longer than [`MAX_LINE`] bytes, skipped; its length.
    TooLong(usize),
}

impl Line {
    /// The text, or an error message for people naming what is wrong.
    pub fn into_text(self) -> Result<String, String> {
        match self {
            Line::Text(t) => Ok(t),
            Line::NotUtf8(lossy) => Err(format!("the line '{}' is not UTF-8 text", lossy.escape_debug())),
            Line::TooLong(n) => Err(format!("a line of {n} bytes is longer than the {MAX_LINE} bytes allowed")),
        }
    }
    /// The text, with bad bytes as U+FFFD (too long: empty).
    pub fn lossy(self) -> String {
        match self {
            Line::Text(t) | Line::NotUtf8(t) => t,
            Line::TooLong(_) => String::new(),
        }
    }
}

/// Reads [`Line`]s from a byte stream.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of `inner`.
    pub fn new(inner: R) -> Self {
        LineReader { inner, buf: Vec::new() }
    }

    /// The next line; `None` at the end of input (a last line without a
    /// line end counts).
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.buf.clear();
        let mut total = 0usize;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok((total > 0).then(|| self.finish(total)));
            }
            let (used, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let keep = used - usize::from(end);
            if total + keep <= MAX_LINE {
                self.buf.extend_from_slice(&chunk[..keep]);
            }
            total += keep;
            self.inner.consume(used);
            if end {
                return Ok(Some(self.finish(total)));
            }
        }
    }

    fn finish(&mut self, total: usize) -> Line {
        if total > MAX_LINE {
            self.buf = Vec::new();
            return Line::TooLong(total);
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        match std::str::from_utf8(&self.buf) {
            Ok(t) => Line::Text(t.to_string()),
            Err(_) => Line::NotUtf8(String::from_utf8_lossy(&self.buf).into_owned()),
        }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = io::Result<Line>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_line().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        LineReader::new(io::BufReader::with_capacity(7, bytes)).map(Result::unwrap).collect()
    }

    #[test]
    fn a_bad_line_is_reported_and_reading_goes_on() {
        let got = lines(b"setoption name X value caf\xe9\r\nisready\nlast");
        assert_eq!(got[0], Line::NotUtf8("setoption name X value caf\u{fffd}".into()));
        assert_eq!(got[1], Line::Text("isready".into()));
        assert_eq!(got[2], Line::Text("last".into()));
        assert_eq!(got.len(), 3);
        assert!(Line::NotUtf8("caf\u{fffd}".into()).into_text().unwrap_err().contains("not UTF-8"));
    }

    #[test]
    fn an_overlong_line_is_skipped_without_being_kept() {
        let mut input = vec![b'x'; MAX_LINE + 10];
        input.extend_from_slice(b"\nnext\n\n");
        let got = lines(&input);
        assert_eq!(got, vec![Line::TooLong(MAX_LINE + 10), Line::Text("next".into()), Line::Text(String::new())]);
        let exact = vec![b'y'; MAX_LINE];
        assert_eq!(lines(&exact), vec![Line::Text("y".repeat(MAX_LINE))]);
    }
}
