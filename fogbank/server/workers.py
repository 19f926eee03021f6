"""`fogbank serve --workers N`: N server processes behind one port, each holding its own games.

Every worker is a whole embedded server (gateway, host and a store of its own in DATA/worker-K/)
listening on the same port with SO_REUSEPORT, so the kernel spreads connections over them. A game
belongs to one worker for good: its id is drawn so that `owner(id)` names the worker that made it,
and only that worker's store ever holds it; a connection that lands on another worker is handed
over whole when it joins (`handover.py`).

The parent only starts and watches them: it imports the server and the rulesets, and forks each
worker from itself, so a worker (started again too) imports nothing. It holds DATA's lock and
each worker holds its store's, so a second parent (or one started beside workers left behind)
refuses to start, as it does when the port is held. Workers die with their parent: each has a
thread blocked on its pipe to the parent, which hangs up when the parent dies however it dies
(and the kernel sends SIGTERM besides, PR_SET_PDEATHSIG). An orphan still starting exits at once
(it has acknowledged nothing); one serving does not wait for its peers to answer their close
frames: it writes what is queued, closes its store and exits, and if its event loop is held past
`ORPHAN_DEADLINE` the thread ends it anyway, so that a parent started again finds the port and
stores free within a second, whatever the old workers were doing.
A worker that dies is started again with its games; one that cannot start is tried again with
a growing wait while the others serve on. The parent tells every worker which workers are not
serving (over the same pipe), so `/healthz` says ok only once all of them serve.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import socket
import threading
import time
from pathlib import Path
from typing import Any, Callable

import attrs

from .handover import Handover, owner
from .store import StoreError, StoreInUse, lock_folder

log = logging.getLogger("fogbank.workers")
WORKERS_FILE = "workers"  # in DATA: how many workers its games are spread over
STOP_GRACE = 20  # seconds every worker together has to close cleanly when the server stops
START_GRACE = 120  # seconds a worker has to recover its games and listen
RETRY = (0.5, 30.0)  # seconds before trying again a worker that could not start: first, longest
ORPHAN_GRACE = 0.2  # seconds an orphaned worker's peers have to answer their close frames
ORPHAN_DEADLINE = 1.0  # seconds an orphan serving has to close before it is ended regardless
LEFT_BEHIND = 5.0  # seconds a parent waits for the workers of one that died to let go of their stores
PR_SET_PDEATHSIG = 1

__all__ = ["check_data", "owner", "serve_workers", "worker_data"]


def worker_data(data: Path, index: int) -> Path:
    return Path(data) / f"worker-{index}"


def check_data(data: Path, workers: int) -> None:
    """Refuse a data folder made for another number of workers: its games' owners would change.
    Raises ValueError with the sentence to print."""
    data = Path(data)
    marker = data / WORKERS_FILE
    made_for = int(marker.read_text().strip()) if marker.exists() else 1
    single = (data / "fogbank.sqlite3").exists()
    if marker.exists() and made_for != workers:
        raise ValueError(f"{data} holds games for --workers {made_for}; serve it with that many")
    if workers > 1 and single:
        raise ValueError(f"{data} holds the games of a single-process server; serve it without --workers")
    if workers > 1 and not marker.exists():
        marker.write_text(f"{workers}\n")


@attrs.define
class _Worker:
    """One worker as the parent sees it."""

    index: int
    process: Any = None  # None: not running, to start at `retry_at`
    pipe: Any = None  # our end of its pipe: "ready" or why not, then an end-of-file at its death;
    # we send it the workers not serving each time that changes
    ready: bool = False
    started: float = 0.0
    retry_at: float = 0.0
    delay: float = RETRY[0]


def serve_workers(
    host: str, port: int, data: Path, workers: int, admin_key: str, ready: Callable[[int], None],
    options: dict[str, Any] | None = None,
) -> None:  # fmt: skip
    """Run `workers` server processes on one port until SIGINT or SIGTERM; `ready(port)` once all
    of them listen. `options`: more keyword arguments for each worker's `Server.start` (public_url,
    smtp). Raises ValueError, OSError or StoreError (another server holds the folder)
    when the workers cannot start."""
    import multiprocessing
    import secrets
    import signal

    from fogbank.rules import core

    from . import app  # noqa: F401  (imported once, here: a worker forked from us starts without importing)

    core.rulesets()  # and the rulesets, which a worker would import recovering its first game
    # All of that lives as long as the server: frozen before the workers are forked, so no worker
    # collects it again (each would, once started, and under load that came before its "ready"),
    # nor touches its pages doing so (they stay shared with us).
    gc.collect()
    gc.freeze()
    check_data(data, workers)
    # Caught from the start: a ^C just after the ready line (or while the workers start) stops
    # them all cleanly, where the default handler would have left the parent with a traceback.
    stopping: list[bool] = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stopping.append(True))
    lock = lock_folder(Path(data))
    crew = [_Worker(index) for index in range(workers)]
    try:
        for index in range(workers):  # workers of a parent that died, still holding their stores
            folder = worker_data(data, index)
            if folder.exists():
                os.close(_lock_when_let_go(folder, stopping))
        with _hold(host, port) as probe:  # holds the port (0: a free one) while they start
            port = probe.getsockname()[1]
            run = secrets.token_hex(4)
            # Forked, not spawned: a worker (started again, too) has the server imported already,
            # and serves in the time its store takes to open (a spawned one imported it all again,
            # two at once with the parent's first, which took a started parent 3 times as long as
            # a single process to serve, on a loaded machine).
            context = multiprocessing.get_context("fork")

            def start(worker: _Worker) -> None:
                ours, theirs = context.Pipe()
                process = context.Process(
                    target=_worker, args=(worker.index, workers, run, host, port, data, admin_key, theirs, os.getpid(), options or {}),
                    daemon=True,
                )  # fmt: skip
                # Forked with ^C and SIGTERM blocked (a signal mask outlives fork): a ^C at the
                # terminal goes to the whole process group, and it is ours to act on (we stop them
                # with SIGTERM); a SIGTERM waits for the worker's own handler, not our copy of ours.
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
                try:
                    process.start()
                finally:
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
                theirs.close()  # the worker's end, ours no longer: its death is then an EOF here
                worker.process, worker.pipe, worker.ready, worker.started = process, ours, False, time.monotonic()

            for worker in crew:
                if not stopping:
                    start(worker)
            for worker in crew:  # all of them at first, or none: a worker that cannot start is our fault
                while not stopping and not worker.ready:
                    failure = _answer(worker, timeout=0.2)
                    if failure is not None:
                        raise OSError(f"worker {worker.index}: {failure}")
        told = _tell(crew, None)
        if not stopping:
            ready(port)
        while not stopping:
            _watch(crew, start)
            told = _tell(crew, told)
    finally:
        _stop(crew)
        os.close(lock)


def _lock_when_let_go(folder: Path, stopping: list[bool]) -> int:
    """A worker store's lock, waited for while another process holds it, up to `LEFT_BEHIND`
    seconds: the workers of a parent just killed are closing (a restart launched at once finds
    them so). Raises StoreInUse, naming the holder, if it is held longer (a server still running)."""
    began = time.monotonic()
    waited = False
    while True:
        try:
            lock = lock_folder(folder)
        except StoreInUse:
            if stopping or time.monotonic() >= began + LEFT_BEHIND:
                raise
            waited = True
            time.sleep(0.05)
            continue
        if waited:  # what a restart waited for the workers left behind (bench.soak reads it)
            waited_for = time.monotonic() - began
            log.info("%s was let go by a worker left behind after %.2f s", folder.name, waited_for)
        return lock


def _hold(host: str, port: int) -> socket.socket:
    """A socket bound to the port with SO_REUSEPORT, so the workers can bind it beside it; the port
    is first bound without, which fails while anyone else listens on it (workers left behind)."""
    family, kind, _, _, where = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    with socket.socket(family, kind) as alone:
        # SO_REUSEADDR, as every listening socket of the server has: the connections of a server
        # just stopped linger in TIME_WAIT, and do not hold the port; a listening socket does.
        alone.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            alone.bind(where)
        except OSError as error:
            raise OSError(f"port {port} on {host} is taken (another server, or its workers?): {error.strerror}") from None
        where = (where[0], alone.getsockname()[1], *where[2:])
    probe = socket.socket(family, kind)
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    probe.bind(where)
    return probe


def _answer(worker: _Worker, timeout: float) -> str | None:
    """Read a starting worker's word: None while it starts or once it is ready, else why it failed."""
    try:
        if not worker.pipe.poll(timeout):
            late = time.monotonic() - worker.started > START_GRACE
            return f"did not start in {START_GRACE} s" if late else None
        answer = worker.pipe.recv()
    except (EOFError, OSError):  # it died starting
        worker.process.join(1)
        return f"exited while starting ({worker.process.exitcode})"
    worker.ready = answer == "ready"
    return None if worker.ready else answer


