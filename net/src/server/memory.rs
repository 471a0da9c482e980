//! How much memory this process may use: the smaller of the machine's
//! memory and its control group's limit (cgroup v2 `memory.max`, or v1
//! `memory.limit_in_bytes`). A container's limit is what the kernel
//! enforces with the OOM killer, not the host's memory, so the server's
//! defaults are computed from it.

use std::path::{Path, PathBuf};

/// Limits at or above this are "no limit" (v1 writes about 2^63).
const UNLIMITED: u64 = 1 << 60;

/// The memory this process may use, in MiB (`None` when nothing can be read).
pub fn limit_mib() -> Option<u64> {
    let total = std::fs::read_to_string("/proc/meminfo").ok().and_then(|t| meminfo_total(&t));
    let cgroup = std::fs::read_to_string("/proc/self/cgroup").ok().and_then(|t| {
        cgroup_files(&t, Path::new("/sys/fs/cgroup"))
            .into_iter()
            .filter_map(|f| std::fs::read_to_string(f).ok())
            .filter_map(|t| parse_limit(&t))
            .min()
    });
    [total, cgroup].into_iter().flatten().min().map(|bytes| bytes >> 20)
}

fn meminfo_total(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// A limit file's value in bytes; `max` or a huge value is no limit.
fn parse_limit(text: &str) -> Option<u64> {
    let v = text.trim().parse::<u64>().ok()?;
    (v < UNLIMITED).then_some(v)
}

/// The limit files that may apply, from `/proc/self/cgroup`: the group's
/// own and, where the group's path is not visible (a namespace shows its
/// root), the mount's root.
fn cgroup_files(proc_cgroup: &str, root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for line in proc_cgroup.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
        let path = path.trim_start_matches('/');
        if controllers.is_empty() {
            files.push(root.join(path).join("memory.max"));
            files.push(root.join("memory.max"));
        } else if controllers.split(',').any(|c| c == "memory") {
            files.push(root.join("memory").join(path).join("memory.limit_in_bytes"));
            files.push(root.join("memory/memory.limit_in_bytes"));
        }
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_are_read_from_either_cgroup_version() {
        assert_eq!(parse_limit("max\n"), None);
        assert_eq!(parse_limit("9223372036854771712\n"), None);
        assert_eq!(parse_limit("3221225472\n"), Some(3 << 30));
        assert_eq!(meminfo_total("MemTotal:       24684092 kB\nMemFree: 1 kB\n"), Some(24684092 * 1024));
        let root = Path::new("/sys/fs/cgroup");
        let v2 = cgroup_files("0::/user.slice/app\n", root);
        assert_eq!(v2[0], Path::new("/sys/fs/cgroup/user.slice/app/memory.max"));
        let v1 = cgroup_files("4:memory:/docker/abc\n3:cpuset:/\n", root);
        assert_eq!(
            v1,
            [root.join("memory/docker/abc/memory.limit_in_bytes"), root.join("memory/memory.limit_in_bytes")]
        );
    }
}
