#!/usr/bin/env python3
"""Holds a crowd of connections on a server for scripts/bench-connections.

usage: crowd.py PORT PATH IDLE SLOW SECONDS

IDLE connections each send one full request, read its answer and then stay open (kept alive,
silent); SLOW connections send a request one byte per second. After SECONDS every connection
is closed and one JSON line says what happened: how many connected, how many idle ones the
server still held at the end, how many slow ones it cut off, and how many it answered.
Loopback only: the crowd is meant to load the server, not the network.
"""
import asyncio, json, sys, time

port, path, idle_count, slow_count, seconds = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: crowd\r\n\r\n".encode()
stats = {"idle_connected": 0, "idle_answered": 0, "idle_open_at_end": 0, "slow_connected": 0,
         "slow_cut_off": 0, "slow_answered": 0, "connect_failures": 0}
deadline = time.monotonic() + seconds


async def connect():
    for attempt in range(50):
        try:
            return await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.1)
    stats["connect_failures"] += 1
    return None


async def idle_client():
    opened = await connect()
    if opened is None:
        return
    reader, writer = opened
    stats["idle_connected"] += 1
    writer.write(request)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), 0)
    await reader.readexactly(length)
    stats["idle_answered"] += 1
    try:
        # Open at the end unless the server closes it first.
        data = await asyncio.wait_for(reader.read(1), timeout=max(0.0, deadline - time.monotonic()))
        if data == b"":
            return
    except asyncio.TimeoutError:
        stats["idle_open_at_end"] += 1
    finally:
        writer.close()


async def slow_client(offset):
    await asyncio.sleep(offset)  # spread the bytes over the second
    opened = await connect()
    if opened is None:
        return
    reader, writer = opened
    stats["slow_connected"] += 1
    try:
        for byte in request:
            if time.monotonic() >= deadline:
                return
            writer.write(bytes([byte]))
            await writer.drain()
            try:
                answer = await asyncio.wait_for(reader.read(1), timeout=1.0)
                stats["slow_answered" if answer else "slow_cut_off"] += 1
                return
            except asyncio.TimeoutError:
                pass
    except (ConnectionError, OSError):
        stats["slow_cut_off"] += 1
    finally:
        writer.close()


async def main():
    clients = [idle_client() for _ in range(idle_count)]
    clients += [slow_client(index / max(1, slow_count)) for index in range(slow_count)]
    await asyncio.gather(*clients, return_exceptions=True)

asyncio.run(main())
print(json.dumps(stats))
