"""``manage.py makemessages`` for this site: Django's, plus the Jinja2 fragments and the engines' texts.

- The table fragments under ``templates/jinja2/`` are Jinja2, which Django's template lexer misreads
  (``_('…', n=3)``, ``_("du") if … else …``, several calls in one tag). They are read with Jinja2's
  own extractor, and each message is handed to xgettext as a ``gettext("…")`` call on its line.
- ``tx``/``ntx``/``N_`` (``games.core.text``: the texts engines and computers write) are keywords.
- ``staticfiles/`` (collected copies) is never read.

Usage (docs/i18n.md): ``DJANGO_DEBUG=1 .venv/bin/python manage.py makemessages -l en`` and
``… makemessages -d djangojs -l en``, then ``… compilemessages``.
"""

from __future__ import annotations

import os

from django.core.management.commands import makemessages
from jinja2 import Environment

JINJA_DIR = os.path.join("templates", "jinja2") + os.sep
_jinja = Environment(extensions=["jinja2.ext.i18n"])


def is_jinja(path: str) -> bool:
    return JINJA_DIR in os.path.normpath(path) + ("" if path.endswith(os.sep) else "")


def jinja_as_python(source: str) -> str:
    """Every message of a Jinja2 template as a gettext call on the message's own line."""
    lines = [""] * (source.count("\n") + 1)
    for lineno, function, message in _jinja.extract_translations(source):
        strings = message if isinstance(message, tuple) else (message,)
        if function == "ngettext" and len(strings) > 1 and strings[1] is not None:
            call = f"ngettext({strings[0]!r}, {strings[1]!r}, 1)"
        elif strings[0] is not None:
            call = f"gettext({strings[0]!r})"
        else:
            continue
        lines[lineno - 1] += ("; " if lines[lineno - 1] else "") + call
    return "\n".join(lines) + "\n"


class BuildFile(makemessages.BuildFile):
    def preprocess(self) -> None:
        if self.is_templatized and is_jinja(self.path):
            with open(self.path, encoding="utf-8") as fp:
                content = jinja_as_python(fp.read())
            with open(self.work_path, "w", encoding="utf-8") as fp:
                fp.write(content)
            return
        super().preprocess()


class Command(makemessages.Command):
    help = makemessages.Command.help + " Reads the Jinja2 fragments with Jinja2 and knows tx/ntx."
    build_file_class = BuildFile
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=tx", "--keyword=ntx:1,2", "--keyword=N_"]

    def handle(self, *args, **options):  # type: ignore[no-untyped-def]
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), "staticfiles/*", "tests/*"]
        options.setdefault("no_obsolete", True)
        return super().handle(*args, **options)
