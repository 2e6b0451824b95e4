"""What is checked of the code itself rather than of what it does: the server's layers and
its imports, the settings read in server/config.py against the README's table, where every
seed the server writes comes from; the web client's catalogues (three languages), run in
Node (tests/i18n_catalogues.mjs, jsliterals.py, catalogues.py)."""
