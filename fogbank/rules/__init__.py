"""What fogbank decides, and nothing else: no sockets, files, clocks or event loops here.

`core/` is the engine every game shares; `record/` writes, replays and verifies a game's log;
every other folder is one ruleset, holding its rules, data, payloads, bot, console module and docs.
"""
