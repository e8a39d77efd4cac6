package chatlab.plans

import groovy.lang.Binding
import groovy.lang.GroovyObject
import groovy.lang.GroovyShell
import java.nio.file.Path

/** The build's settings script (`src/build/settings.groovy`): where each setting comes from, and what it writes. */
object Settings {
    val script = GroovyShell(Binding()).evaluate(Path.of("src/build/settings.groovy").toFile()) as GroovyObject

    /** A properties file's settings, in file order. */
    @Suppress("UNCHECKED_CAST")
    fun read(file: Path): Map<String, String> = script.invokeMethod("read", arrayOf(file.toFile())) as Map<String, String>

    /** The settings of a run: [defaults], then a profile's, then `-Dload.<name>` [overrides]. */
    @Suppress("UNCHECKED_CAST")
    fun of(defaults: Map<String, String>, profile: Map<String, String>, overrides: Map<String, String>): Map<String, String> =
        script.invokeMethod("settings", arrayOf(defaults, profile, overrides)) as Map<String, String>
}
