//! Writing files so that a reader (or a crash) sees either the old content
//! or the new, never half of it: a temporary file in the same directory,
//! synced, then renamed over the target (`tempfile`'s `persist`).

use std::io::Write;
use std::path::Path;

/// Replaces the file at `path` with `text` atomically.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    // The mode `File::create` gives (0666 less the umask), not tempfile's
    // private 0600: a saved game is an ordinary file.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut file = builder.tempfile_in(dir)?;
    file.write_all(text.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_whole_file_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("save.toml");
        std::fs::write(&path, "old content, longer than the new").unwrap();
        write_atomically(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
        let missing = dir.path().join("no-such-dir").join("x.toml");
        assert!(write_atomically(&missing, "x").is_err());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let plain = dir.path().join("plain");
            std::fs::write(&plain, "x").unwrap();
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&path), mode(&plain), "the mode File::create gives");
        }
    }
}
