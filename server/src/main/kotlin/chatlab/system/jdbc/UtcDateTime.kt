package chatlab.system.jdbc

import java.time.Instant
import java.time.LocalDateTime
import java.time.ZoneOffset

/** The instant as MySQL's DATETIME columns hold it: UTC wall-clock time, bound as a LocalDateTime so no driver shifts its zone. */
fun Instant.toUtcDateTime(): LocalDateTime = atOffset(ZoneOffset.UTC).toLocalDateTime()
