"""The `tabula` command line as the reference scripts use it: one batch
`moves` process for many positions, `position` for the text and status,
`perft` for counts, and the parser for its `status:` line."""

import subprocess


class Tabula:
    def __init__(self, binary, rules, options=()):
        self.binary = binary
        self.rules = rules
        self.processes = 0
        # `--option key=value` arguments passed to every command.
        self.options = [a for kv in options for a in ("--option", kv)]

    def batch(self, lines):
        """Legal-move lines for `lines`, one per input line, via one process."""
        self.processes += 1
        run = subprocess.run(
            [self.binary, "moves", "--rules", self.rules, *self.options],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
        )
        out = run.stdout.split("\n")
        if out and out[-1] == "":
            out.pop()
        if len(out) != len(lines):
            raise SystemExit(
                f"{self.rules}_reference: tabula moves answered {len(out)} lines for {len(lines)} "
                f"(exit {run.returncode}): {run.stderr.strip()[:500]}"
            )
        return out

    def perft(self, fen, depth):
        """The node count, or a 'failed: ...' text."""
        self.processes += 1
        run = subprocess.run(
            [self.binary, "perft", "--rules", self.rules, *self.options, "--depth", str(depth), "--position", fen],
            capture_output=True, text=True, stdin=subprocess.DEVNULL,
        )
        first = run.stdout.split("\n")[0].strip()
        return int(first) if run.returncode == 0 and first.isdigit() else f"failed: {(run.stdout + run.stderr).strip()[:300]}"

    def position(self, fen, moves):
        """(text, status line) after `moves`, or (None, error text)."""
        self.processes += 1
        args = [self.binary, "position", "--rules", self.rules, *self.options, "--position", fen]
        if moves:
            args += ["--moves", " ".join(moves)]
        run = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        lines = run.stdout.strip("\n").split("\n")
        if run.returncode != 0 or len(lines) < 2:
            return None, f"exit {run.returncode}: {(run.stdout + run.stderr).strip()[:300]}"
        return lines[0], lines[1]


def parse_tabula_status(line):
    """'status: win white (checkmate)' -> ('win', 'white', 'checkmate')."""
    text = line.strip()
    if not text.startswith("status: "):
        return None
    text = text[len("status: "):]
    if text == "ongoing":
        return ("ongoing", None, None)
    reason = None
    head = text
    if text.endswith(")") and " (" in text:
        head, reason = text[:-1].split(" (", 1)
    words = head.split()
    if len(words) == 2 and words[0] == "win":
        return ("win", words[1].lower(), reason)
    if words == ["draw"]:
        return ("draw", None, reason)
    return None
