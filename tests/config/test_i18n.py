"""Issue 17, "English": German stays the default, Accept-Language and the switch in the header pick
English, the choice is remembered in the cookie; the catalogue is complete and compiled."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.german_words import german_words

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES"


def visible_text(html: str) -> str:
    """The text of a page as a reader meets it: text nodes and the texts of titles, labels and info windows."""
    html = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    attributes = re.findall(r'\s(?:title|aria-label|placeholder|data-[a-z-]+)="([^"]*)"', html)
    return re.sub(r"<[^>]+>", " ", html) + " " + " ".join(attributes)


def lang_of(html: str) -> str:
    return re.search(r'<html lang="([a-z-]+)"', html).group(1)


def test_german_is_the_default(client):
    html = client.get("/").content.decode()
    assert lang_of(html) == "de" and "Spiele" in html and "Brettspiele" in html


def test_an_english_browser_gets_english(client):
    response = client.get("/", headers={"accept-language": "en-GB,en;q=0.9,de;q=0.5"})
    html = response.content.decode()
    assert lang_of(html) == "en" and response.headers["Content-Language"] == "en"
    assert "Four board games, alone against the computer" in html and ">Games<" in html


def test_a_browser_asking_for_neither_language_gets_german(client):
    html = client.get("/", headers={"accept-language": "fr-FR,fr;q=0.9"}).content.decode()
    assert lang_of(html) == "de" and "Vier Brettspiele" in html


def test_the_switch_sets_the_cookie_and_the_choice_stays(client):
    response = client.post("/sprache/setlang/", {"language": "en", "next": "/tische/"})
    assert response.status_code == 302 and response.headers["Location"] == "/tische/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    # remembered: the next pages are English, even for a browser that prefers German
    for url in ("/", "/tische/", "/spiele/kleister/"):
        html = client.get(url, headers={"accept-language": "de-DE,de"}).content.decode()
        assert lang_of(html) == "en", url
    back = client.post("/sprache/setlang/", {"language": "de", "next": "/"})
    assert back.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert lang_of(client.get("/", headers={"accept-language": "en"}).content.decode()) == "de"


def test_the_switch_is_on_every_page_and_marks_the_language_shown(client):
    for url in ("/", "/tische/", "/bestenliste/", "/konto/anmelden/", "/spiele/neon/"):
        html = client.get(url).content.decode()
        assert 'data-testid="language-switch"' in html and 'action="/sprache/setlang/"' in html, url
        assert re.search(r'value="de"[^>]*data-testid="language-de" aria-pressed="true" disabled', html), url
        assert re.search(r'value="en"[^>]*data-testid="language-en">English<', html), url
        assert f'name="next" value="{url}"' in html


def test_the_javascript_strings_follow_the_language(client):
    english = client.get("/sprache/js/", headers={"accept-language": "en"}).content.decode()
    assert '"verbunden": "connected"' in english
    german = client.get("/sprache/js/").content.decode()
    assert "connected" not in german


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/tische/",
        "/spiele/kleister/",
        "/spiele/neon/",
        "/bestenliste/",
        "/konto/anmelden/",
        "/konto/registrieren/",
    ],
)
def test_english_pages_have_no_german_ui_words_left(client, url):
    html = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert lang_of(html) == "en"
    assert german_words(visible_text(html)) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("game", "form"),
    [
        ("kleister", {"computers": "3", "level": "leicht", "spielart": "kurz", "buersten": "5", "karren": "6"}),
        ("neon", {"gegner": "3", "level": "leicht", "ausgabe": "klassisch", "werkzeuge": "3"}),
    ],
)
def test_a_free_game_table_page_in_english(client, game, form):
    client.get("/", headers={"accept-language": "en"})
    response = client.post(
        f"/spiele/{game}/", {**form, "tempo": "normal"}, headers={"accept-language": "en"}, follow=True
    )
    assert response.redirect_chain and response.redirect_chain[-1][0].startswith("/tisch/")
    html = response.content.decode()
    assert lang_of(html) == "en" and "You are playing as Gast-" in html
    assert german_words(visible_text(html)) == []


# ---------------------------------------------------------------- the catalogue


def po_entries(path: Path) -> list[dict]:
    """The entries of a .po file: msgctxt, msgid, msgid_plural, msgstr[...] and flags."""
    entries, entry, field = [], None, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry and "msgid" in entry:
                entries.append(entry)
            entry, field = None, None
            continue
        entry = entry if entry is not None else {"flags": ""}
        if line.startswith("#,"):
            entry["flags"] = line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field] += ast.literal_eval(line)
        else:
            field, value = line.split(" ", 1)
            entry[field] = ast.literal_eval(value)
    return [e for e in entries if e["msgid"]]


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_every_message_is_translated_and_compiled(domain):
    entries = po_entries(LOCALE / f"{domain}.po")
    assert len(entries) > (900 if domain == "django" else 20)
    with open(LOCALE / f"{domain}.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for e in entries:
        assert "fuzzy" not in e["flags"], e["msgid"]
        key = f"{e['msgctxt']}\x04{e['msgid']}" if "msgctxt" in e else e["msgid"]
        if "msgid_plural" in e:
            assert e["msgstr[0]"] and e["msgstr[1]"], e["msgid"]
            assert compiled._catalog[(key, 0)] == e["msgstr[0]"], f"{domain}.mo is older than {domain}.po"
            assert compiled._catalog[(key, 1)] == e["msgstr[1]"], e["msgid"]
        else:
            assert e["msgstr"], f"not translated: {e['msgid']!r}"
            assert compiled._catalog[key] == e["msgstr"], f"{domain}.mo is older than {domain}.po: {e['msgid']!r}"


def test_translations_keep_the_placeholders():
    """A translation fills in the same names (msgfmt --check-format says so too, where it is installed)."""

    def names(text: str) -> set[str]:
        return set(re.findall(r"%\(\w+\)[sd]|\{n\}", text))

    for domain in ("django", "djangojs"):
        for e in po_entries(LOCALE / f"{domain}.po"):
            if "msgid_plural" in e:
                assert names(e["msgstr[1]"]) == names(e["msgid_plural"]), e["msgid"]
            else:
                assert names(e["msgstr"]) == names(e["msgid"]), e["msgid"]


@pytest.mark.django_db(transaction=True)
def test_account_pages_in_english(client):
    from accounts import services as accounts

    user = accounts.register_user(username="grete", password="Kleister-1929!")
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    client.post(
        "/spiele/kleister/",
        {"computers": "1", "level": "leicht", "spielart": "kurz", "tempo": "normal", "buersten": "5", "karren": "6"},
    )
    for url in ("/konto/", "/konto/passwort/", "/konto/partien/", "/tische/", "/bestenliste/"):
        html = client.get(url, headers={"accept-language": "en"}).content.decode()
        assert lang_of(html) == "en", url
        assert german_words(visible_text(html)) == [], url
    assert "Starting credit" in client.get("/konto/", headers={"accept-language": "en"}).content.decode()
