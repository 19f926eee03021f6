"""fogbank against boardgame.io 0.50.2 and an earlier commit of fogbank, on the same load.

    python -m fogbank.bench.versus [--seats 1000 2000] [--seconds 25] [--rounds 2] [--workers N]
                                   [--baseline COMMIT...] [--codec msgpack|json] [--no-boardgame]
                                   [--json] [--save PATH]

The servers, each in processes of its own on the loopback, one after another in rounds
(boardgame.io, fogbank, each baseline; then again), so a busy spell of a shared machine weighs on
all of them:
- boardgame.io 0.50.2 (`server.js`), in memory, its default, serving `game.js`: a one-seat game
  as small as fogbank's Dardanelles b11 (the submarine orders a course, speed and level; the
  server alone rolls the dice for the patrols' moves and sightings and the mines), with a
  `playerView` that keeps the truth (the patrols, the mines) from the seat.
- fogbank from this tree (`fogbank serve`, its store SQLite fsync'd before any order is answered),
  playing b11.
- fogbank at each baseline commit (default dcc26fb, the commit before deadlines, waiting and
  nudges; `baseline.py` checks each out once into a cache with a virtualenv of its own).

The one load client (`client.mjs`, Node) speaks each server's own protocol: fogbank's websocket
(msgpack or JSON, folded_ack) and boardgame.io's socket.io master (`sync`, then `update` with a
MAKE_MOVE). Each seat sends its standing order once a second and waits for the view that answers
it. The figures: each server's CPU a turn (user + system time of its process and children from
/proc over the drive, over the orders answered), p99 order-to-view latency, RSS a connection, and
fogbank's CPU a turn over boardgame.io's and over each baseline's, round by round. The machine's
load average is given beside each run: on a shared machine read the spread, not one run.

boardgame.io and the client's packages are installed from package-lock.json (`npm ci`) when
node_modules is missing.
"""
