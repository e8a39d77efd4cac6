package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyObject
import groovy.lang.GroovyShell
import java.nio.file.Path
import kotlin.io.path.listDirectoryEntries
import kotlin.io.path.name
import kotlin.io.path.readText

/** The plans as they are written (`src/test/jmeter`) and as JMeter runs them (`src/build/plans.groovy` carries out their repeats). */
object Plans {
    val source: Path = Path.of("src/test/jmeter")
    private val generator = GroovyShell(Binding()).evaluate(Path.of("src/build/plans.groovy").toFile()) as GroovyObject

    /** Every setting with its default (`src/build/settings.properties`), in file order. */
    val settings: Map<String, String> = Settings.read(Path.of("src/build/settings.properties"))

    /** A plan's text with every repeat carried out and [defaults] filled in, as the build writes it to `target/plans`. */
    fun expand(text: String, defaults: Map<String, String> = settings): String =
        generator.invokeMethod("expand", arrayOf(text, defaults)) as String

    /** Every plan file name with its text as JMeter runs it. */
    val expanded: Map<String, String> by lazy {
        source.listDirectoryEntries("*.jmx").sortedBy { it.name }.associate { it.name to expand(it.readText()) }
    }
}
