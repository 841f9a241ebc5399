#!/usr/bin/env python3
"""The public API of gridrender's library products, as a sorted text list (issue 26 item 4).

Extracts each module's symbol graph (swift-symbolgraph-extract, from the debug build's
.build/debug/Modules, so run `swift build` first) and writes one line per public symbol:
    MODULE  KIND  PATH  DECLARATION
The list is checked in (docs/public-api.txt) so that growth of the surface is seen in review.

  scripts/public-api.py            print the list
  scripts/public-api.py --record   write docs/public-api.txt
  scripts/public-api.py --check    exit 1 with a diff when the live surface differs from it,
                                   or when a public throwing API a GridRender user can call (the
                                   facade's, and the engine types its typealiases name) does not
                                   throw GridRenderError, or when a public type is named like
                                   one of swift-snapshot-testing's

Modules: the products users import (GridRender, GridSnapshotTesting, SnapshotTestingGridRender,
GridRenderAccelerators) and the engine modules they import publicly (`import`, `public import`,
`@_exported import`), directly or through another such engine module: their public declarations
reach a user. An engine module imported only with `internal import` (GridDrawing) is not listed.
Each such public import is a line of the list too (`GridRender  import  GridDocument  public
import GridDocument`), so a new one shows in review like any other growth.
"""
import difflib, glob, json, os, platform, subprocess, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "docs" / "public-api.txt"
PRODUCTS = ["GridRender", "GridSnapshotTesting", "SnapshotTestingGridRender", "GridRenderAccelerators"]
ENGINE_MODULES = ["GridDocument", "GridLayout", "GridDrawing", "GridSnapshot"]


def public_imports(module):
    """The engine modules `module`'s sources import publicly, each with the import as spelled
    (`public import GridDocument`): in Swift 6 without InternalImportsByDefault a plain `import`
    is public too; `internal`, `package`, `fileprivate` and `private` imports are not."""
    import re
    pattern = re.compile(r"^\s*((?:@_exported\s+)?(?:public\s+)?import)\s+(?:(?:struct|enum|class|func|var|protocol)\s+)?(\w+)", re.M)
    found = {}
    for f in sorted((ROOT / "Sources" / module).rglob("*.swift")):
        for spelled, target in pattern.findall(f.read_text()):
            if target in ENGINE_MODULES and target != module:
                found.setdefault(target, set()).add(" ".join(spelled.split()) + " " + target)
    return found


def reached_modules():
    """The products, then every engine module a product imports publicly, transitively."""
    reached, queue = list(PRODUCTS), list(PRODUCTS)
    while queue:
        for target in sorted(public_imports(queue.pop(0))):
            if target not in reached:
                reached.append(target)
                queue.append(target)
    return reached


def import_lines(modules):
    return [f"{m}\timport\t{t}\t{spelled}" for m in modules for t, forms in public_imports(m).items() for spelled in sorted(forms)]


def flags():
    build = ROOT / ".build" / "debug"
    incs = set()
    for pattern in ["Sources/*/module.modulemap", "Sources/*/include/module.modulemap",
                    ".build/checkouts/*/Sources/*/include/module.modulemap"]:
        incs.update(str(Path(p).parent) for p in glob.glob(str(ROOT / pattern)))
    maps = glob.glob(str(build) + "/*.build/module.modulemap")
    cflags = subprocess.run(["pkg-config", "--cflags-only-I", "cairo", "pango", "harfbuzz", "libpng", "zlib",
                             "glib-2.0", "freetype2"], capture_output=True, text=True, check=True).stdout.split()
    args = ["-I", str(build / "Modules")]
    for inc in sorted(incs):
        args += ["-I", inc]
    for m in sorted(maps):
        args += ["-Xcc", "-fmodule-map-file=" + m]
    for c in cflags + ["-I/usr/include/pango-1.0"]:
        args += ["-Xcc", c]
    return args


