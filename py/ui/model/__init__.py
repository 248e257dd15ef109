"""The table's state beside the engine: the match at the table, the hand's order, settings."""
