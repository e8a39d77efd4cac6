package chatlab.plans

import java.nio.file.Path
import kotlin.io.path.readLines

/** jmeter/README.md's settings table, made from `src/build/settings.properties` and its smoke profile. */
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

    fun render(file: Path, smoke: Path): String {
        val defaults = Plans.settings
        val small = Settings.read(smoke)
        val rows = descriptions(file).map { (name, what) ->
            fun cell(value: String?) = when { value == null -> ""; value.isEmpty() -> "(empty)"; else -> "`$value`" }
            "| `$name` | ${cell(defaults[name])} | ${cell(small[name])} | $what |"
        }
        return (listOf(BEGIN, "| setting | default | test command | what it changes |", "|---|---|---|---|") + rows + END).joinToString("\n")
    }
}
