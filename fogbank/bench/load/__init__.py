"""Load on the websocket server: N seats, one websocket each, against a bare echo baseline.

    python -m fogbank.bench.load [--games N] [--seconds S] [--rate R] [--codec C] [--max]
                                 [--scenario ID] [--client-procs P] [--in-process] [--bus mqtt]
                                 [--workers N] [--sweep] [--host-seats N] [--json]

By default the server runs as it is deployed, in a process of its own: `fogbank serve` on a free
port with its store in a temporary folder (`server.py`). Games are created over HTTP
(`/admin/new`, with the key from DATA/admin.key) and N client seats, spread over P client
processes (`clients.py`), each play the first seat of a game of their own with its ruleset's
built-in player (`seats.py`). Each seat sends an order, waits for the observation of the next
turn, and sends the next order on its next tick (`--rate` orders a second), or at once with
`--max` (closed loop, to find the most turns a second). When a game ends its seat gets a fresh
game and a fresh websocket. RSS per connection is read from the server process
(/proc/PID/status).

Then the same seats, at the same pace and with the same frame sizes (an order's up, an
observation's down), run against a bare websockets + msgpack/JSON echo server in its own process
(`echo.py`), and our turns a second are given as a ratio of the echo's, with each goal and
whether this run reached it (or does not test it) (`report.py`): the seats, p99, throughput and
memory a connection, and issue 14's CPU a turn at 3,000 seats, ratio to the echo, game end and
memory per seat flat from turn 20 to 100 (within a quarter).

Beside each figure the echo's from the same run: turns a second, p50/p99 order-to-view latency,
the server process's CPU per answered order (ms; all its processes with `--workers`), bytes per
observation and RSS per connection. `--sweep` runs the load closed loop against `--workers` 1, 2,
... up to the cores (turns a second, p99, CPU per turn at each); `--host-seats` adds the host's own
figures with no sockets (`fogbank.bench.host`: CPU per turn and per game end, memory per seat
after 20 and 100 turns). The figures print as lines to read, or with `--json` as one object a
script compares across commits.

`--in-process` keeps the first mode (`inprocess.py`): server (or echo) and clients in one process
and one event loop, where every figure includes the client side.

The clients are deliberately lean (raw websockets frames, msgpack), not `fogbank.clients.Client`:
they share the machine's cores with the server, and the echo baseline runs the very same client
code, so the ratio compares the servers.
"""
