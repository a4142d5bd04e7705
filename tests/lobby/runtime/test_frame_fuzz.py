"""Thousands of random and mutated frames through a WebsocketCommunicator to live tables.

No exception escapes (the consumer's catch-all answer never appears), and a frame
either is refused and leaves state and version unchanged, or applied exactly one
action that was legal (in value and type) for the sender's seat.
"""

from __future__ import annotations

import json
import os

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import registry
from lobby import services
from lobby.models import ActionRecord, Match
from lobby.runtime import frames
from tests.lobby.runtime.test_consumer import connect, receive_until

pytestmark = pytest.mark.django_db(transaction=True)
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))  # 25 x 40 frames per game
CRASH = "Das hat nicht geklappt"
PROBE = json.dumps({"rat": True})  # always answered at a live table ("Rat gibt es hier nicht.")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@st.composite
def mutated(draw, legal: list[dict]) -> str:  # type: ignore[no-untyped-def]
    """A legal action with one thing changed, or random JSON, or random text, wrapped as a frame."""
    kind = draw(st.sampled_from(["mutate", "mutate", "legal", "json", "text"]))
    if kind == "text":
        return draw(st.text(min_size=1, max_size=200))
    action: object
    if kind == "json" or not legal:
        action = draw(json_values)
    else:
        action = dict(draw(st.sampled_from(legal)))
        if kind == "mutate":
            key = draw(st.sampled_from(sorted(action)))
            how = draw(st.sampled_from(["value", "drop", "add", "float", "string"]))
            value = action[key]
            if how == "value":
                action[key] = draw(json_values)
            elif how == "drop":
                del action[key]
            elif how == "add":
                action[draw(st.text(min_size=1, max_size=5))] = draw(json_values)
            elif how == "float" and isinstance(value, int) and not isinstance(value, bool):
                action[key] = float(value)
            else:
                action[key] = str(value)
    as_text = draw(st.booleans())
    version = draw(
        st.one_of(st.just("current"), st.integers(-3, 10**12), st.floats(), st.text(max_size=5), st.booleans())
    )
    return json.dumps({"action": json.dumps(action) if as_text else action, "version": version})


def live_table(players, game: str) -> Match:  # type: ignore[no-untyped-def]
    options = {"spielart": "kurz"} if game == "kleister" else {"ausgabe": "klassisch"}
    table = services.open_table(
        host=players[0], game=game, places=2, options=options, clock_seconds=None,
        bot_level="leicht", stake=0, fill_computers=False,
    )  # fmt: skip
    services.join_table(table_id=table.pk, user=players[1])
    return Match.objects.get(table=table)


def legal_now(match_id: int, seat: int) -> tuple[int, dict, list[dict]]:
    match = Match.objects.get(pk=match_id)
    engine = registry.engine(match.game)
    state = engine.load(match.state)
    return match.version, match.state, engine.legal_actions(state, seat)


async def fuzz(match: Match, user, texts: list[str]) -> None:  # type: ignore[no-untyped-def]
    socket = await connect(match.table_id, user)
    await socket.receive_from()
    for text in texts:
        version, state, legal = await database_sync_to_async(legal_now)(match.pk, 0)
        if '"version": "current"' in text:
            text = text.replace('"version": "current"', f'"version": {version}')
        await socket.send_to(text_data=text)
        await socket.send_to(text_data=PROBE)
        answer = await receive_until(socket, "Rat gibt es hier nicht", tries=50)
        assert CRASH not in answer
        after = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        if after.version == version:
            assert after.state == state
        else:
            assert after.version == version + 1
            record = await database_sync_to_async(ActionRecord.objects.get)(match=after, version=after.version)
            assert frames.match_legal(record.action, legal) is not None
            assert frames.canonical(record.action) in {frames.canonical(a) for a in legal}
    await socket.disconnect()


@pytest.mark.parametrize("game", ["kleister", "neon"])
def test_random_and_mutated_frames_never_crash_and_never_change_state_when_refused(players, game, settings_fast):
    match = live_table(players, game)
    seat = 0
    _, _, legal = legal_now(match.pk, seat)

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(st.lists(mutated(legal), min_size=40, max_size=40))
    def run(texts: list[str]) -> None:
        async_to_sync(fuzz)(match, players[seat], texts)

    run()


@pytest.fixture
def settings_fast(settings):  # type: ignore[no-untyped-def]
    settings.WS_MESSAGES_PER_SECOND = 100_000
    settings.WS_MESSAGE_BURST = 100_000
    return settings
