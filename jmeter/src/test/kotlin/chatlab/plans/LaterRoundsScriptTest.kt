package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.nio.file.Path

/**
 * What the judged rounds 4-5 run (`scripts/skip-paths.groovy`) and where a later round's ladder starts
 * (`scripts/later-round-start.groovy`), on JMeter's Groovy as the schedule script loads them.
 */
class LaterRoundsScriptTest {
    private fun script(name: String, vars: Map<String, String> = emptyMap()): Closure<*> =
        GroovyShell(Binding().apply { setVariable("vars", FanoutAuditScriptTest.Vars(vars.toMutableMap())) })
            .evaluate(Path.of("src/test/jmeter/scripts/$name").toFile()) as Closure<*>

    @Test
    fun `a skipped path is skipped in every shape, a path in one shape only there, and a shape's star every path of it`() {
        val skipped = script("skip-paths.groovy", mapOf("skipPaths" to "mongo, reference:mysql-keyset,capacity:instrument,mix:*"))
        assertThat(skipped.call("mongo", "capacity")).isEqualTo(true)
        assertThat(skipped.call("mongo", null)).isEqualTo(true)
        assertThat(skipped.call("mysql-keyset", "reference")).isEqualTo(true)
        assertThat(skipped.call("mysql-keyset", "capacity")).describedAs("the same path in another shape").isEqualTo(false)
        assertThat(skipped.call("mysql-offset", "reference")).isEqualTo(false)
        assertThat(skipped.call("instrument", "capacity")).isEqualTo(true)
        assertThat(skipped.call("sqlite-keyset", "mix")).isEqualTo(true)
        assertThat(skipped.call("mixer", "capacity")).describedAs("a name that only starts like an entry").isEqualTo(false)
        assertThat(script("skip-paths.groovy").call("mongo", "capacity")).describedAs("nothing set").isEqualTo(false)
    }

    @Test
    fun `a later round starts below the lowest of one or two earlier rounds, and below the median of three or more`() {
        val start = script("later-round-start.groovy")
        assertThat(start.call(listOf<Double>(), 25.0)).describedAs("round 1").isNull()
        assertThat(start.call(listOf(400.0), 25.0)).isEqualTo(336.0)
        assertThat(start.call(listOf(1344.0, 400.0), 25.0)).isEqualTo(336.0)
        assertThat(start.call(listOf(400.0, 1344.0, 1344.0), 25.0)).describedAs("a cold first round does not hold the rest down").isEqualTo(1130.0)
        assertThat(start.call(listOf(400.0, 950.0, 1344.0, 800.0), 25.0)).describedAs("four rounds: the lower middle").isEqualTo(673.0)
        assertThat(start.call(listOf(20.0, 1344.0, 1344.0), 25.0)).describedAs("a round that held less than the first rate starts at the bottom").isNull()
    }
}
