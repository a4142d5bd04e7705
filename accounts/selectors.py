from __future__ import annotations

from django.db.models import QuerySet, Sum

from accounts.models import LedgerEntry, User, Wallet


def wallet_of(user: User) -> Wallet | None:
    if not user.is_authenticated or user.is_guest:
        return None
    return Wallet.objects.filter(user=user).first()


def ledger_of(user: User, limit: int = 200) -> QuerySet[LedgerEntry]:
    return LedgerEntry.objects.filter(wallet__user=user).order_by("-created", "-id")[:limit]


def ledger_sum(user: User) -> int:
    return LedgerEntry.objects.filter(wallet__user=user).aggregate(s=Sum("amount"))["s"] or 0
