"""games/core/seat_names.py: a seat a computer took over keeps its person's name in the earlier lines."""

from __future__ import annotations

from games.core.seat_names import names_by_event

NOW = ["Anna", "Computer (für Carl)", "Bert"]


def test_lines_before_a_takeover_name_the_person_and_later_ones_the_computer():
    log = [
        {"type": "setzen", "seat": 1},
        {"type": "setzen", "seat": 0},
        {"type": "verlassen", "seat": 1, "name": "Carl", "text": "Carl hat die Partie verlassen …"},
        {"type": "setzen", "seat": 1},
    ]
    names = names_by_event(log, NOW)
    assert [n[1] for n in names] == ["Carl", "Carl", "Computer (für Carl)", "Computer (für Carl)"]
    assert all(n[0] == "Anna" and n[2] == "Bert" for n in names)
    assert NOW == ["Anna", "Computer (für Carl)", "Bert"]  # the table's list is not changed


def test_without_a_named_takeover_every_line_has_the_current_names():
    old = [{"type": "setzen", "seat": 1}, {"type": "verlassen", "seat": 1, "text": "…"}]  # a log from before
    assert names_by_event(old, NOW) == [NOW, NOW]
    assert names_by_event([], NOW) == []
