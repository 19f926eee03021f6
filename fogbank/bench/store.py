"""How many durable appends a second the store takes, with group commit and without.

    python -m fogbank.bench.store [--records N] [--tasks T] [--dir DIR]

T tasks each append N/T inputs one after another, awaiting each (as a seat awaits its order's
acknowledgement). Both modes run in this process on the same disk, one after the other: group
commit (everything queued goes into one transaction) and the baseline of one commit per append.
Use --dir to measure the disk the server will use; the default is a temporary directory.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from fogbank.rules.record import inputs, schema
from fogbank.server.store import Store


async def appends_per_second(directory: Path, records: int, tasks: int, max_batch: int | None) -> float:
    store = await Store.open(directory, max_batch=max_batch)
    try:
        game_id = f"bench-{max_batch}"
        # The store keeps any ruleset's records as they are: a made-up game and order will do.
        await store.create_game(game_id, "bench", "bench", bytes(32), "-", {})
        order = {"bench": "an order about this long"}
        record = schema.plain(inputs.Order(turn=1, phase="orders", seat="bench", order=order))

        async def seat(count: int) -> None:
            for _ in range(count):
                await store.append(game_id, record)

        share, extra = divmod(records, tasks)
        started = time.perf_counter()
        await asyncio.gather(*(seat(share + (i < extra)) for i in range(tasks)))
        elapsed = time.perf_counter() - started
        assert len(await store.load_log(game_id)) == records
        return records / elapsed
    finally:
        await store.close()


async def bench(directory: Path, records: int, tasks: int) -> None:
    grouped = await appends_per_second(directory / "grouped", records, tasks, None)
    single = await appends_per_second(directory / "single", records, tasks, 1)
    print(f"{records} appends from {tasks} tasks, synchronous=FULL, in {directory}")
    print(f"group commit        {grouped:10.0f} appends/s")
    print(f"commit per append   {single:10.0f} appends/s")
    print(f"ratio               {grouped / single:10.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=5000)
    parser.add_argument("--tasks", type=int, default=200)
    parser.add_argument("--dir", type=Path, help="data directory to bench in (default: a temporary one)")
    args = parser.parse_args()
    if args.dir is not None:
        asyncio.run(bench(args.dir, args.records, args.tasks))
        return
    with tempfile.TemporaryDirectory(prefix="fogbank-bench-") as directory:
        asyncio.run(bench(Path(directory), args.records, args.tasks))


if __name__ == "__main__":
    main()
