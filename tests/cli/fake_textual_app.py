"""A stand-in for `yaniv join` under textual-serve: it speaks the web driver's packets, writes one line of its
environment and every meta packet it gets to the file named by its argument, and quits when told to. Given a second
argument, `stubborn`: it ignores SIGTERM and the quit, and writes screens without end (an app that hangs)."""

from __future__ import annotations

import json
import os
import signal
import sys


def main(record: str, mode: str = "") -> None:
    out = sys.stdout.buffer
    with open(record, "a", encoding="utf-8") as log:

        def note(thing: object) -> None:
            log.write(json.dumps(thing) + "\n")
            log.flush()

        names = (
            "YANIV_TOKENS_DIR",
            "YANIV_DATA_DIR",
            "YANIV_CONFIG_DIR",
            "COLUMNS",
            "ROWS",
            "TEXTUAL_DRIVER",
            "YANIV_TRUST_CERT",
            "YANIV_BROWSER_PAGE",
        )
        note({k: os.environ.get(k) for k in names} | {"pid": os.getpid()})
        out.write(b"__GANGLION__\n")
        screen = b"the join screen of a stand-in app\r\n"
        out.write(b"D" + len(screen).to_bytes(4, "big") + screen)
        out.flush()
        if mode == "stubborn":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            screen = b"a screen drawn again " * 3000
            while True:
                out.write(b"D" + len(screen).to_bytes(4, "big") + screen)
                out.flush()
        stdin = sys.stdin.buffer
        while kind := stdin.read(1):
            payload = stdin.read(int.from_bytes(stdin.read(4), "big"))
            if kind == b"M":
                meta = json.loads(payload)
                note(meta)
                if meta.get("type") == "quit":
                    return
            else:
                note({"stdin": payload.decode("utf-8", "replace")})


if __name__ == "__main__":
    main(*sys.argv[1:3])
