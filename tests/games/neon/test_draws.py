"""How Speedneon draws its dice (RULES.md, "Randomness").

New tables draw "je_runde": every Lieferung comes from the Kiste's order and its
round's own draw, a tool's dice from its turn's own draw, so a re-roll tool never
changes a later Lieferung (the daily Solovariante gives everyone the same
Lieferungen). Games recorded before the option ("fortlaufend", one counter for
every draw) still replay exactly as they were played.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from games.core.text import german
from games.neon import engine as E
from games.neon.solo import MODES

REROLL_TOOLS = ("wackelkontakt", "roehrenwechsel", "stromausfall")
RECORDS = Path(__file__).parent / "data" / "fortlaufend_records.json"


def daily_options(ziehung: str | None = None) -> dict:
    """The daily Solovariante's options as a new daily table gets them (``clean_options``)."""
    options = E.clean_options(MODES.daily.options, 1)
    if ziehung is not None:
        options["ziehung"] = ziehung
    return options


def seed_with_tool(tool: str, options: dict) -> int:
    """The first seed whose Elektrikerkoffer holds ``tool``."""
    return next(seed for seed in range(1, 200) if tool in E.new_game(seed=seed, players=1, options=options).werkzeuge)


def play(seed: int, options: dict, use: str | None) -> tuple[dict[int, list[str]], int | None]:
    """A simple solo game: take the facade offered first, place the first die that fits, else pass;
    with ``use``, start that tool once, as early as it is offered. Returns every round's Lieferung
    and the round the tool was used in."""
    s = E.new_game(seed=seed, players=1, options=options)
    lieferungen: dict[int, list[str]] = {}
    used_in = None
    while not E.is_over(s):
        legal = E.legal_actions(s, 0)
        wanted = [a for a in legal if a["type"] == "werkzeug" and a["tool"] == use]
        if wanted and used_in is None:
            action, used_in = wanted[0], s.runde
        else:
            plain = [a for a in legal if a["type"] != "werkzeug"]
            action = next((a for a in plain if a["type"] == "setzen"), plain[0])
        s, events = E.apply(s, 0, action)
        for e in events:
            if e["type"] == "runde":
                lieferungen[e["runde"]] = e["lieferung"]
    return lieferungen, used_in


@pytest.mark.parametrize("tool", REROLL_TOOLS)
def test_daily_lieferungen_are_the_same_whatever_tools_are_used(tool):
    options = daily_options()
    assert options["ziehung"] == "je_runde"
    seed = seed_with_tool(tool, options)
    without, _ = play(seed, options, None)
    with_tool, used_in = play(seed, options, tool)
    assert used_in is not None and used_in < E.ROUNDS  # later Lieferungen exist
    assert sorted(without) == list(range(1, E.ROUNDS + 1))
    assert with_tool == without


@pytest.mark.parametrize("tool", ("wackelkontakt", "stromausfall"))
def test_fortlaufend_lets_a_reroll_change_the_next_lieferung(tool):
    # the behaviour of games recorded before the option: the re-roll takes the next counter
    options = daily_options("fortlaufend")
    seed = seed_with_tool(tool, options)
    without, _ = play(seed, options, None)
    with_tool, used_in = play(seed, options, tool)
    assert used_in is not None and used_in < E.ROUNDS
    assert all(with_tool[r] == without[r] for r in range(1, used_in + 1))
    assert with_tool[used_in + 1] != without[used_in + 1]


def test_kiste_order_holds_all_90_dice_and_stays_secret():
    s = E.new_game(seed=5, players=1, options=daily_options())
    assert len(s.folge) == 90 and Counter(s.folge) == {c: 18 for c in "PCGNV"}
    s, _ = E.apply(s, 0, {"type": "fassade", "fassade": s.angebot[0][0]})
    assert [d[0] for d in s.lieferung] == list(s.folge[:4])
    assert Counter(s.folge[4:]) == Counter(s.kiste)
    v = E.view(s, 0)
    assert "folge" not in v and s.folge not in json.dumps(v)


def test_roehrenwechsel_takes_a_die_no_lieferung_reaches():
    options = daily_options()
    seed = seed_with_tool("roehrenwechsel", options)
    s = E.new_game(seed=seed, players=1, options=options)
    s, _ = E.apply(s, 0, {"type": "fassade", "fassade": s.angebot[0][0]})
    action = next(a for a in E.legal_actions(s, 0) if a["type"] == "werkzeug" and a["tool"] == "roehrenwechsel")
    back = s.lieferung[action["die"]]
    s1, _ = E.apply(s, 0, action)
    changed = [i for i in range(90) if s1.folge[i] != s.folge[i]]
    assert s1.folge[:40] == s.folge[:40]  # the ten Lieferungen take the first 40
    assert all(i >= 40 for i in changed)
    if changed:  # a different colour came out: the die put back took its place
        assert s1.folge[changed[0]] == back[0] and s.folge[changed[0]] == s1.pending["farbe"]
    assert Counter(s1.folge[4:]) == Counter(s1.kiste)


def test_options_without_ziehung_are_the_old_counter():
    # a stored record has no "ziehung": new_game keeps the draws it was played with
    s = E.new_game(seed=3, players=2, options={"ausgabe": "klassisch"})
    assert s.folge == "" and "folge" not in E.dump(s)
    assert E.new_game(seed=3, players=2, options=E.default_options()).folge


@pytest.mark.parametrize("index", [0, 1])
def test_records_of_the_old_engine_replay_exactly(index):
    # recorded with the engine before the option (commit 0e245ad): seed, options, actions, final state,
    # the re-roll tools among the actions
    record = json.loads(RECORDS.read_text())[index]
    assert {a["tool"] for _, a in record["actions"] if a["type"] == "werkzeug"} >= set(REROLL_TOOLS)
    s = E.new_game(seed=record["seed"], players=record["players"], options=record["options"])
    for seat, action in record["actions"]:
        s, _ = E.apply(s, seat, action)
    dumped = E.dump(s)
    # the last action of each seat is a text now (games.core.text); the record holds its German wording
    assert {**dumped, "last": [german(text) for text in dumped["last"]]} == record["state"]
    assert E.dump(E.load(record["state"])) == record["state"]
