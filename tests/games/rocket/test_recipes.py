"""The 24 recipes (rule text "Die Pulver"), each with a hand-computed Hülse."""

from games.rocket import engine as E
from games.rocket import scoring

from .helpers import evening, fields, put, to_shop


def wertung_of(s, seat=0):
    """Run only step 2 (Wertung) and return the seat's items."""
    return [x for x in scoring.wertung(s) if x["seat"] == seat]


def gains(s, seat=0):
    p = s.seats[seat]
    return p.ruhm, p.kristalle, p.vorladung


# ------------------------------------------------------------- Bariumgrün


def test_g1_schlussglanz_last_and_second_last():
    s = evening(rezepte={"G": 1})
    put(s, 0, "G1", "O1", "G2", "G1")  # G2 second-to-last, G1 last, the first G not
    wertung_of(s)
    assert gains(s) == (2, 1 + 2, 0)
    s = evening(rezepte={"G": 1})
    put(s, 0, "G1", "O1", "O1")
    wertung_of(s)
    assert gains(s) == (0, 1, 0)


def test_g2_kalkbruecke_needs_kalkorange_directly_before():
    s = evening(rezepte={"G": 2})
    put(s, 0, "O1", "G1")
    assert s.seats[0].kristalle == 2
    put(s, 0, "W1", "G2")
    assert s.seats[0].kristalle == 2
    put(s, 0, "O1", "W1", "G1")  # Kalkorange not directly before
    assert s.seats[0].kristalle == 2


def test_g3_rotgruen_at_most_one_crystal_each():
    s = evening(rezepte={"G": 3})
    put(s, 0, "R1", "G1", "O1", "W1", "G1", "W1", "G2")
    # first G: R before, O after -> 1 (not 2); second G: W both sides -> 0; last G: W before -> 0
    wertung_of(s)
    assert gains(s) == (0, 2, 0)
    s = evening(rezepte={"G": 3})
    put(s, 0, "W1", "G1", "R2")
    wertung_of(s)
    assert gains(s) == (0, 2, 0)


def test_g4_gruene_reihe():
    for greens, crystals in ((1, 0), (2, 1), (3, 2), (4, 2)):
        s = evening(rezepte={"G": 4})
        put(s, 0, *(["G1"] * greens))
        wertung_of(s)
        assert s.seats[0].kristalle == 1 + crystals, greens


# ------------------------------------------------------------- Kupferblau


def test_b1_vorschau_draws_value_plus_one_and_lays_the_chosen():
    s = evening(rezepte={"B": 1}, beutel=["O1", "O1", "O1", "R1", "W1"])
    put(s, 0, "B2")  # field 2, then 3 chips to look at
    p = s.seats[0]
    assert p.offen["art"] == "vorschau" and len(p.offen["chips"]) == 3
    assert len(p.beutel) == 2
    legal = E.legal_actions(s, 0)
    assert legal == [{"type": "vorschau", "wahl": i} for i in range(3)] + [{"type": "vorschau", "wahl": None}]
    offered = list(p.offen["chips"])
    k = next((i for i, c in enumerate(offered) if c[0] != "W"), 0)
    s, _ = E.apply(s, 0, {"type": "vorschau", "wahl": k})
    p = s.seats[0]
    assert p.chips == ["B2", offered[k]]
    assert p.felder[-1] == 2 + 1  # every chip in this bag advances 1 (Kalkfeuer: no O in the Hülse)
    rest = ["O1", "O1", "O1", "R1", "W1"]
    rest.remove(offered[k])
    assert sorted(p.beutel) == sorted(rest)  # the other two went back


def test_b1_vorschau_none_puts_all_back():
    s = evening(rezepte={"B": 1}, beutel=["O1", "O1", "W1"])
    put(s, 0, "B1")  # 2 chips
    assert len(s.seats[0].offen["chips"]) == 2
    s, _ = E.apply(s, 0, {"type": "vorschau", "wahl": None})
    assert sorted(s.seats[0].beutel) == ["O1", "O1", "W1"]
    assert s.seats[0].chips == ["B1"]


def test_b2_aussortieren_sets_the_highest_blitzpulver_aside():
    s = evening(rezepte={"B": 2}, beutel=["W3", "W1"])
    put(s, 0, "B2")
    p = s.seats[0]
    assert p.beiseite == ["W3"]
    assert p.beutel == ["W1"]
    assert p.felder == [2]
    s = evening(rezepte={"B": 2}, beutel=["O1", "O1"])
    put(s, 0, "B2")
    assert s.seats[0].beiseite == [] and sorted(s.seats[0].beutel) == ["O1", "O1"]


