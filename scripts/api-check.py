#!/usr/bin/env python3
"""The source API of a crate against its last release: a semver check.

rustdoc (the toolchain's own, in its JSON mode) describes the crate's
public items; this script writes them as a sorted list of facts, one a
line, each a promise a dependent's code may rely on:

    fn rules_api::score(u8) -> i32           a function (parameter types, not names)
    struct kit::Report { .. }                 a struct more fields may join
    field kit::Report.game: String            one of its public fields
    struct kit::Move { to: u16, from: u16 }   an exhaustive struct: its whole shape
    enum kit::Kind { A, B(u8) }               an exhaustive enum: every variant
    trait kit::T required [a, b]              what an implementor must write
    method kit::Report::to_text(&Self) -> ..  an inherent method
    impl Clone for kit::Report                a trait it implements (Send, Sync too)

A release promises its facts to every later version it is semver
compatible with (0.2.x to 0.2.y, 1.x to 1.y): each fact of the baseline
must still be a fact, while new facts (a new function, a provided trait
method, a field of a `#[non_exhaustive]` struct) are additions. A change
of signature is a fact lost and one gained, so it is caught. The check is
conservative: it may also flag a compatible change (a new defaulted generic
parameter); such a change needs a look, and a new baseline once released.
Against an incompatible baseline (a new major version) what changed is
listed, not failed.

The baselines are committed (tests/api/<crate>-<version>.txt), written by
`baseline` from the released sources; a break reviewed and accepted for a
reason is listed, with the reason, in tests/api/<crate>-<version>.accepted
and printed as a warning; checking needs no network, no git
history and no tool beyond the toolchain (rustdoc's JSON output is
unstable, so RUSTC_BOOTSTRAP=1 lets the stable rustdoc write it; the
rendering reads only the parts of the format this script names, and fails
on a format version it does not know).

Usage:
  scripts/api-check.py check CRATE...          CRATE: a package of this workspace
  scripts/api-check.py baseline MANIFEST OUT   write the facts of the package at MANIFEST
  scripts/api-check.py compare OLD.rs NEW.rs   two one-file crates (the tests' fixtures)
Exit status: 0 compatible, 1 a promise broken, 2 the check could not run.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINES = os.path.join(ROOT, "tests", "api")
# The auto traits a dependent may rely on; rustdoc lists the compiler's
# internal ones too, which come and go with the toolchain.
AUTO_TRAITS = {"Send", "Sync", "Unpin", "UnwindSafe", "RefUnwindSafe"}
# The rustdoc JSON versions this rendering was written for (rustc 1.9x).
FORMATS = range(53, 58)


class Api:
    """One crate's rustdoc JSON, rendered into facts."""

    def __init__(self, doc):
        if doc.get("format_version") not in FORMATS:
            raise SystemExit(
                f"api check: rustdoc JSON format {doc.get('format_version')} is not one this script reads "
                f"({FORMATS.start}-{FORMATS.stop - 1}): teach scripts/api-check.py the new format"
            )
        self.index = doc["index"]
        self.paths = doc["paths"]
        self.root = doc["root"]
        self.version = doc.get("crate_version")
        self.facts = set()
        self.done = set()

    def item(self, id_):
        return self.index.get(str(id_))

    # --- types -------------------------------------------------------------

    def name_of(self, path, id_):
        known = self.paths.get(str(id_))
        # The item's own name, not the spelling the source used (`RVec`,
        # `abi_stable::std_types::RVec`): moving a dependency's item
        # between its modules is no change of this crate's API.
        return known["path"][-1] if known else path.split("::")[-1]

    def args(self, args):
        if not args:
            return ""
        if "angle_bracketed" in args:
            inner = args["angle_bracketed"]
            parts = [self.arg(a) for a in inner.get("args", [])]
            parts += [self.constraint(c) for c in inner.get("constraints", [])]
            return f"<{', '.join(parts)}>" if parts else ""
        if "parenthesized" in args:
            p = args["parenthesized"]
            out = f"({', '.join(self.ty(t) for t in p['inputs'])})"
            return out + (f" -> {self.ty(p['output'])}" if p.get("output") else "")
        return "<..>"

    def arg(self, a):
        if "type" in a:
            return self.ty(a["type"])
        if "lifetime" in a:
            return a["lifetime"]
        if "const" in a:
            return a["const"].get("expr", "_")
        return "_"

    def constraint(self, c):
        binding = c.get("binding", {})
        if "equality" in binding:
            eq = binding["equality"]
            return f"{c['name']} = {self.ty(eq['type']) if 'type' in eq else eq.get('constant', {}).get('expr', '_')}"
        return f"{c['name']}: {self.bounds(binding.get('constraint', []))}"

    def path(self, p):
        return self.name_of(p["path"], p["id"]) + self.args(p.get("args"))

    def ty(self, t):
        if t is None:
            return "()"
        (kind, v), = t.items()
        if kind == "resolved_path":
            return self.path(v)
        if kind in ("primitive", "generic"):
            return v
        if kind == "tuple":
            return f"({', '.join(self.ty(x) for x in v)})"
        if kind == "slice":
            return f"[{self.ty(v)}]"
        if kind == "array":
            return f"[{self.ty(v['type'])}; {v['len']}]"
        if kind == "borrowed_ref":
            life = f"{v['lifetime']} " if v.get("lifetime") else ""
            return f"&{life}{'mut ' if v['is_mutable'] else ''}{self.ty(v['type'])}"
        if kind == "raw_pointer":
            return f"*{'mut' if v['is_mutable'] else 'const'} {self.ty(v['type'])}"
        if kind == "impl_trait":
            return f"impl {self.bounds(v)}"
        if kind == "dyn_trait":
            traits = " + ".join(self.path(p["trait"]) for p in v["traits"])
            return f"dyn {traits}" + (f" + {v['lifetime']}" if v.get("lifetime") else "")
        if kind == "qualified_path":
            trait = f" as {self.path(v['trait'])}" if v.get("trait") else ""
            return f"<{self.ty(v['self_type'])}{trait}>::{v['name']}{self.args(v.get('args'))}"
        if kind == "function_pointer":
            return "fn" + self.signature(v["sig"])
        return kind

    def bounds(self, bounds):
        out = []
        for b in bounds:
            if "trait_bound" in b:
                tb = b["trait_bound"]
                modifier = {"maybe": "?", "maybe_const": "~const "}.get(tb.get("modifier"), "")
                out.append(modifier + self.path(tb["trait"]))
            elif "outlives" in b:
                out.append(b["outlives"])
            else:
                out.append("use<..>")
        return " + ".join(sorted(out))

    def generics(self, g):
        params, where = [], []
        for p in g.get("params", []):
            kind = p["kind"]
            if "lifetime" in kind:
                params.append(p["name"] + "".join(f": {o}" for o in kind["lifetime"]["outlives"]))
            elif "type" in kind:
                t = kind["type"]
                if t.get("is_synthetic"):
                    continue  # an `impl Trait` argument, shown where it is
                text = p["name"] + (f": {self.bounds(t['bounds'])}" if t["bounds"] else "")
                params.append(text + (f" = {self.ty(t['default'])}" if t.get("default") else ""))
            elif "const" in kind:
                params.append(f"const {p['name']}: {self.ty(kind['const']['type'])}")
        for w in g.get("where_predicates", []):
            if "bound_predicate" in w:
                bp = w["bound_predicate"]
                where.append(f"{self.ty(bp['type'])}: {self.bounds(bp['bounds'])}")
            elif "lifetime_predicate" in w:
                lp = w["lifetime_predicate"]
                where.append(f"{lp['lifetime']}: {' + '.join(lp['outlives'])}")
            elif "eq_predicate" in w:
                where.append("..=..")
        return (f"<{', '.join(params)}>" if params else ""), (f" where {', '.join(where)}" if where else "")

    def signature(self, sig):
        inputs = ", ".join(self.ty(t) for _, t in sig["inputs"])
        variadic = ", ..." if sig.get("is_c_variadic") else ""
        output = f" -> {self.ty(sig['output'])}" if sig.get("output") else ""
        return f"({inputs}{variadic}){output}"

    def function(self, f):
        params, where = self.generics(f["generics"])
        header = f.get("header", {})
        unsafe = "unsafe " if header.get("is_unsafe") else ""
        return f"{unsafe}{params}{self.signature(f['sig'])}{where}"

    # --- items -------------------------------------------------------------

    def hidden(self, item):
        return any("doc(hidden)" in json.dumps(a) for a in item.get("attrs", []))

    def non_exhaustive(self, item):
        return any("non_exhaustive" in json.dumps(a) for a in item.get("attrs", []))

    def walk(self, module_id, prefix):
        """Every public path into the crate, from `module_id` at `prefix`."""
        module = self.item(module_id)["inner"]["module"]
        for child_id in module["items"]:
            child = self.item(child_id)
            if child is None or child["visibility"] != "public" or self.hidden(child):
                continue
            (kind, inner), = child["inner"].items()
            if kind == "use":
                target = self.item(inner["id"]) if inner.get("id") is not None else None
                if inner["is_glob"]:
                    if target and "module" in target["inner"]:
                        self.walk(inner["id"], prefix)
                    else:
                        self.facts.add(f"use {prefix}::* = {inner['source']}")
                elif target is None or target["crate_id"] != 0:
                    self.facts.add(f"use {prefix}::{inner['name']} = {inner['source'].split('::')[-1]}")
                elif not self.hidden(target):
                    self.describe(inner["id"], f"{prefix}::{inner['name']}")
            else:
                self.describe(child_id, f"{prefix}::{child['name']}")

    def describe(self, id_, path):
        item = self.item(id_)
        (kind, v), = item["inner"].items()
        if kind == "module":
            self.facts.add(f"mod {path}")
            if (id_, path) not in self.done:
                self.done.add((id_, path))
                self.walk(id_, path)
            return
        if kind == "function":
            self.facts.add(f"fn {path}{self.function(v)}")
        elif kind == "constant":
            self.facts.add(f"const {path}: {self.ty(v['type'])}")
        elif kind == "static":
            self.facts.add(f"static {'mut ' if v.get('is_mutable') else ''}{path}: {self.ty(v['type'])}")
        elif kind == "type_alias":
            params, where = self.generics(v["generics"])
            self.facts.add(f"type {path}{params} = {self.ty(v['type'])}{where}")
        elif kind == "macro":
            self.facts.add(f"macro {path}")
        elif kind == "struct":
            self.struct(item, v, path)
        elif kind == "enum":
            self.enum(item, v, path)
        elif kind == "union":
            self.facts.add(f"union {path}{self.generics(v['generics'])[0]}")
            self.impls(v["impls"], path)
        elif kind == "trait":
            self.trait(v, path)
        else:
            self.facts.add(f"{kind} {path}")

    def fields(self, ids):
        out = []
        for fid in ids:
            f = self.item(fid) if fid is not None else None
            if f is not None:
                out.append((f["name"], self.ty(f["inner"]["struct_field"])))
        return out

    def struct(self, item, v, path):
        params, where = self.generics(v["generics"])
        name = f"{path}{params}"
        shape = v["kind"]
        if shape == "unit":
            self.facts.add(f"struct {name};{where}" if not self.non_exhaustive(item) else f"struct {name} {{ .. }}")
        else:
            (form, body), = shape.items()
            ids = body["fields"] if form == "plain" else body
            stripped = body.get("has_stripped_fields", False) if form == "plain" else None in ids
            fields = self.fields(ids)
            if stripped or self.non_exhaustive(item):
                self.facts.add(f"struct {name} {{ .. }}{where}")
            elif form == "plain":
                self.facts.add(f"struct {name} {{ {', '.join(f'{n}: {t}' for n, t in fields)} }}{where}")
            else:
                self.facts.add(f"struct {name}({', '.join(t for _, t in fields)}){where}")
            for n, t in fields:
                self.facts.add(f"field {path}.{n}: {t}")
        self.impls(v["impls"], path)

    def variant(self, vid):
        var = self.item(vid)
        kind = var["inner"]["variant"]["kind"]
        if kind == "plain":
            return var["name"]
        (form, body), = kind.items()
        if form == "tuple":
            return f"{var['name']}({', '.join(t for _, t in self.fields(body))})"
        fields = ", ".join(f"{n}: {t}" for n, t in self.fields(body["fields"]))
        return f"{var['name']} {{ {fields}{', ..' if body.get('has_stripped_fields') else ''} }}"

    def enum(self, item, v, path):
        params, where = self.generics(v["generics"])
        variants = [self.variant(vid) for vid in v["variants"]]
        if self.non_exhaustive(item) or v.get("has_stripped_variants"):
            self.facts.add(f"enum {path}{params} {{ .. }}{where}")
        else:
            self.facts.add(f"enum {path}{params} {{ {', '.join(variants)} }}{where}")
        for text in variants:
            self.facts.add(f"variant {path}::{text}")
        self.impls(v["impls"], path)

    def trait(self, v, path):
        params, where = self.generics(v["generics"])
        bounds = f": {self.bounds(v['bounds'])}" if v["bounds"] else ""
        unsafe = "unsafe " if v.get("is_unsafe") else ""
        self.facts.add(f"{unsafe}trait {path}{params}{bounds}{where}")
        required = []
        for iid in v["items"]:
            it = self.item(iid)
            (kind, iv), = it["inner"].items()
            name = it["name"]
            if kind == "function":
                self.facts.add(f"trait-fn {path}::{name}{self.function(iv)}")
                if not iv.get("has_body"):
                    required.append(name)
            elif kind == "assoc_type":
                self.facts.add(f"trait-type {path}::{name}: {self.bounds(iv.get('bounds', []))}")
                if iv.get("type") is None:
                    required.append(name)
            elif kind == "assoc_const":
                self.facts.add(f"trait-const {path}::{name}: {self.ty(iv['type'])}")
                if iv.get("value") is None:
                    required.append(name)
        self.facts.add(f"trait {path} required [{', '.join(sorted(required))}]")

    def impls(self, ids, path):
        for iid in ids:
            imp = self.item(iid)
            if imp is None or self.hidden(imp):
                continue
            v = imp["inner"]["impl"]
            if v.get("blanket_impl") is not None:
                continue  # every type has these, from the trait's crate
            if v.get("is_synthetic") and v["trait"]["path"].split("::")[-1] not in AUTO_TRAITS:
                continue  # the compiler's own markers (Freeze, ...) change with the toolchain
            if v.get("trait") is None:
                for mid in v["items"]:
                    m = self.item(mid)
                    if m is None or m["visibility"] != "public" or self.hidden(m):
                        continue
                    (kind, mv), = m["inner"].items()
                    if kind == "function":
                        self.facts.add(f"method {path}::{m['name']}{self.function(mv)}")
                    elif kind == "assoc_const":
                        self.facts.add(f"assoc-const {path}::{m['name']}: {self.ty(mv['type'])}")
                    else:
                        self.facts.add(f"assoc-{kind} {path}::{m['name']}")
            else:
                params, where = self.generics(v["generics"])
                negative = "!" if v.get("is_negative") else ""
                trait = self.path(v["trait"])
                if trait != "StructuralPartialEq":  # what derive(PartialEq) adds for the compiler
                    self.facts.add(f"impl{params} {negative}{trait} for {path}{where}")

    def render(self):
        root = self.item(self.root)
        self.facts.add(f"mod {root['name']}")
        self.walk(self.root, root["name"])
        return sorted(self.facts)


