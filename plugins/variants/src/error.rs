//! Definition errors and where they point: the file, the line when known
//! and the key (`piece[2].betza`).

use std::fmt;

use toml::Spanned;

/// A definition that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    /// The file (or `built-in NAME`).
    pub file: String,
    /// The line, when known.
    pub line: Option<usize>,
    /// The key (`piece[2].betza`).
    pub key: String,
    /// Why.
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}, line {}: {}: {}", self.file, line, self.key, self.message),
            None => write!(f, "{}: {}: {}", self.file, self.key, self.message),
        }
    }
}

impl std::error::Error for DefinitionError {}

/// Where errors point: the file's name and text.
pub struct Ctx<'a> {
    /// The file's name.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
}

impl Ctx<'_> {
    /// The line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].bytes().filter(|&b| b == b'\n').count() + 1
    }
    /// An error at a value's line.
    pub fn at<T>(&self, spanned: &Spanned<T>, key: &str, message: impl Into<String>) -> DefinitionError {
        DefinitionError {
            file: self.file.to_string(),
            line: Some(self.line_of(spanned.span().start)),
            key: key.to_string(),
            message: message.into(),
        }
    }
    /// An error without a line.
    pub fn key(&self, key: &str, message: impl Into<String>) -> DefinitionError {
        DefinitionError { file: self.file.to_string(), line: None, key: key.to_string(), message: message.into() }
    }
}
