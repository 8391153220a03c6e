"""Network play: the time from one client's action to every client's updated view, and the host's memory.

Run: python benchmarks/net_latency.py [--seats 2 8] [--watchers N] [--actions N] [--gap S]

For each table size a host runs in its own process on 127.0.0.1 (a free port), every seat remote, and this
process joins one client a seat, and `--watchers` watchers (`TableClient.watch`). Each sample: the seat to play
sends a MediumBot's action from its mirror, and the clock stops when every client and watcher has the host's new
view (the sender's own answer included). Actions are spaced by --gap seconds (default 0.06), so no client comes
near the host's limit of 20 messages a second. Prints the median and 99th percentile (target: under 50 ms at the
99th), and the host process's resident memory (VmRSS) with every seat joined, after the run.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.net import TableClient, TableHost

LIMIT = 30.0


async def serve(seats: int) -> None:
    """The host process: every seat remote, the game played only by the clients' actions, until killed."""
    rules = load_ruleset("israeli")
    # A game that does not end inside the run: the end score far away.
    rules = dataclasses.replace(rules, end_limit=100_000, end_limit_any=True)
    remote = [Seat.remote(f"P{i}") for i in range(seats)]
    game = Game.new(rules, [s.name for s in remote], seed=1)
    host = TableHost(game, remote, host="127.0.0.1", port=0)
    await host.start()
    print(json.dumps({"port": host.port, "code": host.code}), flush=True)
    while not game.is_over:
        action = await host.action_for(game.current)
        game.apply(action)
        host.publish(game)


def rss_kib(pid: int) -> int:
    """A process's resident memory in KiB (Linux's /proc), or 0 where there is none."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


async def drain(clients: list[TableClient]) -> None:
    """Read every view already sent, so the next `changed()` waits for a new one."""
    for client in clients:
        while True:
            try:
                await asyncio.wait_for(client.changed(), 0.2)
            except TimeoutError:
                break


async def measure(seats: int, actions: int, gap: float, watchers: int = 0) -> tuple[list[float], int]:
    """(latencies in ms, the host's RSS in KiB) for a table of `seats` remote seats and `watchers` watchers."""
    host = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(seats)], stdout=subprocess.PIPE, text=True, bufsize=1
    )
    try:
        assert host.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(host.stdout.readline), LIMIT)
        where = json.loads(line)
        folder = Path(tempfile.mkdtemp(prefix="yaniv-bench-"))
        clients = []
        for i in range(seats):
            clients.append(
                await TableClient.join(f"127.0.0.1:{where['port']}", where["code"], token_file=folder / f"{i}")
            )
        by_seat = {c.seat: c for c in clients}
        address = f"127.0.0.1:{where['port']}"
        watching = [await TableClient.watch(address, where["code"]) for _ in range(watchers)]
        await drain([*clients, *watching])
        bot = MediumBot()
        times: list[float] = []
        for _ in range(actions):
            client = by_seat[clients[0].view.current]
            action = bot.choose(client.view)
            start = time.perf_counter()
            others = [c.changed() for c in (*clients, *watching) if c is not client]
            await asyncio.wait_for(asyncio.gather(client.send(action), *others), LIMIT)
            await client.changed()  # its own new view came with the answer: read, not waited for
            times.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(gap)
        memory = rss_kib(host.pid)
        for c in (*clients, *watching):
            await c.close()
        return times, memory
    finally:
        host.kill()
        host.wait()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 8])
    parser.add_argument("--watchers", type=int, default=0, help="watchers at each table (default 0)")
    parser.add_argument("--actions", type=int, default=400)
    parser.add_argument("--gap", type=float, default=0.06)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        await serve(args.serve)
        return
    for seats in args.seats:
        times, memory = await measure(seats, args.actions, args.gap, args.watchers)
        times.sort()
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        verdict = "met" if p99 < 50 else "NOT met"
        print(
            f"{seats} seats, {args.watchers} watchers: {len(times)} actions, median {statistics.median(times):.1f} ms, "
            f"99th percentile {p99:.1f} ms (target < 50 ms: {verdict}); host RSS {memory / 1024:.1f} MiB"
        )


if __name__ == "__main__":
    asyncio.run(main())
