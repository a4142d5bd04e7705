"""Production settings are safe by default; the test settings add only what tests need."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET = "x" * 30 + "-production-secret-0123456789-abcdef"
PRINT = (
    "import django, json; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'debug': s.DEBUG, 'hashers': s.PASSWORD_HASHERS, 'layer': s.CHANNEL_LAYERS['default'],"
    " 'cache': s.CACHES['default']['BACKEND'], 'celery': {k: getattr(s, k, None) for k in"
    " ['CELERY_BROKER_CONNECTION_MAX_RETRIES', 'CELERY_BROKER_TRANSPORT', 'CELERY_BROKER_TRANSPORT_OPTIONS']}}))"
)


def settings_of(module: str, **env: str) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in {"DJANGO_DEBUG", "DJANGO_SECRET_KEY", "REDIS_URL"}}
    return subprocess.run(
        [sys.executable, "-c", PRINT],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": module, **env},
        capture_output=True,
        text=True,
    )


def loaded(module: str, **env: str) -> dict:
    result = settings_of(module, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_debug_is_off_when_django_debug_is_unset():
    refused = settings_of("config.settings")  # DEBUG off, so a secret key is required
    assert refused.returncode != 0 and "DJANGO_SECRET_KEY" in refused.stderr
    assert loaded("config.settings", DJANGO_SECRET_KEY=SECRET)["debug"] is False


def test_production_has_no_switch_for_fast_password_hashing():
    values = loaded("config.settings", DJANGO_SECRET_KEY=SECRET, FAST_PASSWORD_HASHER="1")
    assert not any("MD5" in name for name in values["hashers"])


def test_test_settings_hash_fast_and_debug():
    values = loaded("config.settings_test")
    assert values["debug"] is True
    assert values["hashers"] == ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_redis_channel_layer_is_pub_sub_kept_apart_by_database_and_patient_on_a_quiet_link():
    values = loaded("config.settings", DJANGO_SECRET_KEY=SECRET, REDIS_URL="redis://127.0.0.1:6379/9")
    assert values["layer"]["BACKEND"] == "lobby.runtime.redis_layer.LocalFirstPubSubChannelLayer"
    assert values["layer"]["CONFIG"]["prefix"] == "spielcenter9"  # pub/sub names ignore the database number
    host = values["layer"]["CONFIG"]["hosts"][0]
    assert host["address"] == "redis://127.0.0.1:6379/9"
    assert host["socket_timeout"] > 5  # redis-py's default 5 s cut quiet links (channels_redis#422)
    assert values["cache"] == "django.core.cache.backends.redis.RedisCache"
    other = loaded("config.settings", DJANGO_SECRET_KEY=SECRET, REDIS_URL="redis://127.0.0.1:6379")
    assert other["layer"]["CONFIG"]["prefix"] == "spielcenter0"


def test_celery_retries_for_ever_and_redelivers_soon():
    values = loaded("config.settings", DJANGO_SECRET_KEY=SECRET, REDIS_URL="redis://127.0.0.1:6379/9")["celery"]
    assert values["CELERY_BROKER_CONNECTION_MAX_RETRIES"] is None
    assert values["CELERY_BROKER_TRANSPORT"] == "config.broker:Transport"
    assert values["CELERY_BROKER_TRANSPORT_OPTIONS"]["visibility_timeout"] <= 25
