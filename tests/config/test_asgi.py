"""The production entry point sets up the garbage collector for a long-running server."""

from __future__ import annotations

import gc


def test_the_server_freezes_its_start_up_objects_and_collects_young_objects_less_often():
    from config import asgi

    assert gc.get_threshold() == asgi.GC_THRESHOLDS and asgi.GC_THRESHOLDS[0] > 700  # Python's default: 700
    assert gc.get_freeze_count() > 10_000  # Django, the URL patterns, the games' modules
