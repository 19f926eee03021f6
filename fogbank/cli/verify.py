"""`fogbank verify LOG`: re-derive every roll of a finished game from its revealed seed."""

from __future__ import annotations

import argparse
import sys


def run(args: argparse.Namespace) -> int:
    from fogbank.rules.record.verify import Mismatch, read_log, verify_records

    try:
        with args.log.open() as lines:
            checked = verify_records(read_log(lines))
    except OSError as error:
        print(f"fogbank verify: cannot read {args.log}: {error.strerror}", file=sys.stderr)
        return 2
    except Mismatch as mismatch:
        print(f"fogbank verify: MISMATCH: {mismatch}", file=sys.stderr)
        return 1
    print(f"fogbank verify: all {checked} rolls follow from the revealed seed.")
    return 0
