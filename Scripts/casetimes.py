#!/usr/bin/env python3
"""The tests that ended last in a run, from a Swift Testing event stream (`swift test
--experimental-event-stream-output FILE --experimental-event-stream-version 0`, which
Scripts/time-suite passes): one line per test function, parameterized or not, with when it
ended (seconds from the run's first event). The run's wall time is set by the tests still
running at its end. Swift Testing announces every test at the run's start and then lets at most
SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH cases run, and it reports a case's own start for
parameterized tests only, so a test's own time is known only for those (the time column); time
one suite alone (`--filter`) for the others.
Usage: Scripts/casetimes.py EVENTS.jsonl [HOW-MANY]"""
import json
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    shown = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    names, functions, ended, case_time = {}, set(), {}, {}
    origin, case_started = None, {}
    with open(sys.argv[1], encoding="utf-8") as events:
        for line in events:
            record = json.loads(line)
            payload = record.get("payload", {})
            if record.get("kind") == "test":
                names[payload["id"]] = payload.get("displayName") or payload.get("name") or payload["id"]
                if payload.get("kind") == "function":
                    functions.add(payload["id"])
                continue
            when = payload.get("instant", {}).get("absolute")
            if origin is None and when is not None:
                origin = when
            test, kind = payload.get("testID"), payload.get("kind")
            # An event without a time (or before any time was seen) cannot be placed.
            if test is None or when is None or origin is None:
                continue
            if kind == "testEnded":
                ended[test] = when
            elif kind == "testCaseStarted":
                case_started.setdefault(test, []).append(when)
            elif kind == "testCaseEnded" and case_started.get(test):
                # Cases of one test may overlap: pair each end with the earliest open start.
                case_time[test] = max(case_time.get(test, 0), when - case_started[test].pop(0))
    timed = sorted((test for test in functions if test in ended), key=lambda test: ended[test], reverse=True)
    if not timed:
        sys.exit("casetimes: no test ended in that stream")
    print(f"{len(timed)} tests; the last ended {ended[timed[0]] - origin:.1f} s after the run's start")
    print(f"{'end':>7} {'time':>7}  test (time: the longest case of a parameterized test)")
    for test in timed[:shown]:
        suite = test.split("/")[0]
        time = f"{case_time[test]:7.1f}" if test in case_time else f"{'':7}"
        print(f"{ended[test] - origin:7.1f} {time}  {suite}: {names.get(test, test)[:110]}")


if __name__ == "__main__":
    main()