def test_b2_aside_chips_return_after_the_evening():
    s = evening(rezepte={"B": 2}, beutel=["W3", "W1"])
    put(s, 0, "B2")
    put(s, 1, "O1", "O1", "O1")  # seat 1 wins the Tagespreis (its die may bring a Kalkorange)
    s = to_shop(s)
    for seat in E.to_move(s):
        s, _ = E.apply(s, seat, {"type": "einkaufen", "chips": []})
    assert sorted(s.seats[0].beutel) == ["B2", "W1", "W3"]


def test_b3_kundschaft_mark():
    s = evening(rezepte={"B": 3})
    put(s, 0, "B1", "B4")  # fields 1, 5 -> Wertungsfeld 6 = 6 Mark; + 2 + 5; Bürgermeister +3
    assert scoring.shop_mark(s, 0) == 6 + 2 + 5 + 3


def test_b4_schwung_next_chip_not_blitzpulver():
    s = evening(rezepte={"B": 4})
    put(s, 0, "B2", "O1")
    assert fields(s) == [2, 5]
    s = evening(rezepte={"B": 4})
    put(s, 0, "B2", "W1", "O1")
    assert fields(s) == [2, 3, 4]  # the Blitzpulver used up the Schwung without it


# ---------------------------------------------------------- Strontiumrot


def test_r1_kalkfeuer():
    s = evening(rezepte={"R": 1})
    put(s, 0, "R1")
    assert fields(s) == [1]
    put(s, 0, "O1", "R1")  # one Kalkorange: +1
    assert fields(s) == [1, 2, 4]
    put(s, 0, "O1", "R2", "O1", "R1")  # two or more: +2
    assert fields(s) == [1, 2, 4, 5, 9, 10, 13]


def test_r2_nachbrenner_printed_value():
    s = evening(rezepte={"R": 2})
    put(s, 0, "W3", "R1", "O1", "R1")
    assert fields(s) == [3, 7, 8, 9]


def test_r2_nachbrenner_with_funkenflug_adds_the_printed_value():
    s = evening(rezepte={"R": 2}, blatt="funkenflug")
    put(s, 0, "W3", "R2")
    assert s.seats[0].summe == 0
    assert fields(s) == [3, 8]


def test_r3_rotglut_at_most_3():
    s = evening(rezepte={"R": 3})
    put(s, 0, "R1", "R1", "R1", "R1", "R1")
    assert fields(s) == [1, 3, 6, 10, 14]


def test_r4_hitze_reads_the_zuendmesser():
    s = evening(rezepte={"R": 4})
    put(s, 0, "W2", "R1")  # Zündmesser 2: nothing
    assert fields(s) == [2, 3]
    put(s, 0, "W1", "R1")  # 3: +1
    assert fields(s) == [2, 3, 4, 6]
    put(s, 0, "W1", "R1")  # 4: +1
    assert fields(s)[-1] == 9
    put(s, 0, "W1", "R2")  # 5: +2
    assert fields(s)[-2:] == [10, 14]


def test_r4_hitze_with_funkenflug_counts_the_counted_sum():
    s = evening(rezepte={"R": 4}, blatt="funkenflug")
    put(s, 0, "W3", "R1")  # the first Blitzpulver counts 0: no Hitze
    assert s.seats[0].summe == 0
    assert fields(s) == [3, 4]


# ---------------------------------------------------------- Natriumgelb


def test_y1_bindemittel_sends_the_blitzpulver_back():
    s = evening(rezepte={"Y": 1}, beutel=["O1"])
    put(s, 0, "O1", "W2", "Y1")
    p = s.seats[0]
    assert p.chips == ["O1", "Y1"]
    assert p.felder == [1, 4]  # from the Blitzpulver's field 3, one further
    assert p.summe == 0
    assert sorted(p.beutel) == ["W2"]
    put(s, 0, "O1", "Y2")  # nothing before it to send back
    assert p.chips == ["O1", "Y1", "O1", "Y2"] and p.felder[-1] == 7


def test_y2_puffer_raises_the_limit_also_on_sheets():
    for blatt, limit in (("buergermeister", 7), ("kaiserwetter", 8), ("feuchte_luft", 6)):
        s = evening(rezepte={"Y": 2}, blatt=blatt)
        assert s.seats[0].grenze == limit
        put(s, 0, "Y1")
        assert s.seats[0].grenze == limit + 1
        put(s, 0, "Y2")
        assert s.seats[0].grenze == limit + 2


