"""An earlier commit of fogbank to serve beside this one: checked out once, kept in a cache.

The commit is checked out with `git worktree add --detach` into the cache folder
(`$XDG_CACHE_HOME/fogbank/versus/<commit>`, else `~/.cache/...`) with a virtualenv of its own
whose path puts that checkout first and this interpreter's own packages after it: the two builds
differ in fogbank's code alone, never in the versions of websockets or msgpack they run on.
A second run finds both in the cache and starts at once.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

DEFAULT = "dcc26fb"  # the commit before deadlines, waiting and nudges


def cache_root() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "fogbank" / "versus"


def repository() -> Path:
    """The git work tree this fogbank was imported from."""
    here = Path(__file__).resolve().parent
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=here, capture_output=True, text=True)
    if top.returncode != 0:
        raise SystemExit("fogbank.bench.versus: a baseline is a commit of fogbank's git repository,"
                         " and this fogbank is no checkout of it")
    return Path(top.stdout.strip())


def checkout(commit: str) -> tuple[str, Path]:
    """The interpreter that runs `commit`'s fogbank and the folder it is checked out in."""
    repo = repository()
    full = _git(repo, "rev-parse", "--verify", f"{commit}^{{commit}}")
    folder = cache_root() / full
    source, environment = folder / "source", folder / "venv"
    if not (source / "fogbank" / "cli" / "main.py").exists():
        folder.mkdir(parents=True, exist_ok=True)
        _git(repo, "worktree", "prune")  # a cached checkout deleted by hand is forgotten first
        _git(repo, "worktree", "add", "--detach", str(source), full)
    python = environment / "bin" / "python"
    if not python.exists():
        venv.EnvBuilder(with_pip=False).create(environment)
        purelib = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        ours = sysconfig.get_paths()["purelib"]  # this interpreter's packages: the same dependencies
        Path(purelib, "fogbank-baseline.pth").write_text(f"{source}\n{ours}\n")
    return str(python), source


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"fogbank.bench.versus: git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


if __name__ == "__main__":  # python -m fogbank.bench.versus.baseline [COMMIT]: check it out, say where
    print(*checkout(sys.argv[1] if len(sys.argv) > 1 else DEFAULT))
