"""Django's ``{# … #}`` comment ends at the line's end: a comment over several lines would show on the page."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

OPEN_WITHOUT_CLOSE = re.compile(r"\{#(?![^\n]*#\})")


def test_no_django_template_has_a_comment_over_several_lines():
    root = Path(settings.BASE_DIR) / "templates"
    found = [
        f"{path.relative_to(root)}:{text.count(chr(10), 0, match.start()) + 1}"
        for path in root.rglob("*.html")
        if "jinja2" not in path.relative_to(root).parts  # Jinja2's {# #} may span lines
        for text in [path.read_text()]
        for match in OPEN_WITHOUT_CLOSE.finditer(text)
    ]
    assert found == []
