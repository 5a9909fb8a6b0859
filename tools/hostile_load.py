#!/usr/bin/env python3
"""Hostile load against a local `fairyboard serve`, for the BENCHMARKS section "Server under
load and abuse": bounded in connections and duration, loopback only.

    target/release/fairyboard serve --port 18233 &
    python3 tools/hostile_load.py --port 18233 --pid $! --seconds 45

While it runs, each kind of hostile client loops on its own connections:

* `big`     clients fetch the largest image the renderer allows (a 64x64 board at size=78);
* `hand`    clients ask /api/moves for Shogi with a 40,000-pawn hand;
* `check`   clients post 60 KB of ':' to /api/check;
* `length`  clients send `Content-Length: 100000000` and no body;
* `trickle` connections send half a header and stay silent (reopened when closed).

With `--pid` it samples the server's RSS (VmRSS of /proc/PID/status) every 250 ms and
reports the peak, and the RSS `--settle` seconds after the clients stopped. With
`--wrk URL...` it runs `wrk -t1 -c8 -d10s --latency` on each URL alone first, then again
beside the hostile clients, and prints requests/s, p50 and p99 for both. It stops by
itself: every client ends at the deadline, every socket has a timeout.
"""

import argparse
import asyncio
import ipaddress
import re
import shutil
import subprocess
import sys
import time
from collections import Counter

MAX_CONNECTIONS = 1000
MAX_SECONDS = 600


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def big_image_path() -> str:
    # A 64x64 board (empty ranks, runs=multi reads "64" as sixty-four) at the largest
    # square size: 64 * 78 = 4992 pixels a side, the renderer's pixel limit.
    ranks = "/".join(["64"] * 64)
    return f"/d?ff={ranks}&runs=multi&size=78"


def requests(kind: str) -> bytes:
    if kind == "big":
        return (f"GET {big_image_path()} HTTP/1.1\r\nHost: localhost\r\n"
                "Connection: close\r\n\r\n").encode()
    if kind == "hand":
        fen = ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
               f"[{'P' * 40000}]%20w%20-%20-%200%201")
        return (f"GET /api/moves?variant=shogi&fen={fen} HTTP/1.1\r\nHost: localhost\r\n"
                "Connection: close\r\n\r\n").encode()
    if kind == "check":
        body = b":" * 60000
        return (b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                b"Content-Type: text/plain\r\nContent-Length: "
                + str(len(body)).encode() + b"\r\n\r\n" + body)
    if kind == "length":
        return (b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                b"Content-Length: 100000000\r\n\r\n")
    raise ValueError(kind)


