#!/usr/bin/env python3
"""Every test's time from a Swift Testing event stream (`swift test
--experimental-event-stream-output FILE --experimental-event-stream-version 0`, which
Scripts/time-suite passes): one line per test function, parameterized or not, longest first, with
when it started and ended in the run (seconds from the first test's start). The run's wall time is
set by the tests still running at its end, so the last column shows which ones those are.
Usage: Scripts/casetimes.py EVENTS.jsonl [HOW-MANY]"""
import json
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    shown = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    names, functions, started, ended = {}, set(), {}, {}
    with open(sys.argv[1], encoding="utf-8") as events:
        for line in events:
            record = json.loads(line)
            payload = record.get("payload", {})
            if record.get("kind") == "test":
                names[payload["id"]] = payload.get("displayName") or payload.get("name") or payload["id"]
                if payload.get("kind") == "function":
                    functions.add(payload["id"])
                continue
            # Test functions start and end once, whether or not they have arguments.
            when = payload.get("instant", {}).get("absolute")
            test = payload.get("testID")
            if payload.get("kind") == "testStarted" and test is not None:
                started[test] = when
            elif payload.get("kind") == "testEnded" and test is not None:
                ended[test] = when
    timed = [test for test in functions if test in started and test in ended]
    if not timed:
        sys.exit("casetimes: no test started and ended in that stream")
    origin = min(started[test] for test in timed)
    last = max(ended[test] for test in timed)
    timed.sort(key=lambda test: ended[test] - started[test], reverse=True)
    print(f"{len(timed)} tests, {last - origin:.1f} s from the first start to the last end;"
          f" sum of test times {sum(ended[t] - started[t] for t in timed):.1f} s")
    print(f"{'time':>7} {'start':>7} {'end':>7}  test")
    for test in timed[:shown]:
        suite = test.split("/")[0]
        print(f"{ended[test] - started[test]:7.1f} {started[test] - origin:7.1f} {ended[test] - origin:7.1f}  "
              f"{suite}: {names.get(test, test)[:110]}")


if __name__ == "__main__":
    main()
