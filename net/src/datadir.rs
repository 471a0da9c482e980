//! The data directory belongs to one server at a time, and to its owner
//! only: an exclusive lock (`DIR/tabula.lock`, held while the server runs,
//! naming its process and address) keeps a second server off the same
//! database, and the directory and every file of it are private (0700,
//! 0600), since the database holds every seat's token and room password.

use std::fs::{DirBuilder, File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

use rustix::fs::{flock, FlockOperation};

/// Why the data directory cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DataDirError {
    /// The directory or a file in it cannot be made or opened.
    #[error("data directory {dir}: {source}")]
    Io {
        /// The path.
        dir: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// Another server holds the lock.
    #[error(
        "data directory {dir} is in use by another tabula serve ({holder}); \
         two servers on one database would undo each other's moves: stop it, or give this one another --data"
    )]
    InUse {
        /// The path.
        dir: String,
        /// What the other server wrote in the lock file.
        holder: String,
    },
}

/// The held lock of a data directory; released when dropped (or when the
/// process ends, however it ends).
pub struct DirLock {
    file: File,
}

fn io(dir: &Path) -> impl FnOnce(std::io::Error) -> DataDirError + '_ {
    move |source| DataDirError::Io { dir: dir.display().to_string(), source }
}

/// Creates `dir` private to its owner (an existing one is left as it is)
/// and takes its lock.
pub fn claim(dir: &Path) -> Result<DirLock, DataDirError> {
    DirBuilder::new().recursive(true).mode(0o700).create(dir).map_err(io(dir))?;
    let path = dir.join("tabula.lock");
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .open(&path)
        .map_err(io(dir))?;
    if flock(&file, FlockOperation::NonBlockingLockExclusive).is_err() {
        let mut holder = String::new();
        let _ = file.read_to_string(&mut holder);
        let holder = holder.trim();
        let holder = if holder.is_empty() { "its process id is not written yet" } else { holder };
        return Err(DataDirError::InUse { dir: dir.display().to_string(), holder: holder.to_string() });
    }
    let mut lock = DirLock { file };
    lock.note("starting").map_err(io(dir))?;
    Ok(lock)
}

impl DirLock {
    /// Writes who holds the lock (shown to a second server).
    pub fn note(&mut self, listening: &str) -> std::io::Result<()> {
        self.file.set_len(0)?;
        self.file.rewind()?;
        write!(self.file, "pid {}, {listening}", std::process::id())?;
        self.file.flush()
    }
}

/// Makes `path` private (0600) if it exists: a database written by an
/// older server, or SQLite's journal files, which copy the database's mode.
pub fn make_private(path: &Path) -> std::io::Result<()> {
    match std::fs::metadata(path) {
        Ok(m) if m.permissions().mode() & 0o077 != 0 => {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        }
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

/// Creates `path` empty and private if it does not exist, so that a file
/// another library then opens (SQLite's database) starts as 0600.
pub fn create_private(path: &Path) -> std::io::Result<()> {
    OpenOptions::new().write(true).create(true).truncate(false).mode(0o600).open(path)?;
    make_private(path)
}

/// Raises the soft limit on open files to the hard one and returns how
/// many connections it leaves room for, keeping `reserve` descriptors for
/// the database, plugins and child processes.
pub fn connection_room(reserve: u64) -> Option<usize> {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let limit = getrlimit(Resource::Nofile);
    let raised = Rlimit { current: limit.maximum, maximum: limit.maximum };
    let current = if setrlimit(Resource::Nofile, raised).is_ok() { limit.maximum } else { limit.current };
    current.map(|n| n.saturating_sub(reserve) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_claim_names_the_first_and_files_are_private() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let mut first = claim(&data).unwrap();
        first.note("listening on 127.0.0.1:7717").unwrap();
        let err = claim(&data).err().expect("the directory is taken").to_string();
        assert!(err.contains(&format!("pid {}, listening on 127.0.0.1:7717", std::process::id())), "{err}");
        assert_eq!(std::fs::metadata(&data).unwrap().permissions().mode() & 0o777, 0o700);
        assert_eq!(std::fs::metadata(data.join("tabula.lock")).unwrap().permissions().mode() & 0o777, 0o600);
        drop(first);
        claim(&data).expect("free again once the first is gone");
        let db = data.join("db");
        std::fs::write(&db, b"x").unwrap();
        std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
        make_private(&db).unwrap();
        assert_eq!(std::fs::metadata(&db).unwrap().permissions().mode() & 0o777, 0o600);
    }
}
