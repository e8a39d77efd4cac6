package chatlab.sqlite

/** What a SQLite commit promises, as its connection's settings give it: `journal_mode` (`wal`, `delete`) and `synchronous`. */
data class CommitSettings(val journalMode: String, val synchronous: String)