def test_y2_puffer_on_the_limit_prevents_the_misfire():
    s = evening(rezepte={"Y": 2}, blatt="feuchte_luft")
    s.seats[0].eimer = False
    put(s, 0, "W3", "W3", "Y1", "W1")  # 7 > 6, but Puffer made it 7
    assert not s.seats[0].fehl
    put(s, 0, "W1")  # 8 > 7
    assert s.seats[0].fehl


def test_y3_versicherung_ruhm_and_shop_after_a_misfire():
    s = evening(rezepte={"Y": 3})
    s.seats[0].eimer = False
    put(s, 0, "Y4", "W3", "W3", "W2")  # fields 4, 7, 10, 12: misfire, Wertungsfeld 13
    assert s.seats[0].fehl
    s = to_shop(s)
    assert s.seats[0].ruhm == 3  # field 13: Ruhm 3 in step 4 (plus the crystal of field 13)
    assert s.seats[0].kristalle == 2
    assert not E.needs_choice(s, 0)
    assert s.seats[0].mark == 13 + 3
    assert E.legal_actions(s, 0)[0]["type"] != "fehlzuendung"


def test_y4_entsorgen_gives_up_a_blitzpulver_1_for_good():
    s = evening(rezepte={"Y": 4}, beutel=[])
    put(s, 0, "W1", "O1", "Y1", "O1")  # Y second-to-last
    put(s, 1, "O1", "O1", "O1", "O1", "O1")  # seat 1 wins the Tagespreis
    s = to_shop(s)
    for seat in E.to_move(s):
        s, _ = E.apply(s, seat, {"type": "einkaufen", "chips": []})
    assert sorted(s.seats[0].beutel) == ["O1", "O1", "Y1"]


def test_y4_entsorgen_not_after_a_misfire_nor_further_back():
    s = evening(rezepte={"Y": 4}, beutel=[])
    put(s, 0, "W1", "Y1", "O1", "O1")  # Y third from last
    assert [x for x in scoring.wertung(s) if x["seat"] == 0] == []
    s = evening(rezepte={"Y": 4}, beutel=[])
    s.seats[0].eimer = False
    put(s, 0, "W1", "Y1", "W3", "W3", "W1")  # misfire (8 > 7)
    assert s.seats[0].fehl
    assert [x for x in scoring.wertung(s) if x["seat"] == 0] == []


# ----------------------------------------------------------------- Purpur


def test_p1_purpurregen():
    for n, expected in ((1, (1, 1, 0)), (2, (1, 2, 0)), (3, (2, 1, 1)), (4, (2, 1, 1))):
        s = evening(rezepte={"P": 1})
        put(s, 0, *(["P1"] * n), "O1")
        wertung_of(s)
        assert gains(s) == expected, n


def test_p2_finale():
    s = evening(rezepte={"P": 2})
    put(s, 0, "P1", "O1", "P1", "O1")
    wertung_of(s)
    assert s.seats[0].ruhm == 2
    s = evening(rezepte={"P": 2})
    put(s, 0, "O1", "P1")
    wertung_of(s)
    assert s.seats[0].ruhm == 1 + 2


def test_p3_sofortglanz_counts_the_new_purpur():
    s = evening(rezepte={"P": 3})
    put(s, 0, "P1")
    assert s.seats[0].ruhm == 1
    put(s, 0, "O1", "P1")
    assert s.seats[0].ruhm == 1 + 2
    put(s, 0, "P1")
    assert s.seats[0].ruhm == 1 + 2 + 3


def test_p3_sofortglanz_stays_after_a_misfire():
    s = evening(rezepte={"P": 3})
    s.seats[0].eimer = False
    put(s, 0, "P1", "W3", "W3", "W3")
    assert s.seats[0].fehl and s.seats[0].ruhm == 1


def test_p4_kristallregen():
    for n, expected in ((1, (0, 2, 0)), (2, (0, 3, 0)), (3, (2, 3, 0))):
        s = evening(rezepte={"P": 4})
        put(s, 0, *(["P1"] * n))
        wertung_of(s)
        assert gains(s) == expected, n


# ---------------------------------------------------------- Schwarzpulver


def test_s1_wettstreit_two_players():
    s = evening(rezepte={"S": 1})
    put(s, 0, "S1", "S1")
    put(s, 1, "S1")
    scoring.wertung(s)
    assert gains(s, 0) == (0, 2, 1)  # more than the other: both
    assert gains(s, 1) == (0, 1, 0)
    s = evening(rezepte={"S": 1})
    put(s, 0, "S1")
    put(s, 1, "S1")
    scoring.wertung(s)
    assert gains(s, 0) == (0, 1, 1) and gains(s, 1) == (0, 1, 1)  # equal: Vorladung +1


