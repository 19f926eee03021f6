"""The `fogbank` command: parse the command line, run the command."""

from __future__ import annotations

import sys

from .parser import build_parser


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["bench"]:  # every option after it is the bench's: argparse's REMAINDER
        from fogbank.bench.load.main import main as bench  # will not take a leading --option

        return bench(arguments[1:])
    args = build_parser().parse_args(arguments)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
