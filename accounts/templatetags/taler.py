from django import template

from accounts.services import format_taler

register = template.Library()


@register.filter
def taler(amount: int | None) -> str:
    return format_taler(int(amount or 0))
