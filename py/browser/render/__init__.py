"""The renderers: each draws one screen or region of the page from the ``Screen``."""
