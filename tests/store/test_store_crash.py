"""A pulled plug, many times over: a process recording a game into a real store file is killed
(SIGKILL) at random moments; every event it had confirmed must be there afterwards, and the game
it resumes must be the game it was playing.

Run as a script (`python test_store_crash.py child STORE`) this file is the recording process:
it resumes the unfinished game or starts the next one, records events as fast as it can
(sometimes undoing one and doing it again), and prints a line once each is confirmed.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]
VARIANTS = ["classic", "multicolor", "multicolor-short", "multicolor-wild"]


def planned_game(game_number: int):
    """The game the recording process plays as game `game_number` of the store."""
    from companion.rules import GameSetup
    from companion.rules.simulate import simulate_game

    setup = GameSetup.create(NAMES[:2 + game_number % 4], VARIANTS[game_number % 4])
    return simulate_game(setup, seed=game_number)


def child(path: str) -> int:
    from companion.formats.game_log import event_to_dict
    from companion.session import TableSession
    from companion.store import open_store

    def say(*words) -> None:
        sys.stdout.write("\t".join(map(str, words)) + "\n")  # one write: whole lines only
        sys.stdout.flush()

    store, notice = open_store(path)
    if notice:
        say("notice", json.dumps(notice))
    session = TableSession(journal=store)
    kept = store.unfinished()
    if kept:
        game_id, setup, events = kept
        session.resume(game_id, setup, events)
        say("resumed", game_id, json.dumps([event_to_dict(e) for e in events]),
            json.dumps(session.state.summary()))
    for _ in range(40):
        if session.game is None or session.state.over:
            number = len(store.games()) + 1  # the id the store gives the next game
            plan = planned_game(number)
            session.new_game(plan.setup)
            assert session.game_id == number
            say("new", session.game_id)
        plan = planned_game(session.game_id)
        while not session.state.over:
            index = len(session.game.events)
            event = plan.events[index]
            assert session.apply_event(event, "camera").kind == "applied"
            say("ok", session.game_id, index, json.dumps(event_to_dict(event)))
            if index % 7 == 3 and not session.state.over:  # a misread card, put right
                say("undoing", session.game_id, index)
                assert session.undo().kind == "undone"
                say("undone", session.game_id, index)
                assert session.apply_event(event, "touch").kind == "applied"
                say("ok", session.game_id, index, json.dumps(event_to_dict(event)))
    return 0


# ----- the test --------------------------------------------------------------------------------
def stored_events(path: Path) -> dict[int, list[dict]]:
    from companion.formats.game_log import event_to_dict
    from companion.store import open_store

    store, notice = open_store(path)
    assert notice is None, notice
    try:
        return {row.id: [event_to_dict(e) for e in store.game(row.id).events]
                for row in store.games()}
    finally:
        store.close()


def test_every_confirmed_event_survives_a_kill_and_the_game_resumes_as_it_was(tmp_path):
    from companion.rules import Game
    from companion.formats.game_log import event_from_dict

    path = tmp_path / "companion.sqlite3"
    rng = random.Random(20261121)
    confirmed: dict[int, list[dict]] = {}
    stored: dict[int, list[dict]] = {}
    undoing: tuple[int, int] | None = None
    kills = resumed = mid_game = 0
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    started = time.monotonic()
    while kills < 32 and time.monotonic() - started < 25:
        proc = subprocess.Popen([sys.executable, __file__, "child", str(path)], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wanted = rng.choice([0, 1, 2, 3, 5, 8, 13, 21, 34])
        seen = 0

        def take(line: str) -> None:
            nonlocal undoing, resumed, seen
            word, *rest = line.rstrip("\n").split("\t")
            if word == "resumed":
                game_id, events, summary = int(rest[0]), json.loads(rest[1]), json.loads(rest[2])
                # the game resumed is the game that was in the store, event for event
                assert events == stored.get(game_id, []), f"game {game_id} resumed differently"
                before = Game(planned_game(game_id).setup, [event_from_dict(e) for e in events])
                assert summary == json.loads(json.dumps(before.state.summary()))
                confirmed[game_id] = events  # on the screen again: confirmed from now on
                resumed += 1
            elif word == "new":
                confirmed[int(rest[0])] = []
            elif word == "ok":
                game_id, index, event = int(rest[0]), int(rest[1]), json.loads(rest[2])
                confirmed[game_id] = confirmed[game_id][:index] + [event]
                undoing = None
                seen += 1
            elif word == "undoing":
                undoing = (int(rest[0]), int(rest[1]))
            elif word == "undone":
                game_id, index = int(rest[0]), int(rest[1])
                confirmed[game_id] = confirmed[game_id][:index]
                undoing = None
            elif word:
                raise AssertionError(f"unexpected line from the recording process: {line!r}")

        if wanted == 0:
            time.sleep(rng.uniform(0.0, 0.25))  # somewhere in the start-up, or the first events
        while seen < wanted:
            line = proc.stdout.readline()
            if not line.endswith("\n"):
                break
            take(line)
        time.sleep(rng.uniform(0, 0.004))  # land the kill anywhere in the next write
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        kills += 1
        for line in proc.stdout.read().splitlines(keepends=True):  # confirmed before it died
            if line.endswith("\n"):  # a line cut by the kill was never confirmed
                take(line)
        error = proc.stderr.read()
        assert "Traceback" not in error, error

        stored = stored_events(path)
        for game_id, events in confirmed.items():
            have = stored.get(game_id, [])
            allowed = [events]
            if undoing == (game_id, len(events) - 1):
                allowed.append(events[:-1])  # an undo on its way: not confirmed yet
            assert have[:len(events)] in allowed or have in allowed, (
                f"kill {kills}: game {game_id} lost confirmed events "
                f"({len(have)} stored, {len(events)} confirmed, first difference at "
                f"{next((i for i, (a, b) in enumerate(zip(have, events)) if a != b), None)}, "
                f"undoing {undoing})")
            assert len(have) <= len(events) + 1, "more than one unconfirmed event stored"
            if events and have[:len(events)] == events:
                mid_game += 1
    print(f"kills: {kills}, events confirmed: {sum(len(e) for e in confirmed.values())}, "
          f"events lost: 0, games resumed: {resumed}")
    assert kills >= 30, f"only {kills} kills in the time allowed"
    assert resumed >= 10, "the process rarely had a game to resume"
    assert mid_game >= 10
    assert sum(len(e) for e in confirmed.values()) >= 100, "too few events were recorded"


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "child":
        sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
        sys.exit(child(sys.argv[2]))