def rustdoc_json(command, json_dir, cwd=ROOT):
    """Runs a rustdoc `command` that writes JSON into `json_dir`.

    Only rustdoc itself gets RUSTC_BOOTSTRAP=1, through a wrapper named by
    RUSTDOC: set for cargo, it would change the fingerprint of every
    dependency and rebuild what `cargo doc` had just checked."""
    sysroot = subprocess.run(["rustc", "--print", "sysroot"], capture_output=True, text=True, check=True).stdout
    real = os.path.join(sysroot.strip(), "bin", "rustdoc")
    with tempfile.TemporaryDirectory() as tools:
        wrapper = os.path.join(tools, "rustdoc")
        with open(wrapper, "w") as f:
            f.write(f'#!/bin/sh\nRUSTC_BOOTSTRAP=1 exec "{real}" "$@"\n')
        os.chmod(wrapper, 0o755)
        env = dict(os.environ, RUSTDOC=wrapper)
        if command[0] == "rustdoc":
            command = [wrapper] + command[1:]
        done = subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"api check: rustdoc failed: {' '.join(command)}")


def crate_facts(manifest, package, target_dir):
    """The facts of `package`, from `cargo rustdoc` (dev profile: the checked
    dependencies of `cargo doc` are reused)."""
    rustdoc_json(
        ["cargo", "rustdoc", "--quiet", "--lib", "--manifest-path", manifest, "-p", package,
         "--target-dir", target_dir, "--", "-Zunstable-options", "--output-format", "json"],
        target_dir,
    )
    metadata = subprocess.run(
        ["cargo", "metadata", "--no-deps", "--format-version", "1", "--manifest-path", manifest],
        cwd=ROOT, capture_output=True, text=True, check=True)
    lib = next(t["name"] for p in json.loads(metadata.stdout)["packages"] if p["name"] == package
               for t in p["targets"] if "lib" in t["kind"])
    with open(os.path.join(target_dir, "doc", lib.replace("-", "_") + ".json")) as f:
        doc = json.load(f)
    version = next(p["version"] for p in json.loads(metadata.stdout)["packages"] if p["name"] == package)
    return version, Api(doc).render()


