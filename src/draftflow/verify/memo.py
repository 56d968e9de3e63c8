"""Checks remembered across verification runs of near-identical records.

Verifying a record many times with one field changed each time (the mutation tests: 884 broken
copies of five gold records) re-checks every reported result although only one differs. With
`DocumentIndexes(remember_checks=True)`, a result's check (rule 2) and each conditions object's
check (rule 5: the record's, its setup's, each test profile's and result's) are run once per
key and their outcomes replayed after: the flags and claims they made, the counts they added
and the verified values they remembered, in the same order.

The key holds everything such a check reads: the snapshot (its revision and documents'
bytes), the documents the record lists (as `listed_documents` built them), whether the run
keeps claims, the hashes known when it ran, the checked object's place and its whole content
(and, for conditions, the hashes verified before them). A check reads no other part of the
record (the other results, prose), so a replayed outcome is the one running it again would
give (`tests/e2e/test_verify_mutations.py` compares reports made both ways).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from draftflow.verify.context import VerifyContext
from draftflow.verify.report import ClaimCheck, Flag


@dataclass(frozen=True)
class CheckEffects:
    """What one check added to a run: flags, claims, counts and remembered values."""

    flags: tuple[Flag, ...]
    claims: tuple[ClaimCheck, ...]
    counts: tuple[tuple[str, int], ...]
    values: tuple[tuple[str, tuple[Any, ...]], ...]

    def replay(self, ctx: VerifyContext) -> None:
        """Add the same outcomes to `ctx`, in the order the check made them."""
        ctx.flags.extend(self.flags)
        ctx.claims.extend(self.claims)
        counts = ctx.counts
        for name, delta in self.counts:
            setattr(counts, name, getattr(counts, name) + delta)
        values = ctx.record_values
        for method, arguments in self.values:
            getattr(values, method)(*arguments)


RUNS_KEPT = 4
"""Runs (snapshot and document list) whose checks are kept, the least recently used dropped
first: a record's own run stays, those of a few changed copies come and go (each keeps a
whole record's claims)."""


def run_checks(ctx: VerifyContext) -> dict[Hashable, CheckEffects] | None:
    """The remembered checks of runs like this one (None when the run's indexes remember no
    checks): same snapshot, listed documents, claims kept and known hashes."""
    runs = ctx.indexes.checks
    if runs is None:
        return None
    run = _run_key(ctx)
    checks = runs.get(run)
    if checks is None:
        checks = runs[run] = {}
        while len(runs) > RUNS_KEPT:
            runs.popitem(last=False)
    else:
        runs.move_to_end(run)
    return checks


def _run_key(ctx: VerifyContext) -> Hashable:
    snapshot = ctx.snapshot
    return (
        snapshot.repository,
        snapshot.url,
        snapshot.revision,
        snapshot.commit_time,
        tuple((d.document_id, d.path, d.pinned_url, d.sha256) for d in snapshot.documents),
        tuple(
            (
                d.document_id,
                d.path,
                d.pinned_url,
                d.sha256,
                d.repository,
                d.revision,
                d.pointer,
                None if d.document is None else (d.document.path, d.document.sha256),
            )
            for d in ctx.listed
        ),
        ctx.keep_claims,
        frozenset(ctx.known_hexes),
    )


def remembered(
    ctx: VerifyContext,
    store: dict[Hashable, CheckEffects] | None,
    key: Hashable,
    check: Callable[[], None],
) -> None:
    """Run `check` on `ctx`, or replay its outcomes when a run like this one (`store`, from
    `run_checks`) did under the same key (`store` None: always run it, remembering nothing)."""
    if store is None:
        check()
        return
    effects = store.get(key)
    if effects is not None:
        effects.replay(ctx)
        return
    flags, claims = len(ctx.flags), len(ctx.claims)
    counts = dict(vars(ctx.counts))
    values = ctx.record_values
    log: list[tuple[str, tuple[Any, ...]]] = []
    outer, values.log = values.log, log
    try:
        check()
    finally:
        values.log = outer
    if outer is not None:
        outer.extend(log)
    after = vars(ctx.counts)
    store[key] = CheckEffects(
        flags=tuple(ctx.flags[flags:]),
        claims=tuple(ctx.claims[claims:]),
        counts=tuple((name, after[name] - n) for name, n in counts.items() if after[name] != n),
        values=tuple(log),
    )