def test_s1_wettstreit_neighbours_at_four():
    s = evening(4, rezepte={"S": 1})
    put(s, 0, "S1", "S1")  # neighbours 3 (1 chip) and 1 (3 chips)
    put(s, 1, "S1", "S1", "S1")
    put(s, 3, "S1")
    put(s, 2, "S1", "S1", "S1", "S1")
    scoring.wertung(s)
    assert gains(s, 0) == (0, 1, 1)  # more than one neighbour
    assert gains(s, 3) == (0, 1, 0)  # fewer than both neighbours (seat 2: 4, seat 0: 2)
    assert gains(s, 2) == (0, 2, 1)  # more than both (3 and 1)


def test_s2_treibsatz_also_on_blitzpulver():
    s = evening(rezepte={"S": 2})
    put(s, 0, "S1", "O1", "S1", "W1", "O1")
    assert fields(s) == [1, 3, 4, 6, 7]


def test_treibsatz_then_schwung_and_both_on_one_chip():
    s = evening(rezepte={"S": 2, "B": 4})
    put(s, 0, "S1", "B2", "O1")  # B2 gets Treibsatz +1, O1 gets Schwung +2
    assert fields(s) == [1, 4, 7]
    s = evening(rezepte={"S": 2, "B": 4})
    s.seats[0].treib, s.seats[0].schwung = 1, 4
    put(s, 0, "O1")
    assert fields(s) == [6]  # 1 + 1 + 4: both add up
    s = evening(rezepte={"S": 2, "B": 4})
    s.seats[0].treib, s.seats[0].schwung = 1, 4
    put(s, 0, "W1")
    assert fields(s) == [2]  # Treibsatz on Blitzpulver, Schwung not


def test_s3_meisterschaft():
    s = evening(3, rezepte={"S": 3})
    put(s, 0, "S1", "S1")
    put(s, 1, "S1")
    scoring.wertung(s)
    assert [p.ruhm for p in s.seats] == [3, 0, 0]
    s = evening(3, rezepte={"S": 3})
    put(s, 0, "S1")
    put(s, 1, "S1")
    scoring.wertung(s)
    assert [p.ruhm for p in s.seats] == [2, 2, 0]


def test_s4_ansporn():
    s = evening(3, rezepte={"S": 4})
    put(s, 0, "S1", "S1")
    put(s, 1, "S1")
    # Wertungsfeld 3 (3 Mark) + Bürgermeister 3 + two rivals with fewer: 8
    assert scoring.shop_mark(s, 0) == 3 + 3 + 8
    assert scoring.shop_mark(s, 1) == 2 + 3 + 4
    assert scoring.shop_mark(s, 2) == 1 + 3


def test_the_log_names_a_treibsatz_also_on_a_blitzpulver():
    """QA: the "Treibsatz +1" note was built when laying a Blitzpulver but left out of its log line."""
    s = evening(rezepte={"S": 2})
    events = put(s, 0, "S1", "W1")
    assert events[-1]["text"] == "zieht Blitzpulver 1: Feld 3 (Treibsatz +1), Zündmesser 1/7."
    # without a bonus the line stays as it was
    assert put(s, 0, "W1")[-1]["text"] == "zieht Blitzpulver 1: Feld 4, Zündmesser 2/7."
    # with Funkenflug the first Blitzpulver's line says both
    s = evening(blatt="funkenflug", rezepte={"S": 2})
    text = put(s, 0, "S1", "W2")[-1]["text"]
    assert text == "zieht Blitzpulver 2: Feld 4 (Funkenflug: zählt nicht, Treibsatz +1), Zündmesser 0/7."


def test_the_bonus_notes_are_translatable_texts():
    """The notes of "beim Legen" bonuses are games.core.text messages (docs/i18n.md), not German f-strings;
    the recipe names in them stay names."""
    from games.core.text import tx
    from games.core.translate import rendering_in, say

    s = evening(rezepte={"S": 2, "B": 4, "R": 1})
    events = put(s, 0, "S1", "B2", "O1", "R1")
    notes = [e["msg"]["a"]["notes"]["i"] for e in events[1:]]
    assert notes == [
        [tx("Treibsatz +%(n)s", n=1)],
        [tx("Schwung +%(n)s", n=2)],
        [tx("Kalkfeuer +%(n)s", n=1)],
    ]
    with rendering_in("en"):
        assert "Treibsatz +1" in say(events[1]["msg"]) and "Schwung +2" in say(events[2]["msg"])
