package chatlab.report

import java.io.Reader
import java.nio.file.Files
import java.nio.file.Path

/** One line of a JMeter CSV result file, reduced to what the report needs. */
data class Sample(
    val timeStamp: Long,
    val elapsed: Long,
    val label: String,
    val responseCode: String,
    val responseMessage: String,
    val success: Boolean,
    val failureMessage: String,
    /** The `cache` sample variable (the X-Chatlab-Cache header); empty when the response had none. */
    val cache: String,
    /** Which round of the run took it (1 for a run without rounds). */
    val round: Int = 1,
) {
    /**
     * A failure that is no answer rather than a wrong one: a response timeout or a 503 (backend unavailable).
     * An overloaded backend, such as the saturated MongoDB stand-in, produces these; a wrong answer never is one.
     */
    val unanswered: Boolean get() = !success && (responseCode == "503" || "Timeout" in responseCode)

    /** Cut off by JMeter itself: still running when its open-model step's window closed (the step's time was up). */
    val cut: Boolean get() = !success && CUT.any { it in responseCode || it in responseMessage || it in failureMessage }

    /** No answer at all (unanswered or cut), as an overload or a cold server gives; a failure that is not one is a wrong answer. */
    val noAnswer: Boolean get() = unanswered || cut

    private companion object {
        /**
         * How a JMeter interrupt shows: the socket closed under the request, or before it was written ("Socket is
         * closed": JMeter's own side had closed it, once in 1.4 million samples), the HTTP client aborted it, or the
         * connection was shut while the response was being read (seen at the end of an overloaded step's window), or the
         * WebSocket client, closing its own side, could not answer a ping the server sent meanwhile (7 `ws close` samples
         * of one fan-out step at 2,000 offered deliveries/s in 0.56 million).
         */
        val CUT = listOf("Socket closed", "Socket is closed", "Interrupted", "RequestAbortedException", "ConnectionClosedException",
            "Cannot send pong frame when state is CLOSED_CLIENT")
    }

    /** Why the sample failed, in a form worth grouping by. */
    fun failureReason(): String = failureMessage.ifBlank { "$responseCode $responseMessage".trim() }.lineSequence().first().take(200)
}

/** Reads JMeter's CSV results (with the header line JMeter writes by default), quoted fields included. */
object ResultsCsv {
    /**
     * The given plans' samples: `<plan>.csv` under [results] (round 1), the warm round's `warm-round/<plan>.csv` as
     * warm-up samples ([asWarmUp]) and every round's `round-<n>/<plan>.csv`.
     */
    fun readRounds(results: Path, plans: List<String>): List<Sample> {
        val rounds = if (Files.isDirectory(results)) Files.list(results).use { dirs ->
            dirs.map { it.fileName.toString() }.filter { it.matches(ROUND) }.toList()
        } else emptyList()
        return plans.flatMap { read(results.resolve("$it.csv")) } + plans.flatMap { read(results.resolve(WARM_ROUND).resolve("$it.csv")) }.map(::asWarmUp) +
            rounds.sortedBy { it.removePrefix("round-").toInt() }.flatMap { dir ->
                plans.flatMap { read(results.resolve(dir).resolve("$it.csv"), dir.removePrefix("round-").toInt()) }
            }
    }

    /** The folder of the warm round's results (rounds.groovy), unmeasured. */
    const val WARM_ROUND = "warm-round"

    /**
     * A warm-round sample as the warm-up's: `<sampler> [<path>] <shape>` becomes `<sampler> [<path>] warm-up`, and a label
     * of another form (a drain, a reset, an audit) `<label> [warm round] warm-up`. So no figure or experiment counts it,
     * its timeouts, 503s and cut samples are the cold server's or its ladders' overload, and a wrong answer fails the run.
     */
    fun asWarmUp(sample: Sample): Sample {
        val shaped = SampleLabel.parse(sample.label)
        val label = if (shaped != null) "${shaped.sampler} [${shaped.target}] warm-up" else "${sample.label} [warm round] warm-up"
        return sample.copy(label = label)
    }

    /** How many rounds each plan ran in: the `round-<n>` folders holding its results (plans run once, outside them, left out). */
    fun roundsByPlan(results: Path, plans: List<String>): Map<String, Int> {
        val rounds = if (Files.isDirectory(results)) Files.list(results).use { dirs -> dirs.filter { it.fileName.toString().matches(ROUND) }.toList() }
        else emptyList()
        return plans.associateWith { plan -> rounds.count { Files.isRegularFile(it.resolve("$plan.csv")) } }.filterValues { it > 0 }
    }

    private val ROUND = Regex("round-[0-9]+")

    fun read(file: Path, round: Int = 1): List<Sample> {
        if (!Files.isRegularFile(file)) return emptyList()
        Files.newBufferedReader(file).use { reader ->
            val records = records(reader).iterator()
            if (!records.hasNext()) return emptyList()
            val header = records.next().withIndex().associate { (i, name) -> name to i }
            fun List<String>.col(name: String) = header[name]?.let { getOrNull(it) }.orEmpty()
            val samples = mutableListOf<Sample>()
            for (record in records) {
                if (record.size < 3) continue
                samples += Sample(
                    timeStamp = record.col("timeStamp").toLongOrNull() ?: 0,
                    elapsed = record.col("elapsed").toLongOrNull() ?: 0,
                    label = record.col("label"),
                    responseCode = record.col("responseCode"),
                    responseMessage = record.col("responseMessage"),
                    success = record.col("success") == "true",
                    failureMessage = record.col("failureMessage"),
                    cache = record.col("cache"),
                    round = round,
                )
            }
            return samples
        }
    }

    /** RFC 4180 records: `"` quotes a field, `""` is a quote inside one, quoted fields may span lines. */
    fun records(reader: Reader): Sequence<List<String>> = sequence {
        val field = StringBuilder()
        var record = mutableListOf<String>()
        var quoted = false
        var c = reader.read()
        while (c != -1) {
            val ch = c.toChar()
            when {
                quoted && ch == '"' -> {
                    val next = reader.read()
                    if (next == '"'.code) field.append('"') else { quoted = false; c = next; continue }
                }
                quoted -> field.append(ch)
                ch == '"' && field.isEmpty() -> quoted = true
                ch == ',' -> { record += field.toString(); field.setLength(0) }
                ch == '\r' -> Unit
                ch == '\n' -> {
                    endRecord(record, field)?.let { yield(it) }
                    record = mutableListOf()
                }
                else -> field.append(ch)
            }
            c = reader.read()
        }
        endRecord(record, field)?.let { yield(it) }
    }

    private fun endRecord(record: MutableList<String>, field: StringBuilder): List<String>? {
        if (record.isEmpty() && field.isEmpty()) return null
        record += field.toString()
        field.setLength(0)
        return record
    }
}
