//! How much memory a plugin may reasonably ask for: a table sized by an
//! option (a transposition table's `hash_mb`) must not be larger than the
//! machine can give, or the allocation aborts the whole host.

/// The memory the system says is available now, in MiB (`MemAvailable` of
/// `/proc/meminfo`); `None` where that cannot be read.
pub fn available_mib() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_available_mib(&text)
}

fn parse_available_mib(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
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
}
