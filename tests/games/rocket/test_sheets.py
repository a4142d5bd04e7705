"""The 20 Extrablätter and the 4 solo sheets (rule text "Die Extrablätter", "Allein"; SUPPLEMENT)."""

import pytest

from games.rocket import engine as E
from games.rocket import scoring

from .helpers import evening, put, to_shop, to_step


def mine(items, seat=0):
    """The seat's items without ``msg`` (the translatable text beside the German ``text``)."""
    return [{k: v for k, v in x.items() if k != "msg"} for x in items if x["seat"] == seat]


def test_deck_no_sheet_twice_and_hilfe_never_first():
    for seed in range(200):
        s = E.new_game(seed=seed, players=3, options={})
        assert len(set(s.blaetter)) == 9
        assert s.blaetter[0] != "hilfe"
        assert not {"auftrag", "konkurrenz", "kalkhaendler", "waghalsig"} & set(s.blaetter)
        solo = E.new_game(seed=seed, players=1, options={})
        assert not {"streik", "eifer", "wette", "hilfe"} & set(solo.blaetter)


def test_probeabend_limit_8_and_base_7():
    assert evening(abend=1, blatt="buergermeister").seats[0].grenze == 8
    assert evening(abend=2, blatt="buergermeister").seats[0].grenze == 7


def test_kaiserwetter_limit_8():
    assert evening(abend=3, blatt="kaiserwetter").seats[0].grenze == 8


def test_feuchte_herbstluft_limit_6_also_on_the_probeabend_and_a_crystal():
    assert evening(abend=1, blatt="feuchte_luft").seats[0].grenze == 6
    s = evening(abend=4, blatt="feuchte_luft")
    s.seats[1].eimer = False
    put(s, 1, "W3", "W3", "W1")  # 7 > 6: misfire
    assert s.seats[1].fehl
    items = scoring.wertung(s)
    assert [x["kristalle"] for x in mine(items, 0)] == [1]
    assert mine(items, 1) == []


def test_stadtrat_every_price_minus_2_minimum_1():
    s = evening(blatt="stadtrat")
    assert E.price(s, "O1") == 1 and E.price(s, "G1") == 2 and E.price(s, "B4") == 17 and E.price(s, "S1") == 8
    s = to_shop(s)
    s.seats[0].mark = 3  # O1 costs 1, G1 2, B1 3
    baskets = [a["chips"] for a in E.legal_actions(s, 0) if a["type"] == "einkaufen"]
    assert sorted(map(tuple, baskets)) == sorted([(), ("O1",), ("G1",), ("B1",), ("O1", "G1")])


def test_messegaeste_aus_paris():
    s = evening(blatt="paris")
    assert [p.kristalle for p in s.seats] == [2, 2]


@pytest.mark.parametrize(
    ("blatt", "expected"), [("buergermeister", [0, 3, 2]), ("streik", [0, 0, 0]), ("eifer", [0, 6, 4])]
)
def test_lehrbuben_per_full_3_ruhm_behind(blatt, expected):
    s = evening(3, blatt=blatt, ruhm=[11, 2, 5])
    assert [p.lehrbuben for p in s.seats] == expected
    assert [p.start for p in s.seats] == expected


def test_wette_im_festzelt_tagespreis_plus_2():
    s = evening(blatt="wette")
    put(s, 0, "O1")
    items = scoring.prize(s)
    assert [x["seat"] for x in items] == [0, 0]
    assert items[1]["ruhm"] == 2
    assert s.seats[1].ruhm == 0


def test_vorsicht_der_alten():
    s = evening(blatt="vorsicht")
    s.seats[1].eimer = False
    put(s, 1, "W3", "W3", "W2")
    items = scoring.wertung(s)
    assert [x["ruhm"] for x in mine(items, 0)] == [2]
    assert mine(items, 1) == []


