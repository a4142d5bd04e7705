"""makemessages reads the Jinja2 fragments with Jinja2: every message lands on its own line."""

from __future__ import annotations

from games.core.management.commands.makemessages import Command, is_jinja, jinja_as_python

SOURCE = (
    '<p>{{ _("Bedenkzeit") }} {{ _("du") if mine else name }}</p>\n'
    "<p title=\"{{ _('Noch eine Partie mit %(stake)s Taler Einsatz?', stake=stake) }}\">"
    '{{ ngettext("%(num)d Karte", "%(num)d Karten", n) }}</p>\n'
    "{{ say(text) }}"
)


def test_jinja_messages_become_gettext_calls_on_their_lines():
    lines = jinja_as_python(SOURCE).splitlines()
    assert lines[0] == "gettext('Bedenkzeit'); gettext('du')"
    assert lines[1] == (
        "gettext('Noch eine Partie mit %(stake)s Taler Einsatz?'); ngettext('%(num)d Karte', '%(num)d Karten', 1)"
    )
    assert lines[2] == ""


def test_only_the_fragment_templates_are_read_as_jinja_and_the_texts_are_keywords():
    assert is_jinja("./templates/jinja2/games/kleister/hand.html")
    assert not is_jinja("./templates/games/kleister/table.html")
    assert {"--keyword=tx", "--keyword=ntx:1,2", "--keyword=N_"} <= set(Command.xgettext_options)
