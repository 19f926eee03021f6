"""`fogbank verify LOG`: re-derive every roll of a finished game from its revealed seed."""

from __future__ import annotations

import argparse
import sys


def run(args: argparse.Namespace) -> int:
    from fogbank.rules.record.verify import Mismatch, NotALog, read_log, verdict, verify_records

    try:
        with args.log.open(encoding="utf-8") as lines:
            records = read_log(lines)
        # A log whose seed matches its own commitment proves nothing if the whole log was made
        # up: it must match the commitment the player saw before the first turn.
        given = (args.commitment or "").strip().lower()
        logged = next((r.get("commitment") for r in records if r.get("type") == "game"), None)
        if given and given != logged:
            raise Mismatch(f"the log's commitment {logged} is not the {given} you were shown at the start")
        checked = verify_records(records)
    except OSError as error:
        print(f"fogbank verify: cannot read {args.log}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"fogbank verify: {args.log} is not a game log: it is not text", file=sys.stderr)
        return 2
    except NotALog as problem:
        print(f"fogbank verify: {args.log} is not a game log: {problem}", file=sys.stderr)
        return 2
    except LookupError as error:  # a ruleset this fogbank does not have
        print(f"fogbank verify: cannot check {args.log}: {error.args[0]}", file=sys.stderr)
        return 2
    except (TypeError, ValueError, AttributeError) as error:  # a record missing a field, or of the wrong shape
        print(f"fogbank verify: MISMATCH: a record of the wrong shape ({error!r})", file=sys.stderr)
        return 1
    except Mismatch as mismatch:
        print(f"fogbank verify: MISMATCH: {mismatch}", file=sys.stderr)
        return 1
    against = " and the commitment you were shown" if args.commitment else ""
    print(f"fogbank verify: {verdict(records, checked)}{against}.")
    return 0
