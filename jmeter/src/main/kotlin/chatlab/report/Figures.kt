package chatlab.report

import java.nio.file.Files
import java.nio.file.Path
import java.util.Locale

/** One figure of a run as `summary.csv` keeps it, so a later run can be compared with it. */
data class Figure(val section: String, val label: String, val figure: String, val spread: Spread, val standIn: Boolean) {
    val key: String get() = "$section|$label|$figure"
}

/** The figures every table shows, flattened: `summary.csv`, and what the next run compares itself with. */
object Figures {
    private val header = listOf("section", "label", "figure", "median", "min", "max", "rounds", "stand_in")

    fun of(c: Comparison): List<Figure> = buildList {
        for (tables in c.shapes) for (row in tables.reads + tables.enters + tables.sends) {
            add(Figure("reference", row.label, "avg", row.measured.spread { it.mean }, row.standIn))
            add(Figure("reference", row.label, "p95", row.measured.spread { it.p95 }, row.standIn))
            add(Figure("reference", row.label, "tps", row.measured.spread { it.throughput }, row.standIn))
        }
        for (path in c.capacity) {
            add(Figure("capacity", "${path.sampler} [${path.subject.key}]", "capacity", path.capacity, path.standIn))
            add(Figure("capacity", "${path.sampler} [${path.subject.key}]", "slo crossing", path.crossing, path.standIn))
            for (step in path.steps) add(Figure("capacity", step.measured.label, "p95", step.measured.spread { it.p95 }, path.standIn))
        }
        for (row in c.seats) {
            add(Figure("seats", row.measured.label, "tps", row.measured.spread { it.throughput }, false))
            add(Figure("seats", row.measured.label, "p95", row.measured.spread { it.p95 }, false))
        }
        for (row in c.counters) {
            add(Figure("counters", row.measured.label, "tps", row.measured.spread { it.throughput }, false))
            add(Figure("counters", row.measured.label, "p95", row.measured.spread { it.p95 }, false))
        }
        for (row in c.pool) {
            add(Figure("pool", row.measured.label, "p95", row.measured.spread { it.p95 }, false))
            add(Figure("pool", row.measured.label, "error%", row.errorPct, false))
        }
        for (row in c.mix) {
            add(Figure("mix", row.measured.label, "p50", row.measured.spread { it.p50 }, row.standIn))
            add(Figure("mix", row.measured.label, "p95", row.measured.spread { it.p95 }, row.standIn))
        }
        MachineCheck.of(c)?.let { add(Figure("machine", MachineCheck.LABEL, "cpu ms", it, false)) }
    }

    fun render(figures: List<Figure>): String = buildString {
        appendLine(header.joinToString(","))
        for (f in figures) {
            appendLine(listOf(f.section, f.label, f.figure, num(f.spread.median), num(f.spread.min), num(f.spread.max), f.spread.rounds.toString(), f.standIn.toString())
                .joinToString(",") { if (',' in it || '"' in it) "\"" + it.replace("\"", "\"\"") + "\"" else it })
        }
    }

    fun read(file: Path): List<Figure> {
        if (!Files.isRegularFile(file)) return emptyList()
        return Files.newBufferedReader(file).use { reader ->
            val records = ResultsCsv.records(reader).toList()
            if (records.firstOrNull() != header) return emptyList()
            records.drop(1).filter { it.size == header.size }.map {
                Figure(it[0], it[1], it[2], Spread(it[3].toDouble(), it[4].toDouble(), it[5].toDouble(), it[6].toInt()), it[7].toBoolean())
            }
        }
    }

    private fun num(value: Double) = String.format(Locale.ROOT, "%.3f", value).trimEnd('0').trimEnd('.')
}

/** An earlier run's figures and where they came from; [change] compares one of this run's figures with it. */
data class PreviousRun(val source: String, val figures: Map<String, Figure>) {
    data class Change(val before: Spread, val ratio: Double, val beyondSpread: Boolean) {
        /** `+12 %`, `−30 % ⚑` (⚑: the two runs' ranges do not overlap). */
        val text: String
            get() = String.format(Locale.ROOT, "%+.0f %%", (ratio - 1) * 100).replace('-', '−') + if (beyondSpread) " ⚑" else ""
    }

    fun change(section: String, label: String, figure: String, now: Spread): Change? {
        val before = figures["$section|$label|$figure"]?.spread ?: return null
        if (before.median <= 0) return null
        val margin = if (figure in LATENCIES) Findings.RESOLUTION_MS else 0.0
        return Change(before, now.median / before.median, now.clearlyBelow(before, margin) || before.clearlyBelow(now, margin))
    }

    companion object {
        /** Figures in milliseconds, flagged only when the runs' ranges lie more than JMeter's 1 ms apart. */
        private val LATENCIES = setOf("avg", "p50", "p95", "p99")

        /**
         * The run to compare with: [given] (a `summary.csv` or a folder holding one) if set, else the newest earlier run
         * kept in [runs] (every report keeps a copy of its figures there; `mvn clean` forgets them).
         */
        fun find(given: String?, runs: Path?): PreviousRun? {
            val file = when {
                !given.isNullOrBlank() -> Path.of(given).let { if (Files.isDirectory(it)) it.resolve("summary.csv") else it }
                runs != null && Files.isDirectory(runs) -> Files.list(runs).use { s -> s.filter { it.toString().endsWith(".csv") }.toList() }.maxOrNull()
                else -> null
            } ?: return null
            val figures = Figures.read(file)
            if (figures.isEmpty()) return null
            return PreviousRun(file.toString(), figures.associateBy { it.key })
        }
    }
}
