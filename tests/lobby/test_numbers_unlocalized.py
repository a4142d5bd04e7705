"""Issue 8, points 1 and 2: ids and timestamps from 1000 on must never be written as 1.234.

With USE_THOUSAND_SEPARATOR a plain ``{{ table_id }}`` renders as "1.234"; in a websocket URL,
a form action, an id or a data attribute that breaks the page. Every page and fragment with a
table id, a user id, a move clock or a reservation is rendered here with numbers above 1000.
"""

from __future__ import annotations

import re
from datetime import timedelta
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.utils import timezone

from accounts import services as accounts
from accounts.models import User, Wallet
from lobby import services
from lobby.models import Match, Seat, Table
from lobby.runtime import rendering, snapshot

pytestmark = pytest.mark.django_db(transaction=True)

#: A number with thousand separators: 1.234 or 1.764.622.000,5 (not 1764622000.5).
GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d.])")
URL_ATTRS = {"href", "action", "src", "ws-connect"}
SVG_TAGS = {"svg", "path", "circle", "rect", "polygon", "polyline", "line"}


class Attributes(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.attrs: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs += [(tag, name, value or "") for name, value in attrs]


def attributes(html: str) -> list[tuple[str, str, str]]:
    parser = Attributes()
    parser.feed(html)
    return parser.attrs


def start_ids_at(model: type, first: int) -> None:
    """The next row of ``model`` gets an id >= ``first`` (SQLite and PostgreSQL)."""
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
            cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, first - 1])
        else:
            cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s)", [table, first - 1])


def assert_unlocalized(html: str, ids: list[int]) -> None:
    for tag, name, value in attributes(html):
        if tag in SVG_TAGS:
            continue
        where = f"<{tag} {name}={value!r}>"
        assert not GROUPED.search(value), f"localized number in {where}"
        if name in URL_ATTRS:
            assert not re.search(r"/\d+[.,]\d", value), f"localized number in URL {where}"
        if name in {"data-until", "data-deadline"} and value:
            assert float(value) > 1_000_000_000, where
    for number in ids:
        grouped = f"{number:,}".replace(",", ".")
        assert grouped not in html, f"{number} written as {grouped}"


_base = iter(range(1234, 10**6, 1000))


@pytest.fixture
def big_ids(db):  # type: ignore[no-untyped-def]
    """Ids from 1000 on; each test its own range (snapshots are cached per match id and version)."""
    base = next(_base)
    for model, offset in ((User, 1111), (Wallet, 1111), (Table, 0), (Match, 222), (Seat, 333)):
        start_ids_at(model, base + offset)


def test_solo_table_pages_and_fragments(client, big_ids):
    user = accounts.register_user(username="grete", password="Kleister-1929!")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    kleister = services.create_solo_table(user=user, game="kleister", options={}, computers=["leicht"] * 2)
    neon = services.create_solo_table(user=user, game="neon", options={"ausgabe": "solo"}, computers=[])
    assert kleister.pk >= 1000 and user.pk >= 1000
    for table in (kleister, neon):
        html = client.get(f"/tisch/{table.pk}/").content.decode()
        assert f'ws-connect="/ws/tisch/{table.pk}/"' in html and f'data-table="{table.pk}"' in html
        assert f"Tisch {table.pk}" in html
        assert_unlocalized(html, [table.pk, user.pk])
        snap = snapshot.current_for_table(table.pk)
        for seat in (0, None):
            for html in rendering.render(snap, seat).values():
                assert_unlocalized(html, [table.pk, user.pk])


def test_live_table_lobby_waiting_room_clock_and_reservation(client, big_ids):
    grete = accounts.register_user(username="grete", password="Kleister-1929!")
    paul = accounts.register_user(username="paul", password="Kleister-1929!")
    client.force_login(grete, backend="django.contrib.auth.backends.ModelBackend")
    table = services.open_table(
        host=grete,
        game="kleister",
        places=3,
        options={},
        clock_seconds=30,
        bot_level="leicht",
        stake=10,
        fill_computers=False,
    )
    services.join_table(table_id=table.pk, user=paul)
    Table.objects.filter(pk=table.pk).update(reserved_until=timezone.now() + timedelta(minutes=2))
    lobby = client.get("/tische/").content.decode()
    assert f'data-testid="lobby-table-{table.pk}"' in lobby and f"/tisch/{table.pk}/" in lobby
    assert_unlocalized(lobby, [table.pk])
    room = client.get(f"/tisch/{table.pk}/").content.decode()
    until = re.search(r'data-until="([^"]*)"', room).group(1)
    assert float(until) > 1_000_000_000  # JavaScript's Number() reads it (no NaN:NaN)
    assert f'ws-connect="/ws/tische/{table.pk}/"' in room and f"/tisch/{table.pk}/start/" in room
    assert_unlocalized(room, [table.pk])

    services.start_table(table_id=table.pk, user=grete)
    page = client.get(f"/tisch/{table.pk}/").content.decode()
    assert 'data-deadline="' in page
    assert f'action="/tisch/{table.pk}/verlassen/"' in page
    assert_unlocalized(page, [table.pk, grete.pk])


def test_admin_action_pages_keep_ids(client, big_ids):
    admin = User.objects.create_superuser("chef", password="Chef-Passwort-1")
    client.force_login(admin, backend="django.contrib.auth.backends.ModelBackend")
    player = accounts.register_user(username="grete", password="Kleister-1929!")
    wallet = Wallet.objects.get(user=player)
    assert wallet.pk >= 1000 and player.pk >= 1000
    taler = client.post("/admin/accounts/wallet/", {"action": "adjust_taler", "_selected_action": [wallet.pk]})
    assert f'name="_selected_action" value="{wallet.pk}"' in taler.content.decode()
    users = client.post("/admin/accounts/user/", {"action": "deactivate_with_reason", "_selected_action": [player.pk]})
    html = users.content.decode()
    assert f'name="_selected_action" value="{player.pk}"' in html
    assert_unlocalized(taler.content.decode() + html, [wallet.pk, player.pk])