def _watch(crew: list[_Worker], start: Callable[[_Worker], None]) -> None:
    """One round of watching: a worker that died is started again; one that failed to start is
    tried again after a wait that doubles each time (the others serve meanwhile)."""
    from multiprocessing.connection import wait

    running = [w.process.sentinel for w in crew if w.process is not None]
    starting = [w.pipe for w in crew if w.process is not None and not w.ready]
    wait(running + starting, timeout=0.2)
    now = time.monotonic()
    for worker in crew:
        if worker.process is None:
            if now >= worker.retry_at:
                start(worker)
            continue
        if not worker.ready:
            failure = _answer(worker, timeout=0)
            if failure is not None:
                worker.process.kill()
                worker.process.join()
                worker.process, worker.retry_at = None, now + worker.delay
                log.warning("worker %d could not start again (%s); trying again in %.1f s", worker.index, failure,
                            worker.delay)  # fmt: skip
                worker.delay = min(worker.delay * 2, RETRY[1])
            elif worker.ready:
                log.info("worker %d is serving again", worker.index)
                worker.delay = RETRY[0]
            continue
        if worker.process.exitcode is not None:
            log.warning("worker %d exited (%s); starting it again", worker.index, worker.process.exitcode)
            worker.pipe.close()
            start(worker)


