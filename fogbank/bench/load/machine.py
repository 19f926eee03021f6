"""What the operating system says about a process: its memory, its CPU time, its open files."""

from __future__ import annotations

import gc
import os
import resource


def process_rss_kib(pid: int | str = "self") -> int:
    """Resident memory of process `pid` (default: this one) and its children (`--workers`),
    from /proc/PID/status."""
    total = 0
    for one in family(pid):
        try:
            with open(f"/proc/{one}/status") as status:
                total += next((int(line.split()[1]) for line in status if line.startswith("VmRSS:")), 0)
        except FileNotFoundError:  # gone meanwhile
            pass
    return total


def family(pid: int | str) -> list[int | str]:
    """`pid` and its descendants (a `--workers` server's worker processes)."""
    found = [pid]
    for one in found:
        try:
            tasks = os.listdir(f"/proc/{one}/task")
        except FileNotFoundError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{one}/task/{task}/children") as children:
                    found += [int(child) for child in children.read().split()]
            except FileNotFoundError:
                pass
    return found


def settled_rss() -> int:
    """This process's resident memory once the garbage is collected."""
    gc.collect()
    return process_rss_kib()


def process_cpu_s(pid: int) -> float:
    """User + system CPU seconds the process and its children have used (from /proc/PID/stat)."""
    ticks = 0
    for one in family(pid):
        try:
            with open(f"/proc/{one}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except FileNotFoundError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def machine_busy_s() -> float:
    """CPU seconds every process on the machine has used so far, all cores added (from /proc/stat):
    with the server's and the clients' own, what else (other work on the machine) took."""
    with open("/proc/stat") as stat:
        fields = [int(field) for field in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def raise_open_files(seats: int) -> int:
    """Let the process hold both ends of every socket, and some to spare; returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2 * seats + 512
    if soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = new
    return soft
