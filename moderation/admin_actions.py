"""Admin actions that ask for a reason (and maybe more) on an intermediate page before they run."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext

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
    error for that object and the others go on. When nothing was done and a refusal concerned the
    input (``ModerationError.field``, e.g. a new name that is taken), the form is shown again with the
    refusals and the admin's input, to be corrected; otherwise the list shows the messages."""
    form = form_class(request.POST if "apply" in request.POST else None)
    if "apply" in request.POST and form.is_valid():
        done, refused = 0, []
        for obj in queryset:
            try:
                line = apply(obj, form.cleaned_data)
            except ModerationError as error:
                refused.append((obj, error))
                continue
            done += 1
            if line:
                modeladmin.message_user(request, line, messages.SUCCESS)
        if not done and any(error.field in form.fields for _obj, error in refused):
            for obj, error in refused:
                field = error.field if error.field in form.fields else None
                form.add_error(field, error.message if len(refused) == 1 else refusal(obj, error))
        else:
            for obj, error in refused:
                modeladmin.message_user(request, refusal(obj, error), messages.ERROR)
            if not done:
                modeladmin.message_user(request, gettext("Nichts geändert."), messages.WARNING)
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


def refusal(obj: Any, error: ModerationError) -> str:
    """The refusal for ``obj`` as the admin reads it: named first (unless the message names it already)."""
    name = str(obj)
    return error.message if error.message.startswith(f"{name} ") else f"{name}: {error.message}"


class RefuseForbiddenActions:
    """A POST of an action the user is not offered (an action's ``permissions``, e.g. only *view*
    permissions) is refused with 403. Django itself would just show the list again and run nothing:
    this says so, and holds even when the user is offered no action at all."""

    def changelist_view(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        named = request.POST.getlist("action") if request.method == "POST" else []
        offered = self.get_actions(request) if any(named) else {}  # type: ignore[attr-defined]
        if any(action and action not in offered for action in named):
            raise PermissionDenied
        return super().changelist_view(request, extra_context)  # type: ignore[misc]


class ReadOnlyAdmin(RefuseForbiddenActions, admin.ModelAdmin):
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