def test_glueck_im_unglueck_misfire_costs_nothing():
    s = evening(blatt="glueck")
    s.seats[0].eimer = False
    s.seats[0].start = 11
    put(s, 0, "W3", "W3", "W2")  # 8 > 7, fields 14, 17, 19 -> Wertungsfeld 20
    assert s.seats[0].fehl
    s = to_shop(s)
    assert s.seats[0].ruhm == 5  # Ruhm of field 20 in step 4
    assert not E.needs_choice(s, 0)
    assert s.seats[0].mark == 17


def test_grosses_abschlussfeuerwerk_two_crystals():
    s = evening(blatt="abschluss")
    s.seats[0].start = 8  # Wertungsfeld 9: a crystal field
    assert mine(scoring.kristallfeld(s)) == [{"seat": 0, "text": "Kristallfeld 9: 2 Kristalle.", "kristalle": 2}]
    assert s.seats[0].kristalle == 3


def test_eilige_bestellung_two_fields_beyond_the_vorladung():
    s = E.new_game(seed=1, players=2, options={})
    s.blaetter = ["eilig"] * 9
    s.seats[0].vorladung = 3
    s.seats[1].ruhm = 3  # seat 0 gets one Lehrbub too
    E._start_evening(s, None)
    assert [p.start for p in s.seats] == [3 + 1 + 2, 0 + 2]


def test_sandknappheit_no_sand():
    s = evening(blatt="sandknapp")
    assert s.seats[0].eimer
    put(s, 0, "W3")
    assert {"type": "sand"} not in E.legal_actions(s, 0)
    put(s, 0, "W3", "W2")  # 8 > 7: no question, misfire
    assert s.seats[0].fehl and s.seats[0].offen is None
    assert s.seats[0].eimer  # the Eimer stays full


def test_kristallhaendler_first_vorladung_one_crystal():
    s = evening(blatt="kristallhaendler")
    s = to_shop(s)
    s.seats[0].kristalle = 3
    s, _ = E.apply(s, 0, {"type": "vorladung"})
    assert (s.seats[0].kristalle, s.seats[0].vorladung) == (2, 1)
    s, _ = E.apply(s, 0, {"type": "vorladung"})
    assert (s.seats[0].kristalle, s.seats[0].vorladung) == (0, 2)


def test_kalk_aus_ruedersdorf():
    s = evening(blatt="ruedersdorf")
    put(s, 0, "O1", "O1", "G1")
    assert s.seats[0].felder == [2, 4, 5]


def test_funkenflug_first_blitzpulver_counts_zero():
    s = evening(blatt="funkenflug")
    put(s, 0, "W3", "W3", "W2")
    assert s.seats[0].summe == 5
    assert [z for z in s.seats[0].zaehl] == [0, 3, 2]
    assert s.seats[0].felder == [3, 6, 8]


def test_farbenpracht_five_colours():
    s = evening(blatt="farbenpracht")
    put(s, 0, "W1", "O1", "G1", "B1", "R1")
    put(s, 1, "W1", "O1", "G1", "B1", "B2")
    items = scoring.wertung(s)
    assert [x["kristalle"] for x in mine(items, 0)] == [1]
    assert mine(items, 1) == []


def test_buergermeister_three_mark_more():
    s = evening(blatt="buergermeister")
    assert scoring.shop_mark(s, 0) == 1 + 3
    s = evening(blatt="kaiserwetter")
    assert scoring.shop_mark(s, 0) == 1


def test_freier_sandeimer():
    s = E.new_game(seed=1, players=2, options={})
    s.blaetter = ["freier_eimer"] * 9
    s.seats[0].eimer = False
    E._start_evening(s, None)
    assert s.seats[0].eimer


def test_pulver_aus_sachsen():
    s = evening(blatt="sachsen")
    for p in s.seats:
        assert len(p.beutel) == 11 and p.beutel.count("O1") == 3


def test_hilfe_fuer_die_letzten():
    s = evening(3, blatt="hilfe", ruhm=[5, 2, 2])
    assert [p.beutel.count("W1") for p in s.seats] == [4, 3, 3]
    s = evening(3, blatt="hilfe", ruhm=[4, 4, 4])
    assert [p.beutel.count("W1") for p in s.seats] == [4, 4, 4]