def _tell(crew: list[_Worker], told: list[int] | None) -> list[int]:
    """Tell the workers serving which workers are not (`/healthz` answers ok once none is), when
    that changed since `told`; what was told."""
    absent = [w.index for w in crew if w.process is None or not w.ready]
    if absent != told:
        for worker in crew:
            if worker.ready:
                try:
                    worker.pipe.send(absent)
                except OSError:  # it is dying: the next round starts it again
                    pass
    return absent


def _stop(crew: list[_Worker]) -> None:
    processes = [(w.index, w.process) for w in crew if w.process is not None]
    for _, process in processes:
        if process.is_alive():
            process.terminate()  # SIGTERM: it closes its store cleanly
    # One deadline for them all, so a stop takes at most that long: a worker that has not
    # closed by then is killed (what it acknowledged is on disk; its file is left untidied).
    deadline = time.monotonic() + STOP_GRACE
    for index, process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            log.warning("worker %d did not stop in %d s; killed", index, STOP_GRACE)
            process.kill()
            process.join()


def _let_go_of_the_parents(pipe: int) -> None:
    """Close in a worker just forked every descriptor but its pipe and the standard ones: the rest
    are its parent's. Kept, the parent's end of each worker's pipe (its own too) would hide the
    parent's death from it and the others (no end-of-file while a copy is open), and the parent's
    folder lock and the port it holds while they start would outlive the parent."""
    os.closerange(3, pipe)
    os.closerange(pipe + 1, os.sysconf("SC_OPEN_MAX"))


