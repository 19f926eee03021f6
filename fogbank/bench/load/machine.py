"""What the operating system says about a process: its memory, its CPU time, its open files."""

from __future__ import annotations

import gc
import os
import resource


def process_rss_kib(pid: int | str = "self") -> int:
    """Resident memory of process `pid` (default: this one), from /proc/PID/status."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def settled_rss() -> int:
    """This process's resident memory once the garbage is collected."""
    gc.collect()
    return process_rss_kib()


def process_cpu_s(pid: int) -> float:
    """User + system CPU seconds the process has used (from /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def raise_open_files(seats: int) -> int:
    """Let the process hold both ends of every socket, and some to spare; returns the new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2 * seats + 512
    if soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
        soft = new
    return soft
