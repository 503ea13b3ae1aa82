"""`python3 -m generator [--check]` from protocol-spec/: regenerate outputs, or list stale ones and exit 1.

Outputs: the codecs and REFERENCE.md from the spec (outputs.py), and the release version and license files stamped
into every package from the root VERSION, LICENSE and NOTICE (release.py)."""

from __future__ import annotations

import argparse
import sys

from .outputs import stale_outputs, write_all
from .release import ReleaseError, read_version, stale_release_files, write_release_files
from .spec import SpecError, load_spec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="protocol-spec/generator", description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; fail naming every stale file")
    args = parser.parse_args(argv)
    try:
        spec = load_spec()
        version = read_version()
        stale_release = stale_release_files()
        stale = stale_outputs(spec) + stale_release if args.check else []
    except (SpecError, ReleaseError) as error:
        print(error, file=sys.stderr)
        return 2
    if args.check:
        for path in stale:
            print(f"stale generated file: {path} (run `make gen` and commit the result)", file=sys.stderr)
        if not stale:
            print(f"gen-check: {len(spec.commands)} commands, {len(spec.errors)} errors, version {version}; "
                  "generated files up to date")
        return 1 if stale else 0
    try:
        written = write_all(spec) + write_release_files()
    except SpecError as error:  # an output it cannot render (the README's op table without its markers)
        print(error, file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
