"""`fogbank new SCENARIO`: create a game on a running server, over its admin HTTP endpoint.

Prints the server's answer as one line of JSON (the tokens and links), then a line for each seat
(its title, side and link) and the umpire's and spectators' links, for the umpire to send on.
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
    request = urllib.request.Request(
        f"{base}/admin/new?scenario={quote(args.scenario)}{query}", headers={"Authorization": f"Bearer {key}"}
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
