package chatlab.report

import chatlab.report.method.KeptRatio
import java.nio.file.Files
import java.nio.file.Path
import java.util.Locale
import java.util.Properties

/** One figure of a run as `summary.csv` keeps it, so a later run can be compared with it. */
data class Figure(val section: String, val label: String, val figure: String, val spread: Spread, val standIn: Boolean) {
    val key: String get() = "$section|$label|$figure"
}

/** The figures every table shows, flattened: `summary.csv`, and what the next run compares itself with. */
object Figures {
    /** low and high: the judged range (min and max but over five or more rounds, see [Spread]). */
    private val header = listOf("section", "label", "figure", "median", "min", "max", "rounds", "stand_in", "low", "high")

    /** What runs kept before the judged range was written have (it is then min–max). */
    private val earlierHeader = header.take(8)

    fun of(c: Comparison): List<Figure> =
        Experiments.ALL.flatMap { it.figures(c) } + MachineCheck.figures(c)

    fun render(figures: List<Figure>): String = buildString {
        appendLine(header.joinToString(","))
        for (f in figures) {
            appendLine(listOf(f.section, f.label, f.figure, num(f.spread.median), num(f.spread.min), num(f.spread.max), f.spread.rounds.toString(), f.standIn.toString(),
                num(f.spread.low), num(f.spread.high))
                .joinToString(",") { if (',' in it || '"' in it) "\"" + it.replace("\"", "\"\"") + "\"" else it })
        }
    }

    fun read(file: Path): List<Figure> {
        if (!Files.isRegularFile(file)) return emptyList()
        return Files.newBufferedReader(file).use { reader ->
            val records = ResultsCsv.records(reader).toList()
            val columns = records.firstOrNull()?.takeIf { it == header || it == earlierHeader } ?: return emptyList()
            records.drop(1).filter { it.size == columns.size }.map {
                val (min, max) = it[4].toDouble() to it[5].toDouble()
                val spread = Spread(it[3].toDouble(), min, max, it[6].toInt(), it.getOrNull(8)?.toDouble() ?: min, it.getOrNull(9)?.toDouble() ?: max)
                Figure(it[0], it[1], it[2], spread, it[7].toBoolean())
            }
        }
    }

    private fun num(value: Double) = String.format(Locale.ROOT, "%.3f", value).trimEnd('0').trimEnd('.')
}

/**
 * An earlier run's figures, its verdicts' answers ([RunRepeat]), its verdicts' and controls' paired ratios and where they came
 * from; [change] compares one figure with it.
 */
