"""The browser half: everything that imports ``js`` or ``pyscript`` (the DOM, storage, files, timers)."""