def test_solo_auftrag_des_buergermeisters():
    for start, fehl, ruhm in ((17, False, 3), (16, False, 0)):
        s = evening(1, blatt="auftrag", abend=3)  # target 14 + 2 * 2 = 18
        s.seats[0].start = start
        s.seats[0].fehl = fehl
        items = scoring.wertung(s)
        assert sum(x.get("ruhm", 0) for x in items) == ruhm


def test_solo_konkurrenz_tagespreis_only_higher():
    s = evening(1, blatt="konkurrenz", abend=2)  # the Konkurrenz stands on 16
    s.seats[0].start = 15  # Wertungsfeld 16: not higher
    draws = s.draws
    # no prize, and the show says why (QA: "Tagespreis – nichts" gave no reason)
    assert scoring.prize(s) == [
        {
            "seat": 0,
            "text": "steigt nicht über die Konkurrenz (Feld 16): kein Tagespreis.",
            "msg": {"t": "steigt nicht über die Konkurrenz (Feld %(n)s): kein Tagespreis.", "a": {"n": 16}},
        }
    ]
    assert s.draws == draws and s.seats[0].preise == 0  # no die was rolled
    s.seats[0].start = 16
    assert [x["seat"] for x in scoring.prize(s)] == [0] and s.seats[0].preise == 1
    # a misfired rocket gets no prize and no Konkurrenz line: the misfire is the reason
    s.seats[0].start, s.seats[0].fehl = 5, True
    assert scoring.prize(s) == []


def test_solo_tagespreis_without_misfire():
    s = evening(1, blatt="kalkhaendler")
    assert [x["seat"] for x in scoring.prize(s)] == [0]


def test_solo_kalkhaendler_in_not():
    s = evening(1, blatt="kalkhaendler")
    put(s, 0, "O1", "O1", "G1")
    assert scoring.shop_mark(s, 0) == 4 + 2 * 2


def test_solo_waghalsige_bestellung():
    s = evening(1, blatt="waghalsig", rezepte={"Y": 3})
    assert s.seats[0].grenze == 8
    s.seats[0].eimer = False
    put(s, 0, "Y1", "W3", "W3", "W3")  # 9 > 8
    assert s.seats[0].fehl
    s = to_step(s, 4)
    assert s.seats[0].ruhm == 0
    s, _ = E.apply(s, 0, {"type": "weiter"})
    assert s.phase == "handel"
    assert s.seats[0].mark == 0
    assert not E.needs_choice(s, 0)
    assert [a for a in E.legal_actions(s, 0) if a["type"] == "einkaufen"] == [{"type": "einkaufen", "chips": []}]


@pytest.mark.parametrize(
    "rezepte, chips",
    [
        ({"P": 1}, ("P1", "W3", "W3", "W3")),  # Purpurregen
        ({"P": 2}, ("P1", "W3", "W3", "W3")),  # Finale
        ({"G": 1}, ("W3", "W3", "G1", "W3")),  # Schlussglanz
        ({"G": 3}, ("R1", "G1", "W3", "W3", "W3")),  # Rotgrün
    ],
)
def test_waghalsige_bestellung_misfire_gets_nothing_from_the_recipes_either(rezepte, chips):
    """ "bringt gar nichts – weder Ruhm noch Mark": no recipe's Wertung pays after the misfire."""
    s = evening(1, blatt="waghalsig", rezepte=rezepte)
    s.seats[0].eimer = False
    put(s, 0, *chips)  # 9 > 8
    assert s.seats[0].fehl
    before = (s.seats[0].ruhm, s.seats[0].kristalle, s.seats[0].vorladung)
    assert [item for item in scoring.wertung(s) if item["seat"] == 0] == []
    assert (s.seats[0].ruhm, s.seats[0].kristalle, s.seats[0].vorladung) == before
