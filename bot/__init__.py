"""Deckhand: the Discord layer. The only package that imports discord."""
