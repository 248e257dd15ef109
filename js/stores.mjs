// The keys this site keeps in the browser's storage, for the page's own scripts. The one table
// of stores is py/ui/records/stores.py: tools/build/build.py writes the next lines from it (the inline
// script in index.html's <head> gets the same keys), so a key is spelt once.
export const STORES = {}; // written by tools/build/build.py
export const GAME_LOCK = ""; // written by tools/build/build.py
