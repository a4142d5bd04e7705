"""Admin actions that ask for a reason (and maybe more) on an intermediate page before they run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from moderation.services import ModerationError


def confirm_with_form(
    modeladmin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: QuerySet,
    *,
    action: str,
    title: str,
    submit: str,
    form_class: type[forms.Form],
    apply: Callable[[Any, dict[str, Any]], str | None],
    note: str = "",
) -> HttpResponse | None:
    """Show the form for the selected objects; on a valid "apply" run ``apply(obj, cleaned_data)`` for
    each one. ``apply`` returns a German success line (or None); a ModerationError is shown as an
    error for that object and the others go on."""
    form = form_class(request.POST if "apply" in request.POST else None)
    if "apply" in request.POST and form.is_valid():
        done = 0
        for obj in queryset:
            try:
                line = apply(obj, form.cleaned_data)
            except ModerationError as error:
                modeladmin.message_user(request, f"{obj}: {error.message}", messages.ERROR)
                continue
            done += 1
            if line:
                modeladmin.message_user(request, line, messages.SUCCESS)
        if not done:
            modeladmin.message_user(request, "Nichts geändert.", messages.WARNING)
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "objects": list(queryset),
        "form": form,
        "action": action,
        "submit": submit,
        "note": note,
        "opts": modeladmin.model._meta,
    }
    return render(request, "admin/moderation/confirm.html", context)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Viewable, never added, changed or deleted in admin. Moderation actions on it need the model's
    change permission (``@admin.action(permissions=["moderate"])``): viewing alone does not allow them."""

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        opts = self.model._meta
        return request.user.has_perm(f"{opts.app_label}.change_{opts.model_name}")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
