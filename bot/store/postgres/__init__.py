"""The PostgreSQL backend of the store (``postgresql://`` in ``DECKHAND_DATABASE``)."""