async def one_request(host, port, data: bytes, timeout: float) -> str:
    """Send `data`, read the answer to its end; the status code, or what went wrong."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    except (OSError, asyncio.TimeoutError):
        return "connect-failed"
    try:
        writer.write(data)
        await asyncio.wait_for(writer.drain(), timeout)
        head = await asyncio.wait_for(reader.readline(), timeout)
        status = head.split()[1].decode() if len(head.split()) > 1 else "no-status"
        # Drain the body (the server closes after it).
        while await asyncio.wait_for(reader.read(1 << 16), timeout):
            pass
        return status
    except (OSError, asyncio.TimeoutError, IndexError):
        return "error"
    finally:
        writer.close()


async def looping_client(kind, host, port, deadline, tally: Counter):
    data = requests(kind)
    while time.monotonic() < deadline:
        left = max(0.1, deadline - time.monotonic())
        status = await one_request(host, port, data, min(30.0, left + 15.0))
        tally[(kind, status)] += 1


async def trickler(host, port, deadline, tally: Counter):
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 5)
        except (OSError, asyncio.TimeoutError):
            tally[("trickle", "connect-failed")] += 1
            await asyncio.sleep(0.5)
            continue
        try:
            writer.write(b"GET / HTTP/1.1\r\nHost: local")
            await writer.drain()
            left = deadline - time.monotonic()
            if left <= 0:
                break
            # Wait for the server to close the connection (or the deadline).
            got = await asyncio.wait_for(reader.read(1024), left)
            tally[("trickle", "closed-by-server" if not got else "answered")] += 1
        except asyncio.TimeoutError:
            break
        except OSError:
            tally[("trickle", "closed-by-server")] += 1
        finally:
            writer.close()


async def sample_rss(pid, deadline, samples: list):
    while time.monotonic() < deadline:
        samples.append(rss_kb(pid))
        await asyncio.sleep(0.25)


async def hostile(args, seconds: float) -> Counter:
    deadline = time.monotonic() + seconds
    tally: Counter = Counter()
    tasks = []
    for kind, n in [("big", args.big), ("hand", args.hand), ("check", args.check),
                    ("length", args.length)]:
        tasks += [looping_client(kind, args.host, args.port, deadline, tally)
                  for _ in range(n)]
    tasks += [trickler(args.host, args.port, deadline, tally) for _ in range(args.trickle)]
    await asyncio.gather(*tasks)
    return tally


def run_wrk(url: str) -> str:
    out = subprocess.run(["wrk", "-t1", "-c8", "-d10s", "--latency", url],
                         capture_output=True, text=True, timeout=60).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket = re.search(r"Socket errors: (.*)", out)
    return (f"{float(rate.group(1)) if rate else 0:.0f} req/s, p50 {p50.group(1) if p50 else '?'}, "
            f"p99 {p99.group(1) if p99 else '?'}"
            + (f", non-2xx {errors.group(1)}" if errors else "")
            + (f", socket errors {socket.group(1)}" if socket else ""))


async def main_async(args):
    base = f"http://{args.host}:{args.port}"
    urls = [u if u.startswith("http") else base + u for u in args.wrk]
    for u in urls:
        if not loopback(re.sub(r"^http://\[?([^\]/]+?)\]?(:\d+)?/.*$", r"\1", u)):
            sys.exit(f"{u}: only loopback addresses are load-tested")
    if urls and not shutil.which("wrk"):
        sys.exit("--wrk needs wrk (apt-get install wrk)")
    alone = {}
    if urls:
        print(f"RSS before: {rss_kb(args.pid) // 1024 if args.pid else '?'} MB")
    for u in urls:
        alone[u] = await asyncio.to_thread(run_wrk, u)
        print(f"alone   {u}: {alone[u]}", flush=True)
    samples: list = []
    seconds = args.seconds
    start = time.monotonic()
    jobs = [hostile(args, seconds)]
    if args.pid:
        jobs.append(sample_rss(args.pid, start + seconds, samples))

    async def beside():
        # Give the hostile clients a few seconds to fill the queues, then measure.
        await asyncio.sleep(min(5.0, seconds / 4))
        for u in urls:
            if time.monotonic() + 10 > start + seconds:
                print(f"beside  {u}: skipped (past --seconds)")
                continue
            r = await asyncio.to_thread(run_wrk, u)
            print(f"beside  {u}: {r}", flush=True)

    jobs.append(beside())
    results = await asyncio.gather(*jobs)
    tally = results[0]
    print(f"hostile clients, {seconds:.0f} s:")
    for (kind, status), n in sorted(tally.items()):
        print(f"  {kind:8} {status:16} {n}")
    if args.pid:
        peak = max(samples, default=0)
        print(f"RSS peak during: {peak // 1024} MB")
        await asyncio.sleep(args.settle)
        print(f"RSS {args.settle:.0f} s after: {rss_kb(args.pid) // 1024} MB")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--pid", type=int, help="the server's process id, for RSS")
    p.add_argument("--seconds", type=float, default=45)
    p.add_argument("--settle", type=float, default=5, help="wait before the last RSS")
    p.add_argument("--big", type=int, default=16)
    p.add_argument("--hand", type=int, default=4)
    p.add_argument("--check", type=int, default=2)
    p.add_argument("--length", type=int, default=2)
    p.add_argument("--trickle", type=int, default=300)
    p.add_argument("--wrk", nargs="*", default=[], help="URLs (or paths) to measure")
    args = p.parse_args()
    if not loopback(args.host):
        sys.exit(f"{args.host}: only loopback addresses are load-tested")
    total = args.big + args.hand + args.check + args.length + args.trickle
    if total > MAX_CONNECTIONS:
        sys.exit(f"{total} clients: at most {MAX_CONNECTIONS}")
    if not 0 < args.seconds <= MAX_SECONDS:
        sys.exit(f"--seconds: 0 to {MAX_SECONDS}")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
