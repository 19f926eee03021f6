"""The page kit the umpire's console, a player's seat and every ruleset's page modules share:
the wire (`wire.js`), DOM helpers (`dom.js`), joining and reconnecting (`page.js`), loading a
ruleset's module (`modules.js`), the shared look (`base.css`) and one module per map geometry
(`maps/`). The server serves it at `/web/...`; nothing here knows a ruleset or a page.
"""
