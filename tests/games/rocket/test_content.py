"""The Hülse, chips, prices and the start material (SUPPLEMENT "The Hülse", "Chips, values, prices")."""

from games.rocket import content as C
from games.rocket import engine as E


def test_ruhm_per_field_written_out():
    # every 4th field up to 30 one more, then every 3rd
    expected = {0: 0, 3: 0, 4: 1, 7: 1, 8: 2, 15: 3, 16: 4, 28: 7, 29: 7, 30: 7, 31: 7, 32: 7, 33: 8}
    expected.update({35: 8, 36: 9, 39: 10, 42: 11, 45: 12, 48: 13, 50: 13, 51: 14, 53: 14})
    for f, r in expected.items():
        assert C.RUHM[f] == r, f


def test_mark_per_field_written_out():
    for f in range(16):
        assert C.MARK[f] == f
    expected = {16: 15, 17: 16, 18: 16, 19: 17, 20: 17, 25: 20, 30: 22, 31: 23, 40: 27, 45: 30, 50: 32, 52: 33, 53: 35}
    for f, m in expected.items():
        assert C.MARK[f] == m, f
    assert len(C.MARK) == 54


def test_crystal_fields():
    assert sorted(C.CRYSTAL_FIELDS) == [5, 9, 13, 16, 20, 24, 28, 30, 34, 36, 40, 42, 46, 50, 52]


def test_prices():
    assert C.PRICES == {
        "O1": 3, "G1": 4, "G2": 8, "G4": 14, "B1": 5, "B2": 10, "B4": 19, "R1": 6, "R2": 10, "R4": 16,
        "Y1": 8, "Y2": 12, "Y4": 18, "P1": 9, "S1": 10,
    }  # fmt: skip
    assert not any(w[0] == "W" for w in C.PRICES)  # Blitzpulver cannot be bought


def test_start_material():
    s = E.new_game(seed=3, players=3, options={})
    for p in s.seats:
        assert sorted(p.beutel) == sorted(["W1"] * 4 + ["W2"] * 2 + ["W3", "O1", "O1", "G1"])
        assert p.kristalle == 1
        assert p.vorladung == 0
        assert p.eimer
        assert p.ruhm == 0
    assert s.abende == 9
    assert E.new_game(seed=3, players=3, options={"kurz": True}).abende == 6


def test_24_recipes_and_sheets():
    assert len(C.RECIPES) == 24
    assert {(c, n) for c in "GBRYPS" for n in (1, 2, 3, 4)} == set(C.RECIPES)
    assert len(C.TABLE_DECK) == 20 and len(C.SOLO_DECK) == 20
    assert set(C.SOLO_DECK) - set(C.TABLE_DECK) == {"auftrag", "konkurrenz", "kalkhaendler", "waghalsig"}
    assert set(C.TABLE_DECK) - set(C.SOLO_DECK) == {"streik", "eifer", "wette", "hilfe"}


def test_chip_texts_german():
    assert C.chip_text("G2") == "Bariumgrün 2"
    assert C.chip_text("O1") == "Kalkorange"
    assert C.chip_text("P1") == "Purpur"
    assert C.chip_text("W3") == "Blitzpulver 3"
