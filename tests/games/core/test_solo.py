"""The games' solo-mode descriptions (games/<slug>/solo.py), read through the registry."""

from __future__ import annotations

import pytest

from games.core import registry
from games.core.solo import SoloModes
from games.kleister import solo as kleister_solo
from games.neon import solo as neon_solo


def test_registry_reads_each_games_modes():
    assert registry.solo("kleister") is kleister_solo.MODES
    assert registry.solo("neon") is neon_solo.MODES
    assert all(isinstance(registry.solo(slug), SoloModes) for slug in registry.slugs())
    with pytest.raises(registry.UnknownGame):
        registry.solo("schach")


def test_tagesplakat_three_strong_computers_basic_rules():
    daily = kleister_solo.MODES.daily
    assert daily.name == "Tagesplakat"
    assert daily.computers == ("stark", "stark", "stark")
    assert daily.options == {"spielart": "normal", "buersten": 5, "karren": 6, "saeule_doppelt": False}


def test_rekordjagd_five_durchgaenge_start_passes_clockwise():
    record = kleister_solo.MODES.record
    assert record.rounds == 5
    assert [key for key, _ in record.categories] == ["leicht", "normal", "stark"]
    options, computers, _tempo = record.setup("normal")
    assert computers == ("normal", "normal", "normal") and options["buersten"] == 5
    assert record.next_options({"karren": 6}, {"start": 3}, 4) == {"karren": 6, "startspieler": 0}
    assert record.next_options({"karren": 6}, {"start": 1}, 4)["startspieler"] == 2


def test_neon_daily_is_the_solovariante_and_records_per_tool_count():
    modes = neon_solo.MODES
    assert modes.daily.options == {"ausgabe": "solo", "werkzeuge": 3} and modes.daily.computers == ()
    assert [key for key, _ in modes.record.categories] == ["1", "2", "3", "4", "5"]
    assert modes.record.label("1") == "1 Werkzeug" and modes.record.label("4") == "4 Werkzeuge"
    assert modes.record.setup("2") == ({"ausgabe": "solo", "werkzeuge": 2}, (), "normal")
    # won only when the points beat the target: the engine's verdict
    assert modes.daily.won({"points": [40], "places": [1], "won": False}, 0) is False
    assert modes.daily.won({"points": [41], "places": [1], "won": True}, 0) is True


def test_replays_hide_kleister_hands_but_show_neon_after_the_end():
    assert kleister_solo.MODES.replay_open_after_end is False
    assert neon_solo.MODES.replay_open_after_end is True


def test_default_score_is_the_seats_points_and_first_place_wins():
    daily = kleister_solo.MODES.daily
    result = {"points": [5, -2, 5, 1], "places": [1, 4, 1, 3]}
    assert daily.score(result, 1) == -2
    assert daily.won(result, 2) is True and daily.won(result, 3) is False