def _die_with(parent: int) -> bool:
    """Ask the kernel for SIGTERM when our parent dies (Linux); False if it is gone already."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: the pipe's end-of-file tells it instead
        pass
    return os.getppid() == parent


def _watch_the_parent(pipe: int, serving: threading.Event, orphaned: Callable[[], None]) -> None:
    """(A worker's thread.) Block until the parent hangs up its end of our pipe (it died, however:
    its ends close with it), then end this worker: at once if it is still starting, else by
    `orphaned()` (the clean close, on the event loop), and regardless `ORPHAN_DEADLINE` seconds
    later. A thread, not the loop: a loop held by a long step (a recovery, a blocked write) runs
    no signal handler or reader, and an orphan held so kept its store's lock from the parent
    started again. What the worker acknowledged is on disk already; ending it is a crash, which
    the store is made to survive, and the kernel lets go of its lock and port."""
    import select

    watch = select.poll()
    watch.register(pipe, 0)  # nothing asked for: only the hang-up wakes it, and it reads nothing
    events = watch.poll()
    if not any(event & select.POLLHUP for _, event in events):
        return  # our own end closed (POLLNVAL): this worker is ending by itself
    if serving.is_set():
        orphaned()
        time.sleep(ORPHAN_DEADLINE)
    os._exit(0)


def _worker(
    index: int, workers: int, run: str, host: str, port: int, data: Path, admin_key: str, pipe: Any, parent: int,
    options: dict[str, Any],
) -> None:  # fmt: skip
    import signal

    from .app import Server, quiet_garbage_collector
    from .sockets import CLOSE_GRACE

    _let_go_of_the_parents(pipe.fileno())
    if not _die_with(parent):
        return
    # force: a forked worker has its parent's handler, without the worker's number
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s w{index} %(name)s %(message)s", force=True)

    async def serve() -> None:
        stop = asyncio.Event()
        orphaned = False
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})  # ^C stays the parent's
        serving = threading.Event()

        def orphaned_now() -> None:
            nonlocal orphaned
            orphaned = True
            stop.set()

        def orphan() -> None:  # from the thread watching the parent
            with contextlib.suppress(RuntimeError):  # the loop has closed: the worker is ending
                loop.call_soon_threadsafe(orphaned_now)

        watching = (pipe.fileno(), serving, orphan)
        threading.Thread(target=_watch_the_parent, args=watching, name="parent", daemon=True).start()
        handover = Handover(index, workers, run)
        try:
            server = await Server.start(
                host, port, worker_data(data, index), admin_key=admin_key, handover=handover, **options
            )
        except Exception as error:  # noqa: BLE001  (told to the parent, which says it)
            plain = isinstance(error, (StoreError, OSError))  # its own words say it
            why = str(error) if plain else f"{type(error).__name__}: {error}"
            with contextlib.suppress(OSError):  # unless it is dead
                pipe.send(why)
            return

        def heard() -> None:
            """The parent's word (the workers not serving), or the end-of-file of its death."""
            try:
                handover.absent = set(pipe.recv())
            except (EOFError, OSError):
                loop.remove_reader(pipe.fileno())
                orphaned_now()

        serving.set()
        quiet_garbage_collector()
        try:
            pipe.send("ready")
            loop.add_reader(pipe.fileno(), heard)
            await stop.wait()
        except OSError:  # the parent died as we started
            orphaned = True
        finally:
            # The parent's death may come as its SIGTERM before the end-of-file: it then has
            # another parent already (the kernel gives the orphan one before it signals).
            orphaned = orphaned or os.getppid() != parent
            loop.remove_reader(pipe.fileno())
            await server.close(grace=ORPHAN_GRACE if orphaned else CLOSE_GRACE)
        if orphaned:
            # What is durable is done (the store wrote its queue, checkpointed and let go of its
            # lock): no thread left in a nudge's request, nor anything else, may keep it alive.
            logging.shutdown()
            os._exit(0)

    asyncio.run(serve())

