"""``manage.py rocket_misfires`` counts every evening of every seat and the misfires among them."""

from __future__ import annotations

import json
from io import StringIO

from django.core.management import call_command


def test_it_counts_nine_evenings_per_seat_and_game():
    out = StringIO()
    call_command("rocket_misfires", "--levels=leicht,normal", "--games=2", "--players=2", stdout=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["level"] for line in lines] == ["leicht", "normal"]
    for line in lines:
        assert line["evenings"] == 2 * 2 * 9
        assert 0 <= line["misfires"] <= line["evenings"]
        assert line["rate"] == round(line["misfires"] / line["evenings"], 4)
