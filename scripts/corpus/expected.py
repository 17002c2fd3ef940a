#!/usr/bin/python3
"""
Writes the expected occurrences of every file of the ICS interoperability corpus, computed by an independent
RFC 5545 implementation: Debian's python3-recurring-ical-events (with python3-icalendar). Run once when a file
is added (apt-get install python3-recurring-ical-events; /usr/bin/python3 scripts/corpus/expected.py); the
test (corpus.test.ts) only reads the JSON it writes.

One line per occurrence: "UID|start|end", dates as YYYY-MM-DD, times in UTC (…Z); floating times are written
as UTC (the test reads the files with UTC as the default zone). Occurrences are those starting in the
file's window (corpus.json).
"""
import datetime
import json
import pathlib

import icalendar
import recurring_ical_events

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "apps/server/src/calendars/providers/ics/__corpus__"


def text(value):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=datetime.timezone.utc)
        return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return value.isoformat()


def day(iso):
    return datetime.date.fromisoformat(iso)


def main():
    manifest = json.loads((CORPUS / "corpus.json").read_text())
    for path in sorted(CORPUS.glob("*.ics")):
        window = manifest["files"].get(path.name, manifest["defaultWindow"])
        result = {"window": window, "reference": f"recurring-ical-events {recurring_ical_events.__version__ if hasattr(recurring_ical_events, '__version__') else '2.0.1'}, icalendar {icalendar.__version__}"}
        try:
            calendar = icalendar.Calendar.from_ical(path.read_bytes())
            start, end = day(window["from"]), day(window["to"])
            lines = []
            for event in recurring_ical_events.of(calendar).between(start, end):
                begin = event.get("DTSTART").dt
                finish = event.get("DTEND").dt if event.get("DTEND") else begin + (
                    event.get("DURATION").dt if event.get("DURATION") else datetime.timedelta(0)
                )
                begin_day = begin.date() if isinstance(begin, datetime.datetime) else begin
                if not (start <= begin_day < end):
                    continue
                lines.append(f"{event.get('UID')}|{text(begin)}|{text(finish)}")
            result["occurrences"] = sorted(lines)
        except Exception as error:  # the reference refuses the file: no expectation, the test says why
            result["occurrences"] = None
            result["refused"] = f"{type(error).__name__}: {error}"[:300]
        (CORPUS / "expected" / f"{path.name}.json").write_text(json.dumps(result, indent=1) + "\n")
        count = "refused" if result["occurrences"] is None else len(result["occurrences"])
        print(path.name, count)


if __name__ == "__main__":
    main()
