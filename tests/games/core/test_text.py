"""Texts of engines and computers as data: German without Django, translated where they are shown."""

from __future__ import annotations

from django.utils import translation

from games.core.bots import Choice
from games.core.protocol import IllegalAction
from games.core.text import N_, and_list, fixed, genitive, german, join, ntx, said, tx
from games.core.translate import say, say_error, say_event

SENTENCE = tx(
    "%(name)s nimmt %(group)s auf die Hand.",
    name="Hans",
    group=tx(
        "%(owner)s %(group)s", owner=genitive("Grete"), group=tx("%(count)s× %(poster)s", count=2, poster="Messe")
    ),
)


def test_german_without_django():
    assert german(SENTENCE) == "Hans nimmt Gretes 2× Messe auf die Hand."
    assert german(ntx("%(n)s Karte", "%(n)s Karten", 1)) == "1 Karte"
    assert german(ntx("%(n)s Karte", "%(n)s Karten", 3)) == "3 Karten"
    assert german(and_list(["A", "B", "C"])) == "A, B und C" and german(and_list(["A"])) == "A"
    assert german(genitive("Hans")) == "Hans’" and german(fixed(2.46)) == "2,5"
    assert german(join(" ", [tx("Gelb"), "5"])) == "Gelb 5"


def test_german_is_remembered_per_text_telling_one_from_true_and_one_point_zero():
    for _ in range(2):  # the second round answers from memory
        assert german(tx("%(n)s Würfel", n=1)) == "1 Würfel"
        assert german(tx("%(n)s Würfel", n=True)) == "True Würfel"
        assert german(tx("%(n)s Würfel", n=1.0)) == "1,0 Würfel"
        assert german(ntx("%(n)s Karte", "%(n)s Karten", 2)) == "2 Karten"


def test_an_event_keeps_its_german_text_and_the_text_to_translate():
    assert said(SENTENCE) == {"text": "Hans nimmt Gretes 2× Messe auf die Hand.", "msg": SENTENCE}
    assert said("schon fertig") == {"text": "schon fertig"}


def test_say_translates_every_part_but_names():
    with translation.override("en"):
        assert say(SENTENCE) == "Hans takes Grete’s 2× Messe into the hand."
        assert say(ntx("%(n)s Karte", "%(n)s Karten", 3)) == "3 cards"
        assert say(and_list(["A", "B", "C"])) == "A, B and C"
        assert say(fixed(2.46)) == "2.5"
        assert say(join(" ", [tx("Gelb"), "5"])) == "Yellow 5"
        assert say("Das geht gerade nicht.") == "That does not work right now."  # a stored German message
        assert say_event({"type": "x", "text": "Die Partie ist zu Ende."}) == "The game is over."
        assert say_event({"type": "x", "text": "alt", "msg": tx("Die Partie ist zu Ende.")}) == "The game is over."
    with translation.override("de"):
        assert say(SENTENCE) == german(SENTENCE)


def test_errors_and_reasons_carry_their_text():
    error = IllegalAction(tx("So viele „%(poster)s“ hast du nicht auf der Hand.", poster="Messe"))
    assert error.message == "So viele „Messe“ hast du nicht auf der Hand." and str(error) == error.message
    plain = IllegalAction(N_("Du bist gerade nicht dran."))
    choice = Choice({"type": "x"}, tx("Nimmt Überklebtes immer."))
    assert choice.reason == "Nimmt Überklebtes immer." and choice.text == {"t": "Nimmt Überklebtes immer."}
    assert Choice({"type": "x"}, "einfach so").text == "einfach so"
    with translation.override("en"):
        assert say_error(error) == "You do not have that many “Messe” in your hand."
        assert say_error(plain) == "It is not your turn right now."
        assert say(choice.text) == "Always takes what it pasted over."
