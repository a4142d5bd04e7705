"""Shared fixtures: fast hashing, a real server process for browser tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fast_hasher(settings):  # type: ignore[no-untyped-def]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():  # type: ignore[no-untyped-def]
    """Claims of computer turns live in the cache; ids repeat across tests."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _no_clock_thread(settings):  # type: ignore[no-untyped-def]
    """Tests drive move clocks themselves (clock.expire / clock.sweep with a controlled now)."""
    settings.CLOCK_SWEEPER = False


@pytest.fixture(autouse=True)
def _no_kept_matches():  # type: ignore[no-untyped-def]
    """Match ids repeat across tests (rolled back): no test may see another's kept match row,
    cached snapshot or public fragments under the same (match id, version)."""
    from lobby.runtime import hot, rendering, snapshot

    def forget() -> None:
        hot.clear()
        with snapshot._lock:
            snapshot._cache.clear()
        with rendering._lock:
            rendering._public.clear()

    forget()
    yield
    forget()


@pytest.fixture(autouse=True)
def _german_by_default():  # type: ignore[no-untyped-def]
    """Every test starts in the site's default language: a request with another Accept-Language
    (LocaleMiddleware) leaves that language active on the thread after the response."""
    from django.utils import translation

    translation.activate("de")
    yield
    translation.activate("de")


@pytest.fixture
def inline_computers(settings):  # type: ignore[no-untyped-def]
    """Computers move at once in the calling thread, one after the other (no pool, no Tempo delay)."""
    settings.COMPUTER_DISPATCH = "inline"
    settings.TABLE_TEMPO_FACTOR = 0


@pytest.fixture
def grete(db):  # type: ignore[no-untyped-def]
    from accounts import services

    return services.register_user(username="grete", password="Kleister-1929!")


@pytest.fixture
def paul(db):  # type: ignore[no-untyped-def]
    from accounts import services

    return services.register_user(username="paul", password="Kleister-1929!")


@pytest.fixture
def chef(django_user_model):  # type: ignore[no-untyped-def]
    """The site's admin (a superuser)."""
    return django_user_model.objects.create_superuser("chef", password="Chef-Passwort-1")


@pytest.fixture
def admin_client(client, chef):  # type: ignore[no-untyped-def]
    """A client logged in as ``chef`` (``client.admin``), for the Django admin."""
    client.force_login(chef, backend="django.contrib.auth.backends.ModelBackend")
    client.admin = chef
    return client
