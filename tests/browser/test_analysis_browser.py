"""In real Chromium: the post-game analysis of a finished Speedkleister game, from Meine Partien
through the replay page: the progress bar, then the marked decisions and the costliest on top."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

from .conftest import ROOT

PASSWORD = "Kleister-1929!"

# A finished game for the user: seat 0 played like ``leicht`` against a strong computer (test setup
# the browser cannot do quickly; the game's own pages are tested elsewhere).
FINISH = """
from accounts.models import User
from tests.lobby.test_analysis import finished_kleister
print(finished_kleister(User.objects.get(username={name!r}), seed=7).pk)
"""


def register(page) -> str:  # type: ignore[no-untyped-def]
    name = f"ana{uuid.uuid4().hex[:8]}"
    page.goto("/konto/registrieren/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url("**/konto/")
    return name


def finished_game(live_database: str, name: str) -> int:
    env = {**os.environ, "DATABASE_URL": live_database, "COMPUTER_DISPATCH": "inline", "TABLE_TEMPO_FACTOR": "0"}
    env.pop("REDIS_URL", None)  # the setup runs the computers inline; nothing to send anywhere
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", FINISH.format(name=name)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return int(out.stdout.strip().splitlines()[-1])


def test_analysis_of_a_finished_kleister_game(page, live_database):
    name = register(page)
    match_id = finished_game(live_database, name)
    page.goto("/konto/partien/")
    page.get_by_test_id("replay-link").first.click()
    page.wait_for_url(f"**/partie/{match_id}/")
    page.get_by_test_id("analysis-link").click()
    page.wait_for_url(f"**/partie/{match_id}/analyse/")
    progress = page.get_by_test_id("analysis-progress")
    assert progress.is_visible()
    assert "Entscheidungen angesehen" in progress.inner_text()
    assert page.locator("progress.analysis-bar").count() == 1
    page.wait_for_selector("[data-testid=analysis][data-status=fertig]", timeout=60000)
    assert page.get_by_test_id("marked-decision").count() >= 1
    assert 1 <= page.get_by_test_id("costly-decision").count() <= 3
    summary = page.get_by_test_id("analysis-summary").inner_text()
    assert "hätte der starke Computer anders gewählt" in summary
    # a costly decision links to the replay just before it
    page.get_by_test_id("costly-decision").first.locator("a").click()
    page.wait_for_url(f"**/partie/{match_id}/?schritt=*")
    assert page.get_by_test_id("replay").is_visible()
    # cached: the second visit shows the verdicts at once
    page.goto(f"/partie/{match_id}/analyse/")
    assert page.get_by_test_id("analysis").get_attribute("data-status") == "fertig"