def compatible(old, new):
    """Whether version `new` promises what `old` did (cargo's caret rule)."""
    def key(v):
        major, minor, patch = (int(x) for x in re.match(r"(\d+)\.(\d+)\.(\d+)", v).groups())
        return (major,) if major else (0, minor) if minor else (0, 0, patch)
    return key(old) == key(new)


def read_baseline(package):
    found = sorted(glob.glob(os.path.join(BASELINES, f"{package}-*.txt")))
    if not found:
        raise SystemExit(f"api check: no baseline tests/api/{package}-<version>.txt")
    def version(p):
        return tuple(int(x) for x in os.path.basename(p)[len(package) + 1:-4].split("."))
    path = max(found, key=version)
    with open(path) as f:
        lines = f.read().splitlines()
    return os.path.basename(path)[len(package) + 1:-4], [l for l in lines if l and not l.startswith("#")], path


def read_accepted(baseline_path):
    """The breaks of a baseline's promises reviewed and accepted, each with
    its reason in the comments above it (`<baseline>.accepted`)."""
    path = baseline_path[:-4] + ".accepted"
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return {l for l in f.read().splitlines() if l.strip() and not l.startswith("#")}


def report(name, old_version, old, new_version, new, accepted=frozenset()):
    lost = sorted(set(old) - set(new))
    added = len(set(new) - set(old))
    for fact in sorted(accepted - set(lost)):
        print(f"warning: api check: {name}: '{fact}' is accepted as broken but holds: drop it from the list",
              file=sys.stderr)
    for fact in [l for l in lost if l in accepted]:
        print(f"warning: api check: {name} {new_version} breaks '{fact}' of {old_version} (accepted, see tests/api/)",
              file=sys.stderr)
    lost = [l for l in lost if l not in accepted]
    if not lost:
        print(f"api check: {name} {new_version} keeps every promise of {old_version} ({len(old)} facts, {added} new)")
        return 0
    shown = "".join(f"\n  lost: {l}" for l in lost[:20]) + (f"\n  ... and {len(lost) - 20} more" if len(lost) > 20 else "")
    if not compatible(old_version, new_version):
        print(f"api check: {name} {new_version} changed {len(lost)} of the {len(old)} facts of {old_version}, "
              f"as a new major version may (write its baseline when it is released):{shown}")
        return 0
    print(f"api check: {name} {new_version} breaks {len(lost)} promises of {old_version}: restore them, or make the "
          f"change in a new major version (0.x: a new minor){shown}", file=sys.stderr)
    return 1


