#!/usr/bin/env python3
"""No import cycles between the files of a crate.

For every crate of the workspace (a directory with Cargo.toml and src/),
the top-level modules of src/ (a file, or a directory with its children)
are the nodes, and `use crate::x`, `use super::x` and paths `crate::x::…`
outside `#[cfg(test)] mod tests` are the edges; the crate root (lib.rs,
main.rs) is everyone's parent and not a node. A cycle (notation -> position
-> notation) fails, naming its modules: shared types move down into a
module both use.

Crates listed in scripts/import-cycles.allow still have a cycle that
someone else is untangling: each is printed as a warning, not failed, and a
listed crate that has none any more is named so it can leave the list
(which only shrinks).

Usage: scripts/import-cycles.py [--allow FILE] [CRATE_DIR ...]
  (default: every crate of the workspace, the allow-list beside this script;
  CRATE_DIRs are relative to the current directory)
Exit status: 0 no cycle outside the allow-list, 1 a cycle outside it.
"""
import os
import re
import sys


def modules(src):
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if f.endswith('.rs'):
                p = os.path.join(root, f)
                parts = os.path.relpath(p, src)[:-3].split(os.sep)
                if parts[-1] in ('mod', 'lib', 'main'): parts = parts[:-1]
                mods['::'.join(parts)] = p
    return mods


def expand(tree):
    # expand a use tree "a::{b, c::{d}}" into paths
    tree = tree.strip()
    m = re.match(r'^([\w:]*?)(::)?\{(.*)\}$', tree, re.S)
    if not m:
        return [tree.split(' as ')[0].strip()]
    prefix, body = m.group(1), m.group(3)
    items, depth, cur = [], 0, ''
    for ch in body:
        if ch == '{': depth += 1
        if ch == '}': depth -= 1
        if ch == ',' and depth == 0: items.append(cur); cur = ''
        else: cur += ch
    items.append(cur)
    out = []
    for it in items:
        if it.strip():
            for e in expand(it.strip()):
                out.append(prefix + ('::' if prefix else '') + e)
    return out


def paths_in(text):
    text = re.split(r'#\[cfg\(test\)\]\s*(?:pub\s+)?mod tests', text)[0]
    text = re.sub(r'//.*', '', text)
    out = []
    for m in re.finditer(r'\buse\s+([^;]+);', text):
        out += expand(m.group(1))
    for m in re.finditer(r'\b((?:crate|super|self)(?:::\w+)+)', text):
        out.append(m.group(1))
    return out


def top(name): return name.split('::')[0] if name else ''


def graph(src):
    mods = modules(src)
    g = {}
    for name, path in mods.items():
        here = name.split('::') if name else []
        is_dirmod = path.endswith('mod.rs') or path.endswith('lib.rs')
        for p in paths_in(open(path).read()):
            segs = p.split('::')
            if segs[0] == 'crate': base, segs = [], segs[1:]
            elif segs[0] == 'super':
                base = here[:-1]; segs = segs[1:]
                while segs and segs[0] == 'super': base = base[:-1]; segs = segs[1:]
            elif segs[0] == 'self': base, segs = here, segs[1:]
            else: continue
            best, cur = None, base[:]
            if '::'.join(cur) in mods: best = '::'.join(cur)
            for s in segs:
                cur = cur + [s]
                if '::'.join(cur) in mods: best = '::'.join(cur)
            if best is None or not best: continue
            a, b = top(name), top(best)
            if a and b and a != b:
                g.setdefault(a, set()).add(b)
    return g


def cycles(g):
    index, low, st, on, res, i = {}, {}, [], set(), [], [0]
    def strong(v):
        index[v] = low[v] = i[0]; i[0] += 1; st.append(v); on.add(v)
        for w in g.get(v, ()):
            if w not in index: strong(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = st.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1: res.append(sorted(comp))
    for v in list(g):
        if v not in index: strong(v)
    return res


def read_allowed(path):
    """The allow-list: `crate-dir  reason` per line, `#` comments."""
    allowed = {}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            crate, _, why = line.partition(" ")
            if not why.strip():
                raise SystemExit(f"{path}:{number}: '{crate}' needs a reason after the crate directory")
            allowed[crate] = why.strip()
    return allowed


def crates(root):
    found = []
    for dirpath, dirnames, files in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in ("target", ".git", "fuzz") and not d.startswith(".")]
        if "Cargo.toml" in files and os.path.isdir(os.path.join(dirpath, "src")):
            found.append(os.path.relpath(dirpath, root))
    return sorted(found)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    args = sys.argv[1:]
    allow_file = os.path.join(here, "import-cycles.allow")
    if len(args) >= 2 and args[0] == "--allow":
        allow_file, args = args[1], args[2:]
    root = os.getcwd() if args else os.path.dirname(here)
    allowed = read_allowed(allow_file)
    targets = args or crates(root)
    failed = 0
    for crate in targets:
        src = os.path.join(root, crate, "src")
        if not os.path.isdir(src):
            raise SystemExit(f"import cycles: {crate} has no src/ directory")
        found = cycles(graph(src))
        if not found:
            if crate in allowed:
                print(f"warning: import cycles: {crate} has none in this tree: once no branch brings one, "
                      f"remove it from {os.path.basename(allow_file)}", file=sys.stderr)
            continue
        names = "; ".join(" <-> ".join(c) for c in found)
        if crate in allowed:
            print(f"warning: import cycles: {crate}: {names} (allowed for now: {allowed[crate]})", file=sys.stderr)
        else:
            print(f"error: import cycles: {crate}: {names}: let the modules depend one way "
                  "(move what both use down into a module of its own)", file=sys.stderr)
            failed += 1
    print(f"import cycles: {len(targets)} crates checked, {failed} with a cycle not in {os.path.basename(allow_file)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
