package chatlab.plans

import groovy.lang.Binding
import groovy.lang.Closure
import groovy.lang.GroovyShell
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties

/**
 * History's duet as `scripts/open-model-schedules.groovy` schedules it: every block one load over the read paths and the
 * A/A twin, numbered through the run, none past the round's blocks; on JMeter's Groovy.
 */
class DuetScheduleScriptTest {
    class Result { fun setIgnore() {} }

    private fun schedules(dir: Path, vararg settings: Pair<String, String>): Properties = Properties().also { props ->
        val vars = FanoutAuditScriptTest.Vars(mutableMapOf(
            "scripts" to Path.of("src/test/jmeter/scripts").toAbsolutePath().toString(), "unitsFile" to dir.resolve("units.csv").toString(),
            "measured" to "get chat messages", "chatPaths" to "true", "port" to "8080", "capacityRates" to "50,100", "stepSeconds" to "2",
            "warmupSeconds" to "1", "openTimeout" to "1000", "slo" to "50",
            "duetPaths" to "mysql-offset, mysql-keyset,mongo-redis-keyset warm", "duetControl" to "mysql-keyset",
            "duetRate" to "60", "duetSeconds" to "2", "duetBlocks" to "4", "round" to "3", "planted" to "true",
        ).plus(settings).toMutableMap<String, Any?>())
        GroovyShell(Binding().apply {
            setVariable("vars", vars)
            setVariable("props", props)
            setVariable("SampleResult", Result())
        }).evaluate(Path.of("src/test/jmeter/scripts/open-model-schedules.groovy").toFile())
    }

    private fun Properties.block(step: Int): Pair<String, Map<*, *>?> =
        (get("chatlab.schedule") as Closure<*>).call("duet", "read paths", step) as String to get("chatlab.current") as Map<*, *>?

    @Test
    fun `a block draws from every path and the twin at the shared rate, labelled by its place in the run`(@TempDir dir: Path) {
        val props = schedules(dir)
        val (warmUp, warm) = props.block(0)
        assertThat(warm!!["label"]).isEqualTo("warm-up")
        assertThat(warmUp).contains("rate(60/s) random_arrivals(1 s)")
        val (schedule, current) = props.block(2)
        assertThat(current!!["label"]).describedAs("round 3's second of 4 blocks").isEqualTo("duet block 10")
        assertThat(current["contenders"] as List<*>).containsExactly("mysql-offset", "mysql-keyset", "mongo-redis-keyset warm", "mysql-keyset again")
        assertThat(current["planted"]).isEqualTo(true)
        assertThat(schedule).contains("rate(60/s) random_arrivals(2 s) rate(60/s) pause(1000 ms)")
        val draws = (1..400).map { (current["draw"] as Closure<*>).call() as Map<*, *> }
        assertThat(draws.map { it["target"] }.toSet()).describedAs("every contender drawn").hasSize(4)
        assertThat(draws).allSatisfy { assertThat(it["slowed"]).isEqualTo((it["target"] as String).endsWith(" again")) }
        assertThat(props.block(5).second).describedAs("past the round's blocks: no arrivals").isNull()
    }

    @Test
    fun `the planted twin's basis is its original's average answer so far in the block, in microseconds, and its own answers do not count`(@TempDir dir: Path) {
        val props = schedules(dir)
        val current = props.block(1).second!!
        val see = current["see"] as Closure<*>
        val basis = current["basis"] as Closure<*>
        assertThat(basis.call("mysql-keyset again")).describedAs("before the original has an answer: the server's own time").isEqualTo("true")
        see.call("mysql-keyset", 10L)
        see.call("mysql-keyset", 20L)
        see.call("mysql-keyset again", 900L)
        see.call("mysql-offset", 50L)
        assertThat(basis.call("mysql-keyset again")).isEqualTo("15000")
        see.call("mysql-keyset", 5_000L)
        assertThat(basis.call("mysql-keyset again")).describedAs("at most 1 s").isEqualTo("1000000")
        assertThat((props.block(2).second!!["basis"] as Closure<*>).call("mysql-keyset again")).describedAs("each block its own").isEqualTo("true")
    }

