"""What a press of a control does: the handlers, plain Python (tested in CPython)."""