data class PreviousRun(
    val source: String,
    val figures: Map<String, Figure>,
    val verdicts: Map<String, String> = emptyMap(),
    val ratios: List<KeptRatio> = emptyList(),
) {
    data class Change(val before: Spread, val ratio: Double, val beyondSpread: Boolean, val judged: Boolean = true) {
        /** `+12 %`, `−30 % ⚑` (⚑: the two runs' ranges do not overlap), `+40 % (not judged)` for a figure on too few samples or of one round. */
        val text: String
            get() = Format.signedPct(ratio) +
                if (!judged) " (not judged)" else if (beyondSpread) " ⚑" else ""
    }

    fun change(section: String, label: String, figure: String, now: Spread, judged: Boolean = true): Change? {
        val before = figures["$section|$label|$figure"]?.spread ?: return null
        if (before.median <= 0) return null
        val margin = if (figure in LATENCIES) Findings.RESOLUTION_MS else 0.0
        val beyond = if (figure == CAPACITY) now.capacityBelow(before) || before.capacityBelow(now)
        else now.rangeBelow(before, margin) || before.rangeBelow(now, margin)
        // A figure of one round (the stand-in's) has no range: two such points always differ, and say nothing by it.
        val judgedHere = judged && now.rounds >= 2 && before.rounds >= 2
        return Change(before, now.median / before.median, judgedHere && beyond, judgedHere)
    }

    /** The run a report compares itself with, or why there is none ([note] says which, for the report's header). */
    data class Lookup(val run: PreviousRun?, val note: String) {
        companion object {
            /** No earlier run: none was given and none is kept. */
            val NONE = Lookup(null, "no earlier run to compare with")
        }
    }

    companion object {
        /**
         * The highest rate a path held: a rung of the ladder, so flagged only beyond a rung ([Spread.capacityBelow]); two runs'
         * refined rungs differ by rounding (2,377 against 2,378/s), and two fan-out runs a rung apart flagged a change of 0 %.
         */
        const val CAPACITY = "capacity"

        /** Where p95 reached the SLO, interpolated (CapacityPath.crossing): judged on the ranges alone. */
        const val CROSSING = "slo crossing"

        /** Figures in milliseconds, flagged only when the runs' ranges lie more than JMeter's 1 ms apart. */
        private val LATENCIES = setOf("avg", "p50", "p95", "p99")

        /** Beside every kept `summary.csv`: the settings that produced it, so that only like runs are compared. */
        const val SETTINGS_FILE = "settings.properties"

        /** Settings added after runs were first kept, with the value those runs had: a kept run without one had that value. */
        private val ADDED = mapOf("instances" to "1", "broker" to "", "deployments" to "", "fanoutWarmUpSeconds" to "1", "fanoutWarmUpRate" to "0", "fanoutRoundWarmUpSeconds" to "0", "standInRounds" to "0", "referenceRounds" to "0", "instrumentRounds" to "0", "remotes" to "")

        /**
         * The run to compare with, only ever one of the same [settings] (size, ladders, SLO, rounds, experiments…): [given]
         * (a `summary.csv` or a folder holding one) if set, else the newest like run kept in [runs] (every report keeps its
         * figures and settings there; `mvn clean` forgets them). A smoke run is never compared with a full one. A setting a
         * kept run does not name had its value in [defaults] (`src/build/settings.properties`), or in [ADDED].
         */
        fun find(given: String?, runs: Path?, settings: Map<String, String>, defaults: Map<String, String> = emptyMap()): Lookup {
            val baseline = defaults + ADDED
            val candidates = when {
                !given.isNullOrBlank() -> listOf(Path.of(given).let { if (Files.isDirectory(it)) it.resolve("summary.csv") else it })
                runs != null && Files.isDirectory(runs) -> Files.list(runs).use { s -> s.toList() }
                    .map { if (Files.isDirectory(it)) it.resolve("summary.csv") else it }
                    .filter { it.toString().endsWith(".csv") && Files.isRegularFile(it) }
                    .sortedByDescending { if (it.fileName.toString() == "summary.csv") it.parent.fileName.toString() else it.fileName.toString().removeSuffix(".csv") }
                else -> emptyList()
            }
            if (candidates.isEmpty()) return Lookup.NONE
            for (file in candidates) {
                if (readSettings(file)?.let { baseline + it } != baseline + settings) continue
                val figures = Figures.read(file)
                if (figures.isNotEmpty()) return Lookup(PreviousRun(file.toString(), figures.associateBy { it.key }, RunRepeat.read(file), KeptRatio.read(file)), "compared with $file (same settings)")
            }
            val newest = candidates.first()
            return Lookup(null, "no like run to compare with: " + differences(readSettings(newest), settings, newest, baseline))
        }

        fun readSettings(summary: Path): Map<String, String>? {
            val file = summary.resolveSibling(SETTINGS_FILE)
            if (summary.fileName.toString() != "summary.csv" || !Files.isRegularFile(file)) return null
            return Files.newBufferedReader(file).use { reader -> Properties().apply { load(reader) } }.entries.associate { it.key.toString() to it.value.toString() }
        }

        fun writeSettings(folder: Path, settings: Map<String, String>) {
            val text = settings.toSortedMap().entries.joinToString("") { (k, v) -> "$k=${v.replace("\\", "\\\\")}\n" }
            Files.writeString(folder.resolve(SETTINGS_FILE), "# the settings of the run whose figures summary.csv holds; only a run of the same settings is compared with it\n$text")
        }

        private fun differences(kept: Map<String, String>?, settings: Map<String, String>, file: Path, baseline: Map<String, String>): String {
            if (kept == null) return "the newest kept run ($file) has no settings kept beside it"
            val before = baseline + kept
            val now = baseline + settings
            val keys = (before.keys + now.keys).filter { before[it] != now[it] }.sorted()
            return "the newest kept run ($file) differs in " + keys.take(6).joinToString("; ") { "$it ${before[it] ?: "unset"} → ${now[it] ?: "unset"}" } +
                if (keys.size > 6) " and ${keys.size - 6} more settings" else ""
        }
    }
}
