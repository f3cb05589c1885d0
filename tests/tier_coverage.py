"""What the fast tier exercises against the whole suite: ``python tests/tier_coverage.py FAST.json
ALL.json`` (coverage.py's JSON reports of ``make coverage``). Prints the lines covered by each tier
and every module of analysis/, studies/ and fastcore/ that the fast tier leaves untouched; exits 1
if there is one. The compiled kernels (``fastcore/*.pyx``) are not traced line by line: the fast
tier's solver, sampler and play tests call each of them."""
from __future__ import annotations

import json
import sys


def covered(path: str) -> dict[str, tuple[int, int]]:
    """Module file -> (lines run, lines that could run)."""
    files = json.load(open(path))["files"]
    return {name: (f["summary"]["covered_lines"], f["summary"]["num_statements"]) for name, f in files.items()}


def main(fast_path: str, all_path: str) -> int:
    fast, whole = covered(fast_path), covered(all_path)
    for label, tier in (("fast tier (make test)", fast), ("whole suite (make check)", whole)):
        run, could = sum(r for r, _ in tier.values()), sum(c for _, c in tier.values())
        touched = sum(1 for r, c in tier.values() if r > 0 or c == 0)
        print(f"{label}: {run:,} of {could:,} lines ({run / could:.1%}); {touched} of {len(tier)} modules run")
    untouched = sorted(name for name, (r, c) in fast.items() if r == 0 and c > 0)
    for name in untouched:
        print(f"not run by the fast tier: {name}")
    less = sorted(((whole[n][0] - fast[n][0], n) for n in fast if n in whole), reverse=True)[:10]
    print("lines run only by the slow tier, the ten largest: "
          + ", ".join(f"{n} ({k})" for k, n in less if k > 0))
    return 1 if untouched else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
