#!/usr/bin/env python3
"""The CPU time a window's frame costs the machine (scripts/gui-bench.sh).

Usage: gui-bench-cost.py LAUNCH_NS "NOW_NS RENDER_NS XSERVER_NS" "..." FRAME_LOG STDERR

The two snapshots hold the time and the CPU time so far of the window's GL
driver threads and of the X server. The frames drawn between them are found
in the frame log (TABULA_FRAME_LOG: each frame's interval since the one
before, the first one's time from the window's stderr); their window-thread
CPU comes from the log. Prints the means per frame and their sum. Exit 1
when there is nothing to measure.
"""

import re
import sys


def main(argv):
    if len(argv) != 6:
        sys.exit(__doc__)
    launch = int(argv[1])
    a, b = [int(v) for v in argv[2].split()], [int(v) for v in argv[3].split()]
    with open(argv[5], encoding="utf-8") as f:
        first = re.search(r"first frame drawn ([0-9.]+) ms", f.read())
    with open(argv[4], encoding="utf-8") as f:
        rows = [line.split() for line in f if not line.startswith("#")]
    if not first or not rows:
        print("cost: no frames logged")
        return 1
    # Frame times from the window's start (about the launch: exec and parsing).
    t = float(first.group(1)) * 1e6
    t0, t1 = a[0] - launch, b[0] - launch
    cpus = []
    for row in rows:
        t += int(row[1]) * 1e3
        if t0 <= t <= t1:
            cpus.append(int(row[3]) / 1e3)
    n = len(cpus)
    if n == 0:
        print("cost: no frames between the snapshots")
        return 1
    cpus.sort()
    render = (b[1] - a[1]) / 1e6 / n
    xserver = (b[2] - a[2]) / 1e6 / n
    own = sum(cpus) / n
    print(
        f"cpu per frame ({n} frames in {(t1 - t0) / 1e9:.1f} s): window thread mean {own:.2f} ms "
        f"(p50 {cpus[n // 2]:.2f}, p99 {cpus[round((n - 1) * 0.99)]:.2f}), GL driver threads mean {render:.2f} ms, "
        f"X server mean {xserver:.2f} ms, all three {own + render + xserver:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
