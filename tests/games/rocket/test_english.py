"""Issue 17: Speedrocket's texts built in Python (field windows, Meisterbrief goals, the level choice) in
English; German stays the default and unchanged."""

from __future__ import annotations

from games.core.translate import rendering_in, say
from games.rocket import meisterbrief as M
from games.rocket import panels
from games.rocket.endboard import meister_data
from tests.german_words import german_words


def test_field_windows_per_language():
    with rendering_in("de"):
        assert panels.fields()[5]["info"].startswith("Feld 5\nMark 5 · Ruhm 1\nKristallfeld")
    with rendering_in("en"):
        info = panels.fields()[5]["info"]
    assert info.startswith("field 5\nMark 5 · fame 1\nCrystal field")
    assert not german_words(" ".join(f["info"] for f in panels.fields()))


def test_meisterbrief_goals_in_english():
    hoehen = [{"feld": 21, "fehl": False}, {"feld": 3, "fehl": True}]
    statuses = [M.goal_status(g, ruhm=12, kristalle=3, preise=1, hoehen=hoehen, over=False) for g in M.level(1).goals]
    assert [s["stand"] for s in statuses] == ["12/16 Ruhm", "beste bisher Feld 21", "1 Fehlzündung"]
    with rendering_in("en"):
        data = meister_data({"stufe": 1, "name": M.level(1).name, "ziele": statuses})
        goals = [say(g.msg) for g in M.level(1).goals]
    assert [z["stand"] for z in data["ziele"]] == ["12/16 fame", "best so far field 21", "1 misfire"]
    assert [z["text"] for z in data["ziele"]] == goals
    assert not german_words(" ".join(goals + [z["stand"] for z in data["ziele"]]))
    done = [M.goal_status(g, ruhm=12, kristalle=3, preise=1, hoehen=hoehen[:1], over=True) for g in M.level(1).goals]
    with rendering_in("en"):
        data = meister_data({"stufe": 1, "name": M.level(1).name, "ziele": done})
    assert [z["stand"] for z in data["ziele"]] == ["12/16 fame", "best rocket: field 21", "0 misfires"]
    with rendering_in("en"):
        none = M.goal_status(M.Goal("feld", 20), ruhm=0, kristalle=0, preise=0, hoehen=hoehen[1:], over=True)
        assert say(none["stand_msg"]) == "no rocket without a misfire"


def test_a_draw_of_flash_powder_is_logged_as_flash_powder_in_english():
    """docs/i18n.md: Blitzpulver is translated (flash powder); the other powders' names stay names."""
    from games.core.text import german
    from games.rocket.content import chip_say

    assert german(chip_say("W2")) == "Blitzpulver 2" and chip_say("G2") == "Bariumgrün 2"
    with rendering_in("en"):
        assert say(chip_say("W2")) == "flash powder 2"
        assert say(chip_say("O1")) == "Kalkorange"
