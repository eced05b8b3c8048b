"""`hanabi-companion history --groups [--json]`: each group of players' record, latest first.

One line per group and variant: games, best, the average of the last ten, perfect games and
the rating (docs/rating.md). With --json, one object {"groups": [...]}, each group with its
figures and its rating after every scored game ("history").
"""

from __future__ import annotations

import json

from companion.i18n import gettext as _
from companion.store.record import group_records_of
from companion.words.record import record_text


def show_groups(store, as_json: bool) -> int:
    records = group_records_of(store)
    if as_json:
        print(json.dumps({"groups": [r.to_dict() for r in records]}, ensure_ascii=False))
        return 0
    if not records:
        print(_("No games yet."))
        return 0
    for record in records:
        print(record_text(record))
    return 0