def main(argv):
    if len(argv) >= 2 and argv[0] == "check":
        failed = 0
        for package in argv[1:]:
            old_version, old, path = read_baseline(package)
            target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
            version, facts = crate_facts(os.path.join(ROOT, "Cargo.toml"), package, target)
            failed |= report(package, old_version, old, version, facts, read_accepted(path))
        return failed
    if len(argv) == 3 and argv[0] == "baseline":
        manifest = os.path.abspath(argv[1])
        with open(manifest) as f:
            package = re.search(r'^name\s*=\s*"([^"]+)"', f.read(), re.M).group(1)
        metadata = subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1", "--manifest-path",
                                   manifest], capture_output=True, text=True, check=True)
        version, facts = crate_facts(manifest, package, json.loads(metadata.stdout)["target_directory"])
        with open(argv[2], "w") as f:
            f.write(f"# The public API of {package} {version}, as scripts/api-check.py writes it.\n")
            f.write("".join(l + "\n" for l in facts))
        print(f"api check: {len(facts)} facts of {package} {version} in {argv[2]}")
        return 0
    if len(argv) == 3 and argv[0] == "compare":
        rendered = []
        with tempfile.TemporaryDirectory() as out:
            for i, source in enumerate(argv[1:]):
                rustdoc_json(["rustdoc", "--edition", "2021", "--crate-name", "fixture", "--crate-type", "lib",
                              "-Zunstable-options", "--output-format", "json", "-o", f"{out}/{i}",
                              os.path.abspath(source)], out)
                with open(f"{out}/{i}/fixture.json") as f:
                    rendered.append(Api(json.load(f)).render())
        return report("fixture", "0.1.0", rendered[0], "0.1.1", rendered[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
