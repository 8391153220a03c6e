"""Play must not change unnoticed: `benchmarks/sim_digest.py`'s seeded digest of `yaniv sim` (every preset,
every bot level) is pinned here, run by run, so a change of play names the run that moved."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[1] / "benchmarks" / "sim_digest.py"

#: The first 16 hex digits of each run's digest, as `sim_digest.py` prints them, in the order of its `runs()`:
#: five runs a preset (israeli, seven-cards, sursis, yanivo).
PINNED = (
    "526d3bf73806193b",
    "1c100cc270ddb506",
    "e4daddb2893481c6",
    "289588b9c8feac0c",
    "8e306333bbe8da77",
    "27ba491c03497a27",
    "f115ea60d390c3f0",
    "11de917c59349791",
    "b5151a1809832ccd",
    "d24b261ac9df81e7",
    "44b60a4662a64bcb",
    "03c2d92afa889255",
    "6d5eac4905796e87",
    "b739f8ea1490fc66",
    "3f10e582ea5cbd7d",
    "11a658c764143f64",
    "09ff575d3c3f1e87",
    "2d00398f602e33a1",
    "efb31b29bc756e8d",
    "5f020faadad3f8a3",
)
#: The digest over all runs (`python benchmarks/sim_digest.py`) and over the first run of each preset (`--quick`).
FULL = "a77888d08644f262327f55501f527755965e6261ffca81ef67809c8335a61ab8"
QUICK = "7360f969506835db96b747e680891f48d404ecfd1d733270c7fb6a68de5df1b1"

pytestmark = pytest.mark.slow  # each run is a `yaniv sim` process: about 20 s of CPU for the quick digest


@pytest.fixture(scope="module")
def sim_digest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sim_digest", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(sim_digest: ModuleType, quick: bool, pinned_total: str) -> None:
    every = [" ".join(args) for args in sim_digest.runs(False)]
    assert len(every) == len(PINNED), f"benchmarks/sim_digest.py has {len(every)} runs, this test pins {len(PINNED)}"
    pinned = dict(zip(every, PINNED, strict=True))
    each: list[str] = []
    changed: list[str] = []
    for args, one in sim_digest.digests(quick):
        line = " ".join(args)
        each.append(one)
        if not one.startswith(pinned[line]):
            changed.append(f"  yaniv sim {line}: now {one[:16]}, pinned {pinned[line]}")
    assert not changed, "play changed (the seeded sim digest of these runs moved):\n" + "\n".join(changed)
    total = sim_digest.total_of(each)
    assert total == pinned_total, f"play changed: the sim digest is {total}, pinned {pinned_total}"


def test_the_quick_sim_digest_is_unchanged(sim_digest: ModuleType) -> None:
    check(sim_digest, True, QUICK)


def test_the_full_sim_digest_is_unchanged(sim_digest: ModuleType) -> None:
    check(sim_digest, False, FULL)
