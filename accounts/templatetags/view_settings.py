from __future__ import annotations

from django import template

from accounts import view_settings

register = template.Library()


@register.simple_tag
def table_view(user, game: str) -> dict[str, object] | None:  # type: ignore[no-untyped-def]
    """The gear menu's saved state for a registered player, or None (guests: the device remembers)."""
    if not user.is_authenticated or user.is_guest:
        return None
    return view_settings.for_page(user, game)
