package chatlab.durability

import chatlab.sqlite.CommitSettings

/** The promise every switchable store gives now, with the settings behind it as the stores report them. */
data class DurabilityState(
    /** The promise both switchable stores give, or null when they disagree (an external MySQL set by hand). */
    val promise: String?,
    val mysql: MysqlCommitSettings,
    /** Tuned SQLite (WAL): its writer's settings, switched with the promise. */
    val sqliteTuned: CommitSettings,
    /** SQLite with the driver's defaults (rollback journal, FULL): durable whatever the promise. */
    val sqlite: CommitSettings,
)

/** MySQL's `innodb_flush_log_at_trx_commit`, a global of the server (every connection, every table). */
data class MysqlCommitSettings(val flushLogAtTrxCommit: Int)
