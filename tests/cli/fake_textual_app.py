"""A stand-in for `yaniv join` under textual-serve: it speaks the web driver's packets, writes one line of its
environment and every meta packet it gets to the file named by its argument, and quits when told to."""

from __future__ import annotations

import json
import os
import sys


def main(record: str) -> None:
    out = sys.stdout.buffer
    with open(record, "a", encoding="utf-8") as log:

        def note(thing: object) -> None:
            log.write(json.dumps(thing) + "\n")
            log.flush()

        names = ("YANIV_TOKENS_DIR", "YANIV_DATA_DIR", "YANIV_CONFIG_DIR", "COLUMNS", "ROWS", "TEXTUAL_DRIVER")
        note({k: os.environ.get(k) for k in names})
        out.write(b"__GANGLION__\n")
        screen = b"the join screen of a stand-in app\r\n"
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
    main(sys.argv[1])
