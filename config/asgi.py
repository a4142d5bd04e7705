"""ASGI entry point: HTTP through Django, websockets through Channels."""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

# The event loop renders while the table threads write; each database call gives up the GIL and must
# get it back. At Python's default switch interval (5 ms) a table thread waits up to 5 ms for every
# hand-back while the loop is busy, and moves queue behind each other (docs/benchmarks.md).
sys.setswitchinterval(float(os.environ.get("GIL_SWITCH_INTERVAL", "0.0005")))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.language import LanguageMiddleware  # noqa: E402
from config.websockets import websocket_urlpatterns  # noqa: E402

# LanguageMiddleware: every connection renders in its page's language (cookie, Accept-Language).
websockets = AuthMiddlewareStack(LanguageMiddleware(URLRouter(websocket_urlpatterns)))
application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(websockets),
    }
)

# Garbage collection (docs/benchmarks.md, session 9): what start-up built (Django, URL patterns, templates,
# the games' tables) lives as long as the process; frozen, no collection walks it again. A move makes a few
# thousand short-lived containers per connection, so at Python's default (a young collection every 700) the
# collector ran many times per move; every 50,000 it runs about once. Measured: 5-10 % less CPU per move.
GC_THRESHOLDS = (50_000, 50, 100)
gc.collect()
gc.freeze()
gc.set_threshold(*GC_THRESHOLDS)
