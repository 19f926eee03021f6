"""fogbank: an umpire server for hidden-information naval wargames.

`rules/` decides (pure: the core, the game record, one folder per ruleset); `protocols/` is the
wire; `server/` and `clients/` only move bytes; `cli/` parses commands; `bench/` measures.
`errors.py` is the root of every exception fogbank raises on purpose.
"""
