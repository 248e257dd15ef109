"""What the renderers compare to redraw only what changed: plain data, tested in CPython."""
