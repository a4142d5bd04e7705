"""Settings for the test suite and the servers it starts (browser tests, operations tests).

pytest selects this module (pyproject.toml) and exports it as
DJANGO_SETTINGS_MODULE, so every subprocess a test starts (Daphne, Celery
workers, manage.py) uses it too. It is config.settings with:

- DEBUG on unless a test asks otherwise (DJANGO_DEBUG=0), as `make run`;
- a fast password hasher (hashing is not what the tests test);
- a high limit of new accounts per address (the suite creates many accounts
  from 127.0.0.1; tests/accounts/test_throttle.py sets the production limit);
- no persistent database connections: the test process's threads must not
  keep connections to the test database open (it is dropped at the end).

Production never imports this module, so there is no switch for fast hashing there.
"""

import os

os.environ.setdefault("DJANGO_DEBUG", "1")

from config.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
NEW_ACCOUNTS_PER_ADDRESS = 10_000
# The strong computer thinks 0.8 s × this (40 ms): search behaviour stays, test runs stay fast.
SEARCH_TIME_FACTOR = float(os.environ.get("SEARCH_TIME_FACTOR", "0.05"))
ANALYSIS_PLAYOUTS = int(os.environ.get("ANALYSIS_PLAYOUTS", "60"))
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("DB_CONN_MAX_AGE", "0"))  # noqa: F405