def symbols(module, args, scratch):
    out = Path(scratch) / module
    out.mkdir()
    run = subprocess.run(["swift-symbolgraph-extract", "-module-name", module, "-target", f"{platform.machine()}-unknown-linux-gnu",
                          "-minimum-access-level", "public", "-output-dir", str(out)] + args,
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"swift-symbolgraph-extract failed for {module} (run `swift build` first):\n{run.stderr[-4000:]}")
    lines = []
    for f in sorted(out.glob("*.symbols.json")):
        graph = json.loads(f.read_text())
        for s in graph["symbols"]:
            if s.get("accessLevel") not in ("public", "open") or "::SYNTHESIZED::" in s["identifier"]["precise"]:
                continue   # default implementations inherited from protocols (Collection's) are not ours
            decl = "".join(fr["spelling"] for fr in s.get("declarationFragments", []))
            path = ".".join(s["pathComponents"])
            kind = s["kind"]["identifier"].removeprefix("swift.")
            lines.append(f"{module}\t{kind}\t{path}\t{' '.join(decl.split())}")
    return lines


def live():
    args = flags()
    with tempfile.TemporaryDirectory() as scratch:
        modules = reached_modules()
        lines = import_lines(modules)
        for module in modules:
            lines += symbols(module, args, scratch)
    return sorted(set(lines))


ENGINE = ("GridDocument", "GridLayout", "GridDrawing")


def reached_types(lines):
    """The engine types an `import GridRender` user names through GridRender's typealiases
    (`typealias Document = Document`, `typealias Font = FontSpec`), generic arguments dropped."""
    import re
    reached = set()
    for l in lines:
        module, kind, path, decl = l.split("\t")
        if module == "GridRender" and kind == "typealias":
            reached.add(re.sub(r"<.*", "", decl.split("=", 1)[1]).strip())
    return reached


def untyped_throws(lines):
    """Public throwing APIs a GridRender user can call (the facade's own declarations, the
    extensions it adds to engine types, and the engine's public members of the types its
    typealiases name) whose effect is not `throws(GridRenderError)`: the effect is the
    `throws` after the parameter list, not one inside a closure parameter's type."""
    import re
    effect = re.compile(r"\)\s*(?:async\s+)?(throws(?:\([^)]*\))?|rethrows)\s*(?:->|$|where)")
    reached = reached_types(lines)
    bad = []
    for l in lines:
        module, kind, path, decl = l.split("\t")
        if kind not in ("method", "type.method", "init", "func", "subscript"):
            continue
        owner = path.rsplit(".", 1)[0] if "." in path else ""
        if module != "GridRender" and not (module in ENGINE and any(owner == t or owner.startswith(t + ".") for t in reached)):
            continue
        found = effect.findall(decl)
        if found and found[-1] not in ("throws(GridRenderError)", "rethrows"):
            bad.append(l)
    return bad


TYPE_KINDS = ("struct", "enum", "class", "protocol", "typealias")


def colliding_types(lines):
    """Top-level type names a test importing GridSnapshotTesting (GridSnapshot is re-exported),
    SnapshotTestingGridRender or GridRender shares with swift-snapshot-testing's SnapshotTesting
    (its `Snapshotting`, `Diffing`): such a test would have to qualify them. Functions are left
    out: `assertSnapshot`/`verifySnapshot` overload on the strategy's type."""
    with tempfile.TemporaryDirectory() as scratch:
        theirs = {l.split("\t")[2] for l in symbols("SnapshotTesting", flags(), scratch)
                  if l.split("\t")[1] in TYPE_KINDS and "." not in l.split("\t")[2]}
    return [l for l in lines if l.split("\t")[1] in TYPE_KINDS and l.split("\t")[2] in theirs
            and l.split("\t")[0] in ("GridRender", "GridSnapshot", "GridSnapshotTesting", "SnapshotTestingGridRender")]


def main():
    lines = live()
    text = "\n".join(lines) + "\n"
    if "--record" in sys.argv:
        RECORD.write_text(text)
        print(f"wrote {RECORD.relative_to(ROOT)}: {len(lines)} public symbols")
        return 0
    if "--check" in sys.argv:
        status = 0
        bad = untyped_throws(lines)
        for l in bad:
            print("throws something other than GridRenderError: " + l.replace("\t", "  "))
            status = 1
        for l in colliding_types(lines):
            print("named like a swift-snapshot-testing type (rename it): " + l.replace("\t", "  "))
            status = 1
        recorded = RECORD.read_text().splitlines() if RECORD.exists() else []
        if recorded != lines:
            sys.stdout.writelines(difflib.unified_diff([l + "\n" for l in recorded], [l + "\n" for l in lines],
                                                       "docs/public-api.txt", "live"))
            print("the public API changed: review it, then run scripts/public-api.py --record")
            status = 1
        return status
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
