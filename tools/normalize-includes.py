#!/usr/bin/env python3
"""One include style for the project's own headers: the header's path from the repository root.

    #include "db/GpuSpec.h"
    #include "app/analysis/Estimator.h"
    #include "widgets/compare/ComparisonTable.h"
    #include "tests/db/SmallDisk.h"

Qt, the standard library and other system headers keep their angle brackets and are left alone.

Every library exposes the repository root as its only include directory (see the CMakeLists.txt files), so
the path names the layer and a header can be spelled one way only. Run it after adding files or moving a
header; it is idempotent, and clang-format (tools/check-format.sh) then sorts the rewritten lines.

    tools/normalize-includes.py            rewrite app/, db/, widgets/, tests/ and tools/ in place
    tools/normalize-includes.py --check    change nothing; list what it would rewrite and every include that
                                           crosses the layers the wrong way; exit status 1 if any

An include is resolved as the compiler would: next to the including file first, then by file name over
the tree. A file name that two headers share is an error (rename one), never a guess.
"""

import argparse
import re
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("app", "db", "widgets", "tests", "tools")
SOURCE_SUFFIXES = {".cpp", ".h"}

# The libraries and what each may include, mirroring target_link_libraries: db <- analysis <- widgets <- app.
# The include path no longer keeps a lower layer from reaching up, so this table does.
LAYERS = (
    ("app/analysis/", "analysis"),  # before app/: the estimator is its own library
    ("app/", "app"),
    ("db/", "db"),
    ("widgets/", "widgets"),
    ("tests/", "tests"),
    ("tools/", "tools"),  # programs for whoever changes the estimator, on the estimator's library
)
MAY_INCLUDE = {
    "db": {"db"},
    "analysis": {"db", "analysis"},
    "widgets": {"db", "analysis", "widgets"},
    "app": {"db", "analysis", "widgets", "app"},
    "tests": {"db", "analysis", "widgets", "app", "tests"},
    "tools": {"db", "analysis", "tools"},
}

INCLUDE_LINE = re.compile(r'^(?P<indent>\s*#\s*include\s*)(?P<open>[<"])(?P<name>[^>"]+)[>"](?P<rest>.*)$')


def layer_of(repo_path: str) -> str:
    for prefix, layer in LAYERS:
        if repo_path.startswith(prefix):
            return layer
    raise ValueError(f"{repo_path} is outside {SOURCE_DIRS}")


def source_files(root: Path):
    for top in SOURCE_DIRS:
        for path in sorted((root / top).rglob("*")):
            if path.suffix in SOURCE_SUFFIXES and path.is_file():
                yield path


class HeaderIndex:
    """The project's headers by file name; a name two headers share is reported, not guessed."""

    def __init__(self, root: Path, files):
        self.root = root
        self.by_name = {}
        for path in files:
            if path.suffix == ".h":
                self.by_name.setdefault(path.name, []).append(path.relative_to(root).as_posix())

    def ambiguous_names(self):
        return {name: paths for name, paths in self.by_name.items() if len(paths) > 1}

    def resolve(self, including_file: Path, open_char: str, name: str):
        """The repository path of the project header `name` means, or None for a header not ours."""
        # The compiler looks next to the including file first for a quoted name ("X.h", "../cli/X.h").
        if open_char == '"':
            beside = (including_file.parent / name).resolve()
            if beside.is_file() and self.root in beside.parents:
                return beside.relative_to(self.root).as_posix()
        candidates = self.by_name.get(Path(name).name, [])
        # "cli/CliCommand.h" or "../db/SmallDisk.h": the written folders must end the header's path.
        tail = "/".join(part for part in Path(name).parts if part not in (".", ".."))
        matching = [path for path in candidates if path == tail or path.endswith("/" + tail)]
        if len(matching) > 1:
            raise LookupError(f"{name} could be any of {', '.join(matching)}")
        return matching[0] if matching else None


def normalize_text(repo_path: str, text: str, index: HeaderIndex, problems: list, unresolved: list) -> str:
    """The text with every project include in the one style; layer violations go to problems."""
    layer = layer_of(repo_path)
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        match = INCLUDE_LINE.match(line.rstrip("\r"))
        if not match:
            continue
        try:
            header = index.resolve(index.root / repo_path, match["open"], match["name"])
        except LookupError as error:
            unresolved.append(f"{repo_path}:{number}: {error}")
            continue
        if header is None:
            continue
        if layer_of(header) not in MAY_INCLUDE[layer]:
            problems.append(f"{repo_path}:{number}: the {layer} layer may not include {header}")
        carriage_return = "\r" if line.endswith("\r") else ""
        lines[number - 1] = f'{match["indent"]}"{header}"{match["rest"]}{carriage_return}'
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if anything would change")
    parser.add_argument("--root", type=Path, default=REPOSITORY, help="the tree to work on (default: this one)")
    args = parser.parse_args()
    root = args.root.resolve()

    files = list(source_files(root))
    index = HeaderIndex(root, files)
    unresolved = [
        f"{name}: one file name, several headers ({', '.join(paths)}); rename one"
        for name, paths in sorted(index.ambiguous_names().items())
    ]
    problems = []
    rewritten = {}
    for path in files:
        repo_path = path.relative_to(root).as_posix()
        text = path.read_bytes().decode("utf-8")  # bytes: keep line endings as they are
        normalized = normalize_text(repo_path, text, index, problems, unresolved)
        if normalized != text:
            rewritten[path] = normalized

    for problem in unresolved + problems:
        print(f"error: {problem}", file=sys.stderr)
    if args.check:
        for path in rewritten:
            print(f"{path.relative_to(root)}: includes not in the one style (run {sys.argv[0]})", file=sys.stderr)
        return 1 if rewritten or unresolved or problems else 0
    if unresolved:
        print("nothing rewritten: resolve the names above first", file=sys.stderr)
        return 1
    for path, text in rewritten.items():
        path.write_bytes(text.encode("utf-8"))
    print(f"{len(rewritten)} of {len(files)} files rewritten")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
