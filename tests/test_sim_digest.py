"""Play must not change unnoticed: `benchmarks/sim_digest.py`'s seeded digest of `yaniv sim` (every preset,
every bot level) is pinned here, run by run, so a change of play names the run that moved."""

from __future__ import annotations

import importlib.util
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
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

pytestmark = pytest.mark.slow  # about 17 s of CPU for the twenty runs, on two cores


@pytest.fixture(scope="module")
def sim_digest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sim_digest", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sim_digest"] = module  # its `digest` is handed to worker processes by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def each_run(sim_digest: ModuleType) -> dict[str, str]:
    """Each run's digest, by its arguments: every run of the full digest, played once for both tests (the quick
    digest's runs are the first of each preset's, the same `yaniv sim` with the same arguments), in two worker
    processes (one a core; the digest of a run does not depend on the others, nor on the runs played before it in
    its process), the longest runs first so that neither worker is left with a long one at the end."""
    runs = sim_digest.longest_first(sim_digest.runs(False))
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
        return {" ".join(args): one for args, one in zip(runs, pool.map(sim_digest.digest, runs), strict=True)}


def check(sim_digest: ModuleType, each_run: dict[str, str], quick: bool, pinned_total: str) -> None:
    every = [" ".join(args) for args in sim_digest.runs(False)]
    assert len(every) == len(PINNED), f"benchmarks/sim_digest.py has {len(every)} runs, this test pins {len(PINNED)}"
    pinned = dict(zip(every, PINNED, strict=True))
    each: list[str] = []
    changed: list[str] = []
    for line in (" ".join(args) for args in sim_digest.runs(quick)):
        assert line in each_run, f"the quick run 'yaniv sim {line}' is not one of the full digest's runs"
        one = each_run[line]
        each.append(one)
        if not one.startswith(pinned[line]):
            changed.append(f"  yaniv sim {line}: now {one[:16]}, pinned {pinned[line]}")
    assert not changed, "play changed (the seeded sim digest of these runs moved):\n" + "\n".join(changed)
    total = sim_digest.total_of(each)
    assert total == pinned_total, f"play changed: the sim digest is {total}, pinned {pinned_total}"


def test_the_quick_sim_digest_is_unchanged(sim_digest: ModuleType, each_run: dict[str, str]) -> None:
    check(sim_digest, each_run, True, QUICK)


def test_the_full_sim_digest_is_unchanged(sim_digest: ModuleType, each_run: dict[str, str]) -> None:
    check(sim_digest, each_run, False, FULL)
