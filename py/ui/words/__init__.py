"""Every word the table says: the catalogs, the log's sentences, card faces."""
