//! How much memory a plugin may reasonably ask for: a table sized by an
//! option (a transposition table's `hash_mb`) must not be larger than the
//! machine can give, or the allocation aborts the whole host.
//!
//! "The machine" is the smaller of the system's memory and the limit of
//! the control group the process runs in (cgroup v2 `memory.max`, v1
//! `memory.limit_in_bytes`): inside a container the kernel's OOM killer
//! enforces the group's limit, whatever the host's memory says.

use std::path::{Path, PathBuf};

/// Limits at or above this are "no limit" (v1 writes about 2^63).
const UNLIMITED: u64 = 1 << 60;

/// The memory the system says is available now, in MiB: `MemAvailable` of
/// `/proc/meminfo`, or less when the process's control group has less left
/// (its limit minus its usage); `None` where nothing can be read.
pub fn available_mib() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let system = meminfo.as_deref().and_then(parse_available_mib);
    let group = own_groups().into_iter().filter_map(|g| g.left_bytes()).min().map(|b| b >> 20);
    [system, group].into_iter().flatten().min()
}

/// The memory this process may use at all, in MiB: the smaller of the
/// system's memory (`MemTotal`) and its control group's limit; `None` when
/// nothing can be read.
pub fn limit_mib() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
    let total = meminfo.as_deref().and_then(|t| meminfo_field(t, "MemTotal:")).map(|kib| kib * 1024);
    let group = own_groups().into_iter().filter_map(|g| g.limit_bytes()).min();
    [total, group].into_iter().flatten().min().map(|bytes| bytes >> 20)
}

fn parse_available_mib(meminfo: &str) -> Option<u64> {
    meminfo_field(meminfo, "MemAvailable:").map(|kib| kib / 1024)
}

fn meminfo_field(meminfo: &str, name: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with(name))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The most MiB a single table may take: half of what is available, so the
/// rest of the program (and the machine) keeps room, and no more than
/// `TABULA_TABLE_LIMIT_MIB` when that is set; `None` when unknown.
pub fn table_limit_mib() -> Option<u64> {
    let configured = std::env::var("TABULA_TABLE_LIMIT_MIB").ok().and_then(|v| v.trim().parse::<u64>().ok());
    let half = available_mib().map(|mib| (mib / 2).max(1));
    match (half, configured) {
        (Some(h), Some(c)) => Some(h.min(c.max(1))),
        (h, c) => h.or(c.map(|c| c.max(1))),
    }
}

/// A control group's limit and usage files.
#[derive(Debug, PartialEq)]
struct Group {
    limit: PathBuf,
    usage: PathBuf,
}

impl Group {
    fn limit_bytes(&self) -> Option<u64> {
        parse_limit(&std::fs::read_to_string(&self.limit).ok()?)
    }
    fn left_bytes(&self) -> Option<u64> {
        let usage = std::fs::read_to_string(&self.usage).ok()?.trim().parse::<u64>().ok()?;
        Some(self.limit_bytes()?.saturating_sub(usage))
    }
}

/// The groups of this process, from `/proc/self/cgroup`.
fn own_groups() -> Vec<Group> {
    let Ok(text) = std::fs::read_to_string("/proc/self/cgroup") else { return Vec::new() };
    groups(&text, Path::new("/sys/fs/cgroup"))
}

/// A limit file's value in bytes; `max` or a huge value is no limit.
fn parse_limit(text: &str) -> Option<u64> {
    let v = text.trim().parse::<u64>().ok()?;
    (v < UNLIMITED).then_some(v)
}

/// The groups whose limits may apply, from `/proc/self/cgroup`: the
/// group's own and, where its path is not visible (a namespace shows its
/// root), the mount's root.
fn groups(proc_cgroup: &str, root: &Path) -> Vec<Group> {
    let mut found = Vec::new();
    for line in proc_cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
        let path = path.trim_start_matches('/');
        let (base, limit, usage) = if controllers.is_empty() {
            (root.to_path_buf(), "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            (root.join("memory"), "memory.limit_in_bytes", "memory.usage_in_bytes")
        } else {
            continue;
        };
        for dir in [base.join(path), base] {
            found.push(Group { limit: dir.join(limit), usage: dir.join(usage) });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn available_memory_is_read_from_meminfo() {
        let text = "MemTotal:       24000000 kB\nMemFree:         1000 kB\nMemAvailable:   20480000 kB\n";
        assert_eq!(parse_available_mib(text), Some(20_000));
        assert_eq!(parse_available_mib("MemTotal: 1 kB\n"), None);
        if let Some(limit) = table_limit_mib() {
            assert!((1..1 << 30).contains(&limit), "{limit}");
        }
    }

    /// Issue 23, finding 18: inside a 3 GiB container on a 24 GB host,
    /// what is left is the group's 3 GiB less its usage, not the host's.
    #[test]
    fn a_control_groups_limit_and_usage_are_read_in_either_version() {
        assert_eq!(parse_limit("max\n"), None);
        assert_eq!(parse_limit("9223372036854771712\n"), None);
        assert_eq!(parse_limit("3221225472\n"), Some(3 << 30));
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("user.slice/app")).unwrap();
        std::fs::write(root.join("user.slice/app/memory.max"), "3221225472\n").unwrap();
        std::fs::write(root.join("user.slice/app/memory.current"), "1073741824\n").unwrap();
        let v2 = groups("0::/user.slice/app\n", root);
        assert_eq!(v2[0].limit_bytes(), Some(3 << 30));
        assert_eq!(v2[0].left_bytes(), Some(2 << 30));
        assert_eq!(v2[1].limit_bytes(), None, "no file at the root: no limit");
        std::fs::create_dir_all(root.join("memory/docker/abc")).unwrap();
        std::fs::write(root.join("memory/docker/abc/memory.limit_in_bytes"), "9223372036854771712\n").unwrap();
        std::fs::write(root.join("memory/memory.limit_in_bytes"), "536870912\n").unwrap();
        std::fs::write(root.join("memory/memory.usage_in_bytes"), "134217728\n").unwrap();
        let v1 = groups("4:memory:/docker/abc\n3:cpuset:/\n", root);
        assert_eq!(v1.len(), 2);
        assert_eq!(v1[0].limit_bytes(), None);
        assert_eq!(v1[1].left_bytes(), Some(384 << 20));
    }
}
