"""Issue 17: Speedburg's texts built in Python (round board, info windows, prize progress, preview) in
English, while the German wording the engine stores stays as it was."""

from __future__ import annotations

from games.burg import boards, page_parts, preview
from games.burg import scoring as S
from games.burg.content import GRANIT, SEEGLAS
from games.core.translate import rendering_in, say
from tests.german_words import german_words

from .helpers import castle

FREE = [0] * 9
#: names that stay German (docs/i18n.md): the prizes and the shovels
NAMES = ("Leuchtturm", "Strandtreppe", "Muschelkrone", "Burgmauer", "Strandgut", "Goldene Schaufel")


def texts(value) -> str:
    if isinstance(value, dict):
        return " ".join(texts(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(texts(v) for v in value)
    return value if isinstance(value, str) else ""


def english(text: str) -> list[str]:
    for name in NAMES:
        text = text.replace(name, "")
    return german_words(text)


def tie_board() -> dict:
    """Round 1 of two castles tied on points: Bo ahead of Ann by the first pennant (Granit)."""
    return S.round_board(
        castles=[castle({0: "M1"}), castle({0: "T1 G2"})],
        targets=[FREE, FREE],
        sketches=[1, 1],
        wimpel=[GRANIT, SEEGLAS],
        order=[0, 1],
        runde=1,
    )


def test_round_board_in_english_with_the_tie_reason():
    board = tie_board()
    assert board["rangfolge"][1]["gleichstand"] == "{s1} vor {s0}: mehr Würfel aus Granit (1. Wimpel), 1 zu 0."
    view = {"spieler": [{"seat": 0, "weiter": None}, {"seat": 1, "weiter": None}], "phase": "wertung"}
    with rendering_in("en"):
        data = boards.board_data(view, board, ["Ann", "Bo"])
    assert data["rangfolge"][1]["grund"] == "Bo ahead of Ann: more dice of Granite (pennant 1), 1 to 0."
    assert [p["label"] for p in data["burgen"][0]["posten"]][:2] == ["Sketch missed", "Driftwood"]
    assert not english(texts(data))


def test_castle_windows_and_prize_progress_in_english():
    burg = castle({0: "T1 G2", 1: "M3", 4: "S1"})
    with rendering_in("en"):
        cells = page_parts.castle_data(burg, [2, 1, 0, 0, 1, 0, 0, 0, -1], None)
        rows = page_parts.progress_rows(burg, solo=False)
    assert "Granite on level 2 = 3 points" in cells["cells"][0]["stack"][1]["info"]
    assert rows[0]["text"] == "Leuchtturm: highest stack 2/5"
    assert not english(texts(cells) + " " + texts(rows))
    with rendering_in("de"):
        assert page_parts.progress_rows(burg, solo=False)[0]["text"] == "Leuchtturm: höchster Stapel 2/5"


def test_preview_in_english_and_german():
    player = {"burg": castle({0: "G1"}), "skizze": {"soll": FREE}, "verloren": []}
    info = preview.die_for_castle(player, [8, 2])
    assert info["text"].startswith("Granit 2: passt auf ")
    with rendering_in("en"):
        text = say(info["msg"])
    assert text.startswith("Granite 2: fits on ") and not english(text)


def test_the_bestenliste_factor_is_written_as_the_reader_writes_numbers():
    from django.utils import translation

    from games.burg.boards import _factor

    assert _factor(1.2) == "1,2" and _factor(1.0) == "1"
    with translation.override("en"):
        assert _factor(1.2) == "1.2"


def test_the_rounds_ranking_numbers_each_place_once():
    """ "1. Ann", never "1. 1. Ann": the lines say their places (ties share one), the list adds no numbers."""
    from games.core.fragments import Fragment, to_html

    board = tie_board()
    view = {"spieler": [{"seat": 0, "weiter": None}, {"seat": 1, "weiter": None}], "phase": "wertung"}
    data = {"board": boards.board_data(view, board, ["Ann", "Bo"]), "phase": "wertung"}
    html = to_html({"b": Fragment("games/burg/board.html", data)})["b"]
    assert '<ul class="bg-ranking">' in html and "<ol" not in html
    assert "<strong>1. Bo</strong>" in html and "<strong>2. Ann</strong>" in html
