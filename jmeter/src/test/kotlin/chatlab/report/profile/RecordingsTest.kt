package chatlab.report.profile

import chatlab.report.Sample
import chatlab.report.UnitAccount
import chatlab.report.document.Block
import jdk.jfr.Recording
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import kotlin.concurrent.thread

/** A real flight recording of this JVM, with one thread kept busy in a known method, read back per time window. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RecordingsTest {
    private val folder: Path = Files.createTempDirectory("recordings")
    private var busyFrom = 0L
    private var busyUntil = 0L

    @BeforeAll
    fun record() {
        Recording().use { recording ->
            recording.enable(Recordings.EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(10))
            recording.start()
            busyFrom = System.currentTimeMillis()
            thread(name = "busy-worker-7") { spin(busyFrom + 800) }.join()
            busyUntil = System.currentTimeMillis()
            recording.stop()
            recording.dump(folder.resolve("server.jfr"))
        }
    }

    @Test
    fun `a window's samples name the busy thread's pool and the method it spent its time in`() {
        val tally = Recordings(folder).tally(listOf(busyFrom until busyUntil + 1)).single()
        assertThat(tally.samples).isGreaterThan(20)
        assertThat(tally.stages.maxBy { it.value }.key).isEqualTo("busy-worker-N")
        assertThat(tally.ours.keys).anyMatch { it.startsWith("report.profile.RecordingsTest") }
    }

    @Test
    fun `samples outside every window are counted in none, and an unreadable file is named and left out`() {
        Files.writeString(folder.resolve("cut-short.jfr"), "not a recording")
        val recordings = Recordings(folder)
        val (before, after) = recordings.tally(listOf(busyFrom - 60_000 until busyFrom - 30_000, busyUntil + 30_000 until busyUntil + 60_000))
        assertThat(before.samples + after.samples).isZero()
        assertThat(recordings.unreadable).singleElement().asString().startsWith("cut-short.jfr: ")
        Files.delete(folder.resolve("cut-short.jfr"))
    }

    @Test
    fun `a unit's profile splits its server CPU per operation by the shares of its samples`() {
        val unit = UnitAccount("sends", "capacity mysql", seconds = (busyUntil + 1 - busyFrom) / 1000.0, startedIdle = true, drainMs = 0,
            serverCpu = 0.5, backendsCpu = 0.0, jmeterCpu = 0.0, cores = 2, startedAt = busyFrom)
        val sends = (1..4).map { Sample(busyFrom + it, 5, "send-to-delivery [mysql] capacity@50", "200", "OK", true, "", "") } +
            Sample(busyFrom - 10, 5, "send-to-delivery [mysql] capacity@50", "200", "OK", true, "", "") // before the unit
        val profile = UnitProfile.of(Recordings(folder), listOf(unit), sends, setOf("sends")).single()
        assertThat(profile.operations).isEqualTo(4)
        assertThat(profile.cpuMicrosPerOperation).isEqualTo(125_000.0)
        assertThat(profile.stages.first().name).isEqualTo("busy-worker-N")
        assertThat(profile.stages.sumOf { it.share }).isLessThanOrEqualTo(1.0 + 1e-9)
        assertThat(profile.collapsed.lines().first()).startsWith("busy-worker-N;").contains("RecordingsTest.spin")
        assertThat(profile.unit).isEqualTo("capacity mysql") // its one path is in its name already
        assertThat(profile.fileName).isEqualTo("sends-capacity-mysql.collapsed")
        val stages = ProfileBlocks.of(listOf(profile), emptyList()).filterIsInstance<Block.Table>().first()
        assertThat(stages.rows.single()[1]).startsWith("busy-worker-N ").contains(" µs)")
        assertThat(stages.rows.single()[2]).isEqualTo("125,000 µs per send-to-delivery (4)")
    }

    /** Burns CPU until [until] (epoch ms): the work the recording must find. */
    private fun spin(until: Long): Double {
        var x = 0.0
        while (System.currentTimeMillis() < until) repeat(10_000) { x += Math.sqrt(it.toDouble()) }
        return x
    }
}
