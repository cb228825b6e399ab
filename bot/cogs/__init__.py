"""Thin cogs: they map slash commands to the table service and reply."""
