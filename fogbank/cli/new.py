"""`fogbank new SCENARIO`: create a game on a running server, over its admin HTTP endpoint.

Prints the server's answer as one line of JSON (the tokens and links), then a line for each seat
(its title, side and link) and the umpire's and spectators' links, for the umpire to send on.
`--help` ends with every scenario this fogbank has, its seats and its options.
"""

from __future__ import annotations

import argparse
import json
import sys


def run(args: argparse.Namespace) -> int:
    import urllib.error
    import urllib.request
    from urllib.parse import quote

    key = args.admin_key
    if key is None:
        try:
            key = (args.data / "admin.key").read_text().strip()
        except OSError:
            print(f"fogbank new: no --admin-key and no {args.data / 'admin.key'}", file=sys.stderr)
            return 2
    base = args.server.replace("ws://", "http://", 1).replace("wss://", "https://", 1).rstrip("/")
    query = "".join(f"&option={quote(option)}" for option in args.option)
    if args.name:
        query += f"&name={quote(args.name)}"
    request = urllib.request.Request(  # a POST: making a game is no read (a GET is answered 405)
        f"{base}/admin/new?scenario={quote(args.scenario)}{query}",
        headers={"Authorization": f"Bearer {key}"}, method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read().decode().strip()
        print(text)  # the JSON first, on one line, for a program (`head -1`)
        if not args.json:
            from fogbank.server.admin import link_lines

            created = json.loads(text)
            if "links" in created:  # a server older than links gives none
                print("\n".join(link_lines(created)))
    except urllib.error.HTTPError as error:
        print(f"fogbank new: {error.code}: {error.read().decode().strip()}", file=sys.stderr)
        return 1
    except urllib.error.URLError as error:
        print(f"fogbank new: cannot reach {base}: {error.reason}", file=sys.stderr)
        return 1
    return 0


def scenarios_help() -> str:
    """Every scenario `new` can start, with its seats and options, for `fogbank new --help`."""
    import re
    import textwrap

    from fogbank.server.admin import scenarios

    lines = ["scenarios (SCENARIO, then any --option NAME=VALUE it offers):"]
    for scenario in scenarios():
        # Each seat as the umpire's console names it: its title to the first colon or comma.
        seats = "; ".join(re.split(r"[:,]", seat["title"] or seat["seat"])[0] for seat in scenario["seats"])
        lines.append(f"  {scenario['scenario']} ({scenario['ruleset']}): {scenario['title']}")
        lines += textwrap.wrap(f"seats: {seats}", 96, initial_indent=" " * 6, subsequent_indent=" " * 8)
        for option, offer in scenario["options"].items():
            choices = "|".join(_choice(choice) for choice in offer["choices"])
            said = f"--option {option}={choices} (default {_choice(offer['default'])}): {offer['help']}"
            lines += textwrap.wrap(said, 96, initial_indent=" " * 6, subsequent_indent=" " * 8)
    return "\n".join(lines) + "\n"


def _choice(value: object) -> str:
    """A choice as it is typed after `=`: true and false as JSON has them."""
    return json.dumps(value) if isinstance(value, bool) else str(value)