    @Test
    fun `a skipped path leaves the duet, the warm round's blocks are warm-up, and one path alone is no duet`(@TempDir dir: Path) {
        val skipped = schedules(dir, "skipPaths" to "mysql-offset").block(1).second!!
        assertThat(skipped["contenders"] as List<*>).containsExactly("mysql-keyset", "mongo-redis-keyset warm", "mysql-keyset again")
        assertThat(schedules(dir, "round" to "0").block(1).second!!["label"]).isEqualTo("warm-up")
        val info = dir.resolve("server-info.json").also { Files.writeString(it, """{"backends":{"mongodb":{"origin":"stand-in"}}}""") }
        val standIn = schedules(dir, "infoFile" to info.toString(), "duetPaths" to "mysql-keyset,mongo-keyset,mongo-redis-keyset warm").block(1).second!!
        assertThat(standIn["contenders"] as List<*>).describedAs("no path on the MongoDB stand-in; the warm cache answers from Redis")
            .containsExactly("mysql-keyset", "mongo-redis-keyset warm", "mysql-keyset again")
        assertThat(schedules(dir, "duetPaths" to "mysql-keyset").block(1).second).isNull()
        assertThat(schedules(dir, "duetControl" to "").block(1).second!!["contenders"] as List<*>).doesNotContain("mysql-keyset again")
    }

    @Test
    fun `the sends' blocks come in pairs, one at each promise, and only the stores that keep a block's promise join it`(@TempDir dir: Path) {
        val sends = arrayOf(
            "duetPaths" to "mysql,mongo,sqlite,sqlite-tuned", "duetControl" to "mysql", "sqlitePaths" to "true",
            "duetPromises" to "durable,relaxed", "arrivalSeed" to "7", "round" to "1", "duetBlocks" to "8",
        )
        val props = schedules(dir, *sends)
        val blocks = (1..8).map { props.block(it).second!!["contenders"] as List<*> }
        val promises = blocks.map { c -> (c.first() as String).substringAfter(' ') }
        assertThat(promises.chunked(2)).allSatisfy { assertThat(it).containsExactlyInAnyOrder("durable", "relaxed") }
        assertThat(promises.chunked(2).map { it.first() }.toSet()).describedAs("the order within a pair is shuffled").hasSize(2)
        assertThat(blocks[promises.indexOf("durable")])
            .containsExactly("mysql durable", "sqlite durable", "sqlite-tuned durable", "mysql durable again")
        assertThat(blocks[promises.indexOf("relaxed")]).describedAs("mongo on a real server only; the defaults never relaxed")
            .containsExactly("mysql relaxed", "mongo relaxed", "sqlite-tuned relaxed", "mysql relaxed again")
        assertThat(schedules(dir, *sends).block(3).second!!["contenders"]).describedAs("the same seed, the same layout").isEqualTo(blocks[2])
        assertThat(schedules(dir, *sends, "duetPromises" to "durable").block(2).second!!["contenders"] as List<*>)
            .containsExactly("mysql durable", "sqlite durable", "sqlite-tuned durable", "mysql durable again")
        assertThat(props.block(0).second!!["contenders"] as List<*>).describedAs("the warm-up, at the server's promise, names stores only")
            .containsExactly("mysql", "mongo", "sqlite", "sqlite-tuned", "mysql again")
    }

    @Test
    fun `the sends' duet weighs its SQLite stores when the sends experiment runs without the sqlite one`(@TempDir dir: Path) {
        val alone = arrayOf("duetPaths" to "mysql,mongo,sqlite,sqlite-tuned", "duetControl" to "mysql", "sqlitePaths" to "false", "round" to "0")
        assertThat(schedules(dir, *alone).block(1).second!!["contenders"] as List<*>)
            .containsExactly("mysql", "mongo", "sqlite", "sqlite-tuned", "mysql again")
        assertThat(schedules(dir, *alone, "chatPaths" to "false").block(1).second).describedAs("the plan's own experiment not running: no duet").isNull()
    }
}
