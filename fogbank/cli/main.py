"""The `fogbank` command: parse the command line, run the command."""

from __future__ import annotations

import sys

INTERRUPTED = 130  # a ^C the command did not handle itself: the shell's status for SIGINT


def main(argv: list[str] | None = None) -> int:
    """Run the command; a ^C it does not handle itself (while it starts, say) ends it quietly."""
    try:
        return _run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        return INTERRUPTED


def _run(arguments: list[str]) -> int:
    if arguments[:1] == ["bench"]:  # every option after it is the bench's: argparse's REMAINDER
        from fogbank.bench.load.main import main as bench  # will not take a leading --option

        return bench(arguments[1:])
    from .parser import build_parser  # here, not at the top: a ^C while it imports is caught

    args = build_parser().parse_args(arguments)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
