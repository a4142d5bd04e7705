"""Speedkleister content besides the rules: the computers' names (Cologne, 1929)."""

#: German surnames of Cologne poster hangers; never a real person's full name.
COMPUTER_NAMES = (
    "Kleinschmidt",
    "Wollenweber",
    "Pützfeld",
    "Esser",
    "Schmitz-Kleister",
    "Kürten",
    "Offermann",
    "Brungs",
)
