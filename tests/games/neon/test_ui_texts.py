"""Issue 8: Speedneon's counts in singular and plural (point 6), info windows (15), the solo tip (16)."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from games.core import registry
from games.neon import ui_texts
from games.neon.content import TAFELN, TOOLS
from lobby.runtime.rendering import render

from .helpers import grid, situation, started
from .test_ui import snap_for


@pytest.fixture(autouse=True)
def neon_registered(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setitem(registry.GAME_PACKAGES, "neon", "games.neon")


def infos(fragment: str) -> list[str]:
    return [htmllib.unescape(v) for v in re.findall(r'data-info="([^"]*)"', fragment)]


def test_one_tube_on_the_stromzaehler_is_singular():
    s = situation(started(2), lieferung=["P5", "C2", "G3", "N4", "V1"], zaehler=["G6"])
    center = render(snap_for(s, version=101), 0)["nn-center"]
    assert "1 Röhre, Summe 6" in center and "1 Röhren" not in center
    s = situation(started(2), lieferung=["P5", "C2", "G3", "N4", "V1"], zaehler=["G6", "P1"])
    assert "2 Röhren, Summe 7" in render(snap_for(s, version=102), 0)["nn-center"]


def test_die_info_names_colour_brightness_kiste_and_windows():
    s = situation(started(2), lieferung=["P5", "C2", "G3", "N4", "V1"])
    view = {"kiste": {"P": 1}}
    expected = "Pink 5\nHelligkeit 5 (Gegenseite 2)\nIn der Kiste noch 1 Pink-Röhre\npasst in 2 Fenster"
    assert ui_texts.die_info(view, "P5", [0, 4]) == expected
    assert ui_texts.die_info({"kiste": {"C": 3}}, "C2", []).endswith("noch 3 Cyan-Röhren\npasst gerade nirgends")
    center = render(snap_for(s, version=103), 0)["nn-center"]
    lieferung = [i for i in infos(center) if i.startswith("Pink 5\n")]
    assert lieferung and 'title="Pink 5"' not in center


def test_facade_rival_tool_and_tafel_infos():
    s = situation(started(2), lieferung=["P5", "C2", "G3", "N4", "V1"], grids={1: grid({0: "P5"})})
    frags = render(snap_for(s, version=104), 0)
    rival = next(i for i in infos(frags["nn-board-1"]) if i.startswith("P1"))
    assert "1/20 Röhren" in rival and "Geheimfarbe: verdeckt" in rival
    sign = next(i for i in infos(frags["nn-board-1"]) if i.startswith("Frei\n"))
    assert "Schwierigkeit 3 – zugleich 3 Strom zu Beginn" in sign and "19 dunkle Fenster" in sign
    koffer = infos(frags["nn-koffer"])
    for tid in s.tafeln:
        t = TAFELN[tid]
        unit = "Punkt" if t.points == 1 else "Punkte"
        assert f"{t.name} – {t.points} {unit}\n{t.text}" in koffer
    for tid in s.werkzeuge:
        tool = TOOLS[tid]
        assert any(i.startswith(f"{tool.name}\n{tool.text}\n1 Strom") for i in koffer), tool.name


def test_solo_variant_shows_the_tip_of_the_rule_text():
    s = started(1, "solo")
    info = render(snap_for(s, version=105, bots=False), 0)["nn-info"]
    assert "Helle Röhren nehmen, dunkle liegen lassen" in info
    klassisch = render(snap_for(started(2), version=106), 0)["nn-info"]
    assert "Helle Röhren nehmen" not in klassisch
