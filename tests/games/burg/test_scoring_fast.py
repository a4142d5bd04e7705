"""The fast scoring passes (previews and computers call them for every die and field) against their
definitions: each die's points from ``die_details`` and the prizes' facts read off the rule text's
conditions one by one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.burg import scoring as S
from games.burg.content import DICE, FIELDS, MATERIALS, MUSCHELN, material

FREE = [0] * FIELDS


@st.composite
def castles(draw):
    ids = draw(st.permutations(range(DICE)))
    count = draw(st.integers(0, 18))
    castle = [[] for _ in range(FIELDS)]
    for die_id in ids[:count]:
        castle[draw(st.integers(0, FIELDS - 1))].append([die_id, draw(st.integers(1, 6))])
    return castle


@settings(max_examples=150, deadline=None)
@given(castles())
def test_material_points_are_the_sum_of_each_dies_points(castle):
    per_material = [0, 0, 0, 0]
    glass = 0
    for die in S.die_details(castle, FREE):
        if die["punkte"] is None:
            glass += 1
        else:
            per_material[material(die["id"])] += die["punkte"]
    per_material[3] = S.set_points(glass)
    assert S.material_points(castle) == per_material


@settings(max_examples=150, deadline=None)
@given(castles())
def test_prize_facts_follow_each_prizes_condition(castle):
    heights = [len(stack) for stack in castle]
    dice = [die for stack in castle for die in stack]
    shells_on_top = sum(1 for stack in castle if stack and material(stack[-1][0]) == MUSCHELN)
    best_line = max(sum(1 for f in line if heights[f] >= 2) for line in S.LINES)
    missing = tuple(str(p) for p in range(1, 6) if all(d[1] != p for d in dice))
    lacking = tuple(m for m in MATERIALS if all(material(d[0]) != m for d in dice))
    assert S.prize_facts(castle) == {
        "leuchtturm": (max(heights) >= 5, max(heights), min(max(heights), 5)),
        "strandtreppe": (not missing, 0, missing),
        "muschelkrone": (shells_on_top >= 3, shells_on_top, min(shells_on_top, 3)),
        "burgmauer": (best_line == 3, 0, best_line),
        "strandgut": (not lacking, 0, lacking),
    }
