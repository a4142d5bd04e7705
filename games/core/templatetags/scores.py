"""``{{ points|num }}`` in Django templates: a score that may be negative, with a real minus sign."""

from django import template
from django.contrib.humanize.templatetags.humanize import intcomma

register = template.Library()


@register.filter
def num(value: int | None) -> str:
    """ "1.234" (grouped as ``intcomma`` in the active language), "−10", "0"; as the fragments' ``num``."""
    value = int(value or 0)
    return ("\u2212" if value < 0 else "") + intcomma(abs(value))
