package chatlab.plans

import java.nio.file.Path
import kotlin.io.path.readLines

/** jmeter/SETTINGS.md's settings table, made from `src/build/settings.properties` and its profiles' files. */
object SettingsTable {
    const val BEGIN = "<!-- settings: made from src/build/settings.properties (SettingsTableTest) -->"
    const val END = "<!-- settings: end -->"

    /** Each setting's comment: the `#` lines right above it, joined. */
    fun descriptions(file: Path): Map<String, String> {
        val out = LinkedHashMap<String, String>()
        val comment = mutableListOf<String>()
        for (line in file.readLines()) {
            when {
                line.startsWith("#") -> comment += line.removePrefix("#").trim()
                line.isBlank() -> comment.clear()
                else -> { out[line.substringBefore('=')] = comment.joinToString(" "); comment.clear() }
            }
        }
        return out
    }

    /** The table: each setting's default, its value under `-Pthorough` and in the test command where they differ. */
    fun render(file: Path, thorough: Path, smoke: Path): String {
        val defaults = Plans.settings
        val deep = Settings.read(thorough)
        val small = Settings.read(smoke)
        val rows = descriptions(file).map { (name, what) ->
            fun cell(value: String?) = when { value == null -> ""; value.isEmpty() -> "(empty)"; else -> "`$value`" }
            "| `$name` | ${cell(defaults[name])} | ${cell(deep[name])} | ${cell(small[name])} | $what |"
        }
        val head = listOf(BEGIN, "| setting | default | -Pthorough | test command | what it changes |", "|---|---|---|---|---|")
        return (head + rows + END).joinToString("\n")
    }
}
