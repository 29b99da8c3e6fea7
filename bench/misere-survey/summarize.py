#!/usr/bin/env python3
"""Summarises a `grundy survey --misere --json` file: codes solved, their
orders, the largest quotient reached, tame/wild, codes stopped.
Usage: python3 bench/misere-survey/summarize.py FILE.jsonl"""
import collections
import json
import sys

lines = [json.loads(l) for l in open(sys.argv[1])]
solved = [l for l in lines if l["solved"]]
stopped = [l for l in lines if "stopped" in l]
bounded = [l for l in lines if not l["solved"] and "stopped" not in l]
errors = [l for l in lines if "error" in l]
print(f"codes: {len(lines)}; solved: {len(solved)}; bounded at --max-heap: "
      f"{len(bounded)}; stopped by the time limit: {len(stopped)}; errors: {len(errors)}")
orders = collections.Counter(l["order"] for l in solved)
print("orders of the solved quotients (order: codes):",
      ", ".join(f"{o}: {n}" for o, n in sorted(orders.items())))
tame = sum(1 for l in solved if l["tame"])
print(f"solved: {tame} tame, {len(solved) - tame} wild")
wild = sorted(solved, key=lambda l: -l["order"])[:10]
print("largest solved quotients:",
      ", ".join(f"{l['code']} (order {l['order']}, P {l['p_portion_size']}, "
                f"solved at {l['solved_at']})" for l in wild))
big = sorted((l for l in lines if l.get("order")), key=lambda l: -l["order"])[:10]
print("largest quotients reached:",
      ", ".join(f"{l['code']} (order {l['order']}, Q_{l['max_heap']}"
                f"{', solved' if l['solved'] else ''})" for l in big))
print(f"seconds in all: {sum(l['seconds'] for l in lines):.1f}")
