"""Settings for Spielcenter: one module, everything that differs comes from the environment.

Embedded default (no variables set): SQLite file, in-memory channel layer,
eager Celery. Distributed: DATABASE_URL (PostgreSQL) and REDIS_URL (channel
layer and Celery broker). See README.md for every variable.
"""

from __future__ import annotations

import os
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab

from config.channel_layers import channel_layers

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Off unless asked for: `make run` and the test settings (config/settings_test.py) turn it on.
DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")
# A form with an outdated security token gets a German page that says nothing happened (config/views.py).
CSRF_FAILURE_VIEW = "config.views.csrf_failure"

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "axes",
    "moderation",
    "accounts",
    "lobby",
    "leaderboard",
    "games.core",
    "benchmarks",
    "games.kleister",
    "games.neon",
    "games.rocket",
    "games.burg",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "accounts.middleware.DailyAllowanceMiddleware",
    "axes.middleware.AxesMiddleware",
    "config.method_not_allowed.MethodNotAllowedPageMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = None

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.wallet",
            ],
        },
    },
    {
        # Hot table fragments only (rendered on every move); pages stay Django templates.
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "config.jinja2.environment", "autoescape": True, "auto_reload": DEBUG},
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Persistent connections: opening one per call was 12 % of a move (docs/benchmarks.md).
        # config/settings_test.py keeps 0 for the test suite.
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several threads (eager Celery, Channels) write: wait for the lock instead of failing.
    # WAL: a commit costs one write instead of two fsyncs (docs/benchmarks.md).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # A file, not memory: tests with threads (concurrency, eager Celery) share it.
    # One file per test process, so parallel test runs never share it.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("SQLITE_TEST_NAME")
        or str(Path(tempfile.gettempdir()) / f"spielcenter-test-{os.getpid()}.sqlite3")
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Tests hash fast through config/settings_test.py; production has no switch for it.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
]

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login throttling (django-axes): after 5 wrong passwords for one user name
# from one address, that combination is locked for 15 minutes: one address
# cannot lock a name out for everybody, and one name is not locked for an
# address that did nothing wrong. The address is REMOTE_ADDR (django-ipware is
# not installed); behind a proxy Daphne runs with --proxy-headers and sets it
# from the proxy's X-Real-IP header (docs/operations.md).
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "accounts/gesperrt.html"
AXES_RESET_ON_SUCCESS = True
AXES_ENABLED = env_bool("AXES_ENABLED", True)

# German is the default; English when the browser asks for it (Accept-Language) or the language
# switch in the site header set the cookie (docs/i18n.md). Each language is named in itself.
LANGUAGE_CODE = "de"
LANGUAGES = [("de", "Deutsch"), ("en", "English")]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True
USE_THOUSAND_SEPARATOR = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

REDIS_URL = os.environ.get("REDIS_URL", "")

CHANNEL_LAYERS = channel_layers(REDIS_URL)

# The cache holds throttling counters (accounts/throttle.py): shared by every
# process through Redis when there is one, else in the process's memory.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "spielcenter",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# "Konto anlegen" and "Als Gast spielen" per client address (each new account brings Taler).
NEW_ACCOUNTS_PER_ADDRESS = int(os.environ.get("NEW_ACCOUNTS_PER_ADDRESS", "5"))
NEW_ACCOUNTS_WINDOW_SECONDS = 3600

# Celery: workers on the broker when REDIS_URL is set, else eager in-process.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Ride out a broker outage of any length: retry for ever, at start too.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
if REDIS_URL:
    # kombu's Redis transport, except that a dropped link no longer kills the worker (config/broker.py).
    CELERY_BROKER_TRANSPORT = "config.broker:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # A message a dead worker held goes back to the queue this long after it was
        # delivered: computer moves run within a second or two of their countdown.
        # Clock tasks whose ETA lies further ahead are delivered again meanwhile; the
        # extra copies find their decision over and do nothing (docs/operations.md).
        "visibility_timeout": 20,
        "unacked_restore_interval": 5,  # look for such messages every 5 s ...
        "unacked_restore_throttle": 1,  # ... every time (kombu's default scans every 100 s)
        "socket_timeout": 10,
        "socket_connect_timeout": 5,
        "socket_keepalive": True,
        "health_check_interval": 25,
    }
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULE = {
    "sweep-deadlines": {"task": "lobby.sweep_deadlines", "schedule": 5.0},
    "reschedule-computers": {"task": "lobby.reschedule_computers", "schedule": 30.0},
    "abort-idle-matches": {"task": "lobby.abort_idle_matches", "schedule": 60.0},
    # Daily puzzles (docs/solo.md): the seed is an HMAC of the date, so this only stores today's row.
    "rotate-daily": {"task": "lobby.rotate_daily", "schedule": crontab(minute=0, hour=0)},
}
# Secret of the daily seeds (default: SECRET_KEY); set it to rotate puzzles independently of sessions.
DAILY_SEED_SECRET = os.environ.get("DAILY_SEED_SECRET", "")

# Production hardening: active whenever DEBUG is off.
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # DJANGO_SECURE_COOKIES=0 only to try the production settings over plain HTTP locally.
    SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Table runtime: Tempo multiplier (tests speed computers up) and where computer moves run.
TABLE_TEMPO_FACTOR = float(os.environ.get("TABLE_TEMPO_FACTOR", "1.0"))
TABLE_CLOCK_FACTOR = float(os.environ.get("TABLE_CLOCK_FACTOR", "1.0"))  # browser tests shorten clocks
# The strong computer's time per decision (0.8 s) times this factor; tests make it small.
SEARCH_TIME_FACTOR = float(os.environ.get("SEARCH_TIME_FACTOR", "1.0"))
# Playouts per option and decision of the post-game analysis (deterministic, so it can be cached).
ANALYSIS_PLAYOUTS = int(os.environ.get("ANALYSIS_PLAYOUTS", "1200"))
# Embedded default: threads of the search pool (computer moves) and of the analysis pool.
COMPUTER_WORKERS = int(os.environ.get("COMPUTER_WORKERS", "4"))
ANALYSIS_WORKERS = int(os.environ.get("ANALYSIS_WORKERS", "1"))
COMPUTER_DISPATCH = os.environ.get("COMPUTER_DISPATCH", "auto")  # "inline" runs them in the caller
CLOCK_SWEEPER = env_bool("CLOCK_SWEEPER", True)  # embedded: a thread handles due move clocks
# Per table connection (docs/decisions.md): a quick Speedrocket player draws several chips a second and
# a skipped show confirms each of its steps at once, so 8/s with a burst of 20 refused real play.
WS_MESSAGES_PER_SECOND = 15
WS_MESSAGE_BURST = 40
WS_MAX_MESSAGE_BYTES = 4096

# Taler amounts (SUPPLEMENT.md, "The site").
TALER_START_CREDIT = 1000
TALER_DAILY_MINIMUM = 100
