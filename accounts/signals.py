"""Signals of the accounts layer for the layers above it."""

from django.dispatch import Signal

#: A user got a new name from the moderation (``user``, ``old``); sent inside the rename's transaction.
user_renamed = Signal()
