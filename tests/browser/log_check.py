"""The game's log on a table page: after many moves of appends (lobby/runtime/log_append.py) it is the log a
fresh load of the page shows, newest line first, never longer than the game keeps."""

from __future__ import annotations

SHOWN_AND_SERVED = """async (id) => {
  const lines = (root) => [...root.querySelectorAll(`#${id} > li`)]
    .map((li) => [li.className.replace(/\\bhtmx-\\S+/g, "").trim(), li.textContent]);
  const version = (root) => root.querySelector("#tbl-v")?.dataset.version;
  const shownVersion = version(document), shown = lines(document);
  const served = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
  return { shown, served: lines(served), same: version(served) === shownVersion && version(document) === shownVersion };
}"""


def log_as_served(page, log_id: str, keep: int) -> int | None:  # type: ignore[no-untyped-def]
    """Lines the page shows, checked against the page as the server renders it now (None: the table moved on
    meanwhile, nothing to compare)."""
    result = page.evaluate(SHOWN_AND_SERVED, log_id)
    assert len(result["shown"]) <= keep
    if not result["same"]:
        return None
    assert result["shown"] == result["served"]
    return len(result["shown"])
