from django.http import HttpRequest

from accounts import selectors


def wallet(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"header_wallet": None}
    return {"header_wallet": selectors.wallet_of(user)}
