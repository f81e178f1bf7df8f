// The SQLite C API as Swift sees it, on the server (state store) and the client (download index).
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLite's "copy the bytes now" destructor for sqlite3_bind_text/blob.
/// Exists because SQLITE_TRANSIENT is a cast macro, `((sqlite3_destructor_type)-1)`, which Swift
/// does not import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
