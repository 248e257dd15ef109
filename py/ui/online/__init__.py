"""Playing online, the host's side in plain Python: the wire format, the host's lobby and
table, the legal-moves summary sent with each view, fair cards, and the buy window.

Nothing here touches the network: the transport (``browser.online``) hands each text a
peer sent to ``host.Host.receive`` and sends the messages it returns. So every rule of
who may do what is tested under CPython.
"""
