"""`hanabi-companion history [--json]`: the games kept, newest first, and the group's statistics.

The store is the one the app uses: [store] path of the configuration, else companion.sqlite3 in
the data folder ($HANABI_COMPANION_DATA overrides it). With --json, one object:
{"games": [...], "statistics": {...}}. With --groups, each group's record instead
(companion.commands.history_groups). Exit 0, or 2 when the configuration cannot be used.
"""

from __future__ import annotations

import json
import sys

from companion import config, i18n
from companion.i18n import N_, gettext as _
from companion.words import cause_name, format_message, outcome_name, rating_name, variant_name
from companion.store import GameRow, Store, open_store


def add_parser(sub, name: str) -> None:
    p = sub.add_parser(name, help="list the games kept and the statistics",
                       description="List the games kept, newest first, and the group's statistics.")
    p.add_argument("--json", action="store_true", help="one JSON object with games and statistics")
    p.add_argument("--groups", action="store_true",
                   help="each group of players' record and rating instead (docs/rating.md)")
    p.set_defaults(run=run)


def fail(message: str) -> int:
    print(f"hanabi-companion: {message}", file=sys.stderr)
    return 2


def open_history(args) -> Store | None:
    """The store the app uses, or None after printing why it cannot be opened."""
    try:
        cfg = config.load(getattr(args, "config", None), required=bool(getattr(args, "config", None)))
    except config.ConfigError as err:
        fail(str(err))
        return None
    if cfg["ui"]["language"]:
        i18n.set_language(cfg["ui"]["language"])
    store, notice = open_store(config.store_path(cfg))
    if notice:
        print(notice, file=sys.stderr)
    return store


def local_time(row: GameRow) -> str:
    return row.started.astimezone().strftime("%Y-%m-%d %H:%M")


def row_text(row: GameRow) -> str:
    players = ", ".join(row.players)
    if row.finished:
        how = outcome_name(row.outcome)
        if row.rating:
            how += f" ({rating_name(row.rating)})"
        result = format_message(N_("{score} points: {how}"), {"score": row.score, "how": how})
    else:
        result = format_message(N_("in progress, {turns} turns played"), {"turns": row.turns})
    return f"{row.id:>4}  {local_time(row)}  {variant_name(row.variant)}, {players}  ·  {result}"


def statistics_text(store: Store) -> list[str]:
    stats = store.statistics()
    if not stats.scored:
        return []
    lines = [format_message(
        N_("1 game scored: {best} points (game {game})") if stats.scored == 1 else
        N_("{games} games scored: average {average:.1f}, best {best} (game {game}), "
           "perfect {perfect:.0%}"),
        {"games": stats.scored, "average": stats.average, "best": stats.best,
         "game": stats.best_game, "perfect": stats.perfect_share})]
    for d in stats.distributions:
        lines.append("  " + format_message(
            N_("{variant}, {players} players: 1 game, {average:.0f} points") if d.games == 1 else
            N_("{variant}, {players} players: {games} games, average {average:.1f}, best {best}"),
            {"variant": variant_name(d.variant), "players": d.players, "games": d.games,
             "average": d.average, "best": d.best}))
    if stats.top_cause:
        lines.append(format_message(N_("Most common reason a game fell short: {cause}"),
                                    {"cause": cause_name(stats.top_cause)}))
    return lines


def run(args) -> int:
    store = open_history(args)
    if store is None:
        return 2
    try:
        if args.groups:
            from companion.commands.history_groups import show_groups

            return show_groups(store, args.json)
        games = store.games()
        if args.json:
            print(json.dumps({"games": [g.to_dict() for g in games],
                              "statistics": store.statistics().to_dict()}, ensure_ascii=False))
            return 0
        if not games:
            print(_("No games yet."))
            return 0
        for row in games:
            print(row_text(row))
        for line in statistics_text(store):
            print(line)
        return 0
    finally:
        store.close()
