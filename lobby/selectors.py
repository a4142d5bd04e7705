from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from lobby.models import Seat, Table


def open_tables() -> QuerySet[Table]:
    """Live tables waiting for players, newest first, with their seats."""
    return (
        Table.objects.filter(kind=Table.Kind.LIVE, status=Table.Status.OPEN)
        .select_related("host")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("index")))
        .order_by("-created")
    )


def table_with_seats(table_id: int) -> Table | None:
    return (
        Table.objects.select_related("host")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("index")))
        .filter(pk=table_id)
        .first()
    )
