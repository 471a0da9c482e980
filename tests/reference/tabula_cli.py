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

    def position_lines(self, fen, moves):
        """Every line `tabula position` writes after `moves` (text, status,
        then what it adds), or None and the error text."""
        self.processes += 1
        args = [self.binary, "position", "--rules", self.rules, *self.options, "--position", fen]
        if moves:
            args += ["--moves", " ".join(moves)]
        run = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        lines = run.stdout.strip("\n").split("\n")
        if run.returncode != 0 or len(lines) < 2:
            return None, f"exit {run.returncode}: {(run.stdout + run.stderr).strip()[:300]}"
        return lines, None


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


def parse_tabula_result(line):
    """A full result line, 'status: win blue scores red=-1 blue=2 yellow=-1
    (blue filled the opposite corner)' -> ('win', 'blue', {'red': -1.0,
    'blue': 2.0, 'yellow': -1.0}, 'blue filled the opposite corner'); the
    payoffs are None where the host names none ('status: win white
    (checkmate)'). None for a line it cannot read."""
    import re

    text = (line or "").strip()
    match = re.fullmatch(r"status: (win (\w+)|draw)((?: scores(?: [\w-]+=-?[\d.]+)+)?)(?: \((.*)\))?", text)
    if match:
        kind = "win" if match.group(2) else "draw"
        winner = match.group(2).lower() if match.group(2) else None
        scores = None
        if match.group(3):
            scores = {}
            for item in match.group(3).split()[1:]:
                name, value = item.split("=", 1)
                scores[name.lower()] = float(value)
        return (kind, winner, scores, match.group(4))
    if text == "status: ongoing":
        return ("ongoing", None, None, None)
    return None


def parse_chance_line(answer):
    """`tabula moves` at a chance node, 'chance: 6 outcomes: roll1 0.166667,
    roll2 0.166667, ...' -> [('roll1', 0.166667), ...]; None for any other
    line. The count it announces must be the number listed."""
    text = (answer or "").strip()
    if not text.startswith("chance:"):
        return None
    head, listed = text.split("outcomes:", 1)
    items = [item.split() for item in listed.split(",") if item.strip()]
    outcomes = [(item[0], float(item[1])) for item in items if len(item) == 2]
    if len(outcomes) != len(items) or int(head.split()[1]) != len(outcomes):
        return None
    return outcomes
