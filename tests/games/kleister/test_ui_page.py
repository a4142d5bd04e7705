"""The table page gives every column a box: rivals clockwise from the viewer, the own column below the centre."""

from __future__ import annotations

import re

import pytest

from accounts import services as accounts
from games.core import registry
from lobby.models import Match, Seat, Table
from lobby.runtime import actions

pytestmark = pytest.mark.django_db(transaction=True)


def live_table(players: int = 4) -> tuple[Table, list]:
    users = [accounts.register_user(username=f"kleber{i}", password="Kleister-1929!") for i in range(players)]
    table = Table.objects.create(game="kleister", kind="live", places=players, host=users[0], options={})
    for i, user in enumerate(users):
        Seat.objects.create(table=table, index=i, user=user, name=user.username)
    actions.start_match(table=table, seed=7)
    return table, users


def boxes(html: str) -> list[tuple[str, str, str]]:
    """(box, column id, marks id) of every column box in page order."""
    found = re.findall(
        r'<div (id="kl-own" )?class="kl-column[^"]*" data-seat="(\d)"[^>]*>.*?'
        r'<section id="kl-col-(\d)".*?</section><div id="kl-marks-(\d)"',
        html,
        re.S,
    )
    return [("own" if own else "rival", box, col) for own, box, col, marks in found if box == col == marks]


def test_seat_sees_rivals_clockwise_and_its_own_column_in_its_box(client):
    table, users = live_table()
    client.force_login(users[1])
    html = client.get(f"/tisch/{table.pk}/").content.decode()
    assert boxes(html) == [("rival", "2", "2"), ("rival", "3", "3"), ("rival", "0", "0"), ("own", "1", "1")]
    own = html.split('id="kl-own"', 1)[1]
    assert 'data-title="Deine Säule"' in own and "<strong>Deine Säule</strong>" in own
    assert html.count('id="kl-col-') == 4 and html.count('id="kl-marks-') == 4
    assert 'id="kl-counts"' in html and 'id="kl-infotext"' in html and 'id="kl-hand"' in html
    mover = registry.engine("kleister").to_move(registry.engine("kleister").load(Match.objects.get(table=table).state))
    assert f'<i id="kl-turn" hidden data-seat="{mover[0]}"></i>' in html  # before the boxes: table.css marks that one
    assert html.index('id="kl-turn"') < html.index('id="kl-rivals"')


def test_spectator_sees_every_column_in_seat_order(client):
    table, _ = live_table(3)
    html = client.get(f"/tisch/{table.pk}/").content.decode()
    assert boxes(html) == [("rival", "0", "0"), ("rival", "1", "1"), ("rival", "2", "2")]
    assert 'id="kl-own"' not in html and 'id="kl-hand"' not in html
