#pragma once

#include <QString>

// What went wrong with a catalogue operation, in a form a caller can branch on (kind) and a user can
// read (message). A default-constructed error means success.
struct CatalogueError
{
    enum class Kind
    {
        None,
        Missing,       // the file does not exist (and the caller did not ask to create it)
        FolderMissing, // the folder for a new catalogue does not exist
        NotADatabase,  // garbage, a CSV renamed .db, a truncated header
        Damaged,       // SQLite says the file is corrupt (quick_check failed)
        Foreign,       // an SQLite database of another application
        ReadOnly,      // a write was attempted on a catalogue opened read-only
        Conflict,      // the row changed or was deleted since it was read (optimistic concurrency)
        NotFound,      // no row with that id
        Duplicate,     // a row with that gpu_id / model_id already exists
        Invalid,       // a value failed validation
        Io,            // a file could not be read or written
        Sql,           // any other SQLite failure (locked, disk full, ...)
    };

    Kind kind = Kind::None;
    QString message;

    bool isError() const { return kind != Kind::None; }
    explicit operator bool() const { return isError(); }

    static CatalogueError make(Kind kind, const QString &message) { return CatalogueError{kind, message}; }
};
